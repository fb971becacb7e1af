//! Walks of the observers (the rules' `royal moves as observers instead|too|becoming`,
//! Transmuted, Reflective and Super-transmuting kings): a royal unit observed by units
//! of the other side moves, captures and observes by their walks — instead of its own
//! (`instead`), as well (`too`), or, the only unit its side moves then, becoming a unit
//! of the walk it moves by (`becoming`). Which walks observe it is asked of the other side's units by their own
//! walks (its royal unit by its own walk too), through the conditions' filter of
//! observation; a move several walks give is made once.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{remove_repeats, MoveList};
use crate::piece::{KindSet, Piece, Side};
use crate::rules::{RoyalWalks, RuleSet};
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// The walks of the units of the other side observing the unit of `side` on `at`:
    /// those of the kinds on the board that capture by a walk of their own.
    pub(super) fn observer_walks(&self, at: Square, side: Side) -> KindSet {
        let enemy = side.opponent();
        let mut walks = KindSet::EMPTY;
        for kind in self.board.kinds_present().iter() {
            let info = &R::KINDS[kind.index()];
            if info.captures
                && !info.borrows
                && self
                    .rules
                    .observes_by_units(self, at, enemy, self.board.of_kind(kind), true)
            {
                walks.insert(kind);
            }
        }
        walks
    }

    /// Pushes onto `out` the moves of the royal unit `piece` on `from`, moved by `side`:
    /// by the walks of its observers, and by its own when `how` keeps it or none
    /// observes it.
    pub(super) fn push_royal_moves(
        &self,
        from: Square,
        piece: Piece,
        side: Side,
        how: RoyalWalks,
        out: &mut MoveList,
    ) {
        let start = out.len();
        let walks = self.observer_walks(from, side);
        let own = how.keeps_own || walks == KindSet::EMPTY;
        if own {
            self.rules.generate(self, from, piece, side, out);
        }
        // (pawns' walks first, as the reference orders walks: a move two walks give is
        // made by the first, the unit becoming a unit of that walk)
        let pawns_first = walks
            .iter()
            .filter(|w| R::KINDS[w.index()].pawn)
            .chain(walks.iter().filter(|w| !R::KINDS[w.index()].pawn));
        for walk in pawns_first {
            let first = out.len();
            match walk == piece.kind {
                true if !own => self.rules.generate(self, from, piece, side, out),
                true => {}
                false => self.push_lent_moves(from, piece, walk, side, out),
            }
            if how.becomes {
                for mv in &mut out[first..] {
                    *mv = mv.with_promotion(walk);
                }
            }
        }
        if how.becomes {
            let mut i = start;
            while i < out.len() {
                let (to, at) = (out[i].to, out[i].capture_at);
                match out[start..i]
                    .iter()
                    .any(|m| m.to == to && m.capture_at == at)
                {
                    true => {
                        out.remove(i);
                    }
                    false => i += 1,
                }
            }
        }
        remove_repeats(out, start);
    }

    /// Under `royal moves as observers becoming`, keeps of `out` only the moves by which
    /// an observed royal unit of `side` becomes a unit of an observer's walk, when there
    /// is such a unit.
    pub(super) fn keep_royal_changes(&self, side: Side, out: &mut MoveList) {
        let royals = self.royal_squares(side);
        if royals
            .into_iter()
            .all(|at| self.observer_walks(at, side) == KindSet::EMPTY)
        {
            return;
        }
        out.retain(|mv| royals.contains(mv.from) && mv.promotion.is_some());
    }

    /// Whether `side` observes `target` when its royal units move by the walks of their
    /// observers: one of its other units does, by its own walk, or a royal unit does by
    /// the walks it moves by — when `how` keeps its own, the walks of its observers only
    /// where another unit of `side` has them, as the reference has it; through the
    /// conditions' filter of observation.
    pub(super) fn observes_with_royal_walks(
        &self,
        target: Square,
        side: Side,
        how: RoyalWalks,
    ) -> bool {
        let royals = self.royal_squares(side);
        let others = self.board.movable_by(side) & !royals;
        if self
            .rules
            .observes_by_units(self, target, side, others, true)
        {
            return true;
        }
        royals.into_iter().filter(|&at| at != target).any(|at| {
            let unit = self.board.unit(at);
            let mut walks = self.observer_walks(at, side);
            if how.keeps_own || walks == KindSet::EMPTY {
                if self
                    .rules
                    .observes_by_units(self, target, side, Bitboard::from_square(at), true)
                {
                    return true;
                }
                // (keeping its own walk, a unit observes by a walk it takes only when
                // another unit of its side has that walk — of either side, where a royal
                // unit of either side moves by its observers' walks instead of its own
                // or both sides' units check —, as the reference has it)
                let kept = walks;
                walks = KindSet::EMPTY;
                if how.keeps_own {
                    let holders = match self.walks_held_by_either_side() {
                        true => self.board.occupied(),
                        false => others,
                    };
                    for walk in kept.iter() {
                        if (self.board.of_kind(walk) & holders).non_empty() {
                            walks.insert(walk);
                        }
                    }
                }
            }
            walks.iter().any(|walk| {
                self.observes_as(at, walk, target, side, |arrival| {
                    self.rules
                        .observation_ok(self, at, unit, target, arrival, side)
                })
            })
        })
    }

    /// Whether a walk a royal unit keeping its own walk takes counts for observation
    /// when a unit of either side has it: when a royal unit of either side moves by its
    /// observers' walks instead of its own, or the units of both sides check.
    fn walks_held_by_either_side(&self) -> bool {
        self.rules.checks_from_both_sides()
            || [Side::White, Side::Black]
                .into_iter()
                .any(|s| self.rules.royal_walks(s).is_some_and(|h| !h.keeps_own))
    }
}
