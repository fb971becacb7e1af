//! The solver's settings: what the user asked for besides the stipulation (the
//! reference's options, as the problem's setup turns them into settings), and the limits
//! of the search (time, threads).

use super::progress::Progress;
use crate::board::Board;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// What the user asked for besides the stipulation (the reference's options).
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Show tries (first moves refuted by at most `defence` moves).
    pub tries: bool,
    /// Most refutations a try may have.
    pub defence: usize,
    /// Show threats and variations after keys and tries.
    pub variations: bool,
    /// Do not compute threats.
    pub no_threat: bool,
    /// Longest threat shown (in moves), when limited.
    pub max_threat: Option<u32>,
    /// Omit variations shorter than the full length.
    pub no_short_variations: bool,
    /// Play set play first (the defender moves first).
    pub set_play: bool,
    /// Stop after this many solutions.
    pub max_solutions: Option<usize>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop after searching this many positions (one search's count): a bound that is
    /// the same on every machine, where a deadline is not.
    pub max_nodes: Option<u64>,
    /// Stop when this is raised (an interruption by the user).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Where the search reports what it is doing, for a display on a terminal.
    pub progress: Option<Arc<Progress>>,
    /// The most bytes a transposition table of the search takes (`--hash`).
    pub table_bytes: usize,
    /// Cut help and series lines whose mate or stalemate is out of reach
    /// ([`GoalBound`](crate::bound::GoalBound)); off only to check that the cut loses nothing.
    pub goal_bound: bool,
    /// Help play's set play when White's skipped first move began a pair: each line
    /// starts `1... ...` and counts from 2.
    pub first_skipped: bool,
    /// The diagram a proof game arrives at (goals [`Goal::ProofGame`](crate::stipulation::Goal::ProofGame), [`Goal::AToB`](crate::stipulation::Goal::AToB)).
    pub target: Option<Board>,
    /// `NonTrivial m n`: in battle play, a defence is trivial when the attacker wins
    /// within `n` moves after it (`n + 1` in direct play: the reference measures the
    /// play in half-moves); wherever more than `n` attacker moves are left, an
    /// attacking move fails if it leaves the defender more than one non-trivial defence,
    /// beyond `m` granted in all along the play.
    pub non_trivial: Option<(u32, u32)>,
    /// `KeepMatingPiece`: in direct and self play, a line fails once the side that is to
    /// reach the goal has no unit left but its royal one.
    pub keep_mating_unit: bool,
    /// `Quodlibet`: in self play the attacker also wins by reaching the goal itself.
    pub quodlibet: bool,
    /// `StopOnShortSolutions`: help play seeks no longer solutions once shorter ones
    /// are found.
    pub stop_on_short: bool,
    /// `StartMoveNumber` / `UpToMoveNumber`: only the first moves with these numbers (from
    /// 1, in the order MoveNumbers numbers them), both ends included.
    pub first_moves: Option<(usize, usize)>,
    /// Threads a long help play may share its first moves among (1: one search).
    pub threads: usize,
    /// `Intelligent`: help mates and stalemates are sought along plans (intelligent mode).
    pub intelligent: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            tries: false,
            defence: 1,
            variations: false,
            no_threat: false,
            max_threat: None,
            no_short_variations: false,
            set_play: false,
            max_solutions: None,
            deadline: None,
            max_nodes: None,
            interrupt: None,
            progress: None,
            table_bytes: 256 << 20,
            goal_bound: true,
            first_skipped: false,
            target: None,
            non_trivial: None,
            keep_mating_unit: false,
            quodlibet: false,
            stop_on_short: false,
            first_moves: None,
            threads: 1,
            intelligent: false,
        }
    }
}
