//! Phase 4, units observed turned (the rules' `recolour observed by mover|checkers`,
//! Masand chess): when a move leaves the other side in check, the checking unit — the
//! one that moved, where the move leaves it, or each unit of its side observing a royal
//! unit of the other side — turns every unit it observes, of either side, neither royal
//! nor neutral, to the other side (`[c2=b][e2=w]`). Observation is a capture by the
//! walk, whatever the observed unit's side, under the observation conditions in force;
//! the units are turned one after the other, each seeing the board the previous ones
//! left. The effect is part of the move, so the legality of the move is judged with it.

use super::Position;
use crate::moves::{Effect, Move, MoveKind, MoveList, Turned};
use crate::piece::Owner;
use crate::rules::{Observers, RuleSet};
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Each move in `out` gains the turning of the units its checking units observe; a
    /// move with no room left for the effect cannot be played.
    pub(super) fn recolour_observed(&mut self, by: Observers, out: &mut MoveList) {
        let mut i = 0;
        while i < out.len() {
            let mv = out[i];
            let turned = self.turned_by(by, &mv);
            let room = turned.chunks(8).all(|chunk| {
                let mut units = Turned::EMPTY;
                chunk.iter().all(|&(sq, owner)| units.push(sq, owner))
                    && out[i].add_effect(Effect::RecolourAll { units })
            });
            if room {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }

    /// The units `mv`'s checking units turn, on the board `mv` leaves, in the order
    /// turned, with the side each passes to.
    fn turned_by(&mut self, by: Observers, mv: &Move) -> Vec<(Square, Owner)> {
        let other = self.side.opponent();
        self.place::<false>(mv);
        let mut turned = Vec::new();
        if self.in_check(other) {
            match by {
                Observers::Mover => {
                    if let Some((at, _)) = mv.mover_lands() {
                        self.turn_observed_by(at, &mut turned);
                    }
                }
                Observers::Checkers => {
                    for at in Square::ALL {
                        if self.board.movable_by(self.side).contains(at) {
                            self.turn_observed_by(at, &mut turned);
                        }
                    }
                }
            }
        }
        for &(sq, _) in turned.iter().rev() {
            self.turn::<false>(sq);
        }
        self.unplace::<false>(mv);
        turned
    }

    /// When the unit on `at` observes a royal unit of the other side, turns each unit it
    /// observes that `turned` does not hold yet, adding it there.
    fn turn_observed_by(&mut self, at: Square, turned: &mut Vec<(Square, Owner)>) {
        let royals = self.royal_squares(self.side.opponent());
        if !royals.into_iter().any(|king| self.unit_observes(at, king)) {
            return;
        }
        for sq in self.board.units() {
            let unit = self.board.unit(sq);
            if sq == at
                || turned.iter().any(|&(t, _)| t == sq)
                || unit.owner == Owner::Neutral
                || unit.is_royal(R::KINDS)
                || !self.unit_observes(at, sq)
            {
                continue;
            }
            self.turn::<false>(sq);
            turned.push((sq, unit.owner.swapped()));
        }
    }

    /// Whether the unit on `from` observes the unit on `target`: could capture it by its
    /// walk were it of the other side (a unit of its own side is turned for the
    /// generation alone), the observation conditions allowing on the board as it is.
    fn unit_observes(&mut self, from: Square, target: Square) -> bool {
        let piece = self.board.unit(from);
        let own = self.board.unit(target).owner == self.side.owner();
        if own {
            self.turn::<false>(target);
        }
        let mut moves = MoveList::new();
        self.rules
            .generate(self, from, piece, self.side, &mut moves);
        if own {
            self.turn::<false>(target);
        }
        let filter = self.rules.has_observation_filter();
        moves.iter().any(|m| {
            m.captured.is_some()
                && m.capture_at == target
                && m.kind != MoveKind::EnPassant
                && (!filter
                    || self
                        .rules
                        .observation_ok(self, from, piece, target, m.to, self.side))
        })
    }
}
