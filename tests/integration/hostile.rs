//! Input a user should never be able to crash fairyforge with: each reproducer of a crash
//! once found, followed in the same file by a plain problem that must still be solved.
//! A length beyond the most a stipulation may ask for is an error at its place, never a
//! stack overflow or an allocation sized by the number written.

use crate::common;

use common::run_solve;

/// A problem that must be solved whatever came before it in the file.
const PLAIN: &str =
    "NextProblem\nPieces White Ke6 Ra2 Black Ke8\nStipulation #1\nOption NoBoard\nEndProblem\n";

/// The plain problem's solution.
const PLAIN_KEY: &str = "1.Ra2-a8 #";

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

/// Runs the file `first` + the plain problem; returns stdout, stderr and whether it
/// succeeded, after checking the plain problem was solved.
fn run_before_plain(name: &str, first: &str) -> (String, String, bool) {
    let out = run_solve(name, &format!("{first}{PLAIN}"), &[]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        stdout.contains(PLAIN_KEY),
        "the next problem was not solved\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    (stdout, stderr, out.status.success())
}

#[test]
fn moving_a_unit_onto_its_own_square_takes_it_off() {
    let first =
        "BeginProblem\nPieces White Ke1 Qd1 Ra1 Black Ke8\nStipulation #1\nTwin Move a1 a1\n";
    let (stdout, stderr, ok) = run_before_plain("move-a1-a1", first);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("b) -wRa1  .a1-->a1"), "{stdout}");
}

#[test]
fn a_condition_without_a_rule_is_said_where_it_is_written() {
    let first = "BeginProblem\nPieces White Ke1 Qd1 Black Ke8\nStipulation #2\n\
                 Condition Madrasi GhostChess\nTwin Condition  GhostChess\n";
    let (_, stderr, ok) = run_before_plain("condition-without-rule", first);
    assert!(!ok);
    let at = |place: &str| {
        stderr
            .lines()
            .any(|l| l.contains(place) && l.contains("error: the condition GhostChess"))
    };
    assert!(at(".inp:4:19:"), "{stderr}");
    assert!(at(".inp:5:17:"), "{stderr}");
}

#[test]
fn absurd_lengths_are_refused_where_written() {
    for (stip, col) in [
        ("#99999", 14),
        ("s#99999", 15),
        ("=99999", 14),
        ("ser-h#99999", 19),
        ("h#2147483648", 15),
        ("h#99999999999999999999", 15),
    ] {
        let first = format!("BeginProblem\nPieces White Ke1 Qd1 Black Ke8\nStipulation {stip}\n");
        let (_, stderr, ok) = run_before_plain("absurd-length", &first);
        assert!(!ok, "{stip}: accepted");
        assert!(
            stderr.contains(&format!(
                ".inp:3:{col}: error: a stipulation may ask for at most 350 moves"
            )),
            "{stip}: {stderr}"
        );
    }
}

#[test]
fn absurd_lengths_in_a_twin_or_a_structured_stipulation_are_refused() {
    let first =
        "BeginProblem\nPieces White Ke1 Qd1 Black Ke8\nStipulation #1\nTwin Stipulation #99999\n";
    let (_, stderr, ok) = run_before_plain("absurd-twin", first);
    assert!(!ok);
    assert!(stderr.contains(".inp:4:"), "{stderr}");
    let first = "BeginProblem\nPieces White Ke1 Qd1 Black Ke8\nSStipulation White 99999hh#\n";
    let (_, stderr, ok) = run_before_plain("absurd-structured", first);
    assert!(!ok);
    assert!(
        stderr.contains(".inp:3:") && stderr.contains("at most 350"),
        "{stderr}"
    );
}

#[test]
fn the_longest_play_allowed_is_searched_without_running_out_of_stack() {
    // each side has one move, back and forth: the search deepens one move at a time
    // down to the full length
    let first = "BeginProblem\nPieces White Kh1 DUf1f2g2h2 Pa2 Black Ka8 DUa7b7c7c8 Pa3\nStipulation #350\nOption NoBoard\n";
    let (_, stderr, ok) = run_before_plain("longest", first);
    assert!(ok, "{stderr}");
}

#[test]
fn long_series_end_within_their_time_limit() {
    // a long series finds line after line, each differing from the one before in its
    // last moves: they were kept as moves until the search ended and made only after the
    // limit (`ser-=350` under `--max-time 2` took 16 s and 1.3 GB; unbounded, 23.8 GB)
    for stip in ["ser-=350", "ser-#350", "ser-h#350"] {
        let first = format!(
            "BeginProblem\nPieces White Ke1 Qd1 Ra1 Black Ke8 Pa7\nStipulation {stip}\nOption NoBoard\n"
        );
        let out = run_solve(
            "long-series",
            &format!("{first}{PLAIN}"),
            &["--max-time", "1"],
        );
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(stdout.contains(PLAIN_KEY), "{stip}: {stderr}");
        // the time the first problem took to solve, as written after its solutions
        // (generous: the bound is one second, and the machine may be busy)
        let secs: f64 = stdout
            .split("Time = ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{stip}: no time written\n{stderr}"));
        assert!(
            secs < 4.0,
            "{stip}: solved in {secs} s under a limit of 1 s"
        );
    }
}
