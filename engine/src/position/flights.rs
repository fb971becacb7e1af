//! Check by flights (the rules' `check when flights above given`, SAT): a royal unit is in
//! check when it has a flight — a move of its own walk to a square free or held by the
//! other side, not the other side's royal square, where it would not be observed (the
//! unit taken there, if any, left standing as the reference leaves it). With the numbers
//! a problem gives, n for its side (`SAT n m`), the reference's count is kept: with 0
//! for both sides, one flight checks; else a royal unit observed is in check with more
//! than n flights, one not observed with n or more (so always, for n = 0).

use super::{Castling, Position};
use crate::moves::MoveKind;
use crate::piece::Side;
use crate::rules::RuleSet;
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Whether the royal unit of `side` on `from`, standing on `at` instead (itself when
    /// they are the same square), is in check by its flights, `given` the numbers for
    /// White and Black.
    pub(super) fn flight_check(
        &self,
        side: Side,
        given: [u32; 2],
        from: Square,
        at: Square,
    ) -> bool {
        let by = side.opponent();
        let theirs = self.royal_squares(by);
        self.on_spare(|spare, moves| {
            // (its flights castle not: castling asks whether squares are observed)
            spare.castling = Castling::NONE;
            let royal = spare.board.take_hashing::<false>(from);
            spare.board.put_hashing::<false>(at, royal);
            // (observation counts only when a number is given)
            let mut most = given[side.index()] + 1;
            if given != [0, 0] && !spare.observes(at, by) {
                most -= 1;
            }
            if most == 0 {
                return true;
            }
            self.rules.generate(spare, at, royal, side, moves);
            spare.board.take_hashing::<false>(at);
            let mut flights = 0;
            for mv in moves.iter() {
                let castles = matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong);
                if castles || theirs.contains(mv.to) || spare.observes(mv.to, by) {
                    continue;
                }
                flights += 1;
                if flights == most {
                    return true;
                }
            }
            false
        })
    }
}
