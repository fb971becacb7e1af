//! Paralysis that ends play: under `paralysis stalemates` (paralysing units), a side
//! whose only moves would be those of its paralysed units is stalemated, in check or
//! not, and never mated. Its moves are counted with paralysis suspended.

use super::Position;
use crate::moves::MoveList;
use crate::rules::RuleSet;

impl<R: RuleSet> Position<R> {
    /// Whether the side to move is suffocated: some unit of it has a move (before
    /// legality) were paralysis suspended, and every such move is a paralysed unit's.
    /// Always false unless a condition says `paralysis stalemates`.
    pub fn suffocated(&mut self, scratch: &mut MoveList) -> bool {
        if !self.rules.paralysis_stalemates() {
            return false;
        }
        self.unparalysed = true;
        self.pseudo_moves(scratch);
        self.unparalysed = false;
        let side = self.side;
        !scratch.is_empty()
            && scratch
                .iter()
                .all(|m| !self.rules.may_move(self, m.from, m.mover, side))
    }

    /// Whether the side to move is in check as mate and stalemate see it: in check and
    /// not suffocated (a suffocated side is stalemated, in check or not).
    pub fn checked_for_goal(&mut self, scratch: &mut MoveList) -> bool {
        self.in_check(self.side) && !self.suffocated(scratch)
    }
}
