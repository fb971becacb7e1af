//! The glue to intelligent mode ([`crate::plan`]): the plans drawn up before a long help
//! or help series play to mate or stalemate, and the units the search follows through
//! them, entered and left with each position.

use super::Solver;
use crate::moves::Move;
use crate::plan::Plans;
use crate::rules::RuleSet;
use crate::stipulation::Goal;

impl<R: RuleSet> Solver<'_, R> {
    /// Intelligent mode: the plans of a mate or stalemate within `budget` (the moves of
    /// the mating side and of the goal side); `None` when intelligent mode does not
    /// apply (or gives way).
    pub(super) fn draw_plans(&mut self, budget: (u32, u32)) -> Option<Plans> {
        if !self.opts.intelligent
            || !matches!(self.stip.goal, Goal::Mate | Goal::Stalemate)
            || self.stip.reflex
            || self.stip.exact
            || self.stip.reci.is_some()
            || self.stip.structured.is_some()
            || self.first_moves.is_some()
        {
            return None;
        }
        let goal = self.white.opponent();
        let mate = self.stip.goal == Goal::Mate;
        let (deadline, interrupt) = (self.opts.deadline, self.opts.interrupt.clone());
        let stop = move || {
            deadline.is_some_and(|d| std::time::Instant::now() >= d)
                || interrupt
                    .as_ref()
                    .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
        };
        Plans::new(self.pos, goal, mate, budget, &stop)
    }

    /// In intelligent mode, enters the position with `mating` moves of the mating side
    /// and `goal_moves` of the goal side left ([`Following::enter`]): `Err` when no plan
    /// is within reach, `Ok(true)` when entered (to be left), `Ok(false)` outside
    /// intelligent mode.
    pub(super) fn follow_enter(&mut self, mating: u32, goal_moves: u32) -> Result<bool, ()> {
        let goal = self.white.opponent();
        match &mut self.plan {
            Some(plan) => match plan.enter(self.pos, goal, mating, goal_moves) {
                true => Ok(true),
                false => Err(()),
            },
            None => Ok(false),
        }
    }

    /// Whether some plan followed is within reach of the play ending with the next move,
    /// the mating side's; true outside intelligent mode.
    pub(super) fn plan_may_end(&mut self) -> bool {
        let Ok(entered) = self.follow_enter(1, 0) else {
            return false;
        };
        self.follow_leave(entered);
        true
    }

    /// Leaves the position entered by [`Solver::follow_enter`] (when `entered`).
    pub(super) fn follow_leave(&mut self, entered: bool) {
        if let (true, Some(plan)) = (entered, &mut self.plan) {
            plan.leave();
        }
    }

    /// Whether `mv` keeps some plan within reach ([`Following::allows`]).
    pub(super) fn plan_allows(&mut self, entered: bool, mv: &Move) -> bool {
        match (&mut self.plan, entered) {
            (Some(plan), true) => plan.allows(mv, self.pos.side()),
            _ => true,
        }
    }

    /// Follows `mv`, about to be made, in the plans' units.
    pub(super) fn follow_make(&mut self, mv: &Move) {
        if let Some(plan) = &mut self.plan {
            plan.make(mv);
        }
    }

    /// Takes back `mv` in the plans' units.
    pub(super) fn follow_unmake(&mut self, mv: &Move) {
        if let Some(plan) = &mut self.plan {
            plan.unmake(mv);
        }
    }
}
