//! Stipulations beyond the basic families, as a user solves them: proof games (`dia n`,
//! help play from the game array with White first, and `ser-dia n`, White alone) arrive
//! at the diagram, written with the check mark and ` dia` after the last move; `a=>b`
//! plays from a first diagram to the second, Black first, both diagrams shown; reciprocal
//! help play (`reci-h`) lists the help play's mates and Black's own, and only when the
//! last position allows both; help-reflex play (`hr`) ends wherever a side can mate;
//! semi-reflex play (`semi-r`) binds the defender alone to reach the goal when it can.
//! Set play of help play that White begins shows White's skipped move as `1...  ...`;
//! `exact-` play seeks no shorter solutions, in battle play too (a goal reached too soon
//! refutes). Structured stipulations (`SStipulation`) solve as their basic families, as
//! help play followed by a battle branch, or as one attacking move and its defence before
//! a direct branch, a constraint `{goal}` binding each defence. A side without a king
//! that cannot move is stalemated.

use crate::common;

/// Solves `problem` (one problem in the reference's English input language) and returns
/// what `fairyforge solve --no-board` writes.
fn solve(name: &str, problem: &str) -> String {
    common::solve(name, problem, &["--no-board"])
}

/// The solution lines of an output.
fn lines(out: &str) -> Vec<&str> {
    out.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1."))
        .collect()
}

#[test]
fn a_help_proof_game_has_white_begin_and_each_pair_numbered() {
    // after 1.e4 e5 2.Ke2 Ke7: the pawns must move before their kings
    let out = solve(
        "dia2",
        "BeginProblem\nStipulation dia2\nPieces\n\
         White Ra1 Sb1 Bc1 Qd1 Ke2 Bf1 Sg1 Rh1 Pa2 Pb2 Pc2 Pd2 Pe4 Pf2 Pg2 Ph2\n\
         Black Ra8 Sb8 Bc8 Qd8 Ke7 Bf8 Sg8 Rh8 Pa7 Pb7 Pc7 Pd7 Pe5 Pf7 Pg7 Ph7\n\
         EndProblem\n",
    );
    assert_eq!(
        lines(&out),
        ["1.e2-e4 e7-e5   2.Ke1-e2 Ke8-e7 dia"],
        "{out}"
    );
}

#[test]
fn a_series_proof_game_is_played_by_white_alone() {
    // the king walks out through the square its pawn left
    let out = solve(
        "serdia",
        "BeginProblem\nStipulation ser-dia3\nPieces\n\
         White Ra1 Sb1 Bc1 Qd1 Kd3 Bf1 Sg1 Rh1 Pa2 Pb2 Pc2 Pd2 Pf2 Pg2 Ph2 Pe4\n\
         Black Ra8 Sb8 Bc8 Qd8 Ke8 Bf8 Sg8 Rh8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7\n\
         EndProblem\n",
    );
    assert_eq!(lines(&out), ["1.e2-e4   2.Ke1-e2   3.Ke2-d3 dia"], "{out}");
}

#[test]
fn reciprocal_help_play_needs_both_mates_of_the_last_position() {
    // Black mates by Re1, or clears the long diagonal for White's Ra8 mate
    let problem = |extra: &str| {
        format!(
            "BeginProblem\nStipulation reci-h#1\nPieces\n\
             White Ka1 Pa2 Pb2 Bd4 Ra7\nBlack Kg8 Ph7 Re5 Pg6 Pf7 {extra}\nEndProblem\n"
        )
    };
    let out = solve("reci", &problem(""));
    let mut found = lines(&out);
    found.sort();
    assert_eq!(
        found,
        [
            "1.Re5-e1 #",
            "1.Re5-f5 Ra7-a8 #",
            "1.Re5-g5 Ra7-a8 #",
            "1.Re5-h5 Ra7-a8 #"
        ],
        "{out}"
    );
    // with White's Ra8 covered, Black's own mate alone is no solution
    let out = solve("reci-none", &problem("Bf3"));
    assert!(lines(&out).is_empty(), "{out}");
}

#[test]
fn help_reflex_play_ends_where_a_side_can_mate() {
    // not 1.Ke1-f2 d3*e2 2.Kf2-g1 e2-e1=Q#: after 1...d3*e2 White could mate by
    // Qh8*h5, so it must, and the play ends there without Black's mate
    let out = solve(
        "hr",
        "BeginProblem\nStipulation hr#2\nPieces\n\
         White Ke1 Pe2 Qh8 Pb2\nBlack Kh3 Ph5 Pd3\nEndProblem\n",
    );
    assert_eq!(
        lines(&out),
        ["1.Ke1-f1 d3*e2 +   2.Kf1-g1 e2-e1=Q #"],
        "{out}"
    );
}

#[test]
fn a_to_b_plays_from_the_first_diagram_to_the_second_black_first() {
    let problem = "BeginProblem\nPieces\nWhite Ka1\nBlack Kh8 Pg7\nStipulation a=>b1\n\
                   Pieces\nWhite Kb1\nBlack Kh8 Pg6\nEndProblem\n";
    let out = solve("atob", problem);
    assert_eq!(lines(&out), ["1.g7-g6 Ka1-b1 a=>b"], "{out}");
    // with the diagrams: the first, who moves from it, then the second
    let out = common::solve("atob-board", problem, &[]);
    let arrow = out
        .find("=> (Black ->)")
        .expect("the arrow between the diagrams");
    assert_eq!(out.matches("+---a---b").count(), 4, "two diagrams\n{out}");
    assert!(out[arrow..].contains("a=>b1"), "{out}");
}

#[test]
fn set_play_of_help_play_white_begins_skips_whites_first_move() {
    let out = solve(
        "setplay",
        "BeginProblem\nStipulation h#1.5\nOption SetPlay\nPieces\n\
         White Kb6 Rh1\nBlack Ka8 Pb7\nEndProblem\n",
    );
    assert!(
        out.contains("\n  1...  ...  2.Ka8-b8 Rh1-h8 #\n"),
        "the set play line\n{out}"
    );
    assert!(out.contains("\n  1...Rh1-h8 #\n"), "{out}");
}

#[test]
fn exact_help_play_seeks_no_shorter_solution() {
    let problem = |stipulation: &str| {
        format!(
            "BeginProblem\nStipulation {stipulation}\nPieces\n\
             White Kb6 Rh1\nBlack Ka8 Pb7\nEndProblem\n"
        )
    };
    // h#2 also lists the mate in one, 1.Ka8-b8 Rh1-h8#; exact-h#2 does not
    let short = "1.Ka8-b8 Rh1-h8 #";
    let all = solve("h2", &problem("h#2"));
    assert!(lines(&all).contains(&short), "{all}");
    let exact = solve("exact-h2", &problem("exact-h#2"));
    let exact_lines = lines(&exact);
    assert!(!exact_lines.contains(&short), "{exact}");
    assert_eq!(exact_lines.len(), 11, "{exact}");
    assert!(exact_lines.iter().all(|l| l.contains("  2.")), "{exact}");
}

#[test]
fn exact_direct_play_mates_on_the_last_move_alone() {
    // H. Bäcker (Circe): the pawn promotes to a queen for exact-#1, a rook for exact-#2,
    // a bishop for exact-#3 and a knight for exact-#4; each shorter mate is no solution
    let problem = |stipulation: &str| {
        format!(
            "BeginProblem\nStipulation {stipulation}\nCondition Circe\nPieces\n\
             White Sb8 Pd7 Pa4 Pc4 Pg4 Pf2 Kf6\n\
             Black Sb7 Pc7 Pc6 Pc5 Pa5 Pg5 Pf3 Kd6\nEndProblem\n"
        )
    };
    for (n, key) in [
        (1, "1.d7-d8=Q #"),
        (2, "1.d7-d8=R +"),
        (3, "1.d7-d8=B"),
        (4, "1.d7-d8=S"),
    ] {
        let out = solve(&format!("exact-{n}"), &problem(&format!("exact-#{n}")));
        let keys: Vec<&str> = out
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("1.") && l.ends_with('!'))
            .collect();
        assert_eq!(keys, [format!("{key} !")], "exact-#{n}: {out}");
    }
    // without exact-, the queen's mate in one solves #4 too
    let out = solve("within-4", &problem("#4"));
    assert!(out.contains("1.d7-d8=Q # !"), "{out}");
}

#[test]
fn in_exact_self_and_reflex_play_a_goal_reached_too_soon_refutes() {
    // s#2: 1.Sd1-f2? is refuted by Black's mate at once, 1...b3-b2#
    let out = solve(
        "exact-s2",
        "BeginProblem\nStipulation exact-s#2\nOption Try Variation\nPieces\n\
         White Ka1 Qe1 Sd1 Pc3 Pe2\nBlack Kc2 Bb1 Pa2 Pb3 Pa4\nEndProblem\n",
    );
    let text: Vec<&str> = out.lines().map(str::trim).collect();
    assert!(text.contains(&"1.Sd1-f2 ? zugzwang."), "{out}");
    assert!(text.contains(&"1...b3-b2 # !"), "{out}");
    assert!(text.contains(&"1.Sd1-b2 ! zugzwang."), "{out}");
    // r#2: after 1.f6-f7 Black, bound to mate when it can, mates at once: no solution
    let problem = |stipulation: &str| {
        format!(
            "BeginProblem\nStipulation {stipulation}\nPieces\n\
             White Ka1 Ra2 Pf6\nBlack Kh8 Pc2\nEndProblem\n"
        )
    };
    let exact = solve("exact-r2", &problem("exact-r#2"));
    assert!(exact.contains("1.Ra2-a8 + !"), "{exact}");
    assert!(!exact.contains("1.f6-f7 !"), "{exact}");
    let within = solve("r2", &problem("r#2"));
    assert!(within.contains("1.f6-f7 !"), "{within}");
    // ser-r#2: 1.Qb2+ forces 1...c3*b2# a move too soon
    let problem = |stipulation: &str| {
        format!(
            "BeginProblem\nStipulation {stipulation}\nPieces\n\
             White Ka1 Qb5 Bb1 Pb6\nBlack Ka3 Pc3 Pb7\nEndProblem\n"
        )
    };
    let exact = lines_of(&solve("exact-ser-r2", &problem("exact-ser-r#2")));
    assert_eq!(exact, ["1.Qb5-e2 2.Qe2-b2 + c3*b2 #"]);
    let within = lines_of(&solve("ser-r2", &problem("ser-r#2")));
    assert!(
        within.contains(&"1.Qb5-b2 + c3*b2 #".to_string()),
        "{within:?}"
    );
}

/// The solution lines of an output, their runs of spaces made one.
fn lines_of(out: &str) -> Vec<String> {
    lines(out)
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn structured_help_play_then_a_direct_mate_restarts_the_count_after_the_help_play() {
    // black 1h[3a[#]d]h: one help move by Black, then White mates in at most two; only
    // the shortest mates are shown (as the reference solves it)
    let out = solve(
        "sstip-direct",
        "BeginProblem\nSStipulation black 1h[3a[#]d]h\nPieces\n\
         White Kf3 Qa3 Sh7 Sf8\nBlack Ke5 Pc2\nEndProblem\n",
    );
    let mut got = lines(&out);
    got.sort_unstable();
    assert_eq!(
        got,
        [
            "1.Ke5-f5   1.Qa3-a5 #",
            "1.Ke5-f5   1.Qa3-c5 #",
            "1.c2-c1=B   1.Qa3-c5 #",
            "1.c2-c1=S   1.Qa3-c5 #",
        ],
        "{out}"
    );
    assert!(
        out.contains("Black 1h[3a[#]d]h"),
        "the side is written with a capital"
    );
}

#[test]
fn structured_help_play_then_a_defence_may_begin_at_once() {
    // black 2hh[2da[#]]: after at most two help half-moves Black cannot avoid a mate in
    // one; here already in the diagram (no help move), each defence with its mate
    let out = solve(
        "sstip-defence",
        "BeginProblem\nSStipulation black 2hh[2da[#]]\nPieces\n\
         White Ka3 Re1 Rh5 Re7\nBlack Ka1 Pf2 Rg2 Sa5\nEndProblem\n",
    );
    let mut got = lines(&out);
    got.sort_unstable();
    assert_eq!(
        got,
        [
            "1.f2*e1=B Re7*e1 #",
            "1.f2*e1=Q Re7*e1 #",
            "1.f2*e1=R Re7*e1 #",
            "1.f2*e1=S Re7*e1 #",
        ],
        "{out}"
    );
}

#[test]
fn structured_forms_of_the_basic_families_and_what_is_not_supported() {
    // black 2hh[#] is h#1
    let help = solve(
        "sstip-help",
        "BeginProblem\nSStipulation black 2hh[#]\nPieces\n\
         White Kf5 Sd4 Qc6\nBlack Kg1 Pg4 Pg2 Pe2\nEndProblem\n",
    );
    let plain = solve(
        "sstip-help-plain",
        "BeginProblem\nStipulation h#1\nPieces\n\
         White Kf5 Sd4 Qc6\nBlack Kg1 Pg4 Pg2 Pe2\nEndProblem\n",
    );
    assert_eq!(lines(&help), lines(&plain));
    // logical operators are not solved yet: said so where the stipulation is written,
    // with a failing exit status
    let out = common::run_solve(
        "sstip-and",
        "BeginProblem\nSStipulation black 2hh[#]&1h[#]h\nPieces\n\
         White Kf5 Sd4 Qc6\nBlack Kg1 Pg4 Pg2 Pe2\nEndProblem\n",
        &[],
    );
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains(".inp:2:14: error: the stipulation")
            && text.contains("(logical operators) is not supported yet"),
        "{text}"
    );
    assert!(!out.status.success());
}

#[test]
fn help_reflex_play_the_first_mover_can_mate_is_over_before_it_begins() {
    // White can mate at once, so it must: its mates are written marked `?!?`
    let out = solve(
        "hr-forced",
        "BeginProblem\nStipulation hr#1\nPieces\nWhite Kb6 Qe5\nBlack Ka8 Rh2 Rg3\nEndProblem\n",
    );
    assert_eq!(lines(&out), ["1.Qe5-e8 # ?!?"], "{out}");
}

#[test]
fn structured_help_play_into_a_forced_capture_not_in_check() {
    // black 2hh[/1d[x]a{!+}]: after the help play every move of Black, who is not in
    // check, captures; the capture itself is not written (as the reference solves it)
    let problem = |stip: &str, units: &str| {
        format!("BeginProblem\nSStipulation {stip}\nPieces\n{units}\nEndProblem\n")
    };
    let forced = solve(
        "sstip-capture",
        &problem("black 2hh[/1d[x]a{!+}]", "White Kh1 Rb3\nBlack Kb8 Rb7"),
    );
    assert_eq!(lines(&forced), ["1.Kb8-a8 Rb3*b7"], "{forced}");
    // with the constraint a checked king's forced captures do not count
    let units = "White Kh3 Bb5 Qb2\nBlack Kf7";
    let free = solve("sstip-capture-free", &problem("black 2hh[/1d[x]a]", units));
    assert_eq!(lines(&free).len(), 3, "{free}");
    let constrained = solve(
        "sstip-capture-unchecked",
        &problem("black 2hh[/1d[x]a{!+}]", units),
    );
    assert!(lines(&constrained).is_empty(), "{constrained}");
}

#[test]
fn structured_help_play_ends_where_the_nested_branch_succeeds_under_the_operator() {
    // white 3h[>1a[x]d]h: after 1.Kf5 Black captures at once, which ends the play; every
    // longer line would pass through a position where Black can capture (715 lines
    // without the operator, as the reference counts them too)
    let problem = |stip: &str| {
        format!(
            "BeginProblem\nSStipulation {stip}\nPieces\nWhite Kf4 Qh1 Sa1\n\
             Black Kg8 Qe3 Bg1 Qd4 Pf7\nEndProblem\n"
        )
    };
    let ends = solve("sstip-ends", &problem("white 3h[>1a[x]d]h"));
    assert_eq!(lines(&ends), ["1.Kf4-f5 Qd4*a1 x"], "{ends}");
    let goes_on = solve("sstip-goes-on", &problem("white 3h[1a[x]d]h"));
    assert_eq!(lines(&goes_on).len(), 715);
}

#[test]
fn a_constraint_on_a_nested_battle_branch_binds_every_defence() {
    // cross-check: every answer to the key must check in turn; the first move does not
    // count as the goal, and the nested branch seeks no threat
    let play = |stip: &str| {
        solve(
            "sstip-constraint",
            &format!(
                "BeginProblem\nSStipulation white {stip}\nPieces\n\
                 White Ka1 Rh2\nBlack Ka7 Ga8 Pb4\nOption Variation\nEndProblem\n"
            ),
        )
    };
    let out = play("2ad[1a[+]d{+}]");
    let tree: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1.") || l.starts_with("1...") || l.starts_with("2."))
        .collect();
    assert_eq!(
        tree,
        [
            "1.Rh2-a2 + !",
            "1...Ka7-b7 +",
            "2.Ra2-a7 +",
            "1...Ka7-b6 +",
            "2.Ra2-a6 +",
            "1...Ka7-b8 +",
            "2.Ra2*a8 +",
            "1...Ga8-a6 +",
            "2.Ra2*a6 +"
        ],
        "{out}"
    );
    // without the constraint any key does, and every defence is a variation
    let out = play("2ad[1a[+]d]");
    assert!(
        out.contains("1.Ka1-b1 !") && !out.contains("threat"),
        "{out}"
    );
    assert!(out.contains("1...b4-b3"), "{out}");
}

#[test]
fn battle_moves_that_capture_for_the_goal_are_marked_x() {
    // direct play with the goal capture: the capturing moves are marked ` x`, a check
    // keeps its own mark before it
    let out = solve(
        "x2",
        "BeginProblem\nStipulation x2\nPieces\nWhite Ke1 Qd1\nBlack Ke8 Pa5 Ph5\n\
         Option Variation\nEndProblem\n",
    );
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    assert!(lines.contains(&"1.Qd1*h5 + x !"), "{out}");
    assert!(lines.contains(&"2.Qa1*a4 + x"), "{out}");
    assert!(lines.contains(&"2.Qa1*a5 x"), "{out}");
}

#[test]
fn a_side_without_a_king_that_cannot_move_is_stalemated() {
    // Black's pawns are blocked: whatever White plays, Black cannot move
    let out = solve(
        "kingless-stalemate",
        "BeginProblem\nPieces White Kh1 Pa6 Pb3 Sh3 Black Pa7 Pb4\nStipulation =1\nEndProblem\n",
    );
    assert!(out.contains("1.Kh1-g1 = !"), "{out}");
    assert!(!out.contains("#"), "{out}");
}

#[test]
fn semi_reflex_play_binds_the_defender_alone() {
    // R. Bedoni: after 1.Kc6 each pawn step is answered by a move after which Black,
    // bound to check when it can, must promote to a Rose with check; in self play
    // Black could step another pawn instead
    let problem = |stipulation: &str| {
        format!(
            "BeginProblem\nStipulation {stipulation}\nOption Variation\nPieces\n\
             White Kc7 Sb5 Sd7 Pb4 Pc4 Pd4 Ph4 ROg1\n\
             Black Ka8 Pa3 Pb3 Pc3 Pd3 Pe3 Pf3 Ph3\nEndProblem\n"
        )
    };
    let out = solve("semi-r", &problem("semi-r+2"));
    let text: Vec<&str> = out.lines().map(str::trim).collect();
    assert!(text.contains(&"1.Kc7-c6 ! zugzwang."), "{out}");
    for (defence, answer, check) in [
        ("1...a3-a2", "2.d4-d5", "2...a2-a1=RO +"),
        ("1...h3-h2", "2.Kc6-c5", "2...h2*g1=RO +"),
    ] {
        let at = text.iter().position(|l| *l == defence).expect(defence);
        assert_eq!(text[at + 1..at + 3], [answer, check], "{out}");
    }
    let out = solve("semi-r-as-self", &problem("s+2"));
    assert!(!out.contains("1.Kc7-c6 !"), "{out}");
}
