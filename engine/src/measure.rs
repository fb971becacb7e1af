//! Measures and tests that conditions are written in: the alphabetic order of squares,
//! the length of a move, keeping the moves best by a measure, whether a unit is
//! observed by a unit of a given kind (before a move or after it), the edge, the grid cells and the contact of
//! squares. Generated code reaches them through
//! [`crate::support`].

use crate::bitboard::Bitboard;
use crate::moves::{Effect, Move, MoveKind, MoveList};
use crate::piece::{Kind, Side};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::square::Square;

/// The place of `sq` in the order a1, a2 … a8, b1 … h8 (0 for a1, 63 for h8).
#[inline]
pub fn alphabetic(sq: Square) -> i32 {
    i32::from(sq.file()) * 8 + i32::from(sq.rank())
}

/// The length of a move, squared (the distance between departure and arrival). A
/// castling counts the royal unit's and its partner's ways together, as problemists'
/// solvers measure it: 0-0 is 4 long (16), 0-0-0 is 5 (25).
#[inline]
pub fn length(mv: &Move) -> i32 {
    let dx = i32::from(mv.to.file() - mv.from.file());
    let dy = i32::from(mv.to.rank() - mv.from.rank());
    if let Some((from, to)) = mv.partner() {
        let both = dx.abs() + i32::from((to.file() - from.file()).abs());
        return both * both;
    }
    dx * dx + dy * dy
}

/// Keeps the moves with the greatest `key`.
pub fn keep_best(moves: &mut MoveList, key: impl Fn(&Move) -> i32) {
    if let Some(best) = moves.iter().map(&key).max() {
        moves.retain(|m| key(m) == best);
    }
}

/// Whether a unit of `kind` that `side` may move can take the unit on `target` en
/// passant: for the observation conditions, as the reference counts it, an observation
/// too (a pawn that has just made its double step beside such a pawn is observed by it).
pub fn takes_en_passant<R: RuleSet>(
    rules: &R,
    pos: &Position<R>,
    target: Square,
    side: Side,
    kind: Kind,
) -> bool {
    if pos.ep().is_none_or(|ep| ep.victim != target) {
        return false;
    }
    let board = pos.board();
    let mut moves = MoveList::new();
    (board.of_kind(kind) & board.movable_by(side))
        .into_iter()
        .any(|from| {
            moves.clear();
            rules.generate(pos, from, board.unit(from), side, &mut moves);
            moves
                .iter()
                .any(|m| m.kind == MoveKind::EnPassant && m.capture_at == target)
        })
}

/// Whether a unit of `kind` that `by` may move observes `target` by its rule (see
/// [`RuleSet::observes_by_kind`]) or could take it en passant (`takes_en_passant`).
#[inline]
pub fn observed_by_kind<R: RuleSet>(
    rules: &R,
    pos: &Position<R>,
    target: Square,
    kind: Kind,
    by: Side,
) -> bool {
    let by_walk = if rules.moves_from_rebirth(by).is_some() {
        pos.observes_by_walks(target, by, pos.board().of_kind(kind))
    } else {
        rules.observes_by_kind(pos, target, by, kind)
    };
    by_walk || takes_en_passant(rules, pos, target, by, kind)
}

/// Whether, once `mv` is played on `pos`, a unit that is not royal stands observed by a
/// unit of its kind of the other side, by the walks alone (no condition filters it; a
/// pawn that has just made its double step is observed by a pawn that could take it en
/// passant, as [`observed_by_kind`] counts it). The move is played on a copy of the
/// position, which leaves `pos` as it is for the observation tests that ask.
pub fn same_walk_observation_after<R: RuleSet>(rules: &R, pos: &Position<R>, mv: &Move) -> bool {
    let mut after = pos.clone();
    after.make(*mv);
    let board = after.board();
    board.units().into_iter().any(|sq| {
        let unit = board.unit(sq);
        !unit.is_royal(R::KINDS)
            && [Side::White, Side::Black].into_iter().any(|side| {
                board.movable_by(side).contains(sq)
                    && observed_by_kind(rules, &after, sq, unit.kind, side.opponent())
            })
    })
}

/// Whether `sq` is on the edge of the board (the first or last file or rank).
#[inline]
pub fn on_edge(sq: Square) -> bool {
    sq.file() == 0 || sq.file() == 7 || sq.rank() == 0 || sq.rank() == 7
}

/// The cell of the plain grid (the board cut into sixteen 2×2 squares) holding `sq`,
/// numbered 0 to 15.
#[inline]
pub fn grid_cell(sq: Square) -> i8 {
    sq.file() / 2 * 4 + sq.rank() / 2
}

/// Whether a unit of `occupied` stands a king's step from `sq`.
#[inline]
fn touches(occupied: Bitboard, sq: Square) -> bool {
    (-1..=1).any(|dx| {
        (-1..=1)
            .any(|dy| (dx, dy) != (0, 0) && sq.offset(dx, dy).is_some_and(|n| occupied.contains(n)))
    })
}

/// Whether a unit stands a king's step from `sq` before the move (the contact of KoeKo).
#[inline]
pub fn contact_before<R: RuleSet>(pos: &Position<R>, sq: Square) -> bool {
    touches(pos.board().units(), sq)
}

/// Whether a unit stands a king's step from `sq` once `mv` is played: the mover gone from
/// its departure and standing on its arrival, the captured unit gone, the extra effects
/// (a castling partner's move) made.
#[inline]
pub fn contact_after<R: RuleSet>(pos: &Position<R>, mv: &Move, sq: Square) -> bool {
    let mut occupied = pos.board().units();
    occupied.remove(mv.from);
    if mv.captured.is_some() {
        occupied.remove(mv.capture_at);
    }
    occupied.insert(mv.to);
    for effect in mv.extras() {
        match *effect {
            Effect::Add { at, .. } => occupied.insert(at),
            Effect::Remove { at, .. } => occupied.remove(at),
            Effect::Promote { .. }
            | Effect::Recolour { .. }
            | Effect::RecolourAll { .. }
            | Effect::Swap { .. } => {}
        }
    }
    touches(occupied, sq)
}

#[cfg(test)]
mod tests {
    use super::length;
    use crate::moves::{Move, MoveKind};
    use crate::piece::{Kind, Owner, Piece};
    use crate::square::Square;

    fn castling(king_to: &str, corner: &str, partner_to: &str, kind: MoveKind) -> Move {
        let sq = |s: &str| Square::parse(s).expect("a square");
        let (king, rook) = (
            Piece::new(Kind(0), Owner::White),
            Piece::new(Kind(3), Owner::White),
        );
        Move::castling(
            sq("e1"),
            sq(king_to),
            king,
            kind,
            rook,
            (sq(corner), sq(partner_to)),
        )
    }

    #[test]
    fn a_move_is_as_long_as_its_way_and_castling_counts_both_units() {
        let sq = |s: &str| Square::parse(s).expect("a square");
        let knight = Move::quiet(sq("b1"), sq("c3"), Piece::new(Kind(2), Owner::White));
        assert_eq!(length(&knight), 5);
        assert_eq!(
            length(&castling("g1", "h1", "f1", MoveKind::CastleShort)),
            16
        );
        assert_eq!(
            length(&castling("c1", "a1", "d1", MoveKind::CastleLong)),
            25
        );
    }
}
