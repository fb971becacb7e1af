//! The checks of a condition's effects after a move (`recolour mover when …`, `recolour
//! partner when …`): the unit named must be one the engine follows through the move, and
//! the truth is a move's, as in `forbid moves when …`, but for whether the move checks or
//! mates, which the effects themselves decide.

use super::truth::Place;
use super::Checker;
use crate::ast;
use crate::lower::Cond;

impl Checker<'_> {
    /// The truths under which the moved unit changes side, and those under which the
    /// castling partner does, checked and lowered; an unknown unit is an error.
    pub(super) fn recolours(&mut self, defs: &[ast::RecolourDef]) -> (Vec<Cond>, Vec<Cond>) {
        let (mut mover, mut partner) = (Vec::new(), Vec::new());
        for r in defs {
            let list = match r.who.node.as_str() {
                "mover" => Some(&mut mover),
                "partner" => Some(&mut partner),
                _ => {
                    self.error(
                        r.who.span,
                        format!("unknown unit `{}` to recolour", r.who.node),
                        "expected `mover` (the unit that moves, where the move leaves it) or \
                         `partner` (the castling partner, where it arrives)",
                    );
                    None
                }
            };
            let when = self.cond(&r.when, Place::Effect);
            if let (Some(list), Some(when)) = (list, when) {
                list.push(when);
            }
        }
        (mover, partner)
    }
}
