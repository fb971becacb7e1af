//! The order in which the reference solver tries the moves of a position, for the option
//! MoveNumbers, whose progress lines number the first moves in that order.
//!
//! The reference walks the board from h8 back to a1, generating each unit's moves
//! direction by direction (a rider's squares near to far, a pawn's captures before its
//! steps, castling after the royal unit's other moves), and then tries them last
//! generated first. So the units come from a1 to h8 and each unit's moves in the reverse of
//! that generation. Directions are ordered as its vector table orders them: by the shape
//! of the step (one square straight, one diagonal, the knight's jump, …) and, within a
//! shape, by a fixed turn around the compass. None of this depends on a particular piece:
//! a move is placed by its departure square, its step and its length alone, except that
//! a rule may name another order (`numbering`: queen lines backwards, by arrival square,
//! far moves first).

use crate::moves::{Move, MoveKind};
use crate::piece::Numbering;
use crate::rules::RuleSet;

/// The shapes of step in the reference's vector table, in its order (a step reduced to
/// coprime coordinates, the smaller first).
const SHAPES: [(i8, i8); 19] = [
    (0, 1),
    (1, 1),
    (1, 2),
    (2, 3),
    (1, 3),
    (1, 4),
    (3, 4),
    (1, 7),
    (3, 7),
    (1, 6),
    (3, 5),
    (1, 5),
    (2, 5),
    (3, 6),
    (4, 5),
    (4, 7),
    (5, 6),
    (5, 7),
    (6, 7),
];

fn gcd(a: i8, b: i8) -> i8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Where a step (coprime `dx`, `dy`) comes in the turn of its shape.
fn turn(dx: i8, dy: i8) -> u32 {
    let (a, b) = (dx.abs().min(dy.abs()), dx.abs().max(dy.abs()));
    let turns: [(i8, i8); 8] = if a == 0 {
        [
            (1, 0),
            (0, 1),
            (-1, 0),
            (0, -1),
            (9, 9),
            (9, 9),
            (9, 9),
            (9, 9),
        ]
    } else if a == b {
        [
            (-1, 1),
            (1, 1),
            (1, -1),
            (-1, -1),
            (9, 9),
            (9, 9),
            (9, 9),
            (9, 9),
        ]
    } else {
        [
            (-b, a),
            (-a, b),
            (a, b),
            (b, a),
            (b, -a),
            (a, -b),
            (-a, -b),
            (-b, -a),
        ]
    };
    turns
        .iter()
        .position(|&t| t == (dx, dy))
        .map_or(8, |i| i as u32)
}

/// The sort key of `mv` among the moves of its position: smaller is tried first.
pub fn reference_key<R: RuleSet>(mv: &Move) -> (u8, u32) {
    let square = mv.from.index() as u8;
    let (dx, dy) = (mv.to.file() - mv.from.file(), mv.to.rank() - mv.from.rank());
    let info = &R::KINDS[mv.mover.kind.index()];
    let within = match mv.kind {
        // castling is generated after the royal unit's other moves, the long one last
        MoveKind::CastleLong => 0,
        MoveKind::CastleShort => 1,
        // exchanges are generated after the unit's other moves, by the square of the
        // unit exchanged with
        MoveKind::Exchange { .. } => 2000 + mv.to.index() as u32,
        // units that generate by arrival square try them from a1 to h8, file by file
        _ if info.numbering == Numbering::ByArrival => {
            1000 + mv.to.file() as u32 * 8 + mv.to.rank() as u32
        }
        _ if info.pawn => {
            let capture = mv.captured.is_some() || mv.kind == MoveKind::EnPassant;
            if capture && info.numbering == Numbering::CapturesFirst {
                50 + u32::from(dx <= 0) + u32::from(dx < 0)
            } else if capture {
                // captures towards the h file are generated after those towards a
                200 + u32::from(dx <= 0) + u32::from(dx < 0)
            } else {
                // steps after captures, the longer after the shorter
                100 - dy.unsigned_abs() as u32
            }
        }
        _ => {
            let g = gcd(dx.abs(), dy.abs()).max(1);
            let (sx, sy) = (dx / g, dy / g);
            let shape = (sx.abs().min(sy.abs()), sx.abs().max(sy.abs()));
            let group = SHAPES
                .iter()
                .position(|&s| s == shape)
                .map_or(SHAPES.len(), |i| i) as u32;
            // (a kind may generate its queen lines backwards: diagonals first)
            let reversed = group < 2 && info.numbering == Numbering::QueenLinesReversed;
            let line = if reversed {
                (1 - group) * 9 + 3 - turn(sx, sy)
            } else {
                group * 9 + turn(sx, sy)
            };
            // everything generated later is tried earlier (a kind generating its far
            // moves first generates its one-square steps after all of them)
            let lines = (SHAPES.len() as u32 + 1) * 9 * 16;
            let later = match info.numbering == Numbering::FarFirst && g == 1 {
                true => lines,
                false => 0,
            };
            let generated = later + line * 16 + g as u32;
            1000 + 2 * lines - generated
        }
    };
    (square, within)
}

/// Sorts `moves` into the order the reference tries them (a stable sort: moves that
/// differ only in a promotion or a rebirth keep the order they were generated in).
pub fn sort_as_reference<R: RuleSet>(moves: &mut [Move]) {
    moves.sort_by_key(|mv| reference_key::<R>(mv));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_of_each_shape_follows_the_reference_table() {
        // one square straight: right, up, left, down
        assert_eq!(
            [(1, 0), (0, 1), (-1, 0), (0, -1)].map(|(x, y)| turn(x, y)),
            [0, 1, 2, 3]
        );
        // the knight: its table starts two left and one up and turns clockwise
        assert_eq!(
            [
                (-2, 1),
                (-1, 2),
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1)
            ]
            .map(|(x, y)| turn(x, y)),
            [0, 1, 2, 3, 4, 5, 6, 7]
        );
        assert_eq!(turn(-1, 1), 0);
        assert_eq!(turn(-1, -1), 3);
    }
}
