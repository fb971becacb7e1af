//! Phase 5 of a move, under the conditions that judge a move by what it leaves: whether
//! it checks, whether it mates. Such a condition (ChecklessChess) needs the legality of
//! the opponent's answers, which it restricts in turn, so the test of a mate nests; it
//! lives beside the position, which it plays on and takes back.

use super::Position;
use crate::moves::{Move, MoveList};
use crate::rules::RuleSet;

/// How many tests of a mate may stand one inside another: a check answered by a check
/// that mates only if the answer to it is no check, and so on. Beyond it, the innermost
/// check is judged no mate (the reference stops as deep as its ply limit allows and
/// calls the goal undecidable there; a problem never reaches this depth).
const MAX_NESTED: u8 = 24;

impl<R: RuleSet> Position<R> {
    /// Whether the conditions that judge a move once it is known to keep the mover's
    /// royal units safe allow `mv` (always, when none is active).
    #[inline]
    pub(super) fn conditions_allow(&mut self, mv: &Move) -> bool {
        if !self.rules.has_legality_test() {
            return true;
        }
        // (the rules are a few words: a copy lets them look at the position mutably)
        let rules = self.rules.clone();
        rules.allows_legal(self, mv)
    }

    /// Whether the legal `mv` of the side to move mates: leaves the opponent's royal
    /// units observed and the opponent no legal move, under every active condition
    /// (so a condition that restricts checks restricts the answers too).
    pub fn mates(&mut self, mv: &Move) -> bool {
        if self.nested >= MAX_NESTED {
            return false;
        }
        let other = self.side.opponent();
        self.make(*mv);
        let mut mate = self.in_check(other);
        if mate {
            self.nested += 1;
            let mut scratch = MoveList::new();
            mate = !self.has_legal_move(&mut scratch);
            self.nested -= 1;
        }
        self.unmake();
        mate
    }
}
