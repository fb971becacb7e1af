//! Twins: each `Twin` (German `Zwilling`, French `Jumeau`) lists commands that
//! change the diagram (move, exchange, remove or add units, rotate, mirror, shift,
//! swap colours, substitute walks, replace the stipulation or the conditions).
//! A twin applies to the diagram position unless it begins with `Continued`, in
//! which case it applies to the previous twin. The commands are recorded, not
//! applied: applying them is the engine's business.

use std::fmt;

use super::condition::{read_conditions, Condition};
use super::error::InputError;
use super::language::Lookup;
use super::lexer::{Cursor, Token};
use super::pieces::{ambiguous, read_pieces, whole_walk_token, PlacedUnit};
use super::square::{parse_whole_square_list, Square};
use super::stipulation::{read_stipulation, read_structured, Stipulation};
use super::tables::{INITIAL, MIRRORS, TWINNINGS};

/// A rotation of the board, clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// `Rotate 90`.
    Quarter,
    /// `Rotate 180`.
    Half,
    /// `Rotate 270`.
    ThreeQuarters,
}

/// The axis of a `Mirror` twinning, named by the squares it swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MirrorAxis {
    /// `a1<-->h1`: files reversed (a vertical mirror).
    A1H1,
    /// `a1<-->a8`: ranks reversed (a horizontal mirror).
    A1A8,
    /// `a1<-->h8`: a1 and h8 swap (reflection in the a8-h1 diagonal).
    A1H8,
    /// `a8<-->h1`: a8 and h1 swap (reflection in the a1-h8 diagonal).
    A8H1,
}

/// One change a twin makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinCommand {
    /// `Move a1 b2`: the unit on the first square moves to the second (capturing
    /// what stood there).
    Move(Square, Square),
    /// `Exchange a1 b2`: the units on the two squares swap.
    Exchange(Square, Square),
    /// `Remove a1b2`: the units on these squares leave.
    Remove(Vec<Square>),
    /// `Add White Qa1`: units are added (replacing what stood there).
    Add(Vec<PlacedUnit>),
    /// `Substitute Q R`: every unit with the first code gets the second.
    Substitute(String, String),
    /// `Rotate 90|180|270`.
    Rotate(Rotation),
    /// `Mirror a1<-->h1` and the like.
    Mirror(MirrorAxis),
    /// `Shift a1 b2`: every unit moves by the vector from the first square to the
    /// second.
    Shift(Square, Square),
    /// `PolishType`: White and Black swap colours.
    PolishType,
    /// `Stipulation ...` or `SStipulation ...`: the stipulation is replaced.
    Stipulation(Stipulation),
    /// `Condition ...`: the conditions are replaced by these.
    Condition(Vec<Condition>),
}

impl fmt::Display for TwinCommand {
    /// The command in English input form (`Move a1 b2`, `Rotate 90`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwinCommand::Move(a, b) => write!(f, "Move {} {}", a, b),
            TwinCommand::Exchange(a, b) => write!(f, "Exchange {} {}", a, b),
            TwinCommand::Remove(s) => {
                f.write_str("Remove ")?;
                s.iter().try_for_each(|s| write!(f, "{}", s))
            }
            TwinCommand::Add(units) => {
                f.write_str("Add")?;
                units.iter().try_for_each(|u| write!(f, " {}", u))
            }
            TwinCommand::Substitute(a, b) => write!(f, "Substitute {} {}", a, b),
            TwinCommand::Rotate(r) => write!(
                f,
                "Rotate {}",
                match r {
                    Rotation::Quarter => 90,
                    Rotation::Half => 180,
                    Rotation::ThreeQuarters => 270,
                }
            ),
            TwinCommand::Mirror(m) => write!(
                f,
                "Mirror {}",
                match m {
                    MirrorAxis::A1H1 => "a1<-->h1",
                    MirrorAxis::A1A8 => "a1<-->a8",
                    MirrorAxis::A1H8 => "a1<-->h8",
                    MirrorAxis::A8H1 => "a8<-->h1",
                }
            ),
            TwinCommand::Shift(a, b) => write!(f, "Shift {} {}", a, b),
            TwinCommand::PolishType => f.write_str("PolishType"),
            TwinCommand::Stipulation(s) => write!(f, "Stipulation {}", s),
            TwinCommand::Condition(c) => {
                f.write_str("Condition")?;
                c.iter().try_for_each(|c| write!(f, " {}", c))
            }
        }
    }
}

/// A twin: its commands, whether it continues the previous twin, and the remarks
/// written after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    /// Line of the `Twin` (or `ZeroPosition`) keyword.
    pub line: u32,
    /// `Continued`: the commands apply to the previous twin rather than to the
    /// diagram.
    pub continued: bool,
    /// The commands, in order.
    pub commands: Vec<TwinCommand>,
    /// `Remark` lines written after the commands.
    pub remarks: Vec<String>,
}

impl fmt::Display for Twin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Twin")?;
        if self.continued {
            f.write_str(" Continued")?;
        }
        self.commands.iter().try_for_each(|c| write!(f, " {}", c))
    }
}

/// Reads a square that is a whole token, for the twinning `name`.
fn square<'a>(cur: &mut Cursor<'a>, name: &str) -> Result<Square, InputError> {
    let t = cur.next_expecting(&format!("a square after {}", name))?;
    Square::parse(t.text).ok_or_else(|| {
        t.error(format!(
            "expected a square like e4 after {}, found \"{}\"",
            name, t.text
        ))
    })
}

/// Reads the twin whose first token (after `Twin`) is `tok`; returns it and the
/// first token after it (`Twin`, `EndProblem`, ...).
pub(crate) fn read_twin<'a>(
    cur: &mut Cursor<'a>,
    mut tok: Token<'a>,
    line: u32,
) -> Result<(Twin, Token<'a>), InputError> {
    let mut twin = Twin {
        line,
        continued: false,
        commands: Vec::new(),
        remarks: Vec::new(),
    };
    if cur.lookup(&TWINNINGS, &tok) == Lookup::Found(6) {
        twin.continued = true;
        tok = cur.next()?;
    }
    loop {
        let index = match cur.lookup(&TWINNINGS, &tok) {
            Lookup::Found(i) => i,
            Lookup::Ambiguous(a, b) => {
                return Err(ambiguous(cur, &tok, "twinning command", &TWINNINGS, a, b))
            }
            Lookup::NotFound => break,
        };
        let name = tok.text;
        let command = match index {
            0 => TwinCommand::Move(square(cur, name)?, square(cur, name)?),
            1 => TwinCommand::Exchange(square(cur, name)?, square(cur, name)?),
            2 => {
                let t = cur.next_expecting("a stipulation")?;
                let (s, next) = read_stipulation(cur, t)?;
                twin.commands.push(TwinCommand::Stipulation(s));
                tok = next;
                continue;
            }
            3 => {
                let t = cur.next_expecting("the side that starts")?;
                let (s, next) = read_structured(cur, t)?;
                twin.commands.push(TwinCommand::Stipulation(s));
                tok = next;
                continue;
            }
            4 => {
                let t = cur.next_expecting("a colour")?;
                let (read, next) = read_pieces(cur, t, name)?;
                twin.commands.push(TwinCommand::Add(read.units));
                tok = next;
                continue;
            }
            5 => {
                let t = cur.next_expecting(&format!("squares after {}", name))?;
                match parse_whole_square_list(t.text) {
                    Some(sq) => TwinCommand::Remove(sq),
                    None => {
                        return Err(t.error(format!(
                            "expected squares like e4 after {}, found \"{}\"",
                            name, t.text
                        )))
                    }
                }
            }
            6 => {
                return Err(tok.error(format!(
                    "{} must come first in a twin",
                    cur.local(&TWINNINGS, 6)
                )))
            }
            7 => {
                let t = cur.next_expecting("an angle after Rotate")?;
                let r = match t.text {
                    "90" => Rotation::Quarter,
                    "180" => Rotation::Half,
                    "270" => Rotation::ThreeQuarters,
                    _ => {
                        return Err(t.error(format!(
                            "expected 90, 180 or 270 after {}, found \"{}\"",
                            name, t.text
                        )))
                    }
                };
                TwinCommand::Rotate(r)
            }
            8 => {
                let t = cur.next_expecting("a condition")?;
                let (c, next) = read_conditions(cur, t, name)?;
                twin.commands.push(TwinCommand::Condition(c));
                tok = next;
                continue;
            }
            9 => TwinCommand::PolishType,
            10 => {
                let t = cur.next_expecting("a mirror axis")?;
                let axis = match cur.lookup(&MIRRORS, &t) {
                    Lookup::Found(0) => MirrorAxis::A1H1,
                    Lookup::Found(1) => MirrorAxis::A1A8,
                    Lookup::Found(2) => MirrorAxis::A1H8,
                    Lookup::Found(_) => MirrorAxis::A8H1,
                    _ => {
                        return Err(t.error(format!(
                        "expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1 after {}, found \"{}\"",
                        name, t.text
                    )))
                    }
                };
                TwinCommand::Mirror(axis)
            }
            11 => TwinCommand::Shift(square(cur, name)?, square(cur, name)?),
            _ => {
                let mut codes = Vec::new();
                for _ in 0..2 {
                    let t = cur.next_expecting(&format!("a piece code after {}", name))?;
                    match whole_walk_token(t.text) {
                        Some(c) => codes.push(c),
                        None => {
                            return Err(t.error(format!(
                                "expected a piece code (like Q) after {}, found \"{}\"",
                                name, t.text
                            )))
                        }
                    }
                }
                let to = codes.pop().unwrap_or_default();
                let from = codes.pop().unwrap_or_default();
                TwinCommand::Substitute(from, to)
            }
        };
        twin.commands.push(command);
        tok = cur.next()?;
    }
    // Only remarks may follow the commands of a twin.
    while lookup_remark(cur, &tok) {
        if let Some(text) = cur.rest_of_line() {
            twin.remarks.push(text.to_string());
        }
        tok = cur.next()?;
    }
    Ok((twin, tok))
}

/// Whether `tok` selects `Remark` among the keywords allowed after twin commands
/// (the reference looks it up alone, so no other keyword competes).
fn lookup_remark(cur: &Cursor, tok: &Token) -> bool {
    super::language::lookup(&INITIAL[cur.lang.index()][..1], tok.text) == Lookup::Found(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::language::Language;

    fn twin(lang: Language, src: &str) -> Result<(Twin, String), InputError> {
        let src = format!("{} EndProblem", src);
        let mut cur = Cursor::new(&src);
        cur.lang = lang;
        let tok = cur.next().unwrap();
        read_twin(&mut cur, tok, 1).map(|(t, n)| (t, n.text.to_string()))
    }

    fn shown(lang: Language, src: &str) -> String {
        let (t, next) = twin(lang, src).unwrap_or_else(|e| panic!("{}: {}", src, e));
        assert_eq!(next, "EndProblem");
        t.to_string()
    }

    #[test]
    fn every_command() {
        assert_eq!(
            shown(
                Language::English,
                "Move a1 b2 Exchange c3 d4 Remove e5f6 Add White Qa1 Black Rh8 Substitute Q R"
            ),
            "Twin Move a1 b2 Exchange c3 d4 Remove e5f6 Add White Qa1 Black Rh8 Substitute Q R"
        );
        assert_eq!(
            shown(Language::English, "Continued Rotate 90 Mirror a1<-->h1 Shift a1 b2 PolishType Stipulation h#3 Condition Madrasi"),
            "Twin Continued Rotate 90 Mirror a1<-->h1 Shift a1 b2 PolishType Stipulation h#3 Condition Madrasi"
        );
        assert_eq!(
            shown(Language::English, "mirror a1<-->a8"),
            "Twin Mirror a1<-->a8"
        );
    }

    #[test]
    fn german_and_french_commands() {
        assert_eq!(
            shown(
                Language::German,
                "ferner versetze h7 a7 entferne b2 forderung ser-h=9 drehung 270"
            ),
            "Twin Continued Move h7 a7 Remove b2 Stipulation ser-h=9 Rotate 270"
        );
        assert_eq!(
            shown(
                Language::French,
                "enplus deplacement h7 a7 echange a1 a2 ajoute noir ta1 ote b2"
            ),
            "Twin Continued Move h7 a7 Exchange a1 a2 Add Black Ta1 Remove b2"
        );
    }

    #[test]
    fn remarks_after_the_commands() {
        let (t, _) = twin(Language::English, "move a1 b2 remark a word\n").unwrap();
        assert_eq!(t.remarks, ["a word"]);
    }

    #[test]
    fn twin_errors() {
        let e = twin(Language::English, "Move a1 x9").unwrap_err();
        assert_eq!(e.column, 9);
        assert!(
            e.message
                .contains("expected a square like e4 after Move, found \"x9\""),
            "{}",
            e.message
        );
        let e = twin(Language::English, "Rotate 45").unwrap_err();
        assert!(e.message.contains("90, 180 or 270"), "{}", e.message);
        let e = twin(Language::English, "Move a1 b2 Continued").unwrap_err();
        assert!(e.message.contains("must come first"), "{}", e.message);
        let e = twin(Language::English, "s").unwrap_err();
        assert!(e.message.contains("ambiguous"), "{}", e.message);
    }
}
