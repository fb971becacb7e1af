//! Stipulations: what a problem asks for.
//!
//! The solver's view of the basic families of the reference's notation — direct (`#2`),
//! help (`h#2`, `h#2.5`), self (`s#2`), reflex (`r#2`), help-self (`hs#2`) and series
//! (`ser-#3`, `ser-h#3`, `ser-s#3`, `ser-r#3`, `ser-=3`, `ser-h=3`) — with the goals mate,
//! stalemate and the simple others. The input reader parses stipulations; the problem
//! module turns the ones fairyforge solves into this form.

use crate::input::square_prefix;
use crate::square::Square;
use std::fmt;

/// What the last move of a play must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `#` mate.
    Mate,
    /// `=` stalemate.
    Stalemate,
    /// `==` double stalemate.
    DoubleStalemate,
    /// `#=` mate or stalemate.
    MateOrStalemate,
    /// `!=` auto-stalemate (the side that moves is stalemated).
    AutoStalemate,
    /// `!#` auto-mate.
    AutoMate,
    /// `+` check.
    Check,
    /// `x` capture.
    Capture,
    /// `%` Steingewinn (material gain).
    Steingewinn,
    /// `ep` an en-passant capture.
    EnPassant,
    /// `##` double mate.
    DoubleMate,
    /// `##!` counter-mate.
    CounterMate,
    /// `00` castling.
    Castling,
    /// `ct` circuit (a unit returns to its square).
    Circuit,
    /// `ctr` circuit by rebirth.
    CircuitByRebirth,
    /// `<>` exchange (two units swap squares).
    Exchange,
    /// `<>r` exchange by rebirth.
    ExchangeByRebirth,
    /// `~` any move.
    Any,
    /// `z` followed by a square: a unit reaches the square.
    Target(Square),
    /// `k` followed by a square: the kiss goal, about the unit that stands on the
    /// square in the diagram.
    Kiss(Square),
    /// `c81` 81-chess goal.
    Chess81,
    /// `dia` proof game from the game array.
    ProofGame,
    /// `a=>b` proof game between two given positions.
    AToB,
}

/// The goal symbols in the order the reference tries them (longer symbols first
/// where one begins another).
const GOALS: [(&str, Option<Goal>); 23] = [
    ("##!", Some(Goal::CounterMate)),
    ("##", Some(Goal::DoubleMate)),
    ("#=", Some(Goal::MateOrStalemate)),
    ("#", Some(Goal::Mate)),
    ("==", Some(Goal::DoubleStalemate)),
    ("!=", Some(Goal::AutoStalemate)),
    ("=", Some(Goal::Stalemate)),
    ("z", None),
    ("+", Some(Goal::Check)),
    ("x", Some(Goal::Capture)),
    ("%", Some(Goal::Steingewinn)),
    ("ep", Some(Goal::EnPassant)),
    ("ctr", Some(Goal::CircuitByRebirth)),
    ("ct", Some(Goal::Circuit)),
    ("<>r", Some(Goal::ExchangeByRebirth)),
    ("<>", Some(Goal::Exchange)),
    ("00", Some(Goal::Castling)),
    ("~", Some(Goal::Any)),
    ("dia", Some(Goal::ProofGame)),
    ("a=>b", Some(Goal::AToB)),
    ("c81", Some(Goal::Chess81)),
    ("k", None),
    ("!#", Some(Goal::AutoMate)),
];

impl Goal {
    /// The symbol of the goal as the input writes it (`#`, `==`, `ze4`, ...).
    pub fn symbol(&self) -> String {
        match self {
            Goal::Target(s) => format!("z{}", s),
            Goal::Kiss(s) => format!("k{}", s),
            g => GOALS
                .iter()
                .find(|(_, x)| x.as_ref() == Some(g))
                .map(|(s, _)| s.to_string())
                .unwrap_or_default(),
        }
    }

    /// Reads a goal at the start of `text`; returns it and the number of bytes it
    /// used, `Ok(None)` if `text` starts with no goal symbol, or the message of
    /// what is wrong (a target goal without its square).
    pub fn parse_prefix(text: &str) -> Result<Option<(Goal, usize)>, String> {
        for (symbol, goal) in GOALS.iter() {
            let n = symbol.len();
            if text.len() >= n && text.as_bytes()[..n].eq_ignore_ascii_case(symbol.as_bytes()) {
                return match goal {
                    Some(g) => Ok(Some((*g, n))),
                    None => match square_prefix(&text[n..]) {
                        Some(sq) if *symbol == "z" => Ok(Some((Goal::Target(sq), n + 2))),
                        Some(sq) => Ok(Some((Goal::Kiss(sq), n + 2))),
                        None => Err(format!(
                            "expected a square like e4 after the goal {}, found \"{}\"",
                            symbol,
                            &text[n..]
                        )),
                    },
                };
            }
        }
        Ok(None)
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.symbol())
    }
}

impl Goal {
    /// Whether the search can end a play of moves in this goal (proof games are
    /// stipulations of their own); the others are read, so that a file stays in step,
    /// and reported as not yet supported.
    pub fn solvable(self) -> bool {
        matches!(
            self,
            Goal::Mate
                | Goal::Stalemate
                | Goal::DoubleStalemate
                | Goal::Check
                | Goal::Capture
                | Goal::Castling
                | Goal::MateOrStalemate
                | Goal::EnPassant
                | Goal::Any
                | Goal::Target(_)
                | Goal::Steingewinn
                | Goal::AutoStalemate
        )
    }

    /// Whether the goal is a proof game (`dia`, `a=>b`): reaching a given diagram.
    pub fn is_proof(self) -> bool {
        matches!(self, Goal::ProofGame | Goal::AToB)
    }
}

pub use crate::input::Family;

/// A parsed stipulation.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Stipulation {
    /// How the play runs.
    pub family: Family,
    /// What the last move achieves.
    pub goal: Goal,
    /// Number of moves (for help play with a half move, the full moves; see `half`).
    pub moves: u32,
    /// Help play with an extra half move (`h#2.5`): White starts.
    pub half: bool,
    /// Reciprocal help play (`reci-h`, `ser-reci-h`): the goal the side to move must
    /// also be able to reach by itself with the last move of its play (the play's own
    /// goal, `goal`, being reached by the other side's answer).
    pub reci: Option<Goal>,
    /// Help-reflex play (`hr`): help-self play in which the side that reaches the goal
    /// must do so as soon as it can, which ends the play there.
    pub reflex: bool,
    /// `exact-`: only solutions of the full length count (no shorter ones are sought).
    pub exact: bool,
    /// The text as written.
    pub text: String,
    /// Written as a structured stipulation: how its pairs are numbered, and the battle
    /// branch that follows help play.
    pub structured: Option<crate::structured::Structured>,
}

impl Stipulation {
    /// Number of half-moves of the whole play (help play: both sides; series: the
    /// series side's moves plus the final one for ser-h/ser-s/ser-r).
    pub fn half_moves(&self) -> u32 {
        match self.family {
            Family::Help => 2 * self.moves + u32::from(self.half),
            // the help play ends with the move that forces the other side's goal
            Family::HelpSelf => 2 * self.moves - 1 + u32::from(self.half),
            _ => 2 * self.moves - 1,
        }
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
