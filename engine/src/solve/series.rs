//! Series play: one side plays a series of moves, the other passing, to reach the goal
//! (`ser-#`), to let the other side reach it in one (`ser-h#`), or to force it to
//! (`ser-s#`, `ser-r#`); and the set play of the last three.

use super::table::{table_key, TAG_SERIES};
use super::Solver;
use crate::bound::Verdict;
use crate::moves::Move;
use crate::plan::Following;
use crate::rules::RuleSet;
use crate::solution::{Label, Line, LineMove};
use crate::stipulation::{Family, Goal};

impl<R: RuleSet> Solver<'_, R> {
    /// Series play from the diagram: each line to the output.
    pub(super) fn solve_series(&mut self) {
        let mut lines = Vec::new();
        let mut line = Vec::new();
        let n = self.stip.moves;
        if self.stip.family == Family::SeriesHelp {
            if let Some(plans) = self.draw_plans((1, n)) {
                self.plan = Some(Following::new(plans, self.pos, (1, n)));
            }
        }
        self.series(n, &mut line, &mut lines);
        self.plan = None;
        for l in lines {
            let written = self.series_line(&l);
            self.emit_line(written);
        }
        self.emit_batch_end();
    }

    /// The series side (to move) has `left` moves; records every line reaching the end.
    pub(super) fn series(
        &mut self,
        left: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        if self.out_of_time() {
            return false;
        }
        let key = table_key(self.key(), left, TAG_SERIES);
        if self.table.get(key) == Some(false) {
            return false;
        }
        if let Some(proof) = &self.proof {
            // the other side never moves in a series proof game
            if proof.out_of_reach(self.pos, left, 0) {
                self.table.insert(key, false);
                return false;
            }
        }
        if left == 1 && self.stip.reci.is_some() {
            return self.reciprocal(key, line, out);
        }
        let Ok(entered) = self.follow_enter(1, left) else {
            self.table.insert(key, false);
            return false;
        };
        let Some(helping) = self.series_bound(left) else {
            self.follow_leave(entered);
            self.table.insert(key, false);
            return false;
        };
        let moves = self.legal();
        // in reflex play a side that can reach the goal must: the series side too
        if self.stip.family == Family::SeriesReflex && self.some_move_reaches_goal(&moves) {
            self.give_back(moves);
            self.follow_leave(entered);
            return false;
        }
        let first = line.is_empty();
        if first && self.shares_series(left) {
            let roots: Vec<Move> = moves
                .iter()
                .filter(|mv| !self.unhelpful(helping, mv))
                .copied()
                .collect();
            self.give_back(moves);
            let any = self.share_series(left, &roots, out);
            self.follow_leave(entered);
            return any;
        }
        let mut any = false;
        for mv in &moves {
            if self.unhelpful(helping, mv)
                || self.left_out(first, mv)
                || !self.plan_allows(entered, mv)
            {
                continue;
            }
            any |= self.series_move(left, mv, line, out);
            if self.flush_due(out.len()) {
                self.flush_series(line, out);
            }
            self.check_solution_limit();
            if self.stopped.is_some() {
                break;
            }
        }
        self.give_back(moves);
        self.follow_leave(entered);
        if !any && self.stopped.is_none() {
            self.table.insert(key, false);
        }
        any
    }

    /// What the goal bound says of series play with `left` moves (outside intelligent
    /// mode, whose plans test more): `None` when the goal is out of reach; else the
    /// moves each side has left after the next one when only moves that help are worth
    /// trying ([`Solver::unhelpful`]).
    fn series_bound(&mut self, left: u32) -> Option<Option<(u32, u32)>> {
        let (Some(bound), None) = (&mut self.bound, &self.plan) else {
            return Some(None);
        };
        // ser-h: the goal side plays the series, the other mates; ser-: the reverse
        let (now, after) = match self.stip.family {
            Family::SeriesHelp => ((1, left), (1, left - 1)),
            _ => ((left, 0), (left - 1, 0)),
        };
        match bound.verdict(self.pos, now, after) {
            Verdict::OutOfReach => None,
            Verdict::HelpingMovesOnly => Some(Some(after)),
            Verdict::AnyMove => Some(None),
        }
    }

    /// Series play of `left` moves from the diagram, its first moves `roots` shared out
    /// among workers; whether some line reaches the end.
    fn share_series(&mut self, left: u32, roots: &[Move], out: &mut Vec<Vec<Move>>) -> bool {
        let before = self.found;
        self.share_first_moves(
            roots,
            out,
            |solver, mv, lines| {
                solver.series_move(left, &mv, &mut Vec::new(), lines);
            },
            |solver, lines| {
                for l in lines {
                    let made = solver.series_line(&l);
                    solver.emit_line(made);
                }
                solver.emit_batch_end();
            },
        );
        self.found > before
    }

    /// Whether series play of `left` moves from the diagram is shared out among workers
    /// ([`Solver::share_first_moves`]): a long plain series or help series to mate or
    /// stalemate, with more than one thread allowed, no time limit and nothing that
    /// depends on the order the lines are found in.
    pub(super) fn shares_series(&self, left: u32) -> bool {
        self.opts.threads > 1
            && left >= 4
            && matches!(self.stip.family, Family::Series | Family::SeriesHelp)
            && matches!(self.stip.goal, Goal::Mate | Goal::Stalemate)
            && self.stip.reci.is_none()
            && self.proof.is_none()
            && self.opts.max_solutions.is_none()
            && self.first_moves.is_none()
            // (a search under a time limit makes its lines as it finds them, so that the
            // limit holds for that too: one search)
            && self.opts.deadline.is_none()
    }

    /// One move `mv` of the series side with `left` moves (this one included), `line`
    /// the moves before it: records the lines through it that reach the end.
    pub(super) fn series_move(
        &mut self,
        left: u32,
        mv: &Move,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        let mut any = false;
        self.pos.make(*mv);
        self.follow_make(mv);
        line.push(*mv);
        let mut ended = false;
        // the series may end here
        match self.stip.family {
            // (exact play ends with its last move only)
            Family::Series if self.stip.exact && left > 1 => {}
            Family::Series => {
                // (a series that reaches a goal that leaves the other side free to move,
                // such as a target square, ends there)
                if self.goal_after(mv) {
                    out.push(line.clone());
                    self.found += 1;
                    any = true;
                    ended = matches!(
                        self.stip.goal,
                        Goal::Target(_) | Goal::Steingewinn | Goal::AutoStalemate
                    );
                }
            }
            // (reciprocal play ends only with its reciprocal last move)
            Family::SeriesHelp if self.stip.reci.is_none() && (!self.stip.exact || left == 1) => {
                // (in intelligent mode, only where a plan is complete but for the last move)
                if self.plan_may_end() {
                    any |= self.record_goal_replies(line, out);
                }
            }
            Family::SeriesHelp => {}
            _ => {
                // the other side is forced to reach the goal: the play ends with
                // its goal move (too soon in exact play, before the series' last move)
                if self.defence_loses(0) {
                    ended = true;
                    if !self.stip.exact || left == 1 {
                        any |= self.record_goal_replies(line, out);
                    }
                }
            }
        }
        // or go on, when the other side is not in check
        if !ended && left > 1 && !self.pos.in_check(self.pos.side()) {
            self.pos.pass();
            any |= self.series(left - 1, line, out);
            self.pos.unpass();
        }
        line.pop();
        self.pos.unmake();
        self.follow_unmake(mv);
        any
    }

    /// Makes the lines `out` found so far lines with their marks, kept in order for the
    /// sink, as help play does ([`Solver::flush_found`]): a long series found line after
    /// line (each differing from the one before in its last moves only) is otherwise
    /// kept as that many copies of its moves, memory growing with the length written,
    /// and made only after the time limit. `line` is the series played from the
    /// diagram, the other side passing after each move; it is taken back and played
    /// again.
    fn flush_series(&mut self, line: &[Move], out: &mut Vec<Vec<Move>>) {
        if let Some(relay) = &mut self.relay {
            relay.hand(std::mem::take(out));
            return;
        }
        for _ in line {
            self.pos.unpass();
            self.pos.unmake();
        }
        for l in std::mem::take(out) {
            let made = self.series_line(&l);
            self.emit_line(made);
        }
        self.emit_batch_end();
        for mv in line {
            self.pos.make(*mv);
            self.pos.pass();
        }
    }

    /// Records `line` completed by each reply of the side to move that reaches the
    /// goal; whether there was one.
    pub(super) fn record_goal_replies(
        &mut self,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        let replies = self.legal();
        let mut any = false;
        for r in &replies {
            self.pos.make(*r);
            if self.goal_after(r) {
                line.push(*r);
                out.push(line.clone());
                line.pop();
                self.found += 1;
                any = true;
            }
            self.pos.unmake();
        }
        self.give_back(replies);
        any
    }

    /// Set play of series self, reflex and help play, the side that moves after the
    /// series to move in the diagram: its moves that reach the goal at once, each a line
    /// `1...move`.
    pub fn series_set_play(&mut self) -> Vec<Line> {
        let goal_moves = self.goal_moves();
        goal_moves
            .into_iter()
            .map(|played| Line {
                skipped_first: false,
                moves: vec![LineMove {
                    number: 1,
                    label: Label::Ellipsis,
                    inside_series: false,
                    played,
                }],
                forced: false,
            })
            .collect()
    }
}
