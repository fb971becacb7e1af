//! A problem's report as the command line writes it while solving: the solution in text
//! or JSON on the problem's stdout, and each twin that cannot be solved said on its
//! stderr as `file:line:col: error: …` before the twin is (not) solved.

use fairyforge_engine::input;
use fairyforge_engine::output::text::TextReport;
use fairyforge_engine::problem::{ProblemResult, Report};
use fairyforge_engine::solution::{Attack, Line, Phase, PlaySink, Sink};
use fairyforge_engine::solve::Stop;
use std::io::Write;

use crate::json::JsonReport;

/// The writer of a problem's solution: text or JSON.
pub enum Writer<'w> {
    /// The reference's text convention.
    Text(TextReport<'w>),
    /// One JSON document.
    Json(JsonReport<'w>),
}

/// A problem's report to its writer, with its errors said on `err`.
pub struct Told<'w, 'e> {
    writer: Writer<'w>,
    err: &'e mut dyn Write,
    file: &'e str,
    problem: &'e input::Problem,
    result: Option<ProblemResult>,
    /// Whether every twin could be solved.
    pub ok: bool,
}

impl<'w, 'e> Told<'w, 'e> {
    /// A report of `problem` of `file` to `writer`, its errors to `err`.
    pub fn new(
        writer: Writer<'w>,
        err: &'e mut dyn Write,
        file: &'e str,
        problem: &'e input::Problem,
    ) -> Self {
        Told {
            writer,
            err,
            file,
            problem,
            result: None,
            ok: true,
        }
    }

    /// Solving ended with a bug (`message`): the solution written so far is closed
    /// (JSON stays one valid document) and the error said at the problem's first line.
    pub fn abort(&mut self, message: &str) {
        if let Writer::Json(json) = &mut self.writer {
            json.abort(message);
        }
        let line = self.problem.line;
        let _ = writeln!(self.err, "{}:{line}:1: error: {message}", self.file);
        self.ok = false;
    }

    fn report(&mut self) -> &mut dyn Report {
        match &mut self.writer {
            Writer::Text(text) => text,
            Writer::Json(json) => json,
        }
    }
}

impl Sink for Told<'_, '_> {
    fn line(&mut self, line: Line) {
        self.report().line(line);
    }

    fn attack(&mut self, attack: Attack) {
        self.report().attack(attack);
    }

    fn batch_end(&mut self) {
        self.report().batch_end();
    }
}

impl PlaySink for Told<'_, '_> {
    fn phase(&mut self, phase: Phase) {
        self.report().phase(phase);
    }

    fn phase_end(&mut self) {
        self.report().phase_end();
    }
}

impl Report for Told<'_, '_> {
    fn begin(&mut self, problem: &ProblemResult) {
        self.result = Some(problem.clone());
        self.report().begin(problem);
    }

    fn twin(&mut self, index: usize) {
        // a twin fairyforge cannot solve (a condition it has no rule for, a twin's
        // stipulation it does not solve) is said at the twin
        let twin = self.result.as_ref().and_then(|r| r.twins.get(index));
        if let Some((why, at)) = twin.and_then(|t| Some((t.outcome.as_ref().err()?, t.unsolved_at)))
        {
            let (line, column) = match at {
                Some(at) => (at.line, at.column),
                None => (twin_line(self.problem, index), 1),
            };
            let _ = writeln!(self.err, "{}:{line}:{column}: error: {why}", self.file);
            self.ok = false;
        }
        self.report().twin(index);
    }

    fn twin_end(&mut self, stopped: Option<Stop>) {
        self.report().twin_end(stopped);
    }

    fn end(&mut self) {
        self.report().end();
    }
}

/// The line of the `twin`-th twin of `problem` as solved (the diagram first, unless it is
/// a zero position): where its `Twin` keyword stands, the problem's first line for the
/// diagram.
fn twin_line(problem: &input::Problem, twin: usize) -> u32 {
    let index = if problem.zero_position || problem.twins.is_empty() {
        Some(twin)
    } else {
        twin.checked_sub(1)
    };
    index
        .and_then(|i| problem.twins.get(i))
        .map_or(problem.line, |t| t.line)
}
