//! Long help and series play shared out among threads (`--threads`): the workers must
//! find every line the one search finds, and the output must come in the same order.

use crate::common;

/// `fairyforge solve --no-board --threads N` on the problem, without the timing line.
fn solve(name: &str, problem: &str, threads: &str) -> String {
    let out = common::solve(name, problem, &["--no-board", "--threads", threads]);
    out.lines()
        .filter(|l| !l.contains("Time ="))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn play_shared_out_finds_the_same_lines_in_the_same_order() {
    let problems = [
        "Stipulation h#3\nPieces\nWhite Kd3 Pe6 Bb4\nBlack Ke7 Qb2 Be3",
        "Stipulation h=3\nPieces\nWhite Kd4 Qh2 Bh1\nBlack Ka3 Ra7 Sg7",
        "Stipulation h#2.5\nPieces\nWhite Kg3 Rh3\nBlack Kh6 Rg5 Ph4",
        "Stipulation h#2.5\nPieces\nWhite Kh2 Pe6 Qb4\nBlack Ka6 Pa5 Rg5 Sf3",
        "Stipulation ser-h#4\nPieces\nWhite Kh2 Pc5 Qf8\nBlack Kf6 Rb6",
        "Stipulation ser-h=4\nPieces\nWhite Kh2 Pc5 Qf8\nBlack Kf6 Rb6",
        "Stipulation ser-#4\nPieces\nWhite Kf6 Rd2\nBlack Ka4 Bh6",
        // twins solved one after the other, each shared out
        "Stipulation h#3\nPieces\nWhite Kf8 Pg3 Qe8\nBlack Kd2 Bh2 Bg6\nTwin Stipulation h#2.5",
    ];
    for (i, lines) in problems.iter().enumerate() {
        let problem = format!("BeginProblem\n{lines}\nEndProblem\n");
        let one = solve(&format!("one-{i}"), &problem, "1");
        let shared = solve(&format!("three-{i}"), &problem, "3");
        assert!(
            one.lines()
                .filter(|l| l.trim_start().starts_with("1."))
                .count()
                >= 3,
            "too few solutions to compare:\n{one}"
        );
        assert_eq!(one, shared, "problem {i}");
    }
}
