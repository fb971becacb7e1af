//! Help play: every line of the given length in which the two sides together reach the
//! goal (help, help-self and help-reflex play, proof games, help play ending in a battle
//! branch), shorter solutions (by whole moves) found at their own length first.

use super::table::{table_key, TAG_HELP};
use super::Solver;
use crate::bound::Verdict;
use crate::moves::Move;
use crate::plan::Following;
use crate::rules::RuleSet;
use crate::solution::{Label, Line, LineMove, Played};
use crate::stipulation::{Family, Goal};

/// The fewest half-moves of help play that intelligent mode searches by plans.
const PLANNED_HELP: u32 = 8;

/// Lines found and kept as moves, past which a search under a time limit makes them
/// lines with their marks at once ([`Solver::flush_found`]): the making takes time, which
/// the limit must count, and the lines made are smaller to keep than the search's.
pub(super) const FLUSH_FOUND: usize = 256;

/// The moves of the mating side and of the goal side in help play of `len` half-moves
/// (the goal side moves second to last, the mating side last).
pub(super) fn help_budget(len: u32) -> (u32, u32) {
    (len.div_ceil(2), len / 2)
}

impl<R: RuleSet> Solver<'_, R> {
    /// Help play from the diagram: each line to the output, as soon as it is found
    /// ([`Solver::flush_due`]) or its length searched.
    pub(super) fn solve_help(&mut self) {
        // help-reflex play in which the side to move can reach the goal itself: it must,
        // which ends the play before it began; its goal moves are written marked `?!?`
        if self.stip.reflex && self.pos.side() == self.white {
            let forced = self.goal_moves();
            if !forced.is_empty() {
                for played in forced {
                    self.emit_line(Line::forced(played));
                }
                return;
            }
        }
        // the reference counts shorter solutions (by whole moves) as solutions too
        let total = self.stip.half_moves();
        // (help-reflex play ends wherever the goal can be reached: one search finds the
        // short lines too)
        // (a battle branch after help play may follow no help move at all)
        let tail = self.stip.structured.and_then(|s| s.tail);
        let mut len = if self.stip.reflex || self.stip.exact {
            total
        } else if tail.is_some() {
            total % 2
        } else {
            2 - total % 2
        };
        // the plans of the whole play hold those of every shorter one
        // (the plain search is cheap for a short play, and drawing up plans is not)
        let plans = if self.stip.family == Family::Help && total >= PLANNED_HELP {
            self.draw_plans(help_budget(total))
        } else {
            None
        };
        let mut any = false;
        while len <= total && self.stopped.is_none() {
            let budget = help_budget(len);
            if let (Some(plans), true) = (&plans, len >= PLANNED_HELP) {
                self.plan = Some(Following::new(plans.within(budget), self.pos, budget));
            }
            let mut found = Vec::new();
            let before = self.found;
            self.help_root(len, &mut Vec::new(), &mut found);
            self.plan = None;
            any |= self.found > before;
            self.report_help_lines(found);
            if self.opts.stop_on_short && any {
                break;
            }
            len += 2;
        }
    }

    /// Help play from the diagram in `len` half-moves: when the search is long enough
    /// and `threads` allows, with the first moves shared out
    /// ([`Solver::share_first_moves`]).
    fn help_root(&mut self, len: u32, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
        if !self.shares_help(len) {
            self.help(len, line, out);
            return;
        }
        let Some(roots) = self.help_first_moves(len) else {
            return;
        };
        self.share_first_moves(
            &roots,
            out,
            |solver, mv, lines| {
                solver.pos.make(mv);
                solver.follow_make(&mv);
                solver.help(len - 1, &mut vec![mv], lines);
                solver.follow_unmake(&mv);
                solver.pos.unmake();
            },
            Solver::report_help_lines,
        );
    }

    /// The legal first moves of help play in `len` half-moves worth trying, in the
    /// order the one search tries them; `None` when the goal is out of reach.
    fn help_first_moves(&mut self, len: u32) -> Option<Vec<Move>> {
        let helping = self.help_bound(len)?;
        let moves = self.legal();
        let roots = moves
            .iter()
            .filter(|mv| !self.unhelpful(helping, mv))
            .copied()
            .collect();
        self.give_back(moves);
        Some(roots)
    }

    /// What the goal bound says of help play with `left` half-moves: `None` when the goal
    /// is out of reach; else the moves each side has left after the next one when only
    /// moves that help are worth trying ([`Solver::unhelpful`]).
    fn help_bound(&mut self, left: u32) -> Option<Option<(u32, u32)>> {
        let Some(bound) = &mut self.bound else {
            return Some(None);
        };
        // (a plan's own test is stronger and cheaper)
        if self.plan.is_some() {
            return Some(None);
        }
        match bound.verdict(self.pos, help_budget(left), help_budget(left - 1)) {
            Verdict::OutOfReach => None,
            Verdict::HelpingMovesOnly => Some(Some(help_budget(left - 1))),
            Verdict::AnyMove => Some(None),
        }
    }

    /// Whether `mv`, just made with `left` half-moves to go (more than one), ends help
    /// play whose goal does not end the game (check, capture, target square, Steingewinn,
    /// auto-stalemate): in help play a move of the
    /// last mover that reaches the goal, in help-self play a move of White's after which
    /// Black must reach it.
    fn ends_play_early(&mut self, left: u32, mv: &Move) -> bool {
        let goal = self.stip.goal;
        let open = matches!(
            goal,
            Goal::Check | Goal::Capture | Goal::Target(_) | Goal::Steingewinn | Goal::AutoStalemate
        );
        if left.is_multiple_of(2) || !open {
            return false;
        }
        match self.stip.family {
            Family::Help => self.goal_after(mv),
            Family::HelpSelf => self.defence_loses(0),
            _ => false,
        }
    }

    /// Whether `mv` is not worth trying when the goal bound allows only moves that help
    /// (`helping`: the moves each side has left after it).
    pub(super) fn unhelpful(&mut self, helping: Option<(u32, u32)>, mv: &Move) -> bool {
        match (helping, &mut self.bound) {
            (Some((mating, goal)), Some(bound)) => !bound.may_help(self.pos, mv, mating, goal),
            _ => false,
        }
    }

    /// Help play with `left` half-moves from here, `line` the moves before: records in
    /// `out` every line that reaches the end; whether there was one.
    fn help(&mut self, left: u32, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) -> bool {
        if self.out_of_time() {
            return false;
        }
        let key = table_key(self.key(), left, TAG_HELP);
        if self.table.get(key) == Some(false) {
            return false;
        }
        if let Some(found) = self.help_settled(key, left, line, out) {
            return found;
        }
        let Ok(entered) = self.follow_enter(left.div_ceil(2), left / 2) else {
            self.table.insert(key, false);
            return false;
        };
        let helping = if self.stip.family == Family::Help {
            let Some(helping) = self.help_bound(left) else {
                self.follow_leave(entered);
                self.table.insert(key, false);
                return false;
            };
            helping
        } else {
            None
        };
        let any = self.help_moves(left, helping, entered, line, out);
        self.follow_leave(entered);
        if !any && self.stopped.is_none() {
            self.table.insert(key, false);
        }
        any
    }

    /// What help play with `left` half-moves from here comes to without trying its
    /// moves, when that is settled: a proof game's diagram out of reach, help-reflex
    /// play ended by a goal move, the last move of reciprocal play, help play ending in
    /// a battle branch that succeeds here.
    fn help_settled(
        &mut self,
        key: u64,
        left: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> Option<bool> {
        if let Some(proof) = &self.proof {
            if proof.out_of_reach(self.pos, left.div_ceil(2), left / 2) {
                self.table.insert(key, false);
                return Some(false);
            }
        }
        if self.stip.reflex {
            // either side reaches the goal as soon as it can, which ends the play: a
            // solution when it is the goal side (unless the play is exact), else a line
            // that goes nowhere
            let goal_side = self.pos.side() == self.white.opponent();
            if goal_side && !self.stip.exact {
                if self.record_goal_replies(line, out) {
                    return Some(true);
                }
            } else if self.can_reach_goal() {
                self.table.insert(key, false);
                return Some(false);
            }
        }
        if left == 2 && self.stip.reci.is_some() {
            return Some(self.reciprocal(key, line, out));
        }
        let tail = self.stip.structured.and_then(|s| s.tail);
        // `>`: a line through a position where the battle branch succeeds ends there (a
        // shorter solution, found at its own length)
        if let Some(tail) = tail {
            if tail.ends_early && left >= 2 && left.is_multiple_of(2) && self.tail_holds(tail) {
                self.table.insert(key, false);
                return Some(false);
            }
        }
        if left > 0 {
            return None;
        }
        // no help move: the battle branch from this very position
        let holds = tail.is_some_and(|tail| self.tail_holds(tail));
        if holds {
            out.push(line.clone());
            self.found += 1;
        }
        Some(holds)
    }

    /// The moves of help play with `left` half-moves (at least one) from here, each
    /// tried ([`Solver::help_move`]); whether some line reaches the end.
    fn help_moves(
        &mut self,
        left: u32,
        helping: Option<(u32, u32)>,
        entered: bool,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        // without a selecting condition nor one judging a move by the position it leaves,
        // legality is tested on the move just made, so each move is made once
        let rules = self.pos.rules();
        let checked = !rules.has_selection() && !rules.has_legality_test();
        let moves = if checked { self.pseudo() } else { self.legal() };
        let mover = self.pos.side();
        // the last move of a help mate must give check: test that first, it is rarer
        let tail = self.stip.structured.and_then(|s| s.tail);
        let must_check = left == 1
            && self.stip.family != Family::HelpSelf
            && tail.is_none()
            && self.goal_needs_check();
        let filter = if must_check {
            self.pos.check_filter()
        } else {
            None
        };
        let mut any = false;
        let first = line.is_empty();
        for mv in &moves {
            if self.left_out(first, mv) {
                continue;
            }
            if must_check && !(self.pos.may_check(mv, filter) && self.pos.gives_check(mv)) {
                continue;
            }
            if self.unhelpful(helping, mv) || !self.plan_allows(entered, mv) {
                continue;
            }
            self.pos.make(*mv);
            if checked && self.pos.in_check(mover) {
                self.pos.unmake();
                continue;
            }
            self.follow_make(mv);
            line.push(*mv);
            any |= self.help_move(left, mv, line, out);
            line.pop();
            self.pos.unmake();
            self.follow_unmake(mv);
            if self.flush_due(out.len()) {
                self.flush_found(line, out);
            }
            self.check_solution_limit();
            if self.stopped.is_some() {
                break;
            }
        }
        self.give_back(moves);
        any
    }

    /// After `mv`, just made with `left` half-moves to go (this one included) and ending
    /// `line`: whether some line through it reaches the end, each recorded in `out`.
    fn help_move(
        &mut self,
        left: u32,
        mv: &Move,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        let tail = self.stip.structured.and_then(|s| s.tail);
        if left > 1 {
            // a move that ends the play early is a shorter solution, found at its own
            // length, never a way through
            return !(tail.is_none() && self.ends_play_early(left, mv))
                && self.help(left - 1, line, out);
        }
        let ok = match self.stip.family {
            // the last move forces the other side to reach the goal: the line ends with
            // each of its goal moves
            Family::HelpSelf if self.stip.reflex => return self.record_goal_replies(line, out),
            Family::HelpSelf => {
                return self.defence_loses(0) && self.record_goal_replies(line, out)
            }
            _ => match tail {
                Some(tail) => self.tail_holds(tail),
                None => self.goal_after(mv),
            },
        };
        if ok {
            out.push(line.clone());
            self.found += 1;
        }
        ok
    }
}

impl<R: RuleSet> Solver<'_, R> {
    /// Whether lines found are made lines with their marks as the search goes
    /// ([`Solver::flush_found`]): under a time limit or an interruption, or when the
    /// output streams, in the one search (not in a worker of a shared one, whose lines
    /// are put in order after).
    pub(super) fn flushes(&self) -> bool {
        (self.opts.deadline.is_some()
            || self.opts.interrupt.is_some()
            || matches!(self.out, super::Out::Live(_)))
            && !self.table.is_shared()
    }

    /// Makes the lines `out` found so far lines with their marks and sends them to the
    /// output: the position, `line` played from the diagram, is taken back to it for
    /// that, and `line` played again.
    fn flush_found(&mut self, line: &[Move], out: &mut Vec<Vec<Move>>) {
        if let Some(relay) = &mut self.relay {
            relay.hand(std::mem::take(out));
            return;
        }
        for _ in line {
            self.pos.unmake();
        }
        self.report_help_lines(std::mem::take(out));
        for mv in line {
            self.pos.make(*mv);
        }
    }
}

impl Line {
    /// The line of one goal move the first mover of help-reflex play must play, marked
    /// `?!?`.
    fn forced(played: Played) -> Line {
        Line {
            skipped_first: false,
            moves: vec![LineMove {
                number: 1,
                label: Label::Number,
                inside_series: false,
                played,
            }],
            forced: true,
        }
    }
}
