//! Checking the worked examples written beside the rules: read the example's problem,
//! solve it with the built-in rule set, and compare the solution with the one the example
//! expects, as the reference comparison does (a tree of lines by indentation, siblings in
//! any order).
//!
//! The generated tests of `spec-tests` (one per example) and `fairyforge check-rules` both
//! call [`check_example`], so a rule author sees the same verdict and the same diff in
//! either place.

use crate::engine::problem::{read_problems, solve_problem, ProblemResult, Settings};
use crate::engine::RuleExample;
use crate::solcmp::compare_solutions;
use crate::Rules;

/// The most time an example may take: examples are small (milliseconds), and one that
/// runs away (a length asking for too much) must end with a failure, not hang the tests.
const EXAMPLE_TIME: std::time::Duration = std::time::Duration::from_secs(120);

/// An example to check, borrowed from the built-in table ([`crate::rules::EXAMPLES`]) or
/// from rules compiled at run time.
#[derive(Clone, Copy, Debug)]
pub struct Example<'a> {
    /// The rule it belongs to.
    pub rule: &'a str,
    /// Its title.
    pub title: &'a str,
    /// `rules/…:line` of the example.
    pub source: &'a str,
    /// The problem, in the reference's input language with fairyforge's codes.
    pub problem: &'a str,
    /// The expected solution lines.
    pub solution: &'a str,
}

impl<'a> From<&'a RuleExample> for Example<'a> {
    fn from(ex: &'a RuleExample) -> Example<'a> {
        Example {
            rule: ex.rule,
            title: ex.title,
            source: ex.source,
            problem: ex.problem,
            solution: ex.solution,
        }
    }
}

/// The solution part of a solved problem as the reference prints it: each twin's
/// heading (when the problem has twins) and its solutions, without the problem's
/// heading, diagram or closing line. A twin that could not be solved shows why.
pub fn solution_text(result: &ProblemResult) -> String {
    fairyforge_engine::output::text::write_twins(result)
}

/// Indents every line of `text` by `by` blanks, once the indentation all its lines share
/// is removed; leading and trailing blank lines are dropped, inner ones stay empty.
fn indent(text: &str, by: usize) -> String {
    let lines: Vec<&str> = text.trim_matches('\n').lines().collect();
    let shared = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| {
            if l.trim().is_empty() {
                "\n".to_string()
            } else {
                format!("{}{}\n", " ".repeat(by), &l[shared..])
            }
        })
        .collect()
}

/// Solves the example's problem with the built-in rule set and compares its solution
/// with the expected one. The error names the example's `file:line` and rule, and shows
/// why it failed: the problem could not be read or solved, or the solutions differ (the
/// expected and actual lines and a diff of their canonical forms).
pub fn check_example<'a>(example: impl Into<Example<'a>>) -> Result<(), String> {
    let ex = example.into();
    let heading = format!("{}: example \"{}\" of {}", ex.source, ex.title, ex.rule);
    let mut problems = read_problems::<Rules>(ex.problem);
    let problem = match (problems.len(), problems.pop()) {
        (1, Some(Ok(problem))) => problem,
        (1, Some(Err(e))) => {
            return Err(format!(
                "{heading}: the problem cannot be read: line {}, column {}: {}\n{}",
                e.line,
                e.column,
                e.message,
                indent(ex.problem, 4)
            ))
        }
        (n, _) => {
            return Err(format!(
                "{heading}: the problem text holds {n} problems, not one\n{}",
                indent(ex.problem, 4)
            ))
        }
    };
    let settings = Settings {
        max_time: Some(EXAMPLE_TIME),
        ..Settings::default()
    };
    let result = solve_problem::<Rules>(&problem, &settings);
    if result.twins.iter().any(|t| t.stopped.is_some()) {
        return Err(format!(
            "{heading}: not solved within {} s, the most an example may take\n{}",
            EXAMPLE_TIME.as_secs(),
            indent(ex.problem, 4)
        ));
    }
    let errors: Vec<&str> = result
        .twins
        .iter()
        .filter_map(|t| t.outcome.as_ref().err().map(String::as_str))
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "{heading}: the problem cannot be solved: {}\n{}",
            errors.join("; "),
            indent(ex.problem, 4)
        ));
    }
    let actual = solution_text(&result);
    let cmp = compare_solutions(ex.solution, &actual);
    if cmp.equal {
        return Ok(());
    }
    Err(format!(
        "{heading}: the solution differs\n  problem:\n{}  expected:\n{}  actual:\n{}  diff:\n{}",
        indent(ex.problem, 4),
        indent(ex.solution, 4),
        indent(&actual, 4),
        indent(&cmp.diff, 4)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example<'a>(problem: &'a str, solution: &'a str) -> Example<'a> {
        Example {
            rule: "Knight",
            title: "a knight mates",
            source: "rules/pieces/test.rules:7",
            problem,
            solution,
        }
    }

    const MATE: &str = "BeginProblem\nPieces white Ke1 Sd5 black Ka8 Pa7 Pb7 Rb8\n\
                        Stipulation #1\nEndProblem\n";

    #[test]
    fn the_expected_solution_passes() {
        assert_eq!(check_example(example(MATE, "1.Sd5-c7 # !")), Ok(()));
        // indentation shared by the lines and blank lines do not matter
        assert_eq!(
            check_example(example(MATE, "\n      1.Sd5-c7   # !\n")),
            Ok(())
        );
        let built_in = crate::rules::EXAMPLES.first().expect("rules/ has examples");
        assert_eq!(check_example(built_in), Ok(()));
    }

    #[test]
    fn another_solution_fails_with_source_and_diff() {
        let report = check_example(example(MATE, "1.Sd5-b6 # !")).unwrap_err();
        assert!(
            report.starts_with(
                "rules/pieces/test.rules:7: example \"a knight mates\" of Knight: \
                 the solution differs\n"
            ),
            "{report}"
        );
        assert!(
            report.contains("  expected:\n    1.Sd5-b6 # !\n"),
            "{report}"
        );
        assert!(report.contains("  actual:\n    1.Sd5-c7 # !\n"), "{report}");
        assert!(
            report.contains("    -1.Sd5-b6 # !\n    +1.Sd5-c7 # !\n"),
            "{report}"
        );
        // a missing mark is a difference too
        assert!(check_example(example(MATE, "1.Sd5-c7 #")).is_err());
    }

    #[test]
    fn unreadable_and_unsolvable_problems_fail() {
        let report = check_example(example("BeginProblem\nPieces white Kz9\n", "")).unwrap_err();
        assert!(
            report.starts_with("rules/pieces/test.rules:7: example \"a knight mates\" of Knight: the problem cannot be read: line "),
            "{report}"
        );
        let unknown = MATE.replace("Sd5", "XXd5");
        let report = check_example(example(&unknown, "1.XXd5-c7 # !")).unwrap_err();
        assert!(
            report.contains("the problem cannot be solved: "),
            "{report}"
        );
        assert!(report.contains("XX"), "{report}");
        let two = format!("{MATE}{MATE}");
        let report = check_example(example(&two, "1.Sd5-c7 # !")).unwrap_err();
        assert!(report.contains("holds 2 problems, not one"), "{report}");
    }

    #[test]
    fn indentation_of_reports() {
        assert_eq!(
            indent("\n   a\n     b\n\n   c\n\n", 2),
            "  a\n    b\n\n  c\n"
        );
        assert_eq!(indent("", 4), "");
    }
}
