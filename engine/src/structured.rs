//! Structured stipulations (`SStipulation`): play written as branches of half-moves
//! (`a` attack, `d` defence, `h` help, `s` series) that end in a goal or fork into a nested
//! branch, e.g. `black 4hh[2da[#]]` — four help half-moves, Black first, after which
//! Black cannot avoid a mate in one.
//!
//! The forms solved are the basic families written this way (`2hh[#]` is h#1, `3a[#]d`
//! is #2, `4ad[#]` is s#2, `2s[#]` is ser-#2, `1s[1h[#]h]` is ser-h#1; `m:n` with `m = n`
//! is exact play; `-` lets the other side begin) and help play ending in a battle
//! branch: direct (`3h[3a[#]d]h`), self (`3h[4ad[#]]h`) or one the defender begins
//! (`4hh[2da[#]]`, or `8hh[/1d[x]a{!+}]`: every move of the defender, who is not in
//! check, captures), its moves hidden with `/`, or ending the help play wherever it
//! succeeds with `>` (`3h[>1a[x]d]h`); and direct play entered by one attacking move and
//! its defence, whose constraint binds every defence (`2ad[1a[+]d{+}]`). Anything else
//! (logical operators, other constraints, `?R?`, minimal lengths) is reported as not
//! supported.
//!
//! In the solution, pairs of half-moves start with the side the stipulation names (so
//! `-` makes the first move the second of its pair), and a battle branch of more than
//! one attacking move is numbered from 1 again after the help play (a single attacking
//! move, with or without a defence before it, goes on with the help play's count).

use crate::piece::Side;
use crate::stipulation::{Family, Goal, Stipulation};

/// What a structured stipulation adds to the basic form it is solved as.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Structured {
    /// `-`: the side named does not begin, so the first move is the second of its pair.
    pub dash: bool,
    /// The battle branch that follows help play, if any.
    pub tail: Option<Tail>,
    /// A constraint `{goal}` on a battle branch: before each of its attacking moves the
    /// move just played (the defender's) must have reached this goal, or the attacker
    /// may not go on.
    pub defence_goal: Option<Goal>,
    /// The attacking moves of a nested battle branch: only a move among the last this
    /// many can reach the goal (the moves before lead into the branch).
    pub goal_within: Option<u32>,
}

/// A battle branch after help play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Tail {
    /// Direct play (the attacker reaches the goal) or self play (the defender must).
    pub family: Family,
    /// Whether the defender moves first (`da`).
    pub defender_first: bool,
    /// The attacker's moves.
    pub moves: u32,
    /// `/`: its moves are not written.
    pub hidden: bool,
    /// `{!+}` after a branch the defender begins: the defender must not be in check
    /// when it moves.
    pub unchecked: bool,
    /// `>`: the help play ends wherever the battle branch could begin and succeed (a line
    /// through such a position goes no further).
    pub ends_early: bool,
}

/// One branch as read: its length, letters and what it forks into.
#[derive(Debug)]
struct Branch {
    /// `m:` given, with `m`.
    min: Option<u32>,
    /// The maximal length in half-moves.
    length: u32,
    /// The letters without the fork (`hh`, `ad`, `s`…).
    letters: String,
    /// What the branch ends in.
    fork: Fork,
    /// `/`: the moves are not written.
    hidden: bool,
    /// `>`: the containing branch ends where this one succeeds.
    ends: bool,
    /// `-`: the other side begins.
    dash: bool,
    /// A constraint `{…}` after the letters, as written inside the braces.
    constraint: Option<String>,
}

#[derive(Debug)]
enum Fork {
    Goal(Goal),
    Branch(Box<Branch>),
}

/// A reader over the expression's characters.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn skip_blanks(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_blanks();
        if self.text.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Option<u32> {
        self.skip_blanks();
        let start = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at])
            .ok()?
            .parse()
            .ok()
    }

    fn letters(&mut self) -> String {
        let mut s = String::new();
        while let Some(&c) = self.text.get(self.at) {
            if matches!(c, b'a' | b'd' | b'h' | b's') {
                s.push(char::from(c));
                self.at += 1;
            } else {
                break;
            }
        }
        s
    }

    fn branch(&mut self) -> Result<Branch, String> {
        let unsupported = |what: &str| Err(format!("{what} in a structured stipulation"));
        let ends = self.eat(b'>');
        let hidden = self.eat(b'/');
        let dash = self.eat(b'-');
        let first = self.number().ok_or("a branch without a length")?;
        let (min, length) = if self.eat(b':') {
            (
                Some(first),
                self.number().ok_or("a branch without a length")?,
            )
        } else {
            (None, first)
        };
        let mut letters = self.letters();
        if !self.eat(b'[') {
            return unsupported("a branch without a goal or nested branch");
        }
        let fork = if self.text.get(self.at).is_some_and(|c| c.is_ascii_digit())
            || matches!(self.text.get(self.at), Some(b'/' | b'-' | b'>'))
        {
            Fork::Branch(Box::new(self.branch()?))
        } else {
            let start = self.at;
            while self.text.get(self.at).is_some_and(|&c| c != b']') {
                self.at += 1;
            }
            let goal = std::str::from_utf8(&self.text[start..self.at])
                .unwrap_or("")
                .trim();
            match Goal::parse_prefix(goal) {
                Ok(Some((g, n))) if n == goal.len() => Fork::Goal(g),
                _ => return unsupported("a leaf that is not one goal"),
            }
        };
        if !self.eat(b']') {
            return unsupported("a fork with more than one goal or branch");
        }
        letters.push_str(&self.letters());
        let mut constraint = None;
        if self.eat(b'{') {
            let start = self.at;
            while self.text.get(self.at).is_some_and(|&c| c != b'}') {
                self.at += 1;
            }
            constraint = std::str::from_utf8(&self.text[start..self.at])
                .ok()
                .map(|c| c.trim().to_string());
            if !self.eat(b'}') {
                return unsupported("an unclosed constraint");
            }
        }
        self.skip_blanks();
        if matches!(self.text.get(self.at), Some(b'{' | b'?' | b'[')) {
            return unsupported("a second constraint or fork");
        }
        Ok(Branch {
            min,
            length,
            letters,
            fork,
            hidden,
            ends,
            dash,
            constraint,
        })
    }
}

/// The solver's goal for the reader's, or what is not supported.
fn goal(g: Goal) -> Result<Goal, String> {
    Some(g)
        .filter(|g| g.solvable())
        .ok_or_else(|| format!("the goal {g}"))
}

/// The stipulation `text` (the side named, then the expression) as the solver's, with
/// the side in White's role; or what is not supported.
pub fn convert(text: &str) -> Result<(Stipulation, Side), String> {
    let (branch, named, exact) = outer_branch(text)?;
    let first = if branch.dash { named.opponent() } else { named };
    let n = branch.length;
    let letters = branch.letters.as_str();
    if exact && letters != "hh" && letters != "s" {
        return Err("exact battle play".into());
    }
    let stip = |family, goal, moves, half, structured| Stipulation {
        family,
        goal,
        moves,
        half,
        reci: None,
        reflex: false,
        exact,
        text: text.to_string(),
        structured: Some(structured),
    };
    let plain = Structured {
        dash: branch.dash,
        tail: None,
        defence_goal: None,
        goal_within: None,
    };
    // in help play the side that moves last is in White's role
    let last = if n % 2 == 1 { first } else { first.opponent() };
    match (letters, &branch.fork) {
        ("hh", Fork::Goal(g)) if n > 0 => Ok((
            stip(Family::Help, goal(*g)?, n / 2, n % 2 == 1, plain),
            last,
        )),
        // series play, and series play ending with the other side's one help move
        ("s", Fork::Goal(g)) if n > 0 => {
            Ok((stip(Family::Series, goal(*g)?, n, false, plain), first))
        }
        ("s", Fork::Branch(b))
            if n > 0 && b.length == 1 && b.letters == "hh" && !b.dash && b.min.is_none() =>
        {
            let Fork::Goal(g) = b.fork else {
                return Err("a nested branch in a series help branch".into());
            };
            Ok((
                stip(Family::SeriesHelp, goal(g)?, n, false, plain),
                first.opponent(),
            ))
        }
        // battle play: direct when the attacker moves last, self when the defender does
        ("ad", Fork::Goal(g)) if n % 2 == 1 => Ok((
            stip(Family::Direct, goal(*g)?, n.div_ceil(2), false, plain),
            first,
        )),
        ("ad", Fork::Goal(g)) if n > 0 => Ok((
            stip(Family::SelfPlay, goal(*g)?, n / 2, false, plain),
            first,
        )),
        // one attacking move and its defence, then a direct battle branch
        ("ad", Fork::Branch(b)) if n == 2 && b.letters == "ad" => {
            let (g, moves, structured) = nested_battle(b, plain)?;
            Ok((stip(Family::Direct, g, moves, false, structured), first))
        }
        // help play, then a battle branch from its last position
        ("hh", Fork::Branch(b)) if n > 0 => {
            let (g, structured) = battle_after_help(b, plain)?;
            Ok((stip(Family::Help, g, n / 2, n % 2 == 1, structured), last))
        }
        _ => Err(format!("the branch {n}{letters}")),
    }
}

/// Reads the outer branch of `text`, the side it names and whether the play is exact
/// (`m:n` with `m = n`); what an outer branch may not have is refused.
fn outer_branch(text: &str) -> Result<(Branch, Side, bool), String> {
    let (side, expression) = text.split_once(' ').ok_or("no expression")?;
    let named = match side.to_ascii_lowercase().as_str() {
        "white" | "weiss" | "blanc" => Side::White,
        _ => Side::Black,
    };
    if expression.contains(['&', '|', '(', ';']) {
        return Err("logical operators".into());
    }
    let mut reader = Reader {
        text: expression.as_bytes(),
        at: 0,
    };
    let top_dash = reader.eat(b'-');
    let mut branch = reader.branch()?;
    reader.skip_blanks();
    if reader.at != reader.text.len() {
        return Err("more than one branch".into());
    }
    branch.dash ^= top_dash;
    let exact = match branch.min {
        None => false,
        Some(m) if m == branch.length => true,
        Some(_) => return Err("a minimal length".into()),
    };
    if branch.hidden {
        return Err("hidden moves outside a nested branch".into());
    }
    if branch.constraint.is_some() {
        return Err("a constraint on the outer branch".into());
    }
    if branch.ends {
        return Err("the operator > on the outer branch".into());
    }
    Ok((branch, named, exact))
}

/// The direct battle branch `b` entered by one attacking move and its defence, whose
/// constraint binds every defence (`2ad[1a[+]d{+}]`: each defence must give check): its
/// goal, the attacker's moves in all, and what the play adds to `plain`.
fn nested_battle(b: &Branch, plain: Structured) -> Result<(Goal, u32, Structured), String> {
    if b.dash || b.min.is_some() || b.hidden || b.ends {
        return Err("a nested battle branch with -, /, > or a minimal length".into());
    }
    let Fork::Goal(g) = b.fork else {
        return Err("a battle branch forking again".into());
    };
    let defence_goal = match b.constraint.as_deref() {
        None => None,
        Some(c) => match Goal::parse_prefix(c) {
            Ok(Some((g, len))) if len == c.len() => Some(goal(g)?),
            _ => return Err(format!("the constraint {{{c}}}")),
        },
    };
    if b.length.is_multiple_of(2) {
        return Err("a self-play branch nested in battle play".into());
    }
    let nested = b.length.div_ceil(2);
    let structured = Structured {
        defence_goal,
        goal_within: Some(nested),
        ..plain
    };
    Ok((goal(g)?, 1 + nested, structured))
}

/// The battle branch `b` after help play: its goal, and what it adds to `plain`.
fn battle_after_help(b: &Branch, plain: Structured) -> Result<(Goal, Structured), String> {
    // the attacker's moves; direct play when the attacker moves last, self play when the
    // defender does
    let (family, defender_first, moves) = match (b.letters.as_str(), b.length % 2) {
        ("ad", 1) => (Family::Direct, false, b.length.div_ceil(2)),
        ("ad", 0) if b.length > 0 => (Family::SelfPlay, false, b.length / 2),
        ("da", 0) if b.length > 0 => (Family::Direct, true, b.length / 2),
        ("da", 1) => (Family::SelfPlay, true, b.length / 2),
        _ => return Err(format!("the nested branch {}{}", b.length, b.letters)),
    };
    let unchecked = match b.constraint.as_deref() {
        None => false,
        Some("!+") if defender_first => true,
        Some(c) => return Err(format!("the constraint {{{c}}}")),
    };
    if b.dash || b.min.is_some() {
        return Err("a nested battle branch with - or a minimal length".into());
    }
    let Fork::Goal(g) = b.fork else {
        return Err("a battle branch forking again".into());
    };
    let tail = Tail {
        family,
        defender_first,
        moves,
        hidden: b.hidden,
        unchecked,
        ends_early: b.ends,
    };
    let structured = Structured {
        tail: Some(tail),
        ..plain
    };
    Ok((goal(g)?, structured))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_forms_read_as_their_families() {
        let (s, white) = convert("black 4hh[#]").unwrap();
        assert_eq!(
            (s.family, s.goal, s.moves, s.half, white),
            (Family::Help, Goal::Mate, 2, false, Side::White)
        );
        let (s, white) = convert("black -3:3h[#]h").unwrap();
        assert_eq!(
            (s.moves, s.half, s.exact, white),
            (1, true, true, Side::White)
        );
        assert!(s.structured.is_some_and(|x| x.dash));
        let (s, white) = convert("white 3a[#]d").unwrap();
        assert_eq!((s.family, s.moves, white), (Family::Direct, 2, Side::White));
        let (s, _) = convert("white 4ad[#]").unwrap();
        assert_eq!((s.family, s.moves), (Family::SelfPlay, 2));
        let (s, white) = convert("black 1s[1h[#]h]").unwrap();
        assert_eq!(
            (s.family, s.moves, white),
            (Family::SeriesHelp, 1, Side::White)
        );
    }

    #[test]
    fn help_play_ending_in_a_battle_branch() {
        let (s, white) = convert("black 4hh[2da[#]]").unwrap();
        let tail = s.structured.and_then(|x| x.tail).unwrap();
        assert_eq!((s.moves, s.half, white), (2, false, Side::White));
        assert_eq!(
            (tail.family, tail.defender_first, tail.moves),
            (Family::Direct, true, 1)
        );
        let (s, white) = convert("black 3h[3a[#]d]h").unwrap();
        let tail = s.structured.and_then(|x| x.tail).unwrap();
        assert_eq!((s.moves, s.half, white), (1, true, Side::Black));
        assert_eq!(
            (tail.family, tail.defender_first, tail.moves),
            (Family::Direct, false, 2)
        );
        let (s, _) = convert("black 6hh[/2da[#]]").unwrap();
        assert!(s.structured.and_then(|x| x.tail).unwrap().hidden);
        // a capture forced on the defender, who is not in check
        let (s, _) = convert("black 8hh[/1d[x]a{!+}]").unwrap();
        let tail = s.structured.and_then(|x| x.tail).unwrap();
        assert_eq!(
            (tail.family, tail.defender_first, tail.moves),
            (Family::SelfPlay, true, 0)
        );
        assert!(tail.unchecked && tail.hidden);
    }

    #[test]
    fn a_constraint_binds_every_defence_of_the_nested_branch() {
        let (s, white) = convert("white 2ad[1a[+]d{+}]").unwrap();
        assert_eq!(
            (s.family, s.goal, s.moves, white),
            (Family::Direct, Goal::Check, 2, Side::White)
        );
        assert_eq!(s.structured.and_then(|x| x.defence_goal), Some(Goal::Check));
        let (s, _) = convert("white 2ad[3a[#]d]").unwrap();
        assert_eq!((s.moves, s.structured.unwrap().defence_goal), (3, None));
        assert!(convert("white 2ad[1a[+]d{!1a[#]d}]").is_err());
    }

    #[test]
    fn other_forms_are_named_as_unsupported() {
        for text in [
            "black 2hh[#]&1h[#]h",
            "white >3h[1a[x]d]h",
            "black 6hh[/2da[#]{+}]",
            "black 10:12hh[#]",
        ] {
            assert!(convert(text).is_err(), "{text}");
        }
    }
}
