//! Conditions as a user names them in a problem: `Maximummer` without a side binds the
//! defending side (the side in Black's role of the stipulation's play), a side's own
//! Maximummer beside it is the reference's nonsense combination, and Madrasi counts a
//! capture en passant as an observation. Conditions that cannot be combined are refused
//! together, at the line and column of the second.

use crate::common;

/// The first-move lines of `fairyforge solve --no-board` for the problem with `lines`
/// between `BeginProblem` and `EndProblem`, sorted.
fn keys(lines: &str) -> Vec<String> {
    let out = common::solve(
        "conditions",
        &format!("BeginProblem\n{lines}\nEndProblem\n"),
        &["--no-board"],
    );
    let mut keys: Vec<String> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1."))
        .map(str::to_string)
        .collect();
    keys.sort();
    keys
}

#[test]
fn maximummer_without_a_side_binds_the_defender() {
    let position = "Pieces\nWhite Ke8 Qf8 Rb3\nBlack Ka4 Se2";
    let with = |condition: &str| {
        keys(&format!(
            "Stipulation #1\nCondition {condition}\n{position}"
        ))
    };
    // White, the attacker, may mate with a shorter move than its longest
    assert_eq!(
        with("Maximummer"),
        ["1.Qf8-a3 # !", "1.Qf8-b4 # !"],
        "the attacker is free"
    );
    assert_eq!(with("Maximummer"), with("BlackMaximummer"));
    assert_eq!(with("WhiteMaximummer"), ["1.Qf8-a3 # !"]);
    // in help play the side that does not move last is bound
    let help = "Stipulation h#1\nCondition Maximummer\nPieces\nWhite Kc6 Rd1\nBlack Ka8 Ba1 Pa7";
    assert_eq!(keys(help), ["1.Ba1-h8 Rd1-d8 #"]);
}

#[test]
fn maximummer_beside_a_sides_own_is_a_nonsense_combination() {
    let out = common::solve(
        "nonsense",
        "BeginProblem\nStipulation #1\nCondition Maximummer WhiteMaximummer\n\
         Pieces\nWhite Ke8 Qf8 Rb3\nBlack Ka4 Se2\nEndProblem\n",
        &["--no-board"],
    );
    assert!(
        out.contains("nonsense combination\nproblem ignored"),
        "{out}"
    );
    assert!(!out.contains("1."), "{out}");
}

#[test]
fn madrasi_paralyses_a_pawn_that_can_be_taken_en_passant_by_a_pawn() {
    let check = |black_pawn: &str| {
        keys(&format!(
            "Stipulation h+0.5\nCondition Madrasi\nPieces\nWhite Ka1 Pd2\nBlack Kc5 P{black_pawn}"
        ))
    };
    // from f4 the black pawn observes nothing: the double step checks
    assert_eq!(check("f4"), ["1...d2-d4 +"]);
    // from e4 it could take the pawn en passant, which paralyses it: no check
    assert!(check("e4").is_empty(), "{:?}", check("e4"));
}

/// The error a refused problem (its conditions on line 3) gets: on stderr, at a line and
/// column, with a non-zero exit; nothing is solved.
fn refused(conditions: &str) -> String {
    let out = common::run_solve(
        "refused",
        &format!(
            "BeginProblem\nStipulation ~1\nCondition {conditions}\n\
             Pieces\nWhite Ke1 Rd1 Pc6\nBlack Ke8 Sd5 Pd7\nEndProblem\n"
        ),
        &["--no-board"],
    );
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("1."));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn conditions_a_rule_says_are_incompatible_are_refused_together() {
    let err = refused("Take&MakeChess AntiCirce");
    assert!(
        err.contains(":3:26: error: Take&MakeChess is incompatible with AntiCirce"),
        "{err}"
    );
    // in either order
    let err = refused("NoCapture Take&MakeChess");
    assert!(err.contains("incompatible with NoCapture"), "{err}");
    // alone, each is solved
    assert!(
        keys("Stipulation ~1\nCondition Take&MakeChess\nPieces\nWhite Ke1 Rd1\nBlack Ke8 Sd5")
            .contains(&"1.Rd1*d5-e3 + !".to_string())
    );
}

#[test]
fn a_condition_lending_walks_is_refused_beside_one_asking_for_observers() {
    let err = refused("AnnanChess Madrasi");
    assert!(
        err.contains(":3:22: error: AnnanChess with Madrasi is not supported yet"),
        "{err}"
    );
}

#[test]
fn two_rebirths_of_one_capture_are_refused() {
    let err = refused("Circe AntiCirce");
    assert!(
        err.contains(":3:17: error: Circe with AntiCirce is not supported yet"),
        "{err}"
    );
}

#[test]
fn clone_is_refused_where_a_king_would_be_reborn_with_another_walk() {
    for conditions in ["AntiCirce Clone", "Circe Clone RexInclusive"] {
        let err = refused(conditions);
        assert!(
            err.contains("error: Clone with kings reborn is not supported yet"),
            "{conditions}: {err}"
        );
    }
    // without kings reborn, it is solved: the rook taken is reborn a queen on d8
    assert!(keys(
        "Stipulation ~1\nCondition AntiCirce Clone RexExclusive\nPieces\nWhite Ke1 Rd1\nBlack Ke8 Sd5"
    )
    .contains(&"1.Rd1*d5[wRd5->Sb1] !".to_string()));
}

#[test]
fn a_chameleon_sequence_after_chameleon_is_refused_not_ignored() {
    let err = refused("Circe Chameleon S Q R B S");
    assert!(err.contains("S Q R B S after it is not read yet"), "{err}");
}

#[test]
fn mars_circe_combines_with_a_rebirth_after_the_capture_but_not_with_options_then() {
    // the rook captures from a1, its rebirth square, and the knight taken is reborn
    assert!(keys(
        "Stipulation ~1\nCondition Circe MarsCirce\nPieces\nWhite Ke1 Rd4\nBlack Ke8 Sb1"
    )
    .contains(&"1.Rd4-a1*b1[+bSg8] !".to_string()));
    let err = refused("Circe MarsCirce Mirror");
    assert!(
        err.contains("error: Circe with Mirror is not supported yet: with MarsCirce too"),
        "{err}"
    );
}

#[test]
fn mars_circe_refuses_options_that_change_the_reborn_unit_and_lent_walks() {
    for (conditions, message) in [
        (
            "MarsCirce Chameleon",
            "error: Chameleon does not apply to MarsCirce",
        ),
        (
            "MarsCirce Relaxed",
            "error: Relaxed does not apply to MarsCirce",
        ),
        (
            "AnnanChess MarsCirce",
            "error: AnnanChess with MarsCirce is not supported yet",
        ),
    ] {
        let err = refused(conditions);
        assert!(err.contains(message), "{conditions}: {err}");
    }
}

#[test]
fn anti_mars_circe_castles_with_a_rook_put_on_its_corner_the_king_landing_where_it_stood() {
    // the king goes to e1, the rook from c1 to a1, both unmoved there; castling long
    // brings the king to c1, where the rook stood, and the rook to d1; every quiet move
    // starts from a rebirth square (the list is the reference's, each move made and
    // taken back in turn, so a castling badly undone would spoil the moves after it)
    let lines =
        keys("Stipulation ~1\nCondition AntiMarsCirce\nPieces\nWhite Kf6 Rc1\nBlack Kh8 Pa7");
    let expected = "1.Kf6-e1-d1 !|1.Kf6-e1-d2 !|1.Kf6-e1-e2 !|1.Kf6-e1-f1 !|1.Kf6-e1-f2 !|\
        1.Rc1-a1-a2 !|1.Rc1-a1-a3 !|1.Rc1-a1-a4 !|1.Rc1-a1-a5 !|1.Rc1-a1-a6 !|1.Rc1-a1-b1 !|\
        1.Rc1-a1-d1 !|1.Rc1-a1-e1 !|1.Rc1-a1-f1 !|1.Rc1-a1-g1 !|1.Rc1-a1-h1 + !|\
        1.[wKf6->e1][wRc1->a1]0-0-0 !";
    assert_eq!(lines.join("|"), expected);
}

#[test]
fn circe_parrain_puts_a_unit_back_after_the_next_move_in_series_play_too() {
    // the pawn taken on d5 comes back with White's next move of the series, as far from
    // d5 as that move goes (Kh1-g2: c6); where the move lands on that square (Rd5-c5),
    // or the square is taken, it stays off the board (the reference's 104 lines)
    let lines = keys(
        "Stipulation ser-#3\nCondition ParrainCirce\nPieces\nWhite Kh1 Rd1\nBlack Ka8 Pd5 Pb7 Pa7",
    );
    assert_eq!(lines.len(), 104, "{lines:?}");
    for line in [
        "1.Rd1*d5   2.Kh1-g2[+bPc6]   3.Rd5-d8 #",
        "1.Rd1*d5   2.Kh1-g1[+bPc5]   3.Rd5-d8 #",
        "1.Rd1*d5   2.Rd5-c5   3.Rc5-c8 #",
    ] {
        assert!(lines.iter().any(|l| l == line), "{line} missing: {lines:?}");
    }
}

#[test]
fn a_capturer_reborn_as_it_captures_cannot_wait_for_the_next_move() {
    let err = refused("AntiCirce Parrain");
    assert!(
        err.contains("error: AntiCirce with Parrain is not supported yet"),
        "{err}"
    );
}
