//! Stipulations: what the solver must find (`#2`, `h#2.5`, `ser-h=3`, ...). The basic
//! families are read into a structured value; everything else the reference accepts
//! (semi-reflex, reciprocal, parry series, proof games, series with introductory
//! moves, structured stipulations given with `SStipulation`) is read completely,
//! so that the file stays in step, and returned as an "other" stipulation naming its
//! family and carrying its text, for the caller to report.

use std::fmt;

use super::error::InputError;
use super::language::{lookup, Lookup};
use super::lexer::{leading_number, Cursor, Token};
use super::tables::COLOURS;
use fairyforge_vocab::MAX_MOVES;

pub use crate::stipulation::Goal;

/// The basic stipulation families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// `#n`: White plays first and forces the goal in n moves.
    Direct,
    /// `h#n`: Black plays first, both sides cooperate, White reaches the goal on his
    /// n-th move (with `n.5`, White plays first).
    Help,
    /// `s#n`: White forces Black to reach the goal on Black's n-th move.
    SelfPlay,
    /// `r#n`: like self play, and either side must reach the goal in one move when
    /// it can.
    Reflex,
    /// `hs#n`: Black begins, the sides cooperate, and White's n-th move forces
    /// Black to reach the goal.
    HelpSelf,
    /// `ser-#n`: White plays n moves in a row, the last reaching the goal.
    Series,
    /// `ser-h#n`: Black plays n moves in a row, then White reaches the goal in one.
    SeriesHelp,
    /// `ser-s#n`: White plays n moves in a row, then forces Black to reach the goal.
    SeriesSelf,
    /// `ser-r#n`: series play ending in a reflex #1.
    SeriesReflex,
}

impl Family {
    /// The prefix the input writes before the goal (`""`, `h`, `s`, `ser-h`, ...).
    pub fn prefix(self) -> &'static str {
        match self {
            Family::Direct => "",
            Family::Help => "h",
            Family::SelfPlay => "s",
            Family::Reflex => "r",
            Family::HelpSelf => "hs",
            Family::Series => "ser-",
            Family::SeriesHelp => "ser-h",
            Family::SeriesSelf => "ser-s",
            Family::SeriesReflex => "ser-r",
        }
    }
}

/// A stipulation of a basic family, read into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasicStipulation {
    /// The family.
    pub family: Family,
    /// The goal.
    pub goal: Goal,
    /// The number of moves as written (`2` in `h#2.5`).
    pub moves: u32,
    /// Whether a half move was added (`.5`; help families only).
    pub half_move: bool,
    /// Whether `exact-` was given: no shorter solutions count.
    pub exact: bool,
    /// The stipulation as written.
    pub text: String,
}

impl BasicStipulation {
    /// The side the reference lets move first, without the option `WhiteToPlay`:
    /// White in direct, self, reflex and series play except `ser-h` (Black); in
    /// help play Black, or White with a half move (`h#2.5`).
    pub fn first_side(&self) -> crate::piece::Side {
        use crate::piece::Side;
        match self.family {
            Family::Help | Family::HelpSelf if !self.half_move => Side::Black,
            Family::SeriesHelp => Side::Black,
            _ => Side::White,
        }
    }
}

/// A stipulation the reader recognises but does not take apart: its family and its
/// text, plus the goal and length where the family has them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherStipulation {
    /// The family, named by its prefix: `semi-r`, `hr`, `reci-h`, `ser-reci-h`,
    /// `ser-hs`, `pser`, `pser-h`, `pser-s`, `pser-r`, `pser-hs`, `phser`,
    /// `phser-s`, `phser-r`, `intro` (`n->` series with introductory moves), the
    /// proof games `dia` and `a=>b` (prefixed when played in series: `ser-dia`), and
    /// `sstipulation` for a structured stipulation.
    pub family: String,
    /// The stipulation as written (for `sstipulation`: the side and the expression).
    pub text: String,
    /// The (final) goal, when the family has one goal.
    pub goal: Option<Goal>,
    /// The number of moves as written, when the family has one length.
    pub moves: Option<u32>,
    /// Whether `.5` was added to the length.
    pub half_move: bool,
    /// Whether `exact-` was given.
    pub exact: bool,
    /// For a structured stipulation: every goal it names, in order; for a reciprocal
    /// help stipulation: Black's goal, then White's.
    pub goals: Vec<Goal>,
}

/// A stipulation: basic (structured) or other (recognised, reported by family).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stipulation {
    /// One of the basic families.
    Basic(BasicStipulation),
    /// Any other stipulation the reference accepts.
    Other(OtherStipulation),
}

impl Stipulation {
    /// The stipulation as written.
    pub fn text(&self) -> &str {
        match self {
            Stipulation::Basic(b) => &b.text,
            Stipulation::Other(o) => &o.text,
        }
    }

    /// Whether `goal` is the goal of the stipulation (for a structured stipulation:
    /// one of its goals).
    pub fn has_goal(&self, goal: Goal) -> bool {
        match self {
            Stipulation::Basic(b) => b.goal == goal,
            Stipulation::Other(o) => o.goal == Some(goal) || o.goals.contains(&goal),
        }
    }

    /// The basic stipulation, if it is one.
    pub fn basic(&self) -> Option<&BasicStipulation> {
        match self {
            Stipulation::Basic(b) => Some(b),
            Stipulation::Other(_) => None,
        }
    }

    /// The family name: the prefix of a basic family (`direct` for the empty one)
    /// or the family of another stipulation.
    pub fn family_name(&self) -> String {
        match self {
            Stipulation::Basic(b) if b.family == Family::Direct => "direct".to_string(),
            Stipulation::Basic(b) => b.family.prefix().to_string(),
            Stipulation::Other(o) => o.family.clone(),
        }
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// How the length after the goal is counted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Length {
    /// Whole moves, at least one (direct, self, reflex, series).
    Whole,
    /// Moves with an optional `.5`, zero allowed (help play, proof games).
    Help,
}

/// The prefixes the reference recognises, in the order it tries them.
const PREFIXES: [(&str, Length); 23] = [
    ("ser-reci-h", Length::Whole),
    ("ser-hs", Length::Whole),
    ("ser-h", Length::Whole),
    ("ser-s", Length::Whole),
    ("ser-r", Length::Whole),
    ("ser-", Length::Whole),
    ("phser-r", Length::Help),
    ("phser-s", Length::Help),
    ("phser-", Length::Help),
    ("pser-hs", Length::Whole),
    ("pser-h", Length::Help),
    ("pser-r", Length::Whole),
    ("pser-s", Length::Whole),
    ("pser-", Length::Whole),
    ("reci-h", Length::Help),
    ("dia", Length::Help),
    ("a=>b", Length::Help),
    ("hs", Length::Help),
    ("hr", Length::Help),
    ("h", Length::Help),
    ("semi-r", Length::Whole),
    ("s", Length::Whole),
    ("r", Length::Whole),
];

fn starts_with_ci(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// One play stipulation taken apart.
struct Play {
    prefix: &'static str,
    goal: Goal,
    moves: u32,
    half_move: bool,
    exact: bool,
    intro: bool,
    /// `reci-h(=)#`: Black's own goal, when written apart from White's.
    reci: Option<Goal>,
}

/// Reads the stipulation token `tok` (and the next token if the length is written
/// apart, as in `dia 4`); returns the stipulation and the next unread token.
pub(crate) fn read_stipulation<'a>(
    cur: &mut Cursor<'a>,
    tok: Token<'a>,
) -> Result<(Stipulation, Token<'a>), InputError> {
    let mut text = tok.text.to_string();
    let play = read_play(cur, tok, tok.text, 0, false, &mut text)?;
    let basic_prefix = |p: &str| match p {
        "" => Some(Family::Direct),
        "h" => Some(Family::Help),
        "s" => Some(Family::SelfPlay),
        "r" => Some(Family::Reflex),
        "hs" => Some(Family::HelpSelf),
        "ser-" => Some(Family::Series),
        "ser-h" => Some(Family::SeriesHelp),
        "ser-s" => Some(Family::SeriesSelf),
        "ser-r" => Some(Family::SeriesReflex),
        _ => None,
    };
    let proof = matches!(play.goal, Goal::ProofGame | Goal::AToB);
    let stip = match basic_prefix(play.prefix) {
        Some(family) if !proof && !play.intro => Stipulation::Basic(BasicStipulation {
            family,
            goal: play.goal,
            moves: play.moves,
            half_move: play.half_move,
            exact: play.exact,
            text,
        }),
        _ => {
            let family = if play.intro {
                "intro".to_string()
            } else if proof && matches!(play.prefix, "dia" | "a=>b") {
                play.prefix.to_string()
            } else if proof {
                format!("{}{}", play.prefix, play.goal.symbol())
            } else {
                play.prefix.trim_end_matches('-').to_string()
            };
            Stipulation::Other(OtherStipulation {
                family,
                text,
                goal: Some(play.goal),
                moves: Some(play.moves),
                half_move: play.half_move,
                exact: play.exact,
                goals: if play.prefix.ends_with("reci-h") {
                    vec![play.reci.unwrap_or(play.goal), play.goal]
                } else {
                    Vec::new()
                },
            })
        }
    };
    Ok((stip, cur.next()?))
}

/// Reads a play stipulation from `s`, the unread part of `tok`. `depth` limits the
/// recursion of `n->` introductions.
fn read_play<'a>(
    cur: &mut Cursor<'a>,
    tok: Token<'a>,
    s: &'a str,
    depth: u32,
    exact: bool,
    text: &mut String,
) -> Result<Play, InputError> {
    let at = |rest: &str| tok.text.len().saturating_sub(rest.len());
    let mut exact = exact;
    let mut s = s;
    if starts_with_ci(s, "exact-") {
        exact = true;
        s = &s[6..];
    }
    if let Some(arrow) = s.find("->") {
        return match leading_number(s) {
            Some((n, len)) if n >= 1 && len == arrow && depth < 4 => {
                let mut inner = read_play(cur, tok, &s[arrow + 2..], depth + 1, exact, text)?;
                inner.intro = true;
                Ok(inner)
            }
            _ => Err(tok.error_within(
                at(s),
                format!(
                    "expected the number of introductory moves before ->, found \"{}\"",
                    &s[..arrow]
                ),
            )),
        };
    }
    let (prefix, length) = PREFIXES
        .iter()
        .find(|(p, _)| starts_with_ci(s, p))
        .map(|(p, l)| (*p, *l))
        .unwrap_or(("", Length::Whole));
    // dia and a=>b are goals as well as prefixes: the goal reader takes them.
    let after_prefix = if prefix == "dia" || prefix == "a=>b" {
        s
    } else {
        &s[prefix.len()..]
    };
    let (reci, goal, rest) = if prefix.ends_with("reci-h") {
        read_reci_goals(&tok, after_prefix, at(after_prefix))?
    } else {
        let (goal, rest) = read_goal(&tok, after_prefix, at(after_prefix))?;
        (None, goal, rest)
    };
    // The length may be written apart from the goal, as in "dia 4".
    let (len_tok, digits) = if rest.is_empty() {
        let t = cur.next_expecting("the number of moves")?;
        text.push(' ');
        text.push_str(t.text);
        (t, t.text)
    } else {
        (tok, rest)
    };
    let (moves, used) = match leading_number(digits) {
        Some(x) => x,
        None => {
            let skip = len_tok.text.len() - digits.len();
            return Err(len_tok.error_within(
                skip,
                format!(
                    "expected the number of moves after the goal {}, found \"{}\"",
                    goal, digits
                ),
            ));
        }
    };
    if moves > MAX_MOVES {
        return Err(len_tok.error_within(
            len_tok.text.len() - digits.len(),
            format!(
                "a stipulation may ask for at most {MAX_MOVES} moves, found {}",
                &digits[..used]
            ),
        ));
    }
    let mut half_move = false;
    if length == Length::Help {
        half_move = digits[used..].starts_with(".5");
    } else if moves == 0 {
        return Err(len_tok.error_within(
            len_tok.text.len() - digits.len(),
            "expected a number of moves of at least 1, found 0",
        ));
    }
    if prefix == "reci-h" && moves == 0 && half_move {
        return Err(len_tok.error_within(
            len_tok.text.len() - digits.len(),
            "a reciprocal help stipulation needs at least one move",
        ));
    }
    // Whatever follows the length in the same token is ignored, as the reference
    // does (so "dia3.0" is "dia3").
    Ok(Play {
        prefix,
        goal,
        moves,
        half_move,
        exact,
        intro: false,
        reci,
    })
}

/// Reads the goal at the start of `s` (offset `skip` into `tok`).
fn read_goal<'a>(tok: &Token, s: &'a str, skip: usize) -> Result<(Goal, &'a str), InputError> {
    match Goal::parse_prefix(s) {
        Ok(Some((g, n))) => Ok((g, &s[n..])),
        Ok(None) => Err(tok.error_within(
            skip,
            format!(
                "expected a goal (such as #, =, ==, +, x, 00, ~, ze4) in the stipulation, found \"{}\"",
                s
            ),
        )),
        Err(m) => Err(tok.error_within(skip, m)),
    }
}

/// Reads the goals of a reciprocal help stipulation: `(=)#` (Black's goal in
/// parentheses, then White's) or a single goal for both.
fn read_reci_goals<'a>(
    tok: &Token,
    s: &'a str,
    skip: usize,
) -> Result<(Option<Goal>, Goal, &'a str), InputError> {
    if let Some(inner) = s.strip_prefix('(') {
        let (black, rest) = read_goal(tok, inner, skip + 1)?;
        match rest.strip_prefix(')') {
            Some(after) => {
                let (white, rest) = read_goal(tok, after, skip + (s.len() - after.len()))?;
                Ok((Some(black), white, rest))
            }
            None => Err(tok.error_within(
                skip + (s.len() - rest.len()),
                format!(
                    "expected ) after the first goal of reci-h, found \"{}\"",
                    rest
                ),
            )),
        }
    } else {
        let (goal, rest) = read_goal(tok, s, skip)?;
        Ok((None, goal, rest))
    }
}

/// The part of a structured stipulation an expression describes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    Goal,
    Attack,
    Defense,
}

/// A reader of structured stipulations: a position within the current token that
/// moves on to the next token where the reference allows blanks.
struct Structured<'a, 'c> {
    cur: &'c mut Cursor<'a>,
    tok: Token<'a>,
    pos: usize,
    /// Byte offset in the file just after the last character used.
    end: usize,
    depth: u32,
    /// The goals read so far.
    goals: Vec<Goal>,
}

impl<'a, 'c> Structured<'a, 'c> {
    fn rest(&self) -> &'a str {
        &self.tok.text[self.pos..]
    }

    fn peek(&self) -> Option<u8> {
        self.tok.text.as_bytes().get(self.pos).copied()
    }

    fn advance(&mut self, n: usize) {
        self.pos += n;
        self.end = self.tok.offset + self.pos;
    }

    /// Moves to the next token if the current one is used up.
    fn skip_blanks(&mut self) -> Result<(), InputError> {
        if self.pos >= self.tok.text.len() {
            self.tok = self
                .cur
                .next_expecting("the rest of the structured stipulation")?;
            self.pos = 0;
        }
        Ok(())
    }

    fn error(&self, expected: &str) -> InputError {
        let found = if self.rest().is_empty() {
            "nothing more".to_string()
        } else {
            format!("\"{}\"", self.rest())
        };
        self.tok.error_within(
            self.pos,
            format!(
                "expected {} in the structured stipulation, found {}",
                expected, found
            ),
        )
    }

    fn expect(&mut self, c: u8) -> Result<(), InputError> {
        if self.peek() == Some(c) {
            self.advance(1);
            Ok(())
        } else {
            Err(self.error(&format!("'{}'", c as char)))
        }
    }

    fn expression(&mut self) -> Result<Part, InputError> {
        self.depth += 1;
        if self.depth > 64 {
            return Err(self.error("less deeply nested parts"));
        }
        let first = self.operand()?;
        self.skip_blanks()?;
        if matches!(self.peek(), Some(b'&') | Some(b'|')) {
            self.advance(1);
            if first == Part::Defense {
                return Err(self.error("no operator after a defence branch"));
            }
            let second = self.expression()?;
            if second != first {
                return Err(self.error("operands of the same kind around & or |"));
            }
        }
        self.depth -= 1;
        Ok(first)
    }

    fn operand(&mut self) -> Result<Part, InputError> {
        self.skip_blanks()?;
        match self.peek() {
            Some(b'(') => {
                self.advance(1);
                let part = self.expression()?;
                self.skip_blanks()?;
                self.expect(b')')?;
                Ok(part)
            }
            Some(b'!') | Some(b'-') => {
                self.advance(1);
                self.depth += 1;
                if self.depth > 64 {
                    return Err(self.error("fewer ! and - in a row"));
                }
                let part = self.operand();
                self.depth -= 1;
                part
            }
            Some(b'1'..=b'9') => self.branch(),
            _ => match Goal::parse_prefix(self.rest()) {
                Ok(Some((goal, n))) => {
                    self.goals.push(goal);
                    self.advance(n);
                    Ok(Part::Goal)
                }
                Ok(None) => Err(self.error("a goal, a branch like 2hh or (")),
                Err(m) => Err(self.tok.error_within(self.pos, m)),
            },
        }
    }

    fn number(&mut self) -> Result<(), InputError> {
        match leading_number(self.rest()) {
            Some((n, _)) if n > MAX_MOVES => {
                Err(self.error(&format!("a length of at most {MAX_MOVES} moves")))
            }
            Some((n, len)) if n > 0 => {
                self.advance(len);
                Ok(())
            }
            _ => Err(self.error("a length of at least 1")),
        }
    }

    fn branch(&mut self) -> Result<Part, InputError> {
        self.number()?;
        self.skip_blanks()?;
        if self.peek() == Some(b':') {
            self.advance(1);
            self.skip_blanks()?;
            self.number()?;
        }
        match self.peek().map(|c| c.to_ascii_lowercase()) {
            Some(b'd') => {
                self.advance(1);
                self.operands(false)?;
                if self.peek() == Some(b'a') {
                    self.advance(1);
                    self.operands(false)?;
                }
                Ok(Part::Defense)
            }
            Some(b's') => {
                self.advance(1);
                self.operands(true)?;
                Ok(Part::Attack)
            }
            Some(b'a') => {
                self.advance(1);
                self.operands(true)?;
                self.parry();
                if self.peek() == Some(b'd') {
                    self.advance(1);
                    self.operands(false)?;
                }
                Ok(Part::Attack)
            }
            Some(b'h') => {
                self.advance(1);
                self.operands(true)?;
                self.parry();
                if self.peek() == Some(b'h') {
                    self.advance(1);
                    self.operands(true)?;
                    Ok(Part::Attack)
                } else {
                    Err(self.error("h closing the help branch"))
                }
            }
            _ => Err(self.error("a branch letter d, s, a or h after the length")),
        }
    }

    fn parry(&mut self) {
        if self.rest().starts_with("?+?") {
            self.advance(3);
        }
    }

    /// `[nested]` and `{constraint}` operands of a branch; `forced_ok` tells whether
    /// a nested branch may be forced (`[>...]`).
    fn operands(&mut self, forced_ok: bool) -> Result<(), InputError> {
        loop {
            self.skip_blanks()?;
            match self.peek() {
                Some(b'[') => {
                    self.advance(1);
                    let forced = self.peek() == Some(b'>');
                    if forced {
                        self.advance(1);
                    }
                    if self.peek() == Some(b'/') {
                        self.advance(1);
                    }
                    let part = self.expression()?;
                    if forced && (!forced_ok || part != Part::Attack) {
                        return Err(
                            self.error("a forced branch only where an attack may be forced")
                        );
                    }
                    self.expect(b']')?;
                }
                Some(b'{') => {
                    self.advance(1);
                    self.expression()?;
                    self.expect(b'}')?;
                }
                _ => return Ok(()),
            }
        }
    }
}

/// Reads a structured stipulation (keyword `SStipulation`) starting with `tok`, the
/// side that starts; returns it as an "other" stipulation and the next token.
pub(crate) fn read_structured<'a>(
    cur: &mut Cursor<'a>,
    tok: Token<'a>,
) -> Result<(Stipulation, Token<'a>), InputError> {
    let sides = &COLOURS[cur.lang.index()][..2];
    match lookup(sides, tok.text) {
        Lookup::Found(_) => {}
        Lookup::Ambiguous(..) | Lookup::NotFound => {
            return Err(tok.error(format!(
                "expected the side that starts ({} or {}) after the structured stipulation keyword, found \"{}\"",
                sides[0], sides[1], tok.text
            )))
        }
    }
    let start = tok.offset;
    let first = cur.next_expecting("a structured stipulation")?;
    let mut p = Structured {
        cur,
        tok: first,
        pos: 0,
        end: first.offset,
        depth: 0,
        goals: Vec::new(),
    };
    p.expression()?;
    if p.pos != 0 {
        return Err(p.error("the end of the structured stipulation"));
    }
    let next = p.tok;
    let end = p.end;
    let goals = std::mem::take(&mut p.goals);
    let text = cur.source()[start..end]
        .split(|c: char| c.is_whitespace() || c == ';' || c == ',')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((
        Stipulation::Other(OtherStipulation {
            family: "sstipulation".to_string(),
            text,
            goal: None,
            moves: None,
            half_move: false,
            exact: false,
            goals,
        }),
        next,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn stip(src: &str) -> Result<(Stipulation, String), InputError> {
        let src = format!("{} EndProblem", src);
        let mut cur = Cursor::new(&src);
        let tok = cur.next().unwrap();
        read_stipulation(&mut cur, tok).map(|(s, t)| (s, t.text.to_string()))
    }

    fn basic(src: &str) -> BasicStipulation {
        match stip(src).unwrap().0 {
            Stipulation::Basic(b) => b,
            other => panic!("{} read as {:?}", src, other),
        }
    }

    fn other(src: &str) -> OtherStipulation {
        match stip(src).unwrap().0 {
            Stipulation::Other(o) => o,
            b => panic!("{} read as {:?}", src, b),
        }
    }

    #[test]
    fn basic_families() {
        let cases = [
            ("#2", Family::Direct, Goal::Mate, 2, false),
            ("=3", Family::Direct, Goal::Stalemate, 3, false),
            ("h#2", Family::Help, Goal::Mate, 2, false),
            ("h#2.5", Family::Help, Goal::Mate, 2, true),
            ("H=0.5", Family::Help, Goal::Stalemate, 0, true),
            ("s#3", Family::SelfPlay, Goal::Mate, 3, false),
            ("S=2", Family::SelfPlay, Goal::Stalemate, 2, false),
            ("r#2", Family::Reflex, Goal::Mate, 2, false),
            ("hs#2.5", Family::HelpSelf, Goal::Mate, 2, true),
            ("ser-#4", Family::Series, Goal::Mate, 4, false),
            ("ser-h#3", Family::SeriesHelp, Goal::Mate, 3, false),
            ("ser-s#2", Family::SeriesSelf, Goal::Mate, 2, false),
            ("ser-=7", Family::Series, Goal::Stalemate, 7, false),
            ("ser-h=5", Family::SeriesHelp, Goal::Stalemate, 5, false),
            ("ser-r#2", Family::SeriesReflex, Goal::Mate, 2, false),
        ];
        for (text, family, goal, moves, half) in cases {
            let b = basic(text);
            assert_eq!(
                (b.family, b.goal, b.moves, b.half_move, b.text.as_str()),
                (family, goal, moves, half, text),
                "{}",
                text
            );
        }
    }

    #[test]
    fn all_goals() {
        let cases = [
            ("h==2", Goal::DoubleStalemate),
            ("#=2", Goal::MateOrStalemate),
            ("!=1", Goal::AutoStalemate),
            ("!#1", Goal::AutoMate),
            ("+1", Goal::Check),
            ("x1", Goal::Capture),
            ("h%1", Goal::Steingewinn),
            ("hep1", Goal::EnPassant),
            ("##1", Goal::DoubleMate),
            ("h##!2", Goal::CounterMate),
            ("001", Goal::Castling),
            ("ct4", Goal::Circuit),
            ("ctr2", Goal::CircuitByRebirth),
            ("<>4", Goal::Exchange),
            ("s<>r2", Goal::ExchangeByRebirth),
            ("~1", Goal::Any),
            ("c813", Goal::Chess81),
            ("ze31", Goal::Target(Square::parse("e3").unwrap())),
            ("ser-Zc42", Goal::Target(Square::parse("c4").unwrap())),
            ("kc52", Goal::Kiss(Square::parse("c5").unwrap())),
        ];
        for (text, goal) in cases {
            assert_eq!(basic(text).goal, goal, "{}", text);
            assert_eq!(
                goal.symbol().to_ascii_lowercase(),
                goal.symbol(),
                "{}",
                text
            );
        }
        assert_eq!(basic("ze31").moves, 1);
        assert_eq!(basic("ser-h0015").moves, 15);
    }

    #[test]
    fn exact_and_separate_lengths() {
        let b = basic("exact-h#1.5");
        assert!(b.exact && b.half_move);
        let (s, next) = stip("h# 2").unwrap();
        assert_eq!(s.text(), "h# 2");
        assert_eq!(next, "EndProblem");
        assert_eq!(basic("#3optwh").moves, 3);
    }

    #[test]
    fn other_families_are_read_and_named() {
        let cases = [
            ("semi-r#2", "semi-r"),
            ("hr#2.5", "hr"),
            ("reci-h(=)#3", "reci-h"),
            ("reci-h#3", "reci-h"),
            ("ser-reci-h(#)=7", "ser-reci-h"),
            ("ser-hs#5", "ser-hs"),
            ("pser-#3", "pser"),
            ("pser-h#7", "pser-h"),
            ("pser-hs#2", "pser-hs"),
            ("phser-s#2", "phser-s"),
            ("phser-dia1", "phser-dia"),
            ("dia3.5", "dia"),
            ("a=>b1.0", "a=>b"),
            ("A=>B1", "a=>b"),
            ("ser-dia8", "ser-dia"),
            ("ser-ha=>b2", "ser-ha=>b"),
            ("3->ser-#2", "intro"),
            ("1->ser-H#3", "intro"),
        ];
        for (text, family) in cases {
            let o = other(text);
            assert_eq!(o.family, family, "{}", text);
            assert_eq!(o.text, text);
        }
        let o = other("dia 4");
        assert_eq!((o.moves, o.goal), (Some(4), Some(Goal::ProofGame)));
        let o = other("dia4.5");
        assert!(o.half_move);
    }

    #[test]
    fn errors_say_what_was_expected() {
        let e = stip("#0").unwrap_err();
        assert!(e.message.contains("at least 1"), "{}", e.message);
        let e = stip("h?2").unwrap_err();
        assert_eq!(e.column, 2);
        assert!(e.message.contains("expected a goal"), "{}", e.message);
        let e = stip("#x").unwrap_err();
        assert!(e.message.contains("number of moves"), "{}", e.message);
        let e = stip("zi92").unwrap_err();
        assert!(e.message.contains("square"), "{}", e.message);
        let e = stip("x->ser-#2").unwrap_err();
        assert!(e.message.contains("introductory"), "{}", e.message);
    }

    fn structured(src: &str) -> Result<(Stipulation, String), InputError> {
        let src = format!("{} EndProblem", src);
        let mut cur = Cursor::new(&src);
        let tok = cur.next().unwrap();
        read_structured(&mut cur, tok).map(|(s, t)| (s, t.text.to_string()))
    }

    #[test]
    fn structured_stipulations_are_read_to_their_end() {
        for text in [
            "White 2s[#]",
            "Black 2hh[/2da[#]{!+}]",
            "White 3a[#]d & - 4hh[#] & 4ad[#] & - 4hh[=]",
            "Black - 3:3h[#]h",
            "White 3a[>1a[#]d]d{!1a[#]d}",
            "Black 4h{!x}h[x]",
            "White 1a[za7]d",
            "Black 10:10s[1h[00]h]",
            "White (2hh[#]|1h[#]h)",
        ] {
            let (s, next) = structured(text).unwrap_or_else(|e| panic!("{}: {}", text, e));
            assert_eq!(next, "EndProblem", "{}", text);
            assert_eq!(s.text(), text);
            assert_eq!(s.family_name(), "sstipulation");
        }
    }

    #[test]
    fn structured_stipulation_errors() {
        assert!(structured("Green 2s[#]").is_err());
        assert!(structured("White 2q[#]").is_err());
        assert!(structured("White 2hh[#").is_err());
        assert!(structured("White 2hh[#]x").is_err());
        let deep = format!("White {}2hh[#]", "!".repeat(100_000));
        assert!(structured(&deep).is_err());
        let deep = format!("White {}2hh[#]{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(structured(&deep).is_err());
        let deep = format!("White {}#{}", "2hh[".repeat(100_000), "]".repeat(100_000));
        assert!(structured(&deep).is_err());
    }
}
