//! Mutation tests of the problem reader and the solver: problem files (the bundled
//! showcase and small problems in the styles of the reference's examples: German and
//! French, twins, conditions, Forsyth, series, options), edited by a few byte, line and
//! token mutations, are read, checked, solved under a tight time limit and written.
//! Whatever the edits: reading, checking, solving and writing never panic; every error
//! and warning is placed at a line and column inside the file; solving stops within its
//! limit (and a margin for a slow machine).
//!
//! The default run is a few hundred cases; a longer one is
//! `PROPTEST_CASES=5000 PROPTEST_RNG_SEED=$RANDOM cargo test --release --test fuzz`, and
//! `FAIRYFORGE_FUZZ_CORPUS=DIR` adds every `*.inp` of DIR to the seeds.

#[path = "../../codegen/tests/mutate/mod.rs"]
mod mutate;

use fairyforge::engine::input::{self, InputError};
use fairyforge::engine::output::text::write_problem;
use fairyforge::engine::problem::{check_problem, read_problems, solve_problem, Settings};
use fairyforge::engine::solve::SEARCH_STACK;
use fairyforge::Rules;
use mutate::{config, mutate, mutations};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Small problems to start from, besides the showcase.
const SEEDS: &[&str] = &[
    include_str!("../../data/problems/showcase.inp"),
    "BeginProblem\nPieces White Ke1 Qd1 Ra1 Black Ke8 Pa7\nStipulation ser-=12\nOption NoBoard\nEndProblem\n",
    "BeginProblem\nAuthor R.Turnbull\nStipulation #2\nCondition BlackOscillatingKings\nPieces White Kh6 Qg5 Sh1 Black Kf3 Sg2 Pg6\nOption Variation\nEndProblem\n",
    "AnfangProblem\nTitel Hilfsreflexmatt\nSteine Weiss Kd1 Bd2 Da8 Schwarz Ka3 Ba5e3\nForderung hr#2\nEndeProblem\n",
    "AnfangProblem\nAutor M.Brada\nForderung #2\nBedingung MAFF\nForsyth 2Ks4/1bT1Tb2/b7/1S1k4/3l4/3L4/3L4/7l\nOption Varianten\nEndeProblem\n",
    "DebutProbleme\nPieces Blanc Re1 Dd1 Noir Re8 Pe7\nEnonce h#2\nEndProbleme\n",
    "BeginProblem\nCondition GridChess Orthogonal 1234567\nStipulation ser-#7\nOption HalfDuplex\nForsyth k1K5/p7/1P6\nEndProblem\n",
    "BeginProblem\nPieces White Ka1 Qg4 Black Ka3 Pa2 Pb4\nStipulation s#2\nOption Variation Try Threat 1\nTwin Move g4 g5\nTwin Continued Exchange a1 a3\nTwin Rotate 90\nTwin Stipulation h#2\nEndProblem\n",
    "BeginProblem\nPieces White Kd1 Pa2 Black HalfNeutral Kb3 Neutral Se5\nStipulation h=3\nOption Intelligent MaxSolutions 5 SetPlay\nCondition Circe File\nNextProblem\nPieces White Kc1 Rh1 Black Ka1 Pa2\nStipulation exact-h#2.5\nCondition Madrasi\nTwin Add White Gb1\nTwin Remove h1\nEndProblem\n",
    "BeginProblem\nPieces White Ke1 Ra1 Rh1 Pe2 Black Ke8 Ra8 Rh8 Pd4\nStipulation dia2\nOption EnPassant e3 NoCastling a1\nNextProblem\nPieces White Ke1 Qd1 Black Ke8\nStipulation a=>b1\nForsyth 4k3/8/8/8/8/8/8/3QK3\nEndProblem\n",
];

/// Words of the problem language a mutation inserts.
const WORDS: &[&str] = &[
    "BeginProblem",
    "EndProblem",
    "NextProblem",
    "AnfangProblem",
    "DebutProbleme",
    "Pieces",
    "White",
    "Black",
    "Neutral",
    "HalfNeutral",
    "Royal",
    "Stipulation",
    "SStipulation",
    "Condition",
    "Option",
    "Twin",
    "ZeroPosition",
    "Continued",
    "Move",
    "Exchange",
    "Remove",
    "Add",
    "Substitute",
    "Rotate",
    "Mirror",
    "a1<-->h1",
    "Shift",
    "PolishType",
    "Forsyth",
    "Remark",
    "Author",
    "Title",
    "Intelligent",
    "Try",
    "Defence",
    "Variation",
    "Threat",
    "SetPlay",
    "Duplex",
    "HalfDuplex",
    "MaxSolutions",
    "MaxTime",
    "StartMoveNumber",
    "UpToMoveNumber",
    "NonTrivial",
    "KeepMatingPiece",
    "EnPassant",
    "NoCastling",
    "NoWk",
    "NoBk",
    "WhiteToPlay",
    "PostKeyPlay",
    "Circe",
    "File",
    "Madrasi",
    "Maximummer",
    "Disparate",
    "AntiCirce",
    "KoeKo",
    "GridChess",
    "NoCapture",
    "MonochromChess",
    "Imitator",
    "#",
    "=",
    "h#",
    "s#",
    "r#",
    "ser-#",
    "ser-h#",
    "ser-=",
    "hs#",
    "dia",
    "a=>b",
    "#99999",
    "h#350",
    "ser-h#350",
    "ser-=350",
    "~1",
    "00",
    "exact-h#3",
    "#2.5",
    "Ka1",
    "Qd1",
    "Rh8",
    "Be4",
    "Sg1",
    "Pa2",
    "Pe7",
    "Pe8",
    "Gf1",
    "NEe4",
    "EQd4",
    "a1",
    "h8",
    "e9",
    "i1",
    "a1a1",
    "Ke1Ke1",
    "2+",
    "-",
    "..",
    "\u{200b}",
    "\u{1}",
];

/// The most problems of a mutated file solved (the others are read and checked).
const SOLVED: usize = 2;

/// The time each problem may take.
const LIMIT: Duration = Duration::from_millis(30);

/// The time past the limit a problem may take on a slow, busy machine.
const MARGIN: Duration = Duration::from_secs(3);

/// The seeds: [`SEEDS`] and, when `FAIRYFORGE_FUZZ_CORPUS` names a folder, its problems.
fn seeds() -> &'static [Vec<u8>] {
    static SEEDED: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    SEEDED.get_or_init(|| {
        let mut all: Vec<Vec<u8>> = SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
        if let Some(dir) = std::env::var_os("FAIRYFORGE_FUZZ_CORPUS") {
            let mut paths: Vec<_> = std::fs::read_dir(&dir)
                .expect("FAIRYFORGE_FUZZ_CORPUS names a readable folder")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "inp"))
                .collect();
            paths.sort();
            all.extend(paths.iter().filter_map(|p| std::fs::read(p).ok()));
        }
        all
    })
}

/// Checks that `e` is placed inside `text`: a line of the file and a column within that
/// line or just past its end (lines end as the reader ends them: `\n`, `\r\n` or a
/// lone `\r`).
fn placed(text: &str, e: &InputError, what: &str) -> Result<(), TestCaseError> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.split('\n').collect();
    let line = e.line as usize;
    prop_assert!(
        line >= 1 && line <= lines.len(),
        "{what} at line {line} of {}: {e}",
        lines.len()
    );
    let width = lines[line - 1].chars().count();
    prop_assert!(
        e.column >= 1 && e.column as usize <= width + 1,
        "{what} at column {} of a line of {width}: {e}",
        e.column
    );
    prop_assert!(!e.message.is_empty(), "{what} without a message");
    Ok(())
}

/// Reads and checks `text`; the problems that can be solved.
fn read_and_check(text: &str) -> Result<Vec<input::Problem>, TestCaseError> {
    let settings = Settings::default();
    let mut solvable = Vec::new();
    for read in read_problems::<Rules>(text) {
        let problem = match read {
            Err(e) => {
                placed(text, &e, "error")?;
                continue;
            }
            Ok(problem) => problem,
        };
        for w in &problem.warnings {
            placed(text, w, "warning")?;
        }
        let checked = check_problem::<Rules>(&problem, &settings);
        for e in &checked.errors {
            placed(text, e, "check error")?;
        }
        for w in &checked.warnings {
            placed(text, w, "check warning")?;
        }
        if checked.errors.is_empty() {
            solvable.push(problem);
        }
    }
    Ok(solvable)
}

/// Solves `problem` under [`LIMIT`] on a search stack, as the command line does, and
/// writes it as text and as JSON; how long the solving took, or the panic's message.
fn solve_and_write(problem: input::Problem) -> Result<Duration, String> {
    let run = move || {
        let settings = Settings {
            max_time: Some(LIMIT),
            hash_mb: Some(1),
            threads: 1,
            ..Settings::default()
        };
        let start = Instant::now();
        let result = solve_problem::<Rules>(&problem, &settings);
        let took = start.elapsed();
        let _ = write_problem(&result, true, took);
        let _ = fairyforge::json::problem_json(&result, "fuzz.inp", took.as_secs_f64());
        took
    };
    let thread = std::thread::Builder::new()
        .stack_size(SEARCH_STACK)
        .spawn(run);
    let joined = thread.map_err(|e| e.to_string())?.join();
    joined.map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn mutated_problems_are_read_with_every_error_in_place(
        which in any::<usize>(),
        edits in mutations(6),
    ) {
        let seeds = seeds();
        let bytes = mutate(&seeds[which % seeds.len()], &edits, WORDS);
        read_and_check(&input::decode(&bytes))?;
    }
}

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn mutated_problems_are_solved_within_their_limit(
        which in any::<usize>(),
        edits in mutations(4),
    ) {
        let seeds = seeds();
        let bytes = mutate(&seeds[which % seeds.len()], &edits, WORDS);
        let text = input::decode(&bytes);
        for problem in read_and_check(&text)?.into_iter().take(SOLVED) {
            match solve_and_write(problem) {
                Ok(took) => prop_assert!(took <= LIMIT + MARGIN, "solved in {took:?}\n{text}"),
                Err(panic) => return Err(TestCaseError::fail(format!("panicked: {panic}\n{text}"))),
            }
        }
    }
}
