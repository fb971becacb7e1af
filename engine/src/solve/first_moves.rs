//! The first moves in the order the reference tries them: the option MoveNumbers numbers
//! them, `StartMoveNumber` and `UpToMoveNumber` keep a range of them.

use super::Solver;
use crate::moves::{Move, MoveList};
use crate::rules::RuleSet;
use crate::solution::Played;

impl<R: RuleSet> Solver<'_, R> {
    /// The moves of the position as generated, before the legality test (the reference
    /// numbers them so), in the order the reference tries them. Under a condition that
    /// selects among the legal moves of the side to move (a Maximummer), the moves
    /// selected: the reference selects as it generates.
    pub(super) fn moves_in_reference_order(&mut self) -> MoveList {
        let side = self.pos.side();
        let mut moves = if self.pos.rules().selects_for(side) {
            self.legal()
        } else {
            self.pseudo()
        };
        crate::order::sort_as_reference::<R>(&mut moves);
        moves
    }

    /// Which of `count` first moves in the reference's order are tried (all, unless
    /// `StartMoveNumber` or `UpToMoveNumber` says otherwise).
    pub(super) fn first_move_range(&self, count: usize) -> std::ops::Range<usize> {
        let (start, upto) = self.opts.first_moves.unwrap_or((1, count));
        let end = upto.min(count);
        start.saturating_sub(1).min(end)..end
    }

    /// Whether `mv`, a first move when `first` (else a later one), is left out by
    /// `StartMoveNumber` / `UpToMoveNumber`.
    pub(super) fn left_out(&self, first: bool, mv: &Move) -> bool {
        first
            && self
                .first_moves
                .as_ref()
                .is_some_and(|keep| !keep.contains(mv))
    }

    /// The moves of the position as generated, before the legality test (the reference
    /// numbers them so), in the order the reference tries them, each with its marks;
    /// only the moves tried, after how many were left out before them.
    pub fn numbered_moves(&mut self) -> (usize, Vec<Played>) {
        let moves = self.moves_in_reference_order();
        let range = self.first_move_range(moves.len());
        let skipped = range.start;
        let played = moves[range].iter().map(|mv| self.played(mv)).collect();
        self.give_back(moves);
        (skipped, played)
    }
}
