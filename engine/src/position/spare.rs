//! A spare position for the tests that read a position they may not change yet must
//! see units moved (a unit observing from its rebirth square, Mars Circe; a capture made
//! after a first leg, Make&Take chess): one copy kept per thread, made this position
//! before each use, with a move list of its own.

use super::Position;
use crate::moves::MoveList;
use crate::rules::RuleSet;
use std::any::Any;
use std::cell::RefCell;

thread_local! {
    /// The spare position (of whichever rule set last used it) and its move list.
    static SPARE: RefCell<Option<(Box<dyn Any>, MoveList)>> = const { RefCell::new(None) };
}

impl<R: RuleSet> Position<R> {
    /// Runs `f` on a copy of this position as moves are generated in it, with an empty
    /// move list. A test run on the spare that needs one itself (a check by flights
    /// asking whether a unit observes after its first leg) gets a fresh copy.
    pub(super) fn on_spare<T>(&self, f: impl FnOnce(&mut Position<R>, &mut MoveList) -> T) -> T {
        SPARE.with(|cell| {
            let Ok(mut slot) = cell.try_borrow_mut() else {
                let mut fresh = self.clone();
                return f(&mut fresh, &mut MoveList::new());
            };
            let fresh = !slot
                .as_ref()
                .is_some_and(|(spare, _)| spare.is::<Position<R>>());
            if fresh {
                *slot = Some((Box::new(self.clone()), MoveList::new()));
            }
            let (spare, moves) = slot.as_mut().expect("a spare position");
            let spare = spare
                .downcast_mut::<Position<R>>()
                .expect("of this rule set");
            self.copy_into(spare);
            moves.clear();
            f(spare, moves)
        })
    }

    /// Makes `spare` this position as moves are generated in it: board, side, rights,
    /// rules and promotion choices (not the history).
    fn copy_into(&self, spare: &mut Position<R>) {
        spare.board.clone_from(&self.board);
        spare.side = self.side;
        spare.castling = self.castling;
        spare.ep = self.ep;
        spare.rules.clone_from(&self.rules);
        spare.royal_kinds.clone_from(&self.royal_kinds);
        spare.promotions.clone_from(&self.promotions);
        spare.own_promotions.clone_from(&self.own_promotions);
        spare.exclusive = self.exclusive;
    }
}
