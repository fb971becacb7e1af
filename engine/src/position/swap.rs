//! Phase 4, royal units changing places (the rules' `swap royals when …`, Oscillating
//! and Swapping kings): once a move is made, with every other effect, the royal units of
//! the two sides change places — after every move (`always`), after a move that checks
//! the other side (`checking`), or after every move that does not leave the mover in
//! check first, any other being illegal (`safe`). Written `[Kh8<->Ka3]`, White's royal
//! unit where it arrives first.

use super::Position;
use crate::moves::{Effect, Move, MoveList};
use crate::piece::{Owner, Piece, Side};
use crate::rules::{RuleSet, SwapRoyals};
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Each move in `out` gains the change of places its condition says (under `safe`,
    /// a move leaving the mover in check gains none, and legality refuses it); a move
    /// with no room left for the change is dropped.
    pub(super) fn swap_royals(&mut self, when: SwapRoyals, out: &mut MoveList) {
        let side = self.side;
        out.retain_mut(|mv| {
            self.make(*mv);
            let royals = self.lone_royals();
            // (a move leaving the mover in check stays as it is, and so illegal)
            let swap = match when {
                SwapRoyals::Always => true,
                SwapRoyals::Checking => self.in_check(side.opponent()),
                SwapRoyals::Safe => !self.in_check(side),
            };
            self.unmake();
            match (swap, royals) {
                (true, Some((white, black))) => add_swap(mv, white, black),
                _ => true,
            }
        });
    }

    /// White's and Black's royal units and their squares, when each side has exactly
    /// one of its own (neutral royal units change no places).
    fn lone_royals(&self) -> Option<((Square, Piece), (Square, Piece))> {
        let lone = |side: Side| {
            let royals = self.royal_squares(side) & self.board.owned(side.owner());
            let at = (royals.count() == 1).then(|| royals.first()).flatten()?;
            Some((at, self.board.unit(at)))
        };
        let neutral = self.royal_squares(Side::White) & self.board.owned(Owner::Neutral);
        if neutral.non_empty() {
            return None;
        }
        Some((lone(Side::White)?, lone(Side::Black)?))
    }
}

/// Appends to `mv` the change of places of the royal units `white` and `black` (where
/// the move leaves them, and what stands there); false when there is no room for it.
fn add_swap(mv: &mut Move, white: (Square, Piece), black: (Square, Piece)) -> bool {
    mv.add_effect(Effect::Swap {
        at: [white.0, black.0],
        units: [white.1, black.1],
    })
}
