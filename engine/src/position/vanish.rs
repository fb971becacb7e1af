//! Phase 4, a capturer leaving the board (the rules' `after capture remove capturer when
//! …`, Kamikaze): once it has captured, the capturing unit is taken off where it
//! arrived (`Rd2*d5[-wkRd5]`), the first of the move's effects. A pawn capturing onto
//! its last rank leaves as the pawn it was, never promoting: its promotion choices make
//! one move.

use super::Position;
use crate::moves::{Effect, MoveList};
use crate::rules::RuleSet;

impl<R: RuleSet> Position<R> {
    /// Each capture in `out` whose capturer a condition removes gains the removal;
    /// the promotions of such a capture are one move, without promotion.
    pub(super) fn remove_capturers(&self, out: &mut MoveList) {
        let side = self.side;
        out.retain_mut(|mv| {
            if !mv.is_capture() || !self.rules.removes_capturer(self, mv) {
                return true;
            }
            if let Some(kind) = mv.promotion {
                let first = self.promotion_choices(mv.mover.kind, side).first();
                let marked = mv
                    .extras()
                    .any(|e| matches!(e, Effect::Promote { at, .. } if *at == mv.to));
                if marked || first != Some(&kind) {
                    return false;
                }
                mv.promotion = None;
            }
            let unit = mv.arriving();
            mv.add_effect(Effect::Remove {
                at: mv.to,
                piece: unit,
                silent: false,
            })
        });
    }
}
