//! Phase 4, the royal unit taking the walk of the unit its side loses (the rules' `after
//! capture royal becomes captured pawn as CODE`, Kobul kings): once a capture is made,
//! the royal unit of the captured unit's side becomes a royal unit of the captured walk
//! (`[d4=rS]`); a pawn taken gives it the walk the rule names (`[d5=K]`). A royal unit
//! of that walk already stays as it is.

use super::Position;
use crate::moves::{Effect, MoveList};
use crate::piece::{Kind, Piece};
use crate::rules::RuleSet;

impl<R: RuleSet> Position<R> {
    /// Each capture in `out` after which the captured side's royal unit changes walk
    /// gains that change; `pawn` is the walk a pawn taken gives. A capture with no room
    /// left for the change cannot be played.
    pub(super) fn royal_changes(&self, pawn: Kind, out: &mut MoveList) {
        let victim = self.side.opponent();
        let royals = self.royal_squares(victim);
        let Some(at) = royals.first() else {
            return;
        };
        let standing = self.board.unit(at);
        out.retain_mut(|mv| {
            let Some(captured) = mv.captured else {
                return true;
            };
            if mv.capture_at == at {
                return true;
            }
            // (a neutral royal unit may be the capturer: it changes where it arrives)
            let (at, royal) = match mv.from == at {
                true => (mv.to, mv.arriving()),
                false => (at, standing),
            };
            let kind = match R::KINDS[captured.kind.index()].pawn {
                true => pawn,
                false => captured.kind,
            };
            if kind == royal.kind {
                return true;
            }
            let to = Piece {
                kind,
                royal: !R::KINDS[kind.index()].royal,
                ..royal
            };
            mv.add_effect(Effect::Promote {
                at,
                from: royal,
                to,
            })
        });
    }
}
