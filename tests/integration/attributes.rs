//! Attributes of single units (`Royal`, `HalfNeutral`): a unit royal by attribute is a
//! king in all but its walk, written `r` before its code; expected solutions are the
//! reference's for the same problems.

use crate::common::{run_solve, solve};

/// The move lines of `out` (those with a move number), trimmed.
fn moves(out: &str) -> Vec<&str> {
    out.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1."))
        .collect()
}

#[test]
fn a_royal_pawn_is_mated_by_a_royal_queen() {
    let out = solve(
        "royal-mate",
        "BeginProblem\nPieces White Royal Qd6 Sb2 Black Royal Pf2 Ba3\n\
         Stipulation #1\nEndProblem\n",
        &[],
    );
    assert_eq!(moves(&out), ["1.rQd6-f6 # !", "1.rQd6-f4 # !"], "{out}");
    assert!(out.contains("Royal d6 f2"), "the diagram names them\n{out}");
}

#[test]
fn a_royal_pawn_may_not_step_two_where_a_pawn_takes_it_en_passant() {
    let problem = |white_pawn: &str| {
        format!(
            "BeginProblem\nPieces White Royal Sg3 P{white_pawn} Black Royal Pd7\n\
             Stipulation h~1\nOption NoBoard\nEndProblem\n"
        )
    };
    // beside the arrival, a white pawn could take it en passant: in check
    let out = solve("royal-ep", &problem("e5"), &[]);
    assert!(moves(&out).is_empty(), "{out}");
    let out = solve("royal-no-ep", &problem("e3"), &[]);
    let lines = moves(&out);
    assert!(lines.contains(&"1.rPd7-d5 e3-e4 +"), "{out}");
    assert_eq!(lines.len(), 13, "{out}");
}

#[test]
fn a_side_with_a_king_and_a_royal_unit_is_refused() {
    let out = run_solve(
        "two-royals",
        "BeginProblem\nPieces White Ke1 Black Royal Qd8 Ke8\nStipulation #1\nEndProblem\n",
        &[],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("only one king allowed"), "{stderr}");
}
