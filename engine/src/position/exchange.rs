//! Phase 1 under the conditions that let units exchange places (Messigny chess): besides
//! its moves, a unit may change places with a unit of the other side of its walk, the
//! move written `Sb1<->Sg8`. Neither unit may stand on a square of an exchange made
//! just before, so that an exchange is never answered by taking it back.

use super::Position;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Side;
use crate::rules::RuleSet;
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Pushes the exchanges of places of the units of `side` (royal units too when
    /// `kings`) with the other side's units of their walk.
    pub(super) fn push_exchanges(&self, side: Side, kings: bool, out: &mut MoveList) {
        let barred = exchanged_last(self.last_made());
        let free = |sq| !barred.contains(&Some(sq));
        let others = self.board.movable_by(side.opponent());
        for from in self.board.movable_by(side) {
            let unit = self.board.unit(from);
            // (a unit a condition keeps from moving, paralysed, exchanges neither)
            if !free(from)
                || !kings && unit.is_royal(R::KINDS)
                || !self.rules.may_move(self, from, unit, side)
            {
                continue;
            }
            for to in others {
                let other = self.board.unit(to);
                // (a neutral unit is on both sides: never with itself)
                if to != from && other.kind == unit.kind && free(to) {
                    out.push(Move::exchange(from, to, unit, other));
                }
            }
        }
    }
}

/// The squares of `last` when it is an exchange (no unit may exchange places from or
/// with them now), else none; `last` the last move made, passes left out (the reference
/// looks at the move before in series play too).
pub fn exchanged_last(last: Option<&Move>) -> [Option<Square>; 2] {
    match last {
        Some(m) if matches!(m.kind, MoveKind::Exchange { .. }) => [Some(m.from), Some(m.to)],
        _ => [None, None],
    }
}
