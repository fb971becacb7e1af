//! Counting units against the game array, for the truth `move.exceeds_game_array`
//! (SingleBox): the game array holds as many units of a kind as the kind's rule has
//! `home` squares, eight pawns, two rooks, one queen; a kind without `home` squares is
//! not counted. The count after a move is the board's count changed by what the move
//! takes off, puts on and turns, so that no move is played to tell it. A move told before
//! the conditions gave it its effects (a capture judged as an observation) is judged with
//! the rebirth and the change of side they would give it: as it would be played.

use crate::board::Board;
use crate::moves::{Effect, Move};
use crate::piece::{Kind, Owner, Piece};
use crate::position::{recolour, Position};
use crate::rebirth::Rebirths;
use crate::rules::RuleSet;
use crate::square::Square;

/// Whether, once `mv` is played, a side has more units of a kind than the game array
/// holds (a neutral unit counts for both sides).
pub fn exceeds_game_array<R: RuleSet>(pos: &Position<R>, mv: &Move) -> bool {
    let mut played = *mv;
    if mv.extras().next().is_none() {
        add_planned_effects(pos, &mut played);
    }
    let mv = &played;
    let board = pos.board();
    R::KINDS
        .iter()
        .enumerate()
        .filter(|(_, info)| !info.home_files.is_empty())
        .any(|(k, info)| {
            let kind = Kind(k as u8);
            [Owner::White, Owner::Black].into_iter().any(|owner| {
                let counts =
                    |p: Piece| p.kind == kind && (p.owner == owner || p.owner == Owner::Neutral);
                let on_board =
                    board.of_kind(kind) & (board.owned(owner) | board.owned(Owner::Neutral));
                let after = on_board.count() as i32 + change(board, mv, counts);
                after > info.home_files.len() as i32
            })
        })
}

/// Gives `mv`, as generated, the rebirth and the change of side of its unit that the
/// conditions would add to it (a choice among several rebirths is left out).
fn add_planned_effects<R: RuleSet>(pos: &Position<R>, mv: &mut Move) {
    let rules = pos.rules();
    if mv.is_capture() {
        if let Rebirths::Effects(effects) = rules.rebirth_effects(pos, mv) {
            for effect in effects.into_iter().flatten() {
                mv.add_effect(effect);
            }
        }
    }
    if rules.has_after_effects() && rules.recolours_mover(pos, mv) {
        if let Some((at, unit)) = mv.mover_lands() {
            recolour(mv, at, unit, false);
        }
    }
}

/// How much `mv`, played on `before`, changes the number of units for which `counts`
/// holds.
fn change(before: &Board, mv: &Move, counts: impl Fn(Piece) -> bool) -> i32 {
    let n = |p: Piece| i32::from(counts(p));
    let mut delta = n(mv.arriving()) - n(mv.mover) - mv.captured.map_or(0, n);
    for effect in mv.extras() {
        delta += match *effect {
            Effect::Add { piece, .. } => n(piece),
            Effect::Remove { piece, .. } => -n(piece),
            Effect::Promote { from, to, .. } | Effect::Recolour { from, to, .. } => n(to) - n(from),
            Effect::Swap { .. } => 0,
            Effect::RecolourAll { units } => units
                .iter()
                .filter_map(|(sq, owner)| {
                    let unit = unit_after(before, mv, sq)?;
                    Some(n(Piece { owner, ..unit }) - n(unit))
                })
                .sum(),
        };
    }
    delta
}

/// The unit on `sq` once `mv`'s movement and the effects before its turning are made:
/// the arriving unit on its arrival square, a unit added there, else the one there before.
fn unit_after(before: &Board, mv: &Move, sq: Square) -> Option<Piece> {
    let added = mv.extras().rev().find_map(|e| match *e {
        Effect::Add { at, piece } if at == sq => Some(piece),
        _ => None,
    });
    added.or_else(|| {
        if sq == mv.to {
            Some(mv.arriving())
        } else {
            before.get(sq)
        }
    })
}
