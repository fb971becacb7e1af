//! Solutions as data: what the search found, move by move, before any of it is text.
//!
//! A solution holds the engine's [`Move`]s, each with what it did (the move's own effects:
//! capture, promotion, castling partner, rebirths and other effects of a condition, a
//! change of owner) and what it left the other side in ([`Mark`]: check, mate,
//! stalemate), plus the goal it reached where the line ends. Help and series play are
//! [`Line`]s, battle play a tree of [`Attack`]s and [`Defence`]s. The output modules turn
//! them into the reference's text or into JSON; nothing here is written as text.
//!
//! A search reports each line or key with its play to a [`Sink`] as soon as that part is
//! complete, so a caller can write it at once, and an interrupted search leaves behind
//! everything it reported.

use crate::moves::Move;
use crate::piece::Side;
use crate::stipulation::Goal;
use std::time::Duration;

/// What a move left the side to move next in, as the reference marks it after the move.
/// A side without a royal unit is never in check, mated or stalemated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Neither in check nor without a move.
    None,
    /// In check, with a legal move.
    Check,
    /// In check without a legal move.
    Mate,
    /// Not in check, without a legal move.
    Stalemate,
    /// Stalemated, and so would the other side be (told apart from [`Mark::Stalemate`]
    /// only under the goal double stalemate).
    DoubleStalemate,
}

/// A move of a solution: the move with its effects, who played it and its marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// The move, with everything it does.
    pub mv: Move,
    /// The side that played it.
    pub side: Side,
    /// What it left the other side in.
    pub mark: Mark,
    /// The goal the move reaches, where the solution says so after it (the last move of a
    /// line, a battle move that reaches the goal).
    pub goal: Option<Goal>,
}

/// How a move of a line is numbered where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// Its number before it (`2.`): the first move of a pair, every series move.
    Number,
    /// Its number and an ellipsis (`1...`): a line that opens with the second move of a
    /// pair.
    Ellipsis,
    /// No number: the second move of a pair.
    Bare,
}

/// One move of a line, in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineMove {
    /// The move number.
    pub number: u32,
    /// How the number is written.
    pub label: Label,
    /// Inside a series the other side does not answer: a stalemate (or mate) mark after
    /// the move is not written.
    pub inside_series: bool,
    /// The move.
    pub played: Played,
}

/// One solution of help or series play (or of the battle branch after help play).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// Set play of help play whose skipped first move began a pair: the line opens with
    /// `1...  ...`.
    pub skipped_first: bool,
    /// The moves.
    pub moves: Vec<LineMove>,
    /// Help-reflex play whose first mover must reach the goal itself: its goal move,
    /// marked `?!?`.
    pub forced: bool,
}

/// Why a key or try is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A key (`!`).
    Key,
    /// A try (`?`).
    Try,
    /// A reflex attacker's goal move it must play (`?!?`).
    Forced,
}

/// An attacking move in battle play, with what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// Move number.
    pub number: u32,
    /// The move; none in post-key play, where the key is the diagram.
    pub played: Option<Played>,
    /// Key, try or forced move; none for a continuation.
    pub verdict: Option<Verdict>,
    /// The threat, when shown.
    pub threat: Threat,
    /// Defences shown (variations), each with the attacker's answers.
    pub defences: Vec<Defence>,
    /// Refutations of a try.
    pub refutations: Vec<Defence>,
}

/// What an attacking move threatens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Not shown.
    None,
    /// Nothing is threatened: the defender is in zugzwang.
    Zugzwang,
    /// The threatened continuations.
    Moves(Vec<Attack>),
}

/// A defending move with the attacker's answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence {
    /// Move number.
    pub number: u32,
    /// The move.
    pub played: Played,
    /// Continuations.
    pub answers: Vec<Attack>,
    /// The attacker has no win after it (shown in post-key play only).
    pub refutes: bool,
}

/// Why a position has no play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remark {
    /// The side to play could capture the other side's king.
    KingCapturable,
}

/// The solutions of one stipulation in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// Help and series play: one line per solution.
    Lines(Vec<Line>),
    /// Battle play: keys (and tries) with their play.
    Tree(Vec<Attack>),
    /// Set play of battle problems: the defender's moves in the diagram, were it to move,
    /// with the attacker's shortest wins after them.
    SetPlay(Vec<Defence>),
    /// Post-key play: the diagram is the position after a key, the defender to move; its
    /// threat and variations.
    PostKey(Attack),
    /// No play, and why.
    Remark(Remark),
    /// The option MoveNumbers: the first moves in the order the reference tries them,
    /// then the play; `elapsed` is the time the solving took.
    Numbered {
        /// The first moves numbered before these and left out (`StartMoveNumber`).
        skipped: usize,
        /// The first moves, numbered from `skipped + 1`.
        moves: Vec<Played>,
        /// The time the solving took.
        elapsed: Duration,
        /// The solutions.
        play: Box<Solution>,
    },
}

/// Where a search reports what it finds, each part as soon as it is complete.
pub trait Sink {
    /// A line of help or series play.
    fn line(&mut self, line: Line);
    /// A key, try or forced move of battle play, with its play.
    fn attack(&mut self, attack: Attack);
    /// What was reported since the last batch is a batch the search sent on at once (a
    /// writer may write it now, in one piece).
    fn batch_end(&mut self) {}
}

/// A sink that keeps everything, in the order it came.
#[derive(Clone, Debug, Default)]
pub struct Collected {
    /// The lines reported.
    pub lines: Vec<Line>,
    /// The keys and tries reported.
    pub attacks: Vec<Attack>,
}

impl Sink for Collected {
    fn line(&mut self, line: Line) {
        self.lines.push(line);
    }

    fn attack(&mut self, attack: Attack) {
        self.attacks.push(attack);
    }
}

/// How a phase of play (set play, the play, post-key play, …) is reported: whole, or
/// part by part as the search completes each (its lines, or its keys and tries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The phase's solution, complete.
    Whole(Solution),
    /// Help or series lines follow, each through [`Sink::line`], then
    /// [`PlaySink::phase_end`].
    Lines,
    /// Keys and tries follow, each through [`Sink::attack`], then
    /// [`PlaySink::phase_end`].
    Tree,
}

/// Where the phases of play are reported, in order, each as soon as it begins; the lines
/// and keys of a phase that streams as soon as each is complete.
pub trait PlaySink: Sink {
    /// A phase begins (or, [`Phase::Whole`], is reported whole).
    fn phase(&mut self, phase: Phase);
    /// The phase that streams ([`Phase::Lines`], [`Phase::Tree`]) is over.
    fn phase_end(&mut self);
}

/// A [`PlaySink`] that keeps each phase as a [`Solution`].
#[derive(Clone, Debug, Default)]
pub struct Phases {
    /// The phases reported, in order.
    pub solutions: Vec<Solution>,
}

impl Sink for Phases {
    fn line(&mut self, line: Line) {
        if let Some(Solution::Lines(lines)) = self.solutions.last_mut() {
            lines.push(line);
        }
    }

    fn attack(&mut self, attack: Attack) {
        if let Some(Solution::Tree(attacks)) = self.solutions.last_mut() {
            attacks.push(attack);
        }
    }
}

impl PlaySink for Phases {
    fn phase(&mut self, phase: Phase) {
        self.solutions.push(match phase {
            Phase::Whole(solution) => solution,
            Phase::Lines => Solution::Lines(Vec::new()),
            Phase::Tree => Solution::Tree(Vec::new()),
        });
    }

    fn phase_end(&mut self) {}
}
