//! The reference's text convention for a whole problem: heading, diagram, stipulation
//! line, conditions, then each twin's heading and solution, and the closing line.

use super::layout::{self, Completeness, Diagram, Header, Heading, Language, PieceCounts};
use super::solution::Writer;
use crate::input::ProblemOption;
use crate::problem::ProblemResult;
use crate::stipulation::Goal;
use std::time::Duration;

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
        board: Diagram::of_units(&result.units),
        stipulation: result.stipulation.clone(),
        total_invisible: 0,
        attributes_in_problem: Vec::new(),
        atob_start: result
            .start
            .as_ref()
            .map(|(units, mover)| (Diagram::of_units(units), *mover)),
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
    let language = result.language;
    let mut out = above_solutions(result, show_board);
    out.push('\n');
    if result.problem.zero_position {
        out.push_str(match language {
            Language::German => "NullStellung\n\n",
            _ => "zeroposition\n\n",
        });
    }
    out.push_str(&write_twins(result));
    let interrupted = result.twins.iter().any(|t| t.stopped.is_some());
    let completeness = if interrupted {
        Completeness::Interrupted
    } else {
        Completeness::Complete
    };
    out.push_str(&layout::closing(language, completeness, elapsed));
    out
}

/// The solution part of a solved problem as the reference prints it: each twin's note and
/// heading (when the problem has twins) and its solutions, without the problem's heading,
/// diagram or closing line. A twin that could not be solved shows why.
pub fn write_twins(result: &ProblemResult) -> String {
    let words = result.language.words();
    let mut out = String::new();
    // MoveNumbers counts on through the phases and twins of a problem
    let mut numbered = 0usize;
    for (i, twin) in result.twins.iter().enumerate() {
        // the first twin's note stands above the diagram
        if let (Some(note), Some(_), true) = (&twin.note, &twin.heading, i > 0) {
            out.push('\n');
            out.push_str(note);
            out.push('\n');
        }
        if let Some(h) = &twin.heading {
            out.push('\n');
            out.push_str(&layout::twin_heading(h, &result.names));
            out.push('\n');
        }
        if twin.heading.is_some() {
            for w in &twin.warnings {
                out.push_str(w);
                out.push('\n');
            }
        }
        match &twin.outcome {
            Ok(phases) => {
                let writer = Writer {
                    words,
                    names: &result.names,
                    goal: twin.goal.unwrap_or(Goal::Mate),
                };
                for p in phases {
                    out.push_str(&writer.numbered_solution(p, &mut numbered));
                }
            }
            Err(e) => {
                out.push('\n');
                out.push_str(e);
                out.push('\n');
            }
        }
    }
    out
}
