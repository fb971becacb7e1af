//! Walks lent by a neighbour (the rules' `move as friend behind|ahead`, Annan and Nanna
//! chess): a unit with a unit of its side on the square right behind it (or ahead of it,
//! as its side moves) moves, captures and observes by that unit's walk instead of its
//! own. The unit that moves stays what it is: it promotes only if it is a pawn, arriving
//! on its last rank by whatever walk.

use super::Position;
use crate::moves::{made_by, remove_repeats, MoveKind, MoveList};
use crate::piece::{Kind, Piece, Side};
use crate::rules::RuleSet;
use crate::square::Square;
use std::cell::RefCell;

thread_local! {
    /// Move lists for the observation test, reused: it runs for every move tried.
    static LISTS: RefCell<Vec<MoveList>> = const { RefCell::new(Vec::new()) };
}

impl<R: RuleSet> Position<R> {
    /// The kind whose walk the unit on `from` moves by when `side` moves it, the lender
    /// standing `step` ranks ahead of it as `side` moves (-1: right behind it): the
    /// lender's kind when a unit `side` may move stands there, else its own.
    #[inline]
    pub(super) fn walk_at(&self, from: Square, side: Side, step: i8) -> Kind {
        let dy = if side == Side::White { step } else { -step };
        from.offset(0, dy)
            .filter(|&at| self.board.movable_by(side).contains(at))
            .map_or_else(|| self.board.unit(from).kind, |at| self.board.unit(at).kind)
    }

    /// Pushes onto `out` the moves of `piece` on `from`, moved by `side` by the walk of
    /// `walk`: the unit moving is `piece` itself, which neither castles by a walk lent
    /// to it nor promotes unless it is a pawn; a move two paths give is pushed once.
    pub(super) fn push_lent_moves(
        &self,
        from: Square,
        piece: Piece,
        walk: Kind,
        side: Side,
        out: &mut MoveList,
    ) {
        let start = out.len();
        let lent = Piece {
            kind: walk,
            ..piece
        };
        self.rules.generate(self, from, lent, side, out);
        made_by(out, start, piece);
        remove_repeats(out, start);
        if R::KINDS[piece.kind.index()].pawn {
            let moves: MoveList = out.drain(start..).collect();
            for mv in moves {
                self.push_pawn_move(mv, side, out);
            }
        }
    }

    /// Whether a unit `side` may move observes `target` by the walk it moves by (its
    /// own, or the one lent to it from `step` ranks ahead): some capture of that walk
    /// takes on `target` (not en passant), through the conditions' filter of
    /// observation.
    pub(super) fn lent_observes(&self, target: Square, side: Side, step: i8) -> bool {
        let mut moves = LISTS.with(|l| l.borrow_mut().pop()).unwrap_or_default();
        let mut found = false;
        for from in self.board.movable_by(side) {
            if from == target {
                continue;
            }
            let walk = self.walk_at(from, side, step);
            if !self.rules.reach(walk, target, side).contains(from) {
                continue;
            }
            let piece = self.board.unit(from);
            moves.clear();
            self.rules.generate(
                self,
                from,
                Piece {
                    kind: walk,
                    ..piece
                },
                side,
                &mut moves,
            );
            found = moves.iter().any(|m| {
                m.captured.is_some()
                    && m.capture_at == target
                    && m.kind != MoveKind::EnPassant
                    && self
                        .rules
                        .observation_ok(self, from, piece, target, m.to, side)
            });
            if found {
                break;
            }
        }
        LISTS.with(|l| l.borrow_mut().push(moves));
        found
    }
}
