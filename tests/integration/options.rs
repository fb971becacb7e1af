//! Options as a user solves with them: MoveNumbers writes a progress line for each first
//! move, numbered in the order the reference tries them (units from a1 to h8, each
//! unit's moves in the reverse of its generation: castling first for a royal unit, a
//! pawn's steps before its captures, a rider's far squares before its near ones), the
//! count running on through the twins. Set play of series help play is the other side's
//! move that reaches the goal at once. NonTrivial m n refuses attacking moves that leave
//! the defender more than one defence the attacker does not answer quickly. EnPassant
//! may name a step over two squares, both open to an en-passant capture. Try, read
//! after Defence, allows one refutation again. Quodlibet lets a selfmate's attacker win
//! by mating as well. StopOnShortSolutions ends help play at its shortest solutions.
//! StartMoveNumber and UpToMoveNumber try only the first moves with those numbers.

use crate::common;

/// What `fairyforge solve` writes for `problem` (the reference's English language).
fn solve(name: &str, problem: &str) -> String {
    common::solve(name, problem, &[])
}

/// The progress lines of MoveNumbers, as (number, move) without the time.
fn numbered(out: &str) -> Vec<(usize, String)> {
    out.lines()
        .filter_map(|l| {
            let (number, rest) = l.trim_start().split_once("  (")?;
            let number = number.parse().ok()?;
            let (mv, _) = rest.split_once("    ")?;
            Some((number, mv.to_string()))
        })
        .collect()
}

#[test]
fn move_numbers_follow_the_reference_order_through_the_twins() {
    // (the order and the lines as the reference writes them for this problem)
    let out = solve(
        "numbers",
        "BeginProblem\nStipulation #2\nOption MoveNumbers\nPieces\n\
         White Ke1 Rh1 Sb1 Pe5 Pg7 Pa2\nBlack Kd5 Pf5 Pb3\n\
         Option EnPassant f7f6f5\nTwin Move e1 e2\nEndProblem\n",
    );
    let twin_a = [
        "Sb1-d2",
        "Sb1-c3 +",
        "Sb1-a3",
        "0-0",
        "Ke1-f2",
        "Ke1-d2",
        "Ke1-d1",
        "Ke1-e2",
        "Ke1-f1",
        "Rh1-f1",
        "Rh1-g1",
        "Rh1-h8",
        "Rh1-h7",
        "Rh1-h6",
        "Rh1-h5",
        "Rh1-h4",
        "Rh1-h3",
        "Rh1-h2",
        "a2-a4",
        "a2-a3",
        "a2*b3",
        "e5-e6",
        "e5*f6 ep.",
        "g7-g8=Q +",
        "g7-g8=S",
        "g7-g8=R",
        "g7-g8=B +",
    ];
    let twin_b = [
        "Sb1-d2",
        "Sb1-c3 +",
        "Sb1-a3",
        "Rh1-c1",
        "Rh1-d1 +",
        "Rh1-e1",
        "Rh1-f1",
        "Rh1-g1",
        "Rh1-h8",
        "Rh1-h7",
        "Rh1-h6",
        "Rh1-h5",
        "Rh1-h4",
        "Rh1-h3",
        "Rh1-h2",
        "a2-a4",
        "a2-a3",
        "a2*b3",
        "Ke2-d1",
        "Ke2-f1",
        "Ke2-f3",
        "Ke2-d3",
        "Ke2-e1",
        "Ke2-d2",
        "Ke2-e3",
        "Ke2-f2",
        "e5-e6",
        "e5*f6 ep.",
        "g7-g8=Q +",
        "g7-g8=S",
        "g7-g8=R",
        "g7-g8=B +",
    ];
    let expected: Vec<(usize, String)> = twin_a
        .iter()
        .chain(twin_b.iter())
        .enumerate()
        .map(|(i, m)| (i + 1, m.to_string()))
        .collect();
    assert_eq!(numbered(&out), expected);
}

#[test]
fn move_numbers_count_moves_the_legality_test_rejects_and_lead_their_play() {
    // Black's king may not go to b3, a5 or b4, yet the reference numbers those moves;
    // the solution stands under the line of its first move
    let out = solve(
        "numbers-help",
        "BeginProblem\nStipulation h#3\nOption MoveNumbers EnPassant b2b3b4\nPieces\n\
         White Ka2 Ra1 Bb1 Sa6 Pb4 Pc2\nBlack Ka4 Rb7 Bb8 Sa7 Pa3 Pb5 Pc3 Pc4 Pc5 Pc6 Pc7\n\
         EndProblem\n",
    );
    let moves: Vec<String> = numbered(&out).into_iter().map(|(_, m)| m).collect();
    assert_eq!(
        moves,
        [
            "Ka4-b3 +",
            "Ka4-a5",
            "Ka4*b4",
            "c4*b3 ep. +",
            "c5*b4",
            "Sa7-c8",
            "Rb7-b6"
        ]
    );
    let after = out
        .split("(c4*b3 ep. +")
        .nth(1)
        .expect("the fourth move's line");
    let next = after.lines().nth(1).expect("a line after it").trim();
    assert!(
        next.starts_with("1.c4*b3 ep. + c2*b3 +"),
        "the solution follows its first move's line: {next}"
    );
}

#[test]
fn set_play_of_series_help_play_is_the_other_sides_goal_move_at_once() {
    let out = solve(
        "series-set",
        "BeginProblem\nStipulation ser-h#2\nOption SetPlay\nPieces\n\
         White Kg6 Ra1\nBlack Kh8 Pb7\nEndProblem\n",
    );
    let lines: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1."))
        .collect();
    assert_eq!(lines.first(), Some(&"1...Ra1-a8 #"), "{out}");
    assert_eq!(lines.len(), 11, "{out}");
}

/// The keys (`1.move !`) of an output.
fn keys(out: &str) -> Vec<&str> {
    let mut keys: Vec<&str> = out
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1.") && l.contains(" !"))
        .collect();
    keys.sort_unstable();
    keys
}

#[test]
fn non_trivial_refuses_keys_that_leave_more_than_one_non_trivial_defence() {
    // (as the reference solves it) after 1.Ke5 Black has several defences that White
    // does not answer with a mate at once, so under NonTrivial 0 0 it is no key
    let problem = |option: &str| {
        format!(
            "BeginProblem\nStipulation #3\nOption {option} NoThreat Variation\nPieces\n\
             White Ke4 Pa4 Rg1 Sb2 Qd2\nBlack Kh6 Sd1 Rf4\nEndProblem\n"
        )
    };
    let plain = solve("trivial-plain", &problem("NoBoard"));
    assert_eq!(
        keys(&plain),
        ["1.Ke4*f4 !", "1.Ke4-e5 !", "1.Qd2*f4 + !"],
        "{plain}"
    );
    let non_trivial = solve("trivial", &problem("NonTrivial 0 0"));
    assert_eq!(
        keys(&non_trivial),
        ["1.Ke4*f4 !", "1.Qd2*f4 + !"],
        "{non_trivial}"
    );
}

#[test]
fn en_passant_over_two_passed_squares_allows_either_capture() {
    // the last move was d8-d5 (a step of three, as the option says): both squares passed
    // over may be captured on
    let out = solve(
        "ep-three",
        "BeginProblem\nStipulation ep1\nOption EnPassant d8d7d6d5 NoWk NoBk\nPieces\n\
         White Pc6 Pe5\nBlack Pd5\nEndProblem\n",
    );
    assert_eq!(keys(&out), ["1.c6*d7 ep. !", "1.e5*d6 ep. !"], "{out}");
}

#[test]
fn try_after_defence_allows_one_refutation_again() {
    // options are read in order: Try is Defence 1 (as the reference counts the tries
    // of this problem: four with Try last, twelve with Defence 2 last)
    let problem = |options: &str| {
        format!(
            "BeginProblem\nPieces White Kb1 Gh5 Qb7 Black Ka3 LIe1 Neutral LIf3\n\
             Stipulation s#1\nOption {options}\nEndProblem\n"
        )
    };
    let tries = |out: &str| out.lines().filter(|l| l.trim_end().ends_with(" ?")).count();
    let try_last = solve("try-last", &problem("Defence 2 Try"));
    let defence_last = solve("defence-last", &problem("Try Defence 2"));
    assert_eq!(tries(&try_last), 4, "{try_last}");
    assert_eq!(tries(&defence_last), 12, "{defence_last}");
}

#[test]
fn quodlibet_lets_the_attacker_of_a_selfmate_mate_itself() {
    // s#2 has no solution here; with Quodlibet White may mate directly as well (the
    // line as the reference gives it)
    let problem = |options: &str| {
        format!(
            "BeginProblem\nStipulation s#2\nOption {options}\nPieces\n\
             White Kc7 Qe7 Bd5\nBlack Kg8 Pf5 Bf7\nEndProblem\n"
        )
    };
    let plain = solve("self", &problem("Variation"));
    assert!(keys(&plain).is_empty(), "{plain}");
    let quodlibet = solve("quodlibet", &problem("Quodlibet Variation"));
    assert_eq!(keys(&quodlibet), ["1.Qe7*f7 + !"], "{quodlibet}");
    assert!(quodlibet.contains("2.Qf7-g8 #") && quodlibet.contains("Quodlibet\n"));
}

#[test]
fn stop_on_short_solutions_seeks_no_longer_help_play() {
    // h#3 with mates in two: the reference lists those 33 and stops
    let problem = |options: &str| {
        format!(
            "BeginProblem\nStipulation h#3\nOption {options}\nPieces\n\
             White Kf6 Ra1\nBlack Kh8 Pb7\nEndProblem\n"
        )
    };
    let solutions = |out: &str| {
        out.lines()
            .filter(|l| l.trim_start().starts_with("1."))
            .map(|l| l.contains("3."))
            .collect::<Vec<bool>>()
    };
    let short = solutions(&solve("stop-short", &problem("StopOnShortSolutions")));
    assert_eq!(short.len(), 33);
    assert!(short.iter().all(|three| !three), "only mates in two");
    let all = solutions(&solve("no-stop", &problem("NoBoard")));
    assert!(
        all.iter().any(|three| *three),
        "without the option the mates in three follow"
    );
}

#[test]
fn start_and_up_to_move_number_try_only_the_first_moves_so_numbered() {
    // the h#3 of the MoveNumbers test: its solutions begin with moves 4 and 6
    let problem = |option: &str| {
        format!(
            "BeginProblem\nStipulation h#3\nOption EnPassant b2b3b4 {option}\nPieces\n\
             White Ka2 Ra1 Bb1 Sa6 Pb4 Pc2\nBlack Ka4 Rb7 Bb8 Sa7 Pa3 Pb5 Pc3 Pc4 Pc5 Pc6 Pc7\n\
             EndProblem\n"
        )
    };
    let solutions = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.trim_start().starts_with("1."))
            .map(|l| l.trim().to_string())
            .collect()
    };
    let late = solve("start", &problem("StartMoveNumber 5"));
    let numbers: Vec<usize> = numbered(&late).into_iter().map(|(n, _)| n).collect();
    assert_eq!(numbers, [5, 6, 7], "numbered as without the option: {late}");
    assert_eq!(solutions(&late).len(), 1);
    assert!(solutions(&late)[0].starts_with("1.Sa7-c8"), "{late}");
    let early = solve("upto", &problem("UpToMoveNumber 4"));
    let numbers: Vec<usize> = numbered(&early).into_iter().map(|(n, _)| n).collect();
    assert_eq!(numbers, [1, 2, 3, 4], "{early}");
    assert_eq!(solutions(&early).len(), 1);
    assert!(solutions(&early)[0].starts_with("1.c4*b3 ep."), "{early}");
}

#[test]
fn move_numbers_follow_the_numbering_a_rule_names_for_its_piece() {
    // (the reference's order: the English Equihopper's queen lines backwards after its
    // other lines; the non-stop Equihopper by arrival square, a1 to h8 file by file)
    let order = |code: &str| {
        let out = common::solve(
            "numbering",
            &format!(
                "BeginProblem\nStipulation #1\nOption MoveNumbers\nPieces\n\
                 White Ka1 {code}d4 Pd5 Pe5 Pc5 Pc4 Pe4 Pc3 Pd3 Pe3 Pf5 Pe6 Pb5 Pf2\n\
                 Black Kh8 Pg7 Ph7\nEndProblem\n"
            ),
            &["--popeye-codes"],
        );
        numbered(&out)
            .into_iter()
            .filter_map(|(_, mv)| mv.strip_prefix(&format!("{code}d4-")).map(str::to_string))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        order("EQ"),
        ["h6 +", "f8", "f4", "d6", "b4 +", "d2 +", "b6", "f6 +", "b2"]
    );
    assert_eq!(
        order("NE"),
        ["b2 +", "b4 +", "b6", "d2 +", "d6", "f4", "f6 +", "f8", "h6 +"]
    );
}

#[test]
fn castling_mutually_exclusive_takes_the_paired_castling_away() {
    // White's long castling (rook a1) and Black's short one (rook h8) exclude each
    // other: after 1...0-0-0 Black may no longer castle short
    let play = |option: &str| {
        solve(
            "exclusive",
            &format!(
                "BeginProblem\nStipulation h#1.5\nOption Variation {option}\nPieces\n\
                 White Ke1 Ra1 Rh1 Pa4 Qc2\nBlack Ke8 Ra8 Rh8 Pc4\nEndProblem\n"
            ),
        )
    };
    let free = play("");
    assert!(free.contains("1...0-0-0   2.0-0 Qc2-h7 #"), "{free}");
    let exclusive = play("CastlingMutuallyExclusive a1h8");
    assert!(!exclusive.contains("1...0-0-0"), "{exclusive}");
    assert!(
        exclusive.contains("1...Ra1-a3   2.0-0 Qc2-h7 #"),
        "{exclusive}"
    );
    assert!(
        exclusive.contains("CastlingMutuallyExclusive a1h8"),
        "{exclusive}"
    );
}
