//! What solving a problem reports as it goes ([`Report`]): the problem and its twins set
//! up, then each twin's phases, their lines and keys each as soon as the search finds
//! it, so that a writer can print them at once and keep none. [`Kept`] gathers the
//! reports into a [`ProblemResult`]; [`replay`] reports a gathered result again, so that
//! a writer has one path for both.

use super::{ProblemResult, TwinResult};
use crate::solution::{Attack, Line, Phase, PlaySink, Sink, Solution};
use crate::solve::Stop;

/// Where solving a problem reports, in order: [`Report::begin`], then for each twin
/// [`Report::twin`], its phases ([`PlaySink`]) and [`Report::twin_end`], then
/// [`Report::end`].
pub trait Report: PlaySink {
    /// The problem and its twins are set up, none solved: each twin's outcome is `Ok`
    /// with no phases, or `Err` with why it cannot be solved.
    fn begin(&mut self, problem: &ProblemResult);
    /// Twin `index` (of the twins given to [`Report::begin`]) is about to be solved.
    fn twin(&mut self, index: usize);
    /// The twin is solved, its phases reported; why solving stopped early, if it did.
    fn twin_end(&mut self, stopped: Option<Stop>);
    /// Every twin is solved.
    fn end(&mut self);
}

/// A [`Report`] that keeps everything: the problem's [`ProblemResult`].
#[derive(Default)]
pub struct Kept {
    result: Option<ProblemResult>,
    twin: usize,
}

impl Kept {
    /// The problem solved, as reported.
    ///
    /// # Panics
    /// When nothing was reported (a caller's mistake: [`Report::begin`] comes first).
    pub fn result(self) -> ProblemResult {
        self.result
            .expect("a problem reports its setup before anything else")
    }

    /// The phases of the twin being solved.
    fn phases(&mut self) -> Option<&mut Vec<Solution>> {
        let twin = self.result.as_mut()?.twins.get_mut(self.twin)?;
        twin.outcome.as_mut().ok()
    }
}

impl Sink for Kept {
    fn line(&mut self, line: Line) {
        if let Some(Solution::Lines(lines)) = self.phases().and_then(|p| p.last_mut()) {
            lines.push(line);
        }
    }

    fn attack(&mut self, attack: Attack) {
        if let Some(Solution::Tree(attacks)) = self.phases().and_then(|p| p.last_mut()) {
            attacks.push(attack);
        }
    }
}

impl PlaySink for Kept {
    fn phase(&mut self, phase: Phase) {
        if let Some(phases) = self.phases() {
            phases.push(match phase {
                Phase::Whole(solution) => solution,
                Phase::Lines => Solution::Lines(Vec::new()),
                Phase::Tree => Solution::Tree(Vec::new()),
            });
        }
    }

    fn phase_end(&mut self) {}
}

impl Report for Kept {
    fn begin(&mut self, problem: &ProblemResult) {
        self.result = Some(problem.clone());
    }

    fn twin(&mut self, index: usize) {
        self.twin = index;
    }

    fn twin_end(&mut self, stopped: Option<Stop>) {
        let twin = self.twin;
        if let Some(t) = self.result.as_mut().and_then(|r| r.twins.get_mut(twin)) {
            t.stopped = stopped;
        }
    }

    fn end(&mut self) {}
}

/// Reports `result`, a problem already solved, to `report` as solving it reported: the
/// lines and keys of the play one by one, the other phases whole.
pub fn replay(result: &ProblemResult, report: &mut dyn Report) {
    let unsolved = |t: &TwinResult| TwinResult {
        outcome: t.outcome.as_ref().map(|_| Vec::new()).map_err(Clone::clone),
        stopped: None,
        ..t.clone()
    };
    report.begin(&ProblemResult {
        twins: result.twins.iter().map(unsolved).collect(),
        ..result.clone()
    });
    for (i, twin) in result.twins.iter().enumerate() {
        report.twin(i);
        for phase in twin.outcome.iter().flatten() {
            match phase {
                Solution::Lines(lines) => {
                    report.phase(Phase::Lines);
                    lines.iter().for_each(|l| report.line(l.clone()));
                    report.phase_end();
                }
                Solution::Tree(attacks) => {
                    report.phase(Phase::Tree);
                    attacks.iter().for_each(|a| report.attack(a.clone()));
                    report.phase_end();
                }
                whole => report.phase(Phase::Whole(whole.clone())),
            }
        }
        report.twin_end(twin.stopped);
    }
    report.end();
}
