//! Attributes gained by promotion: a pawn promoting to a walk an attribute in force lists
//! (`promotion may add it to …`, Chameleon) may also become a unit with the attribute, a
//! move of its own, written `b7-b8=Q=c`. The attribute is added by a change of the unit
//! where it arrives, made first among the move's effects.

use super::Position;
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Kind, Marks, Piece};
use crate::rules::RuleSet;

impl<R: RuleSet> Position<R> {
    /// The attributes the rules offer a pawn `unit` promoting to `kind` that it lacks,
    /// when there are some: a further promotion choice, `unit` becoming `kind` with them.
    pub fn promotion_marks(&self, unit: Piece, kind: Kind) -> Option<Marks> {
        let added = self.rules.promotion_marks(kind).0 & !unit.marks.0;
        (added != 0).then_some(Marks(unit.marks.0 | added))
    }

    /// Pushes `mv`, a promotion, once more with the unit it becomes carrying the
    /// attributes the rules offer that kind and that the pawn lacks.
    pub(super) fn push_marked_promotion(&self, mv: Move, out: &mut MoveList) {
        let Some(kind) = mv.promotion else {
            return;
        };
        let Some(marks) = self.promotion_marks(mv.mover, kind) else {
            return;
        };
        let from = mv.arriving();
        let to = Piece { marks, ..from };
        if let Some(marked) = mv.with_effect(Effect::Promote {
            at: mv.to,
            from,
            to,
        }) {
            out.push(marked);
        }
    }
}
