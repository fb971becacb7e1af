//! Reciprocal help play (`reci-h`, `ser-reci-h`): the last move must let both the side
//! to move reach its own goal and the other side reach the play's goal in answer.

use super::Solver;
use crate::moves::Move;
use crate::rules::RuleSet;

impl<R: RuleSet> Solver<'_, R> {
    /// The last move of reciprocal help play: the side to move must be able both to
    /// reach its own goal ([`Stipulation::reci`]) and to let the other side reach the
    /// play's goal in answer. When it can, records every line of either kind; when it
    /// cannot, the table keeps that under `key`.
    pub(super) fn reciprocal(
        &mut self,
        key: u64,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        let Some(own_goal) = self.stip.reci else {
            return false;
        };
        let moves = self.legal();
        let (mut answered, mut own) = (Vec::new(), Vec::new());
        for mv in &moves {
            self.pos.make(*mv);
            line.push(*mv);
            if self.reaches(own_goal, mv) {
                own.push(line.clone());
            }
            self.record_goal_replies(line, &mut answered);
            line.pop();
            self.pos.unmake();
        }
        self.give_back(moves);
        if answered.is_empty() || own.is_empty() {
            // lines recorded on the way do not count
            self.found -= answered.len();
            if self.stopped.is_none() {
                self.table.insert(key, false);
            }
            return false;
        }
        self.found += own.len();
        out.extend(answered);
        out.extend(own);
        true
    }
}
