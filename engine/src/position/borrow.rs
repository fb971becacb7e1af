//! Walks borrowed from the units observing a unit (the rules' `borrow(enemy)`, the
//! Orphan): such a unit has no walk of its own; it moves and captures by the walk of
//! each unit of the other side that observes it. A unit of the same kind observed by a
//! walk lends it on: it observes by that walk in turn, so a chain of them, alternating
//! sides, passes a walk along. No unit appears twice in a chain.

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{made_by, remove_repeats, MoveKind, MoveList};
use crate::piece::{Kind, Piece, Side};
use crate::rules::RuleSet;
use crate::square::Square;
use std::cell::RefCell;

impl<R: RuleSet> Position<R> {
    /// Pushes onto `out` the moves of the borrowing unit `piece` on `from`, moved by
    /// `side`: for each walk lent to it, the moves of that walk made by the unit itself,
    /// which neither castles, promotes nor takes en passant; a move two walks give is
    /// pushed once.
    pub fn push_borrowed_moves(&self, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
        let start = out.len();
        for walk in self.lendable_walks() {
            let lender = side.opponent();
            if !self.lends(walk, from, piece.kind, lender, Bitboard::from_square(from)) {
                continue;
            }
            let first = out.len();
            let borrowed = Piece {
                kind: walk,
                ..piece
            };
            self.rules.generate(self, from, borrowed, side, out);
            made_by(out, first, piece);
        }
        // (as the reference has it, a borrowing unit takes nothing en passant)
        let mut i = start;
        while i < out.len() {
            if out[i].kind == MoveKind::EnPassant {
                out.remove(i);
            } else {
                i += 1;
            }
        }
        remove_repeats(out, start);
    }

    /// Whether one of the borrowing `units` that `side` may move observes `target`: by a
    /// walk lent to it, along a chain that does not come back to it; through the
    /// conditions' filter of observation when `filter`.
    pub fn borrowed_observes(
        &self,
        target: Square,
        side: Side,
        units: Bitboard,
        filter: bool,
    ) -> bool {
        self.lendable_walks().any(|walk| {
            let near = units & self.rules.reach(walk, target, side);
            near.into_iter().any(|at| {
                let unit = self.board.unit(at);
                let allowed = |arrival| {
                    !filter
                        || self
                            .rules
                            .observation_ok(self, at, unit, target, arrival, side)
                };
                self.observes_as(at, walk, target, side, allowed)
                    && self.lends(
                        walk,
                        at,
                        unit.kind,
                        side.opponent(),
                        Bitboard::from_square(at),
                    )
            })
        })
    }

    /// The kinds on the board that can lend their walk: those that capture and do not
    /// borrow themselves.
    fn lendable_walks(&self) -> impl Iterator<Item = Kind> + '_ {
        self.board.kinds_present().iter().filter(|kind| {
            let info = &R::KINDS[kind.index()];
            info.captures && !info.borrows
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
            self.observes_as(relay, walk, at, lender, |_| true)
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
    /// `target` arriving where `allowed` accepts: captures there when it holds a unit
    /// `side` may capture; else (an empty square or one of its own) arrives there, and a
    /// pawn-like walk, whose moves are not its captures, could observe it from `from` on
    /// some board.
    pub(super) fn observes_as(
        &self,
        from: Square,
        walk: Kind,
        target: Square,
        side: Side,
        allowed: impl Fn(Square) -> bool,
    ) -> bool {
        // where a unit of the walk could observe the target from on some board
        if !self.rules.reach(walk, target, side).contains(from) {
            return false;
        }
        if R::KINDS[walk.index()].pawn && !self.board.is_capturable_by(target, side) {
            return allowed(target);
        }
        let unit = self.board.unit(from);
        let capturable = self.board.is_capturable_by(target, side);
        // (the list is taken out of the pool while the walk's moves are made and judged:
        // both may ask for observation, and so come back here)
        let mut moves = SCRATCH.with_borrow_mut(Vec::pop).unwrap_or_default();
        moves.clear();
        self.rules
            .generate(self, from, Piece { kind: walk, ..unit }, side, &mut moves);
        let observes = moves.iter().any(|m| {
            let found = match capturable {
                true => {
                    m.capture_at == target && m.captured.is_some() && m.kind != MoveKind::EnPassant
                }
                false => m.to == target && m.captured.is_none(),
            };
            found && allowed(m.to)
        });
        SCRATCH.with_borrow_mut(|pool| pool.push(moves));
        observes
    }
}

thread_local! {
    /// Move lists for the walks tried on a borrowing unit, reused (the tests nest along
    /// a chain, so a list is taken from the pool and given back).
    static SCRATCH: RefCell<Vec<MoveList>> = const { RefCell::new(Vec::new()) };
}
