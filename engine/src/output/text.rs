//! The reference's text convention for a whole problem: heading, diagram, stipulation
//! line, conditions, then each twin's solution and the closing line.

use super::solution::{write_solution, Words, ENGLISH, FRENCH, GERMAN};
use crate::input::Language;
use crate::problem::ProblemResult;
use crate::rules::RuleSet;
use std::fmt::Write;

/// The words of one output language.
pub fn words(language: Language) -> &'static Words {
    match language {
        Language::English => &ENGLISH,
        Language::German => &GERMAN,
        Language::French => &FRENCH,
    }
}

/// The closing line's words.
fn finished(language: Language) -> (&'static str, &'static str) {
    match language {
        Language::English => ("solution finished.", "Time"),
        Language::German => ("Loesung beendet.", "Zeit"),
        Language::French => ("solution terminee.", "Temps"),
    }
}

/// The whole text of a solved problem. `seconds` is the time it took.
pub fn write_problem<R: RuleSet>(result: &ProblemResult, board: bool, seconds: f64) -> String {
    let mut out = String::new();
    let _ = board;
    let (w, b, n) = count(&result.units);
    let counts = if n > 0 {
        format!("{w} + {b} + {n}n")
    } else {
        format!("{w} + {b}")
    };
    let stip = format!("  {}", result.stipulation);
    let _ = writeln!(
        out,
        "{stip:<width$}{counts}",
        width = 37usize.saturating_sub(counts.len()).max(stip.len() + 1)
    );
    for c in &result.problem.conditions {
        let _ = writeln!(out, "{:^37}", c.to_string());
    }
    out.push('\n');
    let words = words(result.language);
    for twin in &result.twins {
        if let Some(h) = &twin.heading {
            let _ = writeln!(out, "{h}");
        }
        match &twin.outcome {
            Ok(phases) => {
                for p in phases {
                    out.push_str(&write_solution(p, words));
                }
            }
            Err(e) => {
                let _ = writeln!(out, "{e}");
            }
        }
        if twin.stopped.is_some() {
            out.push_str("solving interrupted.\n");
        }
    }
    let (done, time) = finished(result.language);
    let _ = writeln!(out, "\n{done} {time} = {seconds:.3} s\n\n");
    out
}

fn count(units: &[(crate::square::Square, crate::piece::Piece)]) -> (usize, usize, usize) {
    use crate::piece::Owner;
    let c = |o: Owner| units.iter().filter(|(_, p)| p.owner == o).count();
    (c(Owner::White), c(Owner::Black), c(Owner::Neutral))
}
