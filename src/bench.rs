//! `fairyforge bench`: the benchmarks, with figures a user can compare.
//!
//! Perft on the standard and fairy positions (nodes per second), solving the orthodox
//! corpus problems the reference needs 0.2–10 s for (each time and the geometric mean),
//! and solving the corpus problems of each condition fairyforge has, next to orthodox
//! problems solved the same way (both solvers as processes, file by file). Given a peer — a UCI engine for perft, the reference solver for problems — it is
//! run on the same inputs in the same run, and the ratios are printed: performance
//! targets are ratios against a peer measured side by side, never absolute times.

use crate::Rules;
use fairyforge_engine::codes::CodeSet;
use fairyforge_engine::fen::{parse_position, BoardNotation};
use fairyforge_engine::input;
use fairyforge_engine::perft::perft;
use fairyforge_engine::problem::{find_condition, solve_problem, Settings};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What to measure and against whom.
#[derive(Clone, Debug, Default)]
pub struct BenchOptions {
    /// Smaller depths and fewer problems (a minute instead of several).
    pub quick: bool,
    /// A UCI engine with `go perft` and the variants chess, grasshopper and nightrider.
    pub perft_peer: Option<PathBuf>,
    /// The reference solver, run on the same problem files.
    pub reference: Option<PathBuf>,
    /// The corpus folder (for the problems).
    pub corpus: Option<PathBuf>,
}

/// (name, UCI variant, Forsyth or FEN, depth quick, depth full)
const PERFT: &[(&str, &str, &str, bool, u32, u32)] = &[
    (
        "initial position",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        false,
        5,
        6,
    ),
    (
        "kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
        4,
        5,
    ),
    (
        "grasshopper chess",
        "grasshopper",
        "rsbqkbsr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RSBQKBSR w KQkq - 0 1",
        true,
        4,
        5,
    ),
    (
        "nightrider chess",
        "nightrider",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        true,
        4,
        5,
    ),
];

/// The peer's FEN for a position given to fairyforge in Forsyth (S knights, G hoppers).
fn peer_fen(variant: &str, text: &str) -> String {
    match variant {
        "grasshopper" => text.replace('s', "n").replace('S', "N"),
        _ => text.to_string(),
    }
}

/// Runs a UCI engine's `go perft` and returns the seconds it took.
fn peer_perft(engine: &Path, variant: &str, fen: &str, depth: u32) -> Option<f64> {
    let start = Instant::now();
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let script = format!("uci\nsetoption name UCI_Variant value {variant}\nposition fen {fen}\ngo perft {depth}\nquit\n");
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let secs = start.elapsed().as_secs_f64();
    String::from_utf8_lossy(&out.stdout)
        .contains("Nodes searched")
        .then_some(secs)
}

/// Runs the benchmarks and prints the figures.
pub fn run(opts: &BenchOptions) {
    println!("perft (nodes per second; ratio = peer time / fairyforge time, above 1 is faster)");
    for &(name, variant, text, forsyth, quick, full) in PERFT {
        let depth = if opts.quick { quick } else { full };
        let notation = if forsyth {
            BoardNotation::Forsyth(CodeSet::Fairyforge)
        } else {
            BoardNotation::Fen
        };
        let Ok(mut pos) = parse_position(text, notation, Rules::default()) else {
            println!("  {name}: cannot read the position");
            continue;
        };
        let start = Instant::now();
        let nodes = perft(&mut pos, depth);
        let ours = start.elapsed().as_secs_f64();
        let mut line = format!(
            "  {name:<18} depth {depth}: {nodes:>11} nodes {ours:8.3} s {:7.1} Mn/s",
            nodes as f64 / ours / 1e6
        );
        if let Some(peer) = &opts.perft_peer {
            match peer_perft(peer, variant, &peer_fen(variant, text), depth) {
                Some(theirs) => line.push_str(&format!(
                    "   peer {theirs:8.3} s   ratio {:5.2}",
                    theirs / ours
                )),
                None => line.push_str("   peer failed"),
            }
        }
        println!("{line}");
    }
    let Some(corpus) = &opts.corpus else {
        println!("problems: no corpus given: skipped");
        return;
    };
    let index = corpus.join("popeye/index.tsv");
    let Ok(text) = std::fs::read_to_string(&index) else {
        println!("problems: {} not found: skipped", index.display());
        return;
    };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |n: &str| header.iter().position(|h| *h == n);
    let (Some(file), Some(secs), Some(conds), Some(fairy), Some(attrs)) = (
        col("file"),
        col("reference_seconds"),
        col("conditions"),
        col("fairy_pieces"),
        col("attributes"),
    ) else {
        println!("problems: unexpected index columns: skipped");
        return;
    };
    let chosen: Vec<String> = lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| {
            let s: f64 = f.get(secs).and_then(|s| s.parse().ok()).unwrap_or(0.0);
            (0.2..=10.0).contains(&s)
                && f.get(conds).is_some_and(|c| c.is_empty())
                && f.get(fairy).is_some_and(|c| c.is_empty())
                && f.get(attrs).is_some_and(|c| c.is_empty())
        })
        .filter_map(|f| f.get(file).map(|s| s.to_string()))
        .collect();
    println!(
        "problems: {} orthodox problems the reference solves in 0.2-10 s (cap 30 s each)",
        chosen.len()
    );
    let settings = Settings {
        popeye_codes: true,
        max_time: Some(Duration::from_secs(30)),
    };
    let (mut log_ours, mut log_ratio, mut n, mut m) = (0.0f64, 0.0f64, 0usize, 0usize);
    for stem in &chosen {
        let path = corpus.join("popeye").join(format!("{stem}.inp"));
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let text = input::decode(&bytes);
        let start = Instant::now();
        let mut solvable = true;
        for p in input::read_problems(&text).into_iter().flatten() {
            let r = solve_problem::<Rules>(&p, &settings);
            solvable &= r.twins.iter().all(|t| t.outcome.is_ok());
        }
        let ours = start.elapsed().as_secs_f64().max(1e-4);
        if !solvable {
            continue;
        }
        if opts.quick && n == 8 {
            break;
        }
        log_ours += ours.ln();
        n += 1;
        let mut line = format!("  {stem:<45} {ours:8.3} s");
        if let Some(reference) = &opts.reference {
            let start = Instant::now();
            let ok = Command::new(reference)
                .arg(&path)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            let theirs = start.elapsed().as_secs_f64().max(1e-4);
            if ok {
                log_ratio += (theirs / ours).ln();
                m += 1;
                line.push_str(&format!(
                    "   reference {theirs:8.3} s   ratio {:6.2}",
                    theirs / ours
                ));
            }
        }
        println!("{line}");
    }
    if n > 0 {
        println!(
            "geometric mean: {:.3} s over {n} problems",
            (log_ours / n as f64).exp()
        );
    }
    if m > 0 {
        println!(
            "geometric mean of the ratios (reference time / fairyforge time): {:.2}",
            (log_ratio / m as f64).exp()
        );
    }
    if let Some(reference) = &opts.reference {
        by_condition(corpus, reference, opts.quick);
    }
}

/// The problem files of the corpus by the one condition they use (`""` for none), among
/// the conditions fairyforge has: the `random/` files, then the `popeye/` ones the
/// reference solves in 10 s or less with at most seed fairy pieces and no piece attribute.
fn files_by_condition(corpus: &Path) -> std::collections::BTreeMap<String, Vec<PathBuf>> {
    let mut candidates = Vec::new();
    for dir in ["random/ortho", "random/conditions"] {
        let Ok(entries) = std::fs::read_dir(corpus.join(dir)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "inp"))
            .collect();
        paths.sort();
        candidates.extend(paths);
    }
    if let Ok(text) = std::fs::read_to_string(corpus.join("popeye/index.tsv")) {
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
        let col = |n: &str| header.iter().position(|h| *h == n);
        if let (Some(file), Some(secs), Some(fairy), Some(attrs)) = (
            col("file"),
            col("reference_seconds"),
            col("fairy_pieces"),
            col("attributes"),
        ) {
            let seed = ["", "G", "LI", "EQ", "NE", "BP"];
            for f in lines.map(|l| l.split('\t').collect::<Vec<_>>()) {
                let s: f64 = f.get(secs).and_then(|s| s.parse().ok()).unwrap_or(99.0);
                let plain = f.get(attrs).is_some_and(|a| a.is_empty())
                    && f.get(fairy)
                        .is_some_and(|p| p.split(' ').all(|c| seed.contains(&c)));
                if let (true, true, Some(stem)) = (s <= 10.0, plain, f.get(file)) {
                    candidates.push(corpus.join("popeye").join(format!("{stem}.inp")));
                }
            }
        }
    }
    let mut groups: std::collections::BTreeMap<String, Vec<PathBuf>> = Default::default();
    for path in candidates {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let problems = input::read_problems(&input::decode(&bytes));
        let Some(Ok(p)) = problems.first() else {
            continue;
        };
        let name = match p.conditions.as_slice() {
            [] => String::new(),
            [c] if find_condition::<Rules>(c).is_some() => c.to_string(),
            _ => continue,
        };
        groups.entry(name).or_default().push(path);
    }
    groups
}

/// Seconds a process takes on `file`, when it succeeds.
fn time_process(program: &Path, args: &[&str], file: &Path) -> Option<f64> {
    let start = Instant::now();
    let ok = Command::new(program)
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| start.elapsed().as_secs_f64().max(1e-4))
}

/// For each condition fairyforge has (and for no condition), the geometric mean of the
/// ratio reference time / fairyforge time over its corpus problems fairyforge solves,
/// both run as processes; then each condition's ratio against the orthodox one.
fn by_condition(corpus: &Path, reference: &Path, quick: bool) {
    let Ok(me) = std::env::current_exe() else {
        println!("conditions: cannot find the fairyforge executable: skipped");
        return;
    };
    let per_group = if quick { 8 } else { 30 };
    println!(
        "conditions (ratio = reference time / fairyforge time, geometric mean, both as \
         processes; relative = the ratio over the orthodox one)"
    );
    let mut orthodox = None;
    for (name, files) in files_by_condition(corpus) {
        let (mut log, mut n) = (0.0f64, 0usize);
        for file in files.iter().take(per_group) {
            let Some(ours) = time_process(&me, &["solve", "--popeye-codes"], file) else {
                continue;
            };
            let Some(theirs) = time_process(reference, &[], file) else {
                continue;
            };
            log += (theirs / ours).ln();
            n += 1;
        }
        if n == 0 {
            continue;
        }
        let ratio = (log / n as f64).exp();
        let label = if name.is_empty() {
            "(none)"
        } else {
            name.as_str()
        };
        let relative = match orthodox {
            None if name.is_empty() => {
                orthodox = Some(ratio);
                String::new()
            }
            Some(o) => format!("   relative {:5.2}", ratio / o),
            None => String::new(),
        };
        println!("  {label:<28} {n:>3} problems   ratio {ratio:6.2}{relative}");
    }
}
