//! The checks of a condition's effects after a move (`recolour mover when …`): the unit
//! named must be one the engine follows through the move, and the truth is a move's, as
//! in `forbid moves when …`, but for whether the move checks or mates, which the effects
//! themselves decide.

use super::truth::Place;
use super::Checker;
use crate::ast;
use crate::lower::Cond;

impl Checker<'_> {
    /// The truths under which the moved unit changes side, checked and lowered; an
    /// unknown unit is an error.
    pub(super) fn recolours(&mut self, defs: &[ast::RecolourDef]) -> Vec<Cond> {
        defs.iter()
            .filter_map(|r| {
                let known = r.who.node == "mover";
                if !known {
                    self.error(
                        r.who.span,
                        format!("unknown unit `{}` to recolour", r.who.node),
                        "expected `mover` (the unit that moves, where the move leaves it)",
                    );
                }
                let when = self.cond(&r.when, Place::Effect);
                when.filter(|_| known)
            })
            .collect()
    }
}
