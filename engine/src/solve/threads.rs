//! Sharing the first moves of a long help or series play among threads: each worker
//! searches with its own copy of the position, all with one table, and the lines come
//! back in the order of the first moves, as the one search finds them, each first
//! move's as soon as it and those before it are explored.

use super::relay::{Handed, Relay, Turn};
use super::table::{self, SharedTable, Table, SHARED_TABLE_BITS};
use super::Solver;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::RuleSet;
use crate::stipulation::{Family, Goal};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// The most handed lots of lines waiting for the search that shares the work.
const HANDED_AHEAD: usize = 4;

/// Lets every waiting worker go on when a worker ends by a panic (its piece never
/// done, no later piece's turn would come).
struct Abandon(Option<Arc<Turn>>);

impl Drop for Abandon {
    fn drop(&mut self) {
        if let (true, Some(turn)) = (std::thread::panicking(), &self.0) {
            turn.abandon();
        }
    }
}

impl<R: RuleSet> Solver<'_, R> {
    /// Whether help play of `len` half-moves from the diagram is shared out among
    /// workers: a long plain help mate or stalemate, with more than one thread allowed
    /// and nothing that depends on the order the lines are found in.
    pub(super) fn shares_help(&self, len: u32) -> bool {
        self.opts.threads > 1
            && len >= 5
            && self.stip.family == Family::Help
            && matches!(self.stip.goal, Goal::Mate | Goal::Stalemate)
            && !self.stip.reflex
            && self.stip.reci.is_none()
            && self.stip.structured.is_none()
            && self.proof.is_none()
            && self.opts.max_solutions.is_none()
            && self.first_moves.is_none()
            // (a search under a time limit makes its lines as it finds them, so that the
            // limit holds for that too: one search)
            && self.opts.deadline.is_none()
    }

    /// Shares `roots`, first moves, out among `threads` workers, each with a copy of the
    /// position, all with one table (which holds only settled answers, so each worker
    /// finds every line the one search finds). `explore` finds the lines after one first
    /// move. The lines come back in the order of `roots`, each first move's as soon as
    /// it and those before it are explored: made at once by `make` when the search
    /// makes its lines as it goes ([`Solver::flushes`]), else appended to `out`.
    pub(super) fn share_first_moves<F, M>(
        &mut self,
        roots: &[Move],
        out: &mut Vec<Vec<Move>>,
        explore: F,
        mut make: M,
    ) where
        F: Fn(&mut Solver<'_, R>, Move, &mut Vec<Vec<Move>>) + Sync,
        M: FnMut(&mut Self, Vec<Vec<Move>>),
    {
        let opts_bytes = self.opts.table_bytes;
        let shared = self
            .shared
            .get_or_insert_with(|| {
                let bits = table::slots_within(opts_bytes).trailing_zeros();
                Arc::new(SharedTable::new(bits.min(SHARED_TABLE_BITS)))
            })
            .clone();
        let plan = self.plan.clone();
        let flushing = self.flushes();
        self.share_out(
            roots.len(),
            |solver| {
                solver.table = Table::shared(shared.clone());
                solver.plan.clone_from(&plan);
            },
            |solver, i, lines| explore(solver, roots[i], lines),
            |solver, lines| {
                solver.found += lines.len();
                if flushing {
                    make(solver, lines);
                } else {
                    out.extend(lines);
                }
            },
        );
    }

    /// Shares `count` pieces of work out among `threads` workers, each with a copy of
    /// the position set up by `setup`; `work` does piece `i`. What each piece found goes
    /// to `deliver`, in the order of the pieces, as soon as the piece and those before
    /// it are done.
    pub(super) fn share_out<S, W, D>(&mut self, count: usize, setup: S, work: W, mut deliver: D)
    where
        S: Fn(&mut Solver<'_, R>) + Sync,
        W: Fn(&mut Solver<'_, R>, usize, &mut Vec<Vec<Move>>) + Sync,
        D: FnMut(&mut Self, Vec<Vec<Move>>),
    {
        let next = AtomicUsize::new(0);
        let halt = AtomicBool::new(false);
        let workers = self.opts.threads.min(count).max(1);
        let (stip, opts, white) = (self.stip.clone(), self.opts.clone(), self.white);
        let base: Position<R> = self.pos.clone();
        let (setup, work) = (&setup, &work);
        // (a bounded channel: workers wait while the lines handed on are being made,
        // rather than pile them up)
        let (to, handed) = mpsc::sync_channel::<Handed>(HANDED_AHEAD);
        // (lines are handed on before a piece is done only when they are made as found)
        let turn = self.flushes().then(|| Arc::new(Turn::default()));
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    let (stip, opts, to, turn) =
                        (stip.clone(), opts.clone(), to.clone(), turn.clone());
                    let (next, halt, base) = (&next, &halt, &base);
                    let worker = std::thread::Builder::new().stack_size(super::SEARCH_STACK);
                    worker.spawn_scoped(scope, move || {
                        let _abandon = Abandon(turn.clone());
                        let mut pos = base.clone();
                        let mut solver = Solver::new(&mut pos, stip, opts, white);
                        setup(&mut solver);
                        while !halt.load(Ordering::Relaxed) {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= count {
                                break;
                            }
                            solver.relay = turn.clone().map(|t| Relay::new(i, t, to.clone()));
                            let mut lines = Vec::new();
                            work(&mut solver, i, &mut lines);
                            solver.relay = None;
                            let _ = to.send(Handed::Done(i, lines));
                            if solver.stopped.is_some() {
                                halt.store(true, Ordering::Relaxed);
                            }
                        }
                        solver.stopped
                    })
                })
                .collect();
            drop(to);
            // each piece in order, as soon as those before it are in; the lines of the
            // piece whose turn it is as they come
            let mut waiting = BTreeMap::new();
            let mut in_order = 0;
            for handed in handed {
                let (i, lines) = match handed {
                    Handed::Part(lines) => {
                        deliver(self, lines);
                        continue;
                    }
                    Handed::Done(i, lines) => (i, lines),
                };
                waiting.insert(i, lines);
                while let Some(lines) = waiting.remove(&in_order) {
                    deliver(self, lines);
                    in_order += 1;
                    if let Some(turn) = &turn {
                        turn.pass_to(in_order);
                    }
                }
            }
            // (pieces after one never done, when the workers halted)
            for (_, lines) in std::mem::take(&mut waiting) {
                deliver(self, lines);
            }
            // (a worker that could not start, or panicked, loses lines: the panic goes on
            // to the caller, which reports the problem as failed)
            for handle in handles {
                let stopped = match handle.map(|h| h.join()) {
                    Ok(Ok(stopped)) => stopped,
                    Ok(Err(panic)) => std::panic::resume_unwind(panic),
                    Err(e) => panic!("a search thread could not start: {e}"),
                };
                self.stopped = self.stopped.or(stopped);
            }
        });
    }
}
