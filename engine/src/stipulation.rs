//! Stipulations: what a problem asks for.
//!
//! The solver's view of the basic families of the reference's notation — direct (`#2`),
//! help (`h#2`, `h#2.5`), self (`s#2`), reflex (`r#2`), help-self (`hs#2`) and series
//! (`ser-#3`, `ser-h#3`, `ser-s#3`, `ser-r#3`, `ser-=3`, `ser-h=3`) — with the goals mate,
//! stalemate and the simple others. The input reader parses stipulations; the problem
//! module turns the ones fairyforge solves into this form.

use std::fmt;

/// What the last move must achieve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Goal {
    /// `#`: the side to move is checkmated.
    Mate,
    /// `=`: the side to move is stalemated.
    Stalemate,
    /// `==`: both sides would be stalemated.
    DoubleStalemate,
    /// `+`: the side to move is in check.
    Check,
    /// `x`: the move captured.
    Capture,
    /// `00`: the move castled.
    Castling,
    /// `#=`: the side to move is checkmated or stalemated.
    MateOrStalemate,
    /// `ep`: the move captured en passant.
    EnPassant,
    /// `~`: any move.
    Any,
    /// `dia`: the diagram is reached from the game array (a proof game).
    Diagram,
    /// `a=>b`: the second diagram is reached from the first.
    Position,
}

impl Goal {
    /// The symbol the reference writes.
    pub fn symbol(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::DoubleStalemate => "==",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::Castling => "00",
            Goal::MateOrStalemate => "#=",
            Goal::EnPassant => "ep",
            Goal::Any => "~",
            Goal::Diagram => "dia",
            Goal::Position => "a=>b",
        }
    }

    /// The solver's goal for one the reader read, if fairyforge solves it.
    pub fn from_input(goal: crate::input::Goal) -> Option<Goal> {
        use crate::input::Goal as G;
        Some(match goal {
            G::Mate => Goal::Mate,
            G::Stalemate => Goal::Stalemate,
            G::DoubleStalemate => Goal::DoubleStalemate,
            G::Check => Goal::Check,
            G::Capture => Goal::Capture,
            G::Castling => Goal::Castling,
            G::MateOrStalemate => Goal::MateOrStalemate,
            G::EnPassant => Goal::EnPassant,
            G::Any => Goal::Any,
            _ => return None,
        })
    }

    /// Whether the goal is a position to arrive at (`dia`, `a=>b`).
    pub fn is_proof(self) -> bool {
        matches!(self, Goal::Diagram | Goal::Position)
    }
}

/// How the play runs: the reader's families are the solver's.
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
