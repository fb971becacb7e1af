//! The search: finding the solutions, tries and refutations a stipulation asks for.
//!
//! Battle play (direct, self, reflex) is an and-or search with a transposition table:
//! [`Solver::attack_wins`] asks whether the attacker wins in `n` moves, and
//! [`Solver::defence_loses`] whether the defender cannot escape. Help and series play
//! enumerate every line of the exact (help) or at most the given (series) length, with a
//! table of positions known to lead nowhere. The results are data ([`Solution`]: moves
//! with their marks) that the output modules write as text or JSON.
//!
//! One [`Solver`] searches, its work shared among rooms, each a file:
//! - `table`: the transposition table, and the one the workers of a shared search use;
//! - `goal`: whether a move reaches the goal, and the marks a move leaves;
//! - `battle`: the and-or search of battle play; `tree`: the keys, tries, threats and
//!   variations it shows;
//! - `help`, `series`, `reciprocal`: help, series and reciprocal play;
//! - `tail`: the battle branch after help play of a structured stipulation;
//! - `lines`: a line of moves found, numbered and marked as a [`Line`];
//! - `threads`: the first moves of a long play shared among threads;
//! - `intelligent`: the glue to intelligent mode's plans;
//! - `first_moves`: the first moves in the reference's order (MoveNumbers,
//!   StartMoveNumber, UpToMoveNumber).
//!
//! The setup of a problem meets the search through one small type, a [`Request`]: a
//! position, a stipulation, the settings and which part of the play is asked for.

mod battle;
mod first_moves;
mod goal;
mod help;
mod intelligent;
mod lines;
pub mod progress;
mod reciprocal;
mod relay;
mod series;
mod settings;
mod table;
mod tail;
mod threads;
mod tree;

pub use crate::solution::{
    Attack, Collected, Defence, Label, Line, LineMove, Mark, Phase, Phases, PlaySink, Played,
    Remark, Sink, Solution, Threat, Verdict,
};
pub use settings::SolveOptions;

use crate::bound::GoalBound;
use crate::moves::{Move, MoveList};
use crate::piece::Side;
use crate::plan::Following;
use crate::position::Position;
use crate::proof::ProofBound;
use crate::rules::RuleSet;
use crate::square::Square;
use crate::stipulation::{Family, Goal, Stipulation};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use table::{SharedTable, Table};

/// The stack a thread that searches is given: the search recurses once per half-move,
/// and a stipulation asks for at most [`MAX_MOVES`](fairyforge_vocab::MAX_MOVES) moves
/// (twice as many half-moves, and a battle branch after them); the memory is reserved,
/// and only what a search reaches is used.
pub const SEARCH_STACK: usize = 64 << 20;

/// Why solving stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The time limit passed.
    Time,
    /// The node limit was reached.
    Nodes,
    /// The user interrupted the search ([`SolveOptions::interrupt`]).
    Interrupted,
    /// The solution limit was reached.
    Solutions,
}

/// Searches one position for one stipulation.
pub struct Solver<'p, R: RuleSet> {
    pos: &'p mut Position<R>,
    stip: Stipulation,
    opts: SolveOptions,
    /// The side in White's role (Black's for the second half of a duplex).
    white: Side,
    pool: Vec<MoveList>,
    scratch: MoveList,
    table: Table,
    /// By attacker moves left: the attacking move that won last (tried first next time).
    killers: Vec<Option<(Square, Square)>>,
    stopped: Option<Stop>,
    found: usize,
    nodes: u64,
    /// Whether a help or series mate or stalemate is still within reach.
    bound: Option<GoalBound>,
    /// Whether a proof game's diagram is still within reach.
    proof: Option<ProofBound>,
    /// Under `NonTrivial`, the non-trivial defences still to grant beyond one at each
    /// move (part of every table key: answers differ with it).
    granted: u32,
    /// The first moves to try, when not all (`StartMoveNumber`, `UpToMoveNumber`).
    first_moves: Option<Vec<Move>>,
    /// The table of the workers of help play shared out, kept from one length to the
    /// next ([`Solver::share_first_moves`]).
    shared: Option<Arc<SharedTable>>,
    /// In intelligent mode, the plans of the help play under way and the units followed.
    plan: Option<Following>,
    /// Where the lines and keys found go ([`Solver::emit_line`]).
    out: Out<'p>,
    /// When lines found were last made and sent on ([`Solver::flush_due`]).
    flushed_at: Option<Instant>,
    /// In a worker of a shared search whose lines are made as found, where it hands
    /// its lines on.
    relay: Option<relay::Relay>,
    /// Moves the position had played before the search began.
    root_depth: usize,
}

impl<'p, R: RuleSet> Solver<'p, R> {
    /// A solver for `stip` from `pos`, with `white` in White's role.
    pub fn new(
        pos: &'p mut Position<R>,
        stip: Stipulation,
        opts: SolveOptions,
        white: Side,
    ) -> Self {
        let killers = vec![None; stip.moves as usize + 2];
        let bound = match (stip.family, stip.goal) {
            _ if !opts.goal_bound => None,
            // (the bound knows goals, not battle branches after help play)
            _ if stip.structured.is_some_and(|s| s.tail.is_some()) => None,
            (Family::Help | Family::SeriesHelp | Family::Series, Goal::Mate | Goal::Stalemate) => {
                GoalBound::new(pos, white.opponent(), stip.goal == Goal::Mate)
            }
            _ => None,
        };
        let granted = opts.non_trivial.map_or(0, |(m, _)| m);
        let proof = match &opts.target {
            Some(target) if opts.goal_bound && stip.goal.is_proof() => ProofBound::new(pos, target),
            _ => None,
        };
        let table = Table::new(opts.table_bytes);
        let root_depth = pos.history().len();
        Solver {
            root_depth,
            bound,
            proof,
            killers,
            pos,
            stip,
            opts,
            white,
            pool: Vec::new(),
            scratch: MoveList::with_capacity(64),
            table,
            stopped: None,
            found: 0,
            nodes: 0,
            granted,
            first_moves: None,
            shared: None,
            plan: None,
            out: Out::Kept(Collected::default()),
            flushed_at: None,
            relay: None,
        }
    }

    /// Why the search stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Positions visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn legal(&mut self) -> MoveList {
        let mut list = self.take_list();
        self.pos.legal_moves(&mut list);
        list
    }

    /// The moves of the side to move before the legality test (phases 1–4).
    fn pseudo(&mut self) -> MoveList {
        let mut list = self.take_list();
        self.pos.pseudo_moves(&mut list);
        list
    }

    /// A move list from the pool (a new one with room for most positions' moves).
    fn take_list(&mut self) -> MoveList {
        self.pool
            .pop()
            .unwrap_or_else(|| MoveList::with_capacity(128))
    }

    fn give_back(&mut self, list: MoveList) {
        self.pool.push(list);
    }

    fn key(&self) -> u64 {
        let plan = self.plan.as_ref().map_or(0, Following::key);
        self.pos.hash()
            ^ self.pos.rules().history_key(self.pos).rotate_left(17)
            ^ u64::from(self.granted).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ plan.wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(29)
    }

    fn out_of_time(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        self.nodes += 1;
        if self.nodes & (progress::REPORT_EVERY - 1) == 0 {
            self.report_progress();
            if let Some(deadline) = self.opts.deadline {
                if Instant::now() >= deadline {
                    self.stopped = Some(Stop::Time);
                }
            }
            if self.opts.max_nodes.is_some_and(|m| self.nodes >= m) {
                self.stopped = Some(Stop::Nodes);
            }
            let raised = |flag: &Arc<AtomicBool>| flag.load(Ordering::Relaxed);
            if self.opts.interrupt.as_ref().is_some_and(raised) {
                self.stopped = Some(Stop::Interrupted);
            }
        }
        self.stopped.is_some()
    }

    /// Tells the problem's [`Progress`](progress::Progress), if it has one, where the
    /// search is.
    fn report_progress(&self) {
        let Some(progress) = &self.opts.progress else {
            return;
        };
        let line = &self.pos.history()[self.root_depth.min(self.pos.history().len())..];
        let now = progress::Snapshot {
            first: line.first().map(|mv| (mv.from, mv.to)),
            depth: line.len(),
            length: self.stip.moves,
            solutions: self.found,
            nodes: 0,
        };
        progress.report(now, progress::REPORT_EVERY);
    }

    /// Stops the search once `MaxSolutions` solutions are found.
    fn check_solution_limit(&mut self) {
        if self.opts.max_solutions.is_some_and(|m| self.found >= m) {
            self.stopped = Some(Stop::Solutions);
        }
    }

    /// Solves: the side to move in the position must be the one the stipulation starts
    /// with (the caller arranges it).
    pub fn solve(&mut self) -> Solution {
        self.out = Out::Kept(Collected::default());
        self.search();
        let Out::Kept(found) = std::mem::replace(&mut self.out, Out::Kept(Collected::default()))
        else {
            unreachable!("the output was set to kept above")
        };
        match self.stip.family {
            Family::Direct | Family::SelfPlay | Family::Reflex => Solution::Tree(found.attacks),
            _ => Solution::Lines(found.lines),
        }
    }

    /// Solves as [`Solver::solve`], reporting each line or key with its play to `sink`
    /// as soon as it is complete, none kept.
    pub fn solve_into(&mut self, sink: &'p mut dyn Sink) {
        self.out = Out::Live(sink);
        self.search();
        self.out = Out::Kept(Collected::default());
    }

    /// The search of the stipulation's family, lines and keys going to `self.out`.
    fn search(&mut self) {
        if self.opts.first_moves.is_some() {
            let moves = self.moves_in_reference_order();
            let range = self.first_move_range(moves.len());
            self.first_moves = Some(moves[range].to_vec());
            self.give_back(moves);
        }
        match self.stip.family {
            Family::Direct | Family::SelfPlay | Family::Reflex => self.solve_battle(),
            Family::Help | Family::HelpSelf => self.solve_help(),
            Family::Series | Family::SeriesHelp | Family::SeriesSelf | Family::SeriesReflex => {
                self.solve_series()
            }
        }
    }

    /// A line found, made with its marks, goes to the output.
    fn emit_line(&mut self, line: Line) {
        match &mut self.out {
            Out::Kept(found) => found.lines.push(line),
            Out::Live(sink) => sink.line(line),
        }
    }

    /// The lines just sent on are a batch ([`Sink::batch_end`]).
    fn emit_batch_end(&mut self) {
        if let Out::Live(sink) = &mut self.out {
            sink.batch_end();
        }
    }

    /// A key or try with its play goes to the output.
    fn emit_attack(&mut self, attack: Attack) {
        match &mut self.out {
            Out::Kept(found) => found.attacks.push(attack),
            Out::Live(sink) => sink.attack(attack),
        }
    }

    /// Whether the lines found and kept as moves (`pending` of them) are to be made and
    /// sent on now: many are waiting, or the output streams and a while has passed since
    /// the last were sent (so that a line found is seen soon, not after the search).
    fn flush_due(&mut self, pending: usize) -> bool {
        if let Some(relay) = &mut self.relay {
            return relay.due(pending);
        }
        if pending == 0 || !self.flushes() {
            return false;
        }
        if pending >= help::FLUSH_FOUND {
            return true;
        }
        let live = matches!(self.out, Out::Live(_));
        let now = Instant::now();
        let due = live && self.flushed_at.is_none_or(|t| now - t >= FLUSH_EVERY);
        if due {
            self.flushed_at = Some(now);
        }
        due
    }
}

/// The longest a line found waits before it is sent on, when the output streams.
pub(super) const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

/// Where a search's lines and keys go.
enum Out<'p> {
    /// Kept, for [`Solver::solve`] to return.
    Kept(Collected),
    /// Sent on as soon as each is complete.
    Live(&'p mut dyn Sink),
}

/// Which part of the play a [`Request`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The play from the diagram.
    Full,
    /// Set play of battle play, or of series play ending in the other side's move: the
    /// other side moves first, in a position the caller has passed.
    SetPlay,
    /// Post-key play: the defender moves first, as after a key, in a position the
    /// caller has passed.
    PostKey,
}

/// What the setup of a problem hands the search: a position, a stipulation, the
/// settings, the side in White's role and the part of the play asked for.
#[derive(Clone)]
pub struct Request<R: RuleSet> {
    /// The position, the side to move the one that begins.
    pub position: Position<R>,
    /// What is asked.
    pub stipulation: Stipulation,
    /// How to search and what to show.
    pub settings: SolveOptions,
    /// The side in White's role.
    pub white: Side,
    /// Which play.
    pub play: Play,
    /// The option MoveNumbers: the first moves numbered before the play.
    pub numbered: bool,
}

/// What a search found and how it ended.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The solution; none for set play that shows nothing.
    pub solution: Option<Solution>,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
}

impl<R: RuleSet> Request<R> {
    /// Searches what the request asks for.
    pub fn solve(self) -> Solved {
        let mut phases = Phases::default();
        let stopped = self.solve_into(&mut phases);
        Solved {
            solution: phases.solutions.pop(),
            stopped,
        }
    }

    /// Searches what the request asks for, reporting it to `out` as one phase (none for
    /// set play that shows nothing): the play's lines or keys each as soon as it is
    /// complete, the rest whole. Why the search stopped early, if it did.
    pub fn solve_into(mut self, out: &mut dyn PlaySink) -> Option<Stop> {
        let mut solver = Solver::new(
            &mut self.position,
            self.stipulation,
            self.settings,
            self.white,
        );
        let started = Instant::now();
        let whole = match self.play {
            Play::PostKey => Some(Solution::PostKey(solver.post_key_play())),
            Play::SetPlay if solver.is_battle() => {
                let defences = solver.set_play();
                (!defences.is_empty()).then_some(Solution::SetPlay(defences))
            }
            Play::SetPlay => {
                let lines = solver.series_set_play();
                (!lines.is_empty()).then_some(Solution::Lines(lines))
            }
            // (the first moves are written each with the play it begins: kept)
            Play::Full if self.numbered => {
                let (skipped, moves) = solver.numbered_moves();
                let play = solver.solve();
                Some(Solution::Numbered {
                    skipped,
                    moves,
                    elapsed: started.elapsed(),
                    play: Box::new(play),
                })
            }
            Play::Full => {
                out.phase(if solver.is_battle() {
                    Phase::Tree
                } else {
                    Phase::Lines
                });
                solver.solve_into(out);
                let stopped = solver.stopped();
                drop(solver);
                out.phase_end();
                return stopped;
            }
        };
        if let Some(whole) = whole {
            out.phase(Phase::Whole(whole));
        }
        solver.stopped()
    }
}

/// The side that moves first under `stip` when `white` has White's role.
pub fn first_mover(stip: &Stipulation, white: Side) -> Side {
    let black = white.opponent();
    if stip.goal.is_proof() {
        // a proof game starts with White's first move
        return white;
    }
    match stip.family {
        Family::Help => {
            if stip.half {
                white
            } else {
                black
            }
        }
        Family::HelpSelf => {
            if stip.half {
                black
            } else {
                white
            }
        }
        Family::SeriesHelp => black,
        _ => white,
    }
}
