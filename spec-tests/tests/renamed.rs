//! A rule block is the whole rule. The rule set of `build/renamed.rs` holds every
//! condition of `rules/` again under names new to every table of the reader (four copies
//! each, so more conditions than one 64-bit word holds) and the Grasshopper under the new
//! code ZG, written as rule blocks and nothing else. Problems written with the new names
//! and code are read, solved and printed exactly as the same problems under the known
//! names and code.

mod renamed {
    #![allow(
        clippy::all,
        clippy::pedantic,
        unused_variables,
        unused_mut,
        unused_labels,
        unreachable_code,
        dead_code
    )]
    include!(concat!(env!("OUT_DIR"), "/renamed.rs"));
}

use fairyforge_engine::output::text::write_problem;
use fairyforge_engine::problem::{read_problems, solve_problem, ProblemResult, Settings};
use fairyforge_engine::rules::{Param, RuleSet};
use renamed::Rules;
use std::time::Duration;

/// Positions every condition is tried on (ZG, or G under the known code).
const POSITIONS: [&str; 3] = [
    "White Ke1 Rh1 Ra1 ZGd1 Sc3 Pe2 Pg5 Bc4 Black Ke8 Qd8 Bf8 ZGb6 Pd7 Pf7 Ph7 Sg8",
    "White Kg1 Qb3 ZGf2 Pf3 Sd4 Black Kg8 Rf8 Ra8 Bb7 Pa7 Pf7 Pg7 Sd7 ZGe5",
    "White Kc2 Rd1 Pb5 ZGh6 Black Ka8 Bb8 Pa7 Pb6 Sh8 ZGd8",
];

/// Stipulations every condition is tried with: every legal move, and a help mate.
const STIPULATIONS: [&str; 2] = ["~1", "h#1"];

/// The problem's text, under `condition` (none when empty), with the piece's code.
fn problem(position: &str, stipulation: &str, condition: &str, code: &str) -> String {
    let condition = if condition.is_empty() {
        String::new()
    } else {
        format!("Condition {condition}\n")
    };
    format!(
        "BeginProblem\nPieces {}\nStipulation {stipulation}\n{condition}EndProblem\n",
        position.replace("ZG", code)
    )
}

/// The problem solved and printed without the board, the heading lines that name the
/// condition left out.
fn solved(text: &str) -> (ProblemResult, String) {
    let settings = Settings::default();
    let mut read = read_problems::<Rules>(text);
    assert_eq!(read.len(), 1, "{text}");
    let problem = match read.pop() {
        Some(Ok(p)) => p,
        other => panic!("cannot read\n{text}\n{other:?}"),
    };
    let result = solve_problem::<Rules>(&problem, &settings);
    for twin in &result.twins {
        if let Err(e) = &twin.outcome {
            panic!("cannot solve\n{text}\n{e}");
        }
    }
    let printed = write_problem(&result, false, Duration::ZERO);
    (result, printed)
}

/// The solutions of a result, as data.
fn solutions(result: &ProblemResult) -> String {
    format!(
        "{:?}",
        result.twins.iter().map(|t| &t.outcome).collect::<Vec<_>>()
    )
}

/// The copies of each condition written in `rules/`: (the original's index, the copies'
/// indices).
fn copies() -> Vec<(usize, Vec<usize>)> {
    let all = Rules::CONDITIONS;
    all.iter()
        .enumerate()
        // (attributes are given to units, not written as conditions: not copied)
        .filter(|(_, c)| !c.name.starts_with("Zcopy") && !c.attribute)
        .map(|(i, c)| {
            let mine = all
                .iter()
                .enumerate()
                .filter(|(_, copy)| {
                    copy.name
                        .strip_prefix("Zcopy")
                        .is_some_and(|rest| rest.trim_start_matches(char::is_numeric) == c.name)
                })
                .map(|(j, _)| j)
                .collect();
            (i, mine)
        })
        .collect()
}

#[test]
fn the_rule_set_holds_more_conditions_than_one_word() {
    let copies = copies();
    assert!(Rules::CONDITIONS.len() > 64, "{}", Rules::CONDITIONS.len());
    assert!(copies.len() >= 10);
    assert!(copies.iter().all(|(_, c)| c.len() == 4), "{copies:?}");
}

#[test]
fn conditions_under_new_names_solve_as_under_their_known_names() {
    let mut changed = 0;
    // an option of rebirth is written after a base, parameters after the name
    let written = |i: usize| {
        let c = &Rules::CONDITIONS[i];
        let mut text = match c.option {
            true => format!("Circe {}", c.names[0]),
            false => c.names[0].to_string(),
        };
        for param in c.params {
            text.push_str(match param {
                Param::Squares => " c6d4e5f3",
                Param::Walks => " Q S",
                Param::Number => " 3",
                Param::SideNumbers => " 1 2",
            });
        }
        text
    };
    for (original, copies) in copies() {
        let known = written(original);
        let known = known.as_str();
        // (a condition that refuses fairy pieces is shown queens where grasshoppers stood)
        let code = match Rules::CONDITIONS[original].fairy_refused {
            true => "Q",
            false => "G",
        };
        let mut changes = false;
        for position in POSITIONS {
            for stipulation in STIPULATIONS {
                let (plain, printed) = solved(&problem(position, stipulation, "", code));
                // the positions are legal without conditions (under some, as under
                // Bicolores, a king stands in check from its own side)
                assert!(!printed.contains("can capture the king"), "{printed}");
                let plain = solutions(&plain);
                let (expected, _) = solved(&problem(position, stipulation, known, code));
                let expected = solutions(&expected);
                changes |= expected != plain;
                for &copy in &copies {
                    let name = written(copy);
                    let (actual, _) = solved(&problem(position, stipulation, &name, code));
                    assert_eq!(
                        solutions(&actual),
                        expected,
                        "{name} differs from {known} on {position}, {stipulation}"
                    );
                }
            }
        }
        changed += usize::from(changes);
    }
    // the conditions are in force: most change some solution of the positions
    assert!(
        changed * 2 > copies().len(),
        "only {changed} conditions changed anything"
    );
}

#[test]
fn a_piece_under_a_new_code_solves_as_under_its_known_code() {
    for position in POSITIONS {
        for stipulation in STIPULATIONS {
            let (_, expected) = solved(&problem(position, stipulation, "", "G"));
            let (_, actual) = solved(&problem(position, stipulation, "", "ZG"));
            if stipulation == "~1" {
                // every move is listed: the grasshopper's among them
                assert!(actual.contains("ZG"), "{actual}");
            }
            assert_eq!(
                actual.replace("ZG", "G"),
                expected,
                "{position}, {stipulation}"
            );
        }
    }
}
