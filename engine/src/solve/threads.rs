//! Sharing the first moves of a long help or series play among threads: each worker
//! searches with its own copy of the position, all with one table, and the lines come
//! back in the order of the first moves, as the one search finds them.

use super::table::{self, SharedTable, Table, SHARED_TABLE_BITS};
use super::{Solver, Stop};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::RuleSet;
use crate::stipulation::{Family, Goal};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// The lines a worker of shared help play found after one first move, by its index.
type LinesOfFirst = (usize, Vec<Vec<Move>>);

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
    /// move; they are appended to `out` in the order of `roots`.
    pub(super) fn share_first_moves<F>(
        &mut self,
        roots: &[Move],
        out: &mut Vec<Vec<Move>>,
        explore: F,
    ) where
        F: Fn(&mut Solver<'_, R>, Move, &mut Vec<Vec<Move>>) + Sync,
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
        let by_first = self.share_out(
            roots.len(),
            |solver| {
                solver.table = Table::shared(shared.clone());
                solver.plan.clone_from(&plan);
            },
            |solver, i, lines| explore(solver, roots[i], lines),
        );
        for (_, lines) in by_first {
            self.found += lines.len();
            out.extend(lines);
        }
    }

    /// Shares `count` pieces of work out among `threads` workers, each with a copy of
    /// the position set up by `setup`; `work` does piece `i`. What each piece found, in
    /// the order of the pieces.
    pub(super) fn share_out<S, W>(&mut self, count: usize, setup: S, work: W) -> Vec<LinesOfFirst>
    where
        S: Fn(&mut Solver<'_, R>) + Sync,
        W: Fn(&mut Solver<'_, R>, usize, &mut Vec<Vec<Move>>) + Sync,
    {
        let next = AtomicUsize::new(0);
        let halt = AtomicBool::new(false);
        let workers = self.opts.threads.min(count).max(1);
        let (stip, opts, white) = (self.stip.clone(), self.opts.clone(), self.white);
        let base: &Position<R> = self.pos;
        let (setup, work) = (&setup, &work);
        let finished: Vec<(Vec<LinesOfFirst>, Option<Stop>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    let (stip, opts) = (stip.clone(), opts.clone());
                    let (next, halt) = (&next, &halt);
                    let worker = std::thread::Builder::new().stack_size(super::SEARCH_STACK);
                    worker.spawn_scoped(scope, move || {
                        let mut pos = base.clone();
                        let mut solver = Solver::new(&mut pos, stip, opts, white);
                        setup(&mut solver);
                        let mut found = Vec::new();
                        while !halt.load(Ordering::Relaxed) {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= count {
                                break;
                            }
                            let mut lines = Vec::new();
                            work(&mut solver, i, &mut lines);
                            found.push((i, lines));
                            if solver.stopped.is_some() {
                                halt.store(true, Ordering::Relaxed);
                            }
                        }
                        (found, solver.stopped)
                    })
                })
                .collect();
            // (a worker that could not start, or panicked, loses lines: the panic goes on
            // to the caller, which reports the problem as failed)
            handles
                .into_iter()
                .map(|h| match h.map(|h| h.join()) {
                    Ok(Ok(found)) => found,
                    Ok(Err(panic)) => std::panic::resume_unwind(panic),
                    Err(e) => panic!("a search thread could not start: {e}"),
                })
                .collect()
        });
        let mut by_piece: Vec<LinesOfFirst> = Vec::new();
        for (found, stopped) in finished {
            by_piece.extend(found);
            self.stopped = self.stopped.or(stopped);
        }
        by_piece.sort_by_key(|(i, _)| *i);
        by_piece
    }
}
