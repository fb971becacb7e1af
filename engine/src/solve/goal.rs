//! The goal tests: whether a move reaches the stipulation's goal (cheaply, before the
//! move is made, where the goal needs a check), and the marks a move leaves behind.

use super::Solver;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::rules::RuleSet;
use crate::solution::{Mark, Played};
use crate::stipulation::Goal;

impl<R: RuleSet> Solver<'_, R> {
    /// Whether the goal is reached by `mv`, just made (the other side is to move).
    pub(super) fn goal_after(&mut self, mv: &Move) -> bool {
        self.reaches(self.stip.goal, mv)
    }

    /// Whether `goal` is reached by `mv`, just made (the other side is to move).
    pub(super) fn reaches(&mut self, goal: Goal, mv: &Move) -> bool {
        let side = self.pos.side();
        match goal {
            Goal::Mate => {
                self.pos.checked_for_goal(&mut self.scratch)
                    && !self.pos.has_legal_move(&mut self.scratch)
            }
            Goal::Stalemate => {
                !self.pos.checked_for_goal(&mut self.scratch)
                    && !self.pos.has_legal_move(&mut self.scratch)
            }
            Goal::DoubleStalemate => {
                if self.pos.checked_for_goal(&mut self.scratch)
                    || self.pos.has_legal_move(&mut self.scratch)
                {
                    return false;
                }
                self.other_side_stalemated()
            }
            Goal::Check => self.pos.in_check(side),
            Goal::Capture => mv.is_capture(),
            Goal::Castling => matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong),
            Goal::MateOrStalemate => !self.pos.has_legal_move(&mut self.scratch),
            Goal::EnPassant => mv.kind == MoveKind::EnPassant,
            Goal::Any => true,
            Goal::Target(target) => mv.mover_lands().is_some_and(|(sq, _)| sq == target),
            // a capture that wins the unit: not one reborn
            Goal::Steingewinn => mv.is_capture() && !mv.brings_back(),
            Goal::AutoStalemate => {
                !self.pos.checked_for_goal(&mut self.scratch) && self.other_side_immobile()
            }
            Goal::ProofGame | Goal::AToB => self.opts.target.as_ref() == Some(self.pos.board()),
            // the setup refuses every other goal (`Goal::solvable`)
            _ => false,
        }
    }

    /// Whether the side not to move would be stalemated were it to move.
    fn other_side_stalemated(&mut self) -> bool {
        self.pos.pass();
        let other = !self.pos.checked_for_goal(&mut self.scratch)
            && !self.pos.has_legal_move(&mut self.scratch);
        self.pos.unpass();
        other
    }

    /// Whether the side not to move would have no legal move were it to move.
    fn other_side_immobile(&mut self) -> bool {
        self.pos.pass();
        let immobile = !self.pos.has_legal_move(&mut self.scratch);
        self.pos.unpass();
        immobile
    }

    /// Whether the goal is reached only by a move that checks (mate, check).
    pub(super) fn goal_needs_check(&self) -> bool {
        matches!(self.stip.goal, Goal::Mate | Goal::Check)
    }

    /// Whether the pseudo-legal `mv` reaches the goal. A goal that needs a check is
    /// refused at once, without making the move, when `filter` (the position's
    /// [`Position::check_filter`](crate::position::Position::check_filter)) shows the
    /// move cannot check.
    pub(super) fn reaches_goal(&mut self, mv: &Move, filter: Option<(Bitboard, Bitboard)>) -> bool {
        if self.goal_needs_check() && !(self.pos.may_check(mv, filter) && self.pos.gives_check(mv))
        {
            return false;
        }
        self.pos.make(*mv);
        let reached = self.goal_after(mv);
        self.pos.unmake();
        reached
    }

    /// Whether the side to move has moves and each of them reaches the goal. Usually one
    /// legal move that does not settles it, so without a selecting condition moves are
    /// tested for the goal (cheaply, when it needs a check) before legality.
    pub(super) fn every_move_reaches_goal(&mut self) -> bool {
        let selects = self.pos.rules().has_selection();
        let moves = if selects { self.legal() } else { self.pseudo() };
        let filter = self.pos.check_filter();
        let (mut any, mut all) = (false, true);
        for mv in &moves {
            let reached = self.reaches_goal(mv, filter);
            if !selects && !self.pos.is_legal(mv) {
                continue;
            }
            any = true;
            if !reached {
                all = false;
                break;
            }
        }
        self.give_back(moves);
        any && all
    }

    /// Whether the side to move has a legal move that reaches the goal. Without a
    /// selecting condition, moves are tested for the goal (cheaply, when it needs a
    /// check) before legality, as most of them fail the first test.
    pub(super) fn pseudo_move_reaches_goal(&mut self) -> bool {
        if self.pos.rules().has_selection() {
            return self.can_reach_goal();
        }
        let moves = self.pseudo();
        let filter = self.pos.check_filter();
        let needs_check = self.goal_needs_check();
        let mut found = false;
        for mv in &moves {
            if needs_check && !(self.pos.may_check(mv, filter) && self.pos.gives_check(mv)) {
                continue;
            }
            if !self.pos.is_legal(mv) {
                continue;
            }
            self.pos.make(*mv);
            found = self.goal_after(mv);
            self.pos.unmake();
            if found {
                break;
            }
        }
        self.give_back(moves);
        found
    }

    /// Whether the side to move has a move that reaches the goal.
    pub(super) fn can_reach_goal(&mut self) -> bool {
        let moves = self.legal();
        let reaches = self.some_move_reaches_goal(&moves);
        self.give_back(moves);
        reaches
    }

    pub(super) fn some_move_reaches_goal(&mut self, moves: &MoveList) -> bool {
        let filter = self.pos.check_filter();
        moves.iter().any(|mv| self.reaches_goal(mv, filter))
    }

    /// The moves of the side to move that reach the goal, each marked as reaching it.
    pub(super) fn goal_moves(&mut self) -> Vec<Played> {
        let moves = self.legal();
        let mut found = Vec::new();
        for mv in &moves {
            let played = self.played(mv);
            self.pos.make(*mv);
            let reached = self.goal_after(mv);
            self.pos.unmake();
            if reached {
                found.push(self.reaching(played));
            }
        }
        self.give_back(moves);
        found
    }

    /// `mv`, about to be made by the side to move, with the marks it leaves.
    pub(super) fn played(&mut self, mv: &Move) -> Played {
        let side = self.pos.side();
        self.pos.make(*mv);
        let mark = self.mark();
        self.pos.unmake();
        Played {
            mv: *mv,
            side,
            mark,
            goal: None,
        }
    }

    /// `played` marked as reaching the goal.
    pub(super) fn reaching(&self, played: Played) -> Played {
        Played {
            goal: Some(self.stip.goal),
            ..played
        }
    }

    /// What the move just made left the side to move in (a double stalemate told apart
    /// only under that goal; a side without a royal unit is never in check, and is
    /// stalemated when it cannot move, as is a suffocated side).
    fn mark(&mut self) -> Mark {
        let side = self.pos.side();
        let check = !self.pos.royal_squares(side).is_empty()
            && self.pos.checked_for_goal(&mut self.scratch);
        let can_move = self.pos.has_legal_move(&mut self.scratch);
        match (check, can_move) {
            (true, false) => Mark::Mate,
            (false, false)
                if self.stip.goal == Goal::DoubleStalemate && self.other_side_stalemated() =>
            {
                Mark::DoubleStalemate
            }
            (false, false) => Mark::Stalemate,
            (true, true) => Mark::Check,
            (false, true) => Mark::None,
        }
    }
}
