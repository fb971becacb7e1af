//! Walks borrowed from the units observing a unit (the rules' `borrow(enemy)`, the
//! Orphan): such a unit has no walk of its own; it moves and captures by the walk of
//! each unit of the other side that observes it. A unit of the same kind observed by a
//! walk lends it on: it observes by that walk in turn, so a chain of them, alternating
//! sides, passes a walk along. No unit appears twice in a chain.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{remove_repeats, MoveKind, MoveList};
use crate::piece::{Kind, Piece, Side};
use crate::rules::RuleSet;
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Pushes onto `out` the moves of the borrowing unit `piece` on `from`, moved by
    /// `side`: for each walk lent to it, the moves of that walk made by the unit itself,
    /// which neither castles nor promotes; a move two walks give is pushed once.
    pub fn push_borrowed_moves(&self, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
        let start = out.len();
        for walk in self.lendable_walks() {
            let lender = side.opponent();
            if !self.lends(walk, from, piece.kind, lender, Bitboard::from_square(from)) {
                continue;
            }
            let first = out.len();
            let borrowed = Piece { kind: walk, ..piece };
            self.rules.generate(self, from, borrowed, side, out);
            let mut i = first;
            while i < out.len() {
                if matches!(out[i].kind, MoveKind::CastleShort | MoveKind::CastleLong) {
                    out.remove(i);
                    continue;
                }
                out[i].mover = piece;
                out[i].promotion = None;
                i += 1;
            }
        }
        remove_repeats(out, start);
    }

    /// Whether one of the borrowing `units` that `side` may move observes `target`: by a
    /// walk lent to it, along a chain that does not come back to it.
    pub fn borrowed_observes(&self, target: Square, side: Side, units: Bitboard) -> bool {
        self.lendable_walks().any(|walk| {
            units.into_iter().any(|at| {
                let kind = self.board.unit(at).kind;
                self.observes_as(at, walk, target, side)
                    && self.lends(walk, at, kind, side.opponent(), Bitboard::from_square(at))
            })
        })
    }

    /// The kinds on the board that can lend their walk: those that capture and do not
    /// borrow themselves.
    fn lendable_walks(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..R::KINDS.len()).filter_map(move |k| {
            let kind = Kind(k as u8);
            let info = &R::KINDS[k];
            (self.board.kinds_present().contains(kind) && info.captures && !info.borrows)
                .then_some(kind)
        })
    }

    /// Whether `walk` reaches the borrowing unit (of `kind`) on `at` from the units of
    /// `lender`: one of them of that walk observes it, or one of them of the borrowing
    /// kind outside `chain` observes it by the walk, lent to that one in turn.
    fn lends(&self, walk: Kind, at: Square, kind: Kind, lender: Side, chain: Bitboard) -> bool {
        if self.rules.observes_by_kind(self, at, lender, walk) {
            return true;
        }
        let relays = self.board.of_kind(kind) & self.board.movable_by(lender) & !chain;
        relays.into_iter().any(|relay| {
            self.observes_as(relay, walk, at, lender)
                && self.lends(
                    walk,
                    relay,
                    kind,
                    lender.opponent(),
                    chain | Bitboard::from_square(relay),
                )
        })
    }

    /// Whether the unit on `from`, moved by `side` as a unit of `walk`, observes
    /// `target`: captures there when it holds a unit `side` may capture; else (an empty
    /// square or one of its own) arrives there, and a pawn-like walk, whose moves are not
    /// its captures, could observe it from `from` on some board.
    fn observes_as(&self, from: Square, walk: Kind, target: Square, side: Side) -> bool {
        let unit = self.board.unit(from);
        let mut moves = MoveList::new();
        self.rules
            .generate(self, from, Piece { kind: walk, ..unit }, side, &mut moves);
        if self.board.is_capturable_by(target, side) {
            return moves.iter().any(|m| {
                m.captured.is_some() && m.capture_at == target && m.kind != MoveKind::EnPassant
            });
        }
        if R::KINDS[walk.index()].pawn {
            return self.rules.reach(walk, target, side).contains(from);
        }
        moves.iter().any(|m| m.to == target && m.captured.is_none())
    }
}
