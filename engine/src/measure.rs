//! Measures and tests that conditions are written in: the alphabetic order of squares,
//! the length of a move, keeping the moves best by a measure, and whether a unit is
//! observed by a unit of a given kind.

use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Side};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::square::Square;

/// The place of `sq` in the order a1, a2 … a8, b1 … h8 (0 for a1, 63 for h8).
#[inline]
pub fn alphabetic(sq: Square) -> i32 {
    i32::from(sq.file()) * 8 + i32::from(sq.rank())
}

/// The length of a move, squared (the distance between departure and arrival).
#[inline]
pub fn length(mv: &Move) -> i32 {
    let dx = i32::from(mv.to.file() - mv.from.file());
    let dy = i32::from(mv.to.rank() - mv.from.rank());
    dx * dx + dy * dy
}

/// Keeps the moves with the greatest `key`.
pub fn keep_best(moves: &mut MoveList, key: impl Fn(&Move) -> i32) {
    if let Some(best) = moves.iter().map(&key).max() {
        moves.retain(|m| key(m) == best);
    }
}

/// Whether a unit of `kind` that `by` may move could capture on `target`, by its rule.
pub fn observed_by_kind<R: RuleSet>(
    rules: &R,
    pos: &Position<R>,
    target: Square,
    kind: Kind,
    by: Side,
) -> bool {
    let board = pos.board();
    let mut moves = MoveList::new();
    for from in board.of_kind(kind) & board.movable_by(by) {
        if from == target {
            continue;
        }
        moves.clear();
        rules.generate(pos, from, board.unit(from), by, &mut moves);
        if moves
            .iter()
            .any(|m| m.captured.is_some() && m.capture_at == target)
        {
            return true;
        }
    }
    false
}
