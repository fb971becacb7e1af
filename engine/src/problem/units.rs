//! The units of a problem as the engine's: codes resolved through the rule set's kinds, and the castling rights a diagram implies.

use super::check::SUPPORTED;
use crate::board::Board;
use crate::codes::{kind_by_code, CodeSet};
use crate::input;
use crate::piece::{Marks, Piece, Side};
use crate::position::Castling;
use crate::rules::RuleSet;
use crate::square::Square;
use crate::stipulation::Goal;

/// The units as the engine's, codes read in `set`; a unit on a square given twice
/// replaces the one before.
pub(super) fn resolve<R: RuleSet>(
    units: &[input::PlacedUnit],
    set: CodeSet,
) -> Result<Vec<(Square, Piece)>, String> {
    let mut out: Vec<(Square, Piece)> = Vec::new();
    for u in units {
        if let Some(a) = u
            .attributes
            .iter()
            .find(|a| !SUPPORTED.contains(&a.as_str()) && mark_of::<R>(a).is_none())
        {
            return Err(format!(
                "the piece attribute {a} is not supported yet ({u})"
            ));
        }
        let has = |name: &str| u.attributes.iter().any(|a| a == name);
        let (half, royal) = (has("HalfNeutral"), has("Royal"));
        let marks = u
            .attributes
            .iter()
            .filter_map(|a| mark_of::<R>(a))
            .fold(Marks::NONE, Marks::with);
        let kind = kind_by_code(R::KINDS, set, &u.code).ok_or_else(|| {
            format!(
                "the piece code {} is not known (no rule in rules/ has it)",
                u.code
            )
        })?;
        let sq = u.square;
        out.retain(|(s, _)| *s != sq);
        let piece = Piece::new(kind, u.colour);
        // (a king written Royal is royal by its kind alone)
        let royal = royal && !R::KINDS[kind.index()].royal;
        out.push((
            sq,
            Piece {
                half,
                royal,
                marks,
                ..piece
            },
        ));
    }
    Ok(out)
}

/// The mark of the attribute a problem names `name` (its English name, as the reader
/// gives it): its index among the rule set's `attribute` rules.
pub(crate) fn mark_of<R: RuleSet>(name: &str) -> Option<u8> {
    R::CONDITIONS
        .iter()
        .filter(|c| c.attribute)
        .position(|c| c.names.iter().any(|n| n.eq_ignore_ascii_case(name)))
        .map(|i| i as u8)
}

/// The rules (indices in `R::CONDITIONS`) of the attributes `units` carry.
pub(super) fn attribute_rules<R: RuleSet>(units: &[(Square, Piece)]) -> Vec<usize> {
    let carried = units
        .iter()
        .fold(Marks::NONE, |m, (_, p)| Marks(m.0 | p.marks.0));
    let rules = R::CONDITIONS
        .iter()
        .enumerate()
        .filter(|(_, c)| c.attribute);
    rules
        .enumerate()
        .filter(|&(mark, _)| carried.has(mark as u8))
        .map(|(_, (i, _))| i)
        .collect()
}

/// Castling rights as the reference assumes them: a royal unit on its game-array square
/// and a castling partner of its side on a corner, unless `NoCastling` names them. A
/// partner on its corner is unmoved whether or not the royal unit is home (a royal unit
/// put on its home square before its move castles with it).
pub(super) fn default_castling<R: RuleSet>(board: &Board, no_castling: &[Square]) -> Castling {
    let mut c = Castling::NONE;
    for side in [Side::White, Side::Black] {
        let rank = side.relative_rank(0);
        let at = |f: i8| Square::from_coords(f, rank).expect("first rank");
        let royal_home = board
            .get(at(4))
            .is_some_and(|p| p.owner == side.owner() && R::KINDS[p.kind.index()].royal)
            && !no_castling.contains(&at(4));
        let partner = |f: i8| {
            board.get(at(f)).is_some_and(|p| {
                p.owner == side.owner() && R::KINDS[p.kind.index()].castling_partner
            }) && !no_castling.contains(&at(f))
        };
        if royal_home {
            c.set_royal_home(side);
        }
        c.set_partner(side, true, partner(7));
        c.set_partner(side, false, partner(0));
    }
    c
}

/// A proof game's start, when `goal` is one's: the game array (a=>b: the first diagram),
/// from which the play arrives at the diagram.
pub(super) fn proof_start<R: RuleSet>(
    problem: &input::Problem,
    goal: Goal,
    codes: CodeSet,
) -> Result<Option<Vec<(Square, Piece)>>, String> {
    if !goal.is_proof() {
        return Ok(None);
    }
    let first = match &problem.start_position {
        Some(units) => units.clone(),
        None => input::game_array(problem.language),
    };
    resolve::<R>(&first, codes).map(Some)
}
