//! The reference's text convention for a whole problem: heading, diagram, stipulation
//! line, conditions, then each twin's heading and solution, and the closing line;
//! written as solving reports it ([`TextReport`]), each part as soon as it is known.

use super::layout::{self, Completeness, Diagram, Header, Heading, Language, PieceCounts};
use super::solution::Writer;
use crate::input::ProblemOption;
use crate::problem::{replay, ProblemResult, Report, TwinResult};
use crate::solution::{Attack, Line, Phase, PlaySink, Sink};
use crate::solve::Stop;
use crate::stipulation::Goal;
use std::io::Write;
use std::time::{Duration, Instant};

/// The lines of the options the header shows after the conditions:
/// CastlingMutuallyExclusive, Duplex, HalfDuplex, Quodlibet.
fn option_lines(result: &ProblemResult) -> Vec<String> {
    let language = result.language;
    let words = language.words();
    let mut lines = Vec::new();
    let exclusive: Vec<_> = result
        .problem
        .options
        .iter()
        .filter_map(|o| match o {
            ProblemOption::CastlingMutuallyExclusive(w, b) => Some((*w, *b)),
            _ => None,
        })
        .collect();
    if !exclusive.is_empty() {
        lines.push(layout::castling_mutually_exclusive_line(
            &exclusive, language,
        ));
    }
    for o in &result.problem.options {
        match o {
            ProblemOption::Duplex => lines.push(layout::centred(words.duplex)),
            ProblemOption::HalfDuplex => lines.push(layout::centred(words.half_duplex)),
            ProblemOption::Quodlibet => lines.push(layout::centred("Quodlibet")),
            _ => {}
        }
    }
    lines
}

/// The header of a solved problem: heading, diagram (and an a=>b problem's first
/// diagram), stipulation, conditions and option lines.
fn header(result: &ProblemResult) -> Header<'_> {
    let texts = &result.problem.texts;
    Header {
        names: &result.names,
        language: result.language,
        heading: Heading {
            authors: texts.authors.clone(),
            origins: texts.origins.clone(),
            award: texts.award.clone(),
            titles: texts.titles.clone(),
        },
        board: Diagram::of_units_named(&result.units, &result.names),
        stipulation: result.stipulation.clone(),
        total_invisible: 0,
        attributes_in_problem: Vec::new(),
        atob_start: result
            .start
            .as_ref()
            .map(|(units, mover)| (Diagram::of_units_named(units, &result.names), *mover)),
        conditions: result
            .problem
            .conditions
            .iter()
            .map(|c| c.reference_text(result.language))
            .collect(),
        option_lines: option_lines(result),
    }
}

/// What stands above the solutions: remarks, the first twin's note, the header (or
/// without the board the stipulation line and conditions; nothing under the option
/// NoBoard), the diagram's warnings.
fn above_solutions(result: &ProblemResult, show_board: bool) -> String {
    let texts = &result.problem.texts;
    let mut out = String::new();
    // remarks come first, whatever else is left out
    for remark in &texts.remarks {
        out.push_str(remark);
        out.push('\n');
    }
    if let Some(note) = result.twins.first().and_then(|t| t.note.as_ref()) {
        out.push_str(note);
        out.push('\n');
    }
    // the option NoBoard leaves out the whole header, as the reference does
    let header = header(result);
    if result.problem.options.contains(&ProblemOption::NoBoard) {
        // nothing above the solution
    } else if show_board {
        out.push_str(&layout::header(&header));
    } else {
        let counts: PieceCounts = header.board.counts();
        out.push_str(&layout::stipulation_line(
            &result.stipulation,
            &counts,
            result.language,
        ));
        for c in &header.conditions {
            out.push_str(&layout::centred(c));
        }
    }
    // a warning about the diagram stands right under it when there are no twins
    for w in result
        .twins
        .first()
        .filter(|t| t.heading.is_none())
        .map_or(&[][..], |t| &t.warnings[..])
    {
        out.push_str(w);
        out.push('\n');
    }
    out
}

/// The whole text of a solved problem, `elapsed` the time it took.
pub fn write_problem(result: &ProblemResult, show_board: bool, elapsed: Duration) -> String {
    let mut out = Vec::new();
    let mut text = TextReport::new(&mut out, show_board, Clock::Took(elapsed));
    replay(result, &mut text);
    String::from_utf8(out).unwrap_or_default()
}

/// The solution part of a solved problem as the reference prints it: each twin's note and
/// heading (when the problem has twins) and its solutions, without the problem's heading,
/// diagram or closing line. A twin that could not be solved shows why.
pub fn write_twins(result: &ProblemResult) -> String {
    let mut out = Vec::new();
    let mut text = TextReport::new(&mut out, false, Clock::Took(Duration::ZERO));
    text.solutions_only = true;
    replay(result, &mut text);
    String::from_utf8(out).unwrap_or_default()
}

/// The time the closing line gives.
#[derive(Clone, Copy, Debug)]
pub enum Clock {
    /// The time since solving began.
    Since(Instant),
    /// A time already measured.
    Took(Duration),
}

/// The most bytes of lines held before they are written.
const PENDING_MAX: usize = 1 << 16;

/// A problem written in the reference's text convention as solving reports it
/// ([`Report`]): the header before anything is solved, each twin's heading before it is
/// solved, each line or key as soon as it is found. What cannot be written (a closed
/// output) is dropped: solving goes on.
pub struct TextReport<'w> {
    out: &'w mut dyn Write,
    show_board: bool,
    clock: Clock,
    /// Only the twins' headings and solutions ([`write_twins`]).
    solutions_only: bool,
    problem: Option<ProblemResult>,
    twin: usize,
    /// MoveNumbers counts on through the phases and twins of a problem.
    numbered: usize,
    /// Whether the phase under way is a tree, closed by an empty line.
    in_tree: bool,
    /// Lines of the batch under way, written at its end ([`Sink::batch_end`]) or when
    /// they grow large.
    pending: String,
    interrupted: bool,
}

impl<'w> TextReport<'w> {
    /// A report written to `out`, the diagram shown when `show_board`, the closing line
    /// giving the time `clock` tells.
    pub fn new(out: &'w mut dyn Write, show_board: bool, clock: Clock) -> Self {
        TextReport {
            out,
            show_board,
            clock,
            solutions_only: false,
            problem: None,
            twin: 0,
            numbered: 0,
            in_tree: false,
            pending: String::new(),
            interrupted: false,
        }
    }

    /// Writes `text` after the lines pending.
    fn write(&mut self, text: &str) {
        self.write_pending();
        let _ = self.out.write_all(text.as_bytes());
    }

    fn write_pending(&mut self) {
        if !self.pending.is_empty() {
            let _ = self.out.write_all(self.pending.as_bytes());
            self.pending.clear();
        }
    }

    /// What a solution of the twin under way is written with.
    fn writing<T>(&mut self, f: impl FnOnce(&Writer, &mut usize) -> T) -> Option<T> {
        let problem = self.problem.as_ref()?;
        let twin = problem.twins.get(self.twin)?;
        let writer = Writer {
            words: problem.language.words(),
            names: &problem.names,
            goal: twin.goal.unwrap_or(Goal::Mate),
        };
        Some(f(&writer, &mut self.numbered))
    }
}

impl Sink for TextReport<'_> {
    fn line(&mut self, line: Line) {
        let mut text = std::mem::take(&mut self.pending);
        self.writing(|w, _| w.line(&mut text, &line));
        self.pending = text;
        if self.pending.len() >= PENDING_MAX {
            self.write_pending();
        }
    }

    fn batch_end(&mut self) {
        self.write_pending();
    }

    fn attack(&mut self, attack: Attack) {
        let mut text = String::from("\n");
        self.writing(|w, _| w.attack(&mut text, &attack));
        self.write(&text);
    }
}

impl PlaySink for TextReport<'_> {
    fn phase(&mut self, phase: Phase) {
        match phase {
            Phase::Whole(solution) => {
                let text = self.writing(|w, n| w.numbered_solution(&solution, n));
                self.write(&text.unwrap_or_default());
            }
            Phase::Lines => self.write("\n"),
            Phase::Tree => self.in_tree = true,
        }
    }

    fn phase_end(&mut self) {
        self.write_pending();
        if std::mem::take(&mut self.in_tree) {
            self.write("\n");
        }
    }
}

impl Report for TextReport<'_> {
    fn begin(&mut self, problem: &ProblemResult) {
        self.problem = Some(problem.clone());
        if self.solutions_only {
            return;
        }
        let mut out = above_solutions(problem, self.show_board);
        out.push('\n');
        if problem.problem.zero_position {
            out.push_str(match problem.language {
                Language::German => "NullStellung\n\n",
                _ => "zeroposition\n\n",
            });
        }
        self.write(&out);
    }

    fn twin(&mut self, index: usize) {
        self.twin = index;
        let Some(problem) = &self.problem else {
            return;
        };
        let Some(twin) = problem.twins.get(index) else {
            return;
        };
        let text = twin_head(problem, index, twin);
        self.write(&text);
    }

    fn twin_end(&mut self, stopped: Option<Stop>) {
        self.write_pending();
        self.interrupted |= stopped.is_some();
    }

    fn end(&mut self) {
        self.write_pending();
        let Some(problem) = &self.problem else {
            return;
        };
        if self.solutions_only {
            return;
        }
        let completeness = if self.interrupted {
            Completeness::Interrupted
        } else {
            Completeness::Complete
        };
        let elapsed = match self.clock {
            Clock::Since(start) => start.elapsed(),
            Clock::Took(took) => took,
        };
        let text = layout::closing(problem.language, completeness, elapsed);
        self.write(&text);
    }
}

/// What stands above a twin's solutions: its note (the first twin's stands above the
/// diagram), heading and warnings when the problem has twins, and why it cannot be
/// solved when it cannot.
fn twin_head(result: &ProblemResult, index: usize, twin: &TwinResult) -> String {
    let mut out = String::new();
    if let (Some(note), Some(_), true) = (&twin.note, &twin.heading, index > 0) {
        out.push('\n');
        out.push_str(note);
        out.push('\n');
    }
    if let Some(h) = &twin.heading {
        out.push('\n');
        out.push_str(&layout::twin_heading(h, &result.names));
        out.push('\n');
        for w in &twin.warnings {
            out.push_str(w);
            out.push('\n');
        }
    }
    if let Err(e) = &twin.outcome {
        out.push('\n');
        out.push_str(e);
        out.push('\n');
    }
    out
}
