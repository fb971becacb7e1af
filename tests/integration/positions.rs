//! Bad positions and what fairyforge cannot solve, said plainly at the place they are
//! written (`file:line:col` on stderr), as errors that keep the problem from being solved
//! or warnings where the reference solves it all the same; in JSON a refused problem is
//! an error object; a condition refusing fairy pieces names one. The problem after it
//! in the file is solved in every case.

use crate::common;

use common::run_solve;

const NEXT: &str =
    "NextProblem\nPieces White Ke6 Ra2 Black Ke8\nStipulation #1\nOption NoBoard\nEndProblem\n";

/// Solves `first` followed by a plain problem with `args`: stdout, stderr, success.
fn run(name: &str, first: &str, args: &[&str]) -> (String, String, bool) {
    let out = run_solve(name, &format!("BeginProblem\n{first}{NEXT}"), args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        stdout.contains("1.Ra2-a8 #") || stdout.contains("\"text\":\"Ra2-a8 #\""),
        "the next problem was not solved\n{stdout}\n{stderr}"
    );
    (stdout, stderr, out.status.success())
}

#[test]
fn a_square_written_twice_keeps_the_last_unit_with_a_warning() {
    let (_, stderr, ok) = run(
        "twice",
        "Pieces White Ke1 Qe1 Black Ke8\nStipulation #1\n",
        &[],
    );
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains(".inp:2:18: warning: e1 already occupied"),
        "{stderr}"
    );
    assert!(
        stderr.contains(".inp:1:1: warning: both sides need a king"),
        "{stderr}"
    );
}

#[test]
fn a_second_king_is_refused_at_its_place() {
    let first = "Pieces White Ke1 Kd1 Ra1 Black Ke8\nStipulation #1\n";
    let (_, stderr, ok) = run("two-kings", first, &[]);
    assert!(!ok);
    assert!(
        stderr.contains(".inp:2:18: error: only one king allowed"),
        "{stderr}"
    );
    let (stdout, _, _) = run("two-kings-json", first, &["--format", "json"]);
    let first_line: serde_json::Value =
        serde_json::from_str(stdout.lines().next().unwrap()).expect("a JSON object");
    assert_eq!(first_line["line"], 2);
    assert_eq!(first_line["column"], 18);
    assert!(first_line["error"]
        .as_str()
        .unwrap()
        .contains("only one king"));
}

#[test]
fn a_pawn_on_its_first_or_last_rank_is_warned_of() {
    let first = "Pieces White Ke1 Pa8 Black Ke8 Ph8\nStipulation #1\n";
    let (_, stderr, ok) = run("pawn-rank", first, &[]);
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains(".inp:2:18: warning: a white pawn on a8, its last rank"),
        "{stderr}"
    );
    assert!(
        stderr.contains(".inp:2:32: warning: a black pawn on h8, its first rank"),
        "{stderr}"
    );
}

#[test]
fn unknown_codes_and_unsupported_stipulations_are_errors_at_their_place() {
    let (stdout, stderr, ok) = run(
        "unknown-code",
        "Pieces White Ke1 XYa1 Black Ke8\nStipulation #1\n",
        &[],
    );
    assert!(!ok);
    assert!(
        stderr.contains(".inp:2:18: error: the piece code XY is not known"),
        "{stderr}"
    );
    assert!(!stdout.contains("XY"), "{stdout}");
    let (stdout, stderr, ok) = run(
        "unsupported-stip",
        "Pieces White Ke1 Ra1 Black Ke8\nStipulation 3->#2\n",
        &["--format", "json"],
    );
    assert!(!ok);
    assert!(
        stderr.contains(".inp:3:13: error: the stipulation 3->#2"),
        "{stderr}"
    );
    let docs: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line one JSON document"))
        .collect();
    assert_eq!(docs.len(), 2, "{stdout}");
    assert_eq!(
        (docs[0]["line"].as_u64(), docs[0]["column"].as_u64()),
        (Some(3), Some(13))
    );
    assert!(docs[0]["error"].as_str().unwrap().contains("not supported"));
}

#[test]
fn a_condition_refusing_fairy_pieces_names_one_at_the_conditions_place() {
    let first = "Condition EinsteinChess\nPieces White Ke1 Ge4 Black Ke8\nStipulation #1\n";
    let (_, stderr, ok) = run("einstein-fairy", first, &[]);
    assert!(!ok);
    assert!(
        stderr.contains(
            ".inp:2:11: error: EinsteinChess is not allowed with fairy pieces (the \
             Grasshopper on e4"
        ),
        "{stderr}"
    );
    let orthodox = "Condition EinsteinChess\nPieces White Ke1 Qe4 Black Ke8\nStipulation #1\n";
    let (_, stderr, ok) = run("einstein-orthodox", orthodox, &[]);
    assert!(ok, "{stderr}");
}
