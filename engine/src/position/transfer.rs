//! Phase 4, units carried on (the rules' `transfer mover from given to given`,
//! Wormholes): a unit a move leaves on one of the given squares is carried on at once to
//! another of them that is free once the move is made, each such square a move of its
//! own, written `[wPf3->e2]`. A move with no free square to carry its unit to is no
//! move, and a quiet move carried back to its departure is none either. A pawn carried
//! to its last rank promotes there, once per choice.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Piece, Side};
use crate::rules::RuleSet;
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Each move in `out` that leaves its unit on a square of `carriers` replaced, in
    /// place, by the moves carrying it on to each other free square of them.
    pub(super) fn transfers(&self, carriers: Bitboard, out: &mut MoveList) {
        let side = self.side;
        let mut i = 0;
        while i < out.len() {
            let mv = out[i];
            let landed = mv.mover_lands().filter(|(at, _)| carriers.contains(*at));
            let Some((at, unit)) = landed else {
                i += 1;
                continue;
            };
            let mut carried = MoveList::new();
            for to in carriers {
                let back = to == mv.from && !mv.is_capture() && mv.promotion.is_none();
                if to == at || back || !self.free_after(&mv, to) {
                    continue;
                }
                let mut moved = mv;
                let leaves = Effect::Remove {
                    at,
                    piece: unit,
                    silent: false,
                };
                if moved.add_effect(leaves)
                    && moved.add_effect(Effect::Add {
                        at: to,
                        piece: unit,
                    })
                {
                    self.push_promotions(moved, to, unit, side, &mut carried);
                }
            }
            let made = carried.len();
            out.splice(i..=i, carried);
            i += made;
        }
    }

    /// Pushes `mv`, which carries `unit` to `to`: once per promotion choice when a pawn
    /// arrives there on its last rank (no room for the promotion: no move).
    fn push_promotions(&self, mv: Move, to: Square, unit: Piece, side: Side, out: &mut MoveList) {
        let pawn = R::KINDS[unit.kind.index()].pawn;
        let choices = self.promotion_choices(unit.kind, side);
        if !pawn || to.rank() != side.relative_rank(7) || choices.is_empty() {
            out.push(mv);
            return;
        }
        for &kind in choices {
            let plain = Piece { kind, ..unit };
            let marked = self
                .promotion_marks(unit, kind)
                .map(|marks| Piece { marks, ..plain });
            for promoted in std::iter::once(plain).chain(marked) {
                if let Some(m) = mv.with_effect(Effect::Promote {
                    at: to,
                    from: unit,
                    to: promoted,
                }) {
                    out.push(m);
                }
            }
        }
    }

    /// Whether `sq` is free once `mv` is made, before any transfer: empty now or left
    /// by the move, and not where its effects put a unit.
    fn free_after(&self, mv: &Move, sq: Square) -> bool {
        let left = sq == mv.from || (mv.is_capture() && sq == mv.capture_at);
        (self.board.is_empty(sq) || left)
            && sq != mv.to
            && !mv
                .extras()
                .any(|e| matches!(*e, Effect::Add { at, .. } if at == sq))
    }

    /// Whether a capture by the unit on `from` arriving on `arrival` counts as an
    /// observation where units are carried on: always when the unit stands on a square
    /// that carries, else when it does not arrive on one or another one is empty now
    /// (as the reference judges it).
    pub fn transfer_observes(&self, from: Square, arrival: Square) -> bool {
        let carriers = self.rules.transfer_squares();
        if carriers.is_empty() || carriers.contains(from) || !carriers.contains(arrival) {
            return true;
        }
        (carriers & !self.board.occupied())
            .into_iter()
            .any(|sq| sq != arrival)
    }
}
