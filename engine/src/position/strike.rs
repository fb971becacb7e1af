//! Phase 4, a capture striking again (the rules' `after capture remove|recolour unit of
//! SIDE like captured`, Breton chess): once a capture is made, one unit of the captured
//! unit's walk — of the capturer's side, the capturer itself included, or of the
//! captured unit's — leaves the board (`[-wPc4]`) or changes side (`[c4=b]`), each such
//! unit a move of its own. A capture finding none stays as it is. A pawn capturing onto
//! its last rank counts as a pawn (its fate is decided before it promotes: struck, it
//! never promotes), unless the rule says `as promoted`.

use super::{recolour, Position};
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Owner, Piece};
use crate::rules::{RuleSet, Strike};
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Each capture in `out` replaced, in place, by one move per unit it strikes.
    pub(super) fn strikes(&mut self, strike: Strike, out: &mut MoveList) {
        let mut i = 0;
        while i < out.len() {
            let Some(struck) = self.struck_moves(strike, out[i]) else {
                i += 1;
                continue;
            };
            let made = struck.len();
            out.splice(i..=i, struck);
            i += made;
        }
    }

    /// The moves `mv` makes under `strike`; `None` when it strikes no unit (it stays as
    /// it is).
    fn struck_moves(&mut self, strike: Strike, mv: Move) -> Option<MoveList> {
        let captured = mv.captured?;
        let mut struck = MoveList::new();
        let side = if strike.own {
            self.side
        } else {
            self.side.opponent()
        };
        let capturer_unpromoted = !strike.promoted && mv.promotion.is_some();
        let units = self.units_after(&mv, captured, side.owner(), strike);
        if units.is_empty() {
            return None;
        }
        for (at, unit) in units {
            let mut m = mv;
            let mut promotes = None;
            if capturer_unpromoted {
                m.promotion = None;
                if at == mv.to {
                    // struck as a pawn, it never promotes: one move for all the choices
                    if mv.promotion
                        != self
                            .promotion_choices(mv.mover.kind, self.side)
                            .first()
                            .copied()
                    {
                        continue;
                    }
                } else {
                    // it promotes once the strike is made: `b7*a8[-wSh1][a8=Q]`
                    let mut unpromoted = mv;
                    unpromoted.promotion = None;
                    let pawn = unpromoted.arriving();
                    promotes = Some(Effect::Promote {
                        at: mv.to,
                        from: pawn,
                        to: mv.arriving(),
                    });
                }
            }
            let room = if strike.recolour {
                recolour(&mut m, at, unit, true)
            } else {
                m.add_effect(Effect::Remove {
                    at,
                    piece: unit,
                    silent: false,
                })
            };
            if room && promotes.is_none_or(|e| m.add_effect(e)) {
                struck.push(m);
            }
        }
        Some(struck)
    }

    /// The units of `owner` (and neutral ones, when the strike counts them) of the walk
    /// of `captured`, on the board `mv` leaves, in the order of the squares; a capturer
    /// that promotes counts as the pawn it was unless the strike says `as promoted`.
    fn units_after(
        &mut self,
        mv: &Move,
        captured: Piece,
        owner: Owner,
        strike: Strike,
    ) -> Vec<(Square, Piece)> {
        self.place::<false>(mv);
        let board = self.board();
        let mut found = Vec::new();
        let counts = |unit: Piece| {
            unit.kind == captured.kind
                && (unit.owner == owner || (strike.neutrals && unit.owner == Owner::Neutral))
        };
        for at in board.units() {
            let mut unit = board.unit(at);
            if at == mv.to && !strike.promoted && unit == mv.arriving() {
                unit = Piece {
                    kind: mv.mover.kind,
                    ..unit
                };
            }
            if counts(unit) {
                found.push((at, unit));
            }
        }
        self.unplace::<false>(mv);
        found
    }
}
