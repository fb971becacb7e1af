//! Walks lent by a neighbour (the rules' `move as friend behind|ahead`, Annan and Nanna
//! chess; `move as enemy ahead|behind|beside`, Face-to-face, Back-to-back and
//! Cheek-to-cheek chess): a unit with a lender on a square next to it (right behind it,
//! ahead of it or beside it, as its side moves) moves, captures and observes by the
//! lender's walk instead of its own, by both walks when two lend. The unit that moves
//! stays what it is: it promotes only if it is a pawn, arriving on its last rank by
//! whatever walk.

use super::Position;
use crate::moves::{made_by, remove_repeats, MoveKind, MoveList};
use crate::piece::{Kind, Piece, Side};
use crate::rules::{Lender, RuleSet};
use crate::square::Square;
use std::cell::RefCell;

thread_local! {
    /// Move lists for the observation test, reused: it runs for every move tried.
    static LISTS: RefCell<Vec<MoveList>> = const { RefCell::new(Vec::new()) };
}

impl<R: RuleSet> Position<R> {
    /// The kinds whose walks the unit on `from` moves by when `side` moves it: those of
    /// the units `lender` names standing next to it, else its own. Two lenders of one
    /// kind lend it twice, and each walk's moves are made, as the reference makes them
    /// (twice). When it is `observing`, each kind counts once, and each of the lender's
    /// squares where no lender stands gives the unit's own walk too, as the reference
    /// has it (a unit with a unit of the other side on one side of it only, under
    /// Cheek-to-cheek chess, observes by both walks).
    #[inline]
    pub(super) fn walks_at(
        &self,
        from: Square,
        side: Side,
        lender: Lender,
        observing: bool,
    ) -> LentWalks {
        let owner = if lender.enemy { side.opponent() } else { side };
        let lenders = self.board.movable_by(owner);
        let forward = side.forward();
        let mut walks = LentWalks {
            kinds: [Kind(0); 2],
            len: 0,
        };
        for &(dx, dy) in lender.squares {
            match from
                .offset(dx, dy * forward)
                .filter(|&at| lenders.contains(at))
            {
                Some(at) => walks.add(self.board.unit(at).kind, observing),
                None if observing => walks.add(self.board.unit(from).kind, true),
                None => {}
            }
        }
        if walks.len == 0 {
            walks.add(self.board.unit(from).kind, true);
        }
        walks
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
    pub(super) fn lent_observes(&self, target: Square, side: Side, lender: Lender) -> bool {
        let mut moves = LISTS.with(|l| l.borrow_mut().pop()).unwrap_or_default();
        let mut found = false;
        for from in self.board.movable_by(side) {
            if from == target {
                continue;
            }
            let piece = self.board.unit(from);
            for walk in self.walks_at(from, side, lender, true).iter() {
                if !self.rules.reach(walk, target, side).contains(from) {
                    continue;
                }
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
            if found {
                break;
            }
        }
        LISTS.with(|l| l.borrow_mut().push(moves));
        found
    }
}

/// The walks a unit moves by under a condition that lends walks: one or two kinds (two
/// lenders beside it).
#[derive(Clone, Copy, Debug)]
pub struct LentWalks {
    kinds: [Kind; 2],
    len: usize,
}

impl LentWalks {
    /// Adds `kind`, unless it is there already and `once`.
    fn add(&mut self, kind: Kind, once: bool) {
        if !(once && self.kinds[..self.len].contains(&kind)) && self.len < self.kinds.len() {
            self.kinds[self.len] = kind;
            self.len += 1;
        }
    }

    /// The kinds, in the order added.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        self.kinds.into_iter().take(self.len)
    }
}
