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
use fairyforge_engine::rules::RuleSet;
use std::io::{BufRead, BufReader, Write};
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

/// Runs a UCI engine's `go perft` and returns the seconds the count took: the clock
/// starts once the engine has started, chosen the variant and said `readyok`, so that
/// its start-up (a tenth of a second for some) is not counted as perft time.
fn peer_perft(engine: &Path, variant: &str, fen: &str, depth: u32) -> Option<f64> {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let mut stdout = BufReader::new(child.stdout.take()?);
    let setup =
        format!("uci\nsetoption name UCI_Variant value {variant}\nposition fen {fen}\nisready\n");
    let timed = (|| {
        stdin.write_all(setup.as_bytes()).ok()?;
        stdin.flush().ok()?;
        read_until(&mut stdout, "readyok")?;
        let start = Instant::now();
        writeln!(stdin, "go perft {depth}").ok()?;
        stdin.flush().ok()?;
        read_until(&mut stdout, "Nodes searched")?;
        Some(start.elapsed().as_secs_f64())
    })();
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let _ = child.wait();
    timed
}

/// Reads lines until one starts with `word`; `None` when the output ends first.
fn read_until(out: &mut impl BufRead, word: &str) -> Option<()> {
    let mut line = String::new();
    loop {
        line.clear();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line.trim_start().starts_with(word) {
            return Some(());
        }
    }
}

/// Runs the benchmarks and prints the figures.
pub fn run(opts: &BenchOptions) {
    perft_figures(opts);
    let Some(corpus) = &opts.corpus else {
        println!("problems: no corpus given: skipped");
        return;
    };
    problem_figures(corpus, opts);
    if let Some(reference) = &opts.reference {
        by_condition(corpus, reference, opts.quick);
    }
}

/// Runs of each timing, of which the best counts.
const RUNS: usize = 3;

/// Perft on the standard and fairy positions, beside the peer when there is one.
fn perft_figures(opts: &BenchOptions) {
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
        // the best of three runs on each side: one run is at the mercy of whatever else
        // the machine does in those milliseconds
        let (mut nodes, mut ours) = (0, f64::INFINITY);
        for _ in 0..RUNS {
            let start = Instant::now();
            nodes = perft(&mut pos, depth);
            ours = ours.min(start.elapsed().as_secs_f64());
        }
        let mut line = format!(
            "  {name:<18} depth {depth}: {nodes:>11} nodes {ours:8.3} s {:7.1} Mn/s",
            nodes as f64 / ours / 1e6
        );
        if let Some(peer) = &opts.perft_peer {
            let fen = peer_fen(variant, text);
            let runs = (0..RUNS).map(|_| peer_perft(peer, variant, &fen, depth));
            match runs
                .collect::<Option<Vec<f64>>>()
                .map(|t| t.into_iter().fold(f64::INFINITY, f64::min))
            {
                Some(theirs) => line.push_str(&format!(
                    "   peer {theirs:8.3} s   ratio {:5.2}",
                    theirs / ours
                )),
                None => line.push_str("   peer failed"),
            }
        }
        println!("{line}");
    }
}

/// The orthodox corpus problems, each time and the geometric mean, beside the
/// reference when there is one.
fn problem_figures(corpus: &Path, opts: &BenchOptions) {
    let chosen = match orthodox_stems(corpus, 0.2..=10.0) {
        Ok(chosen) => chosen,
        Err(why) => {
            println!("problems: {why}: skipped");
            return;
        }
    };
    println!(
        "problems: {} orthodox problems the reference solves in 0.2-10 s (cap 30 s each)",
        chosen.len()
    );
    // both solvers as processes, one thread each, so that each pays its own start-up
    let me = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("fairyforge"));
    let cap = Duration::from_secs(30);
    let ours_args = ["solve", "--popeye-codes", "--threads", "1", "-j", "1"];
    let (mut log_ours, mut log_ratio, mut n, mut m) = (0.0f64, 0.0f64, 0usize, 0usize);
    for stem in &chosen {
        let path = corpus.join("popeye").join(format!("{stem}.inp"));
        let Some(ours) = best_time(&me, &ours_args, &path, cap) else {
            continue;
        };
        if opts.quick && n == 8 {
            break;
        }
        log_ours += ours.ln();
        n += 1;
        let mut line = format!("  {stem:<45} {ours:8.3} s");
        let theirs = opts
            .reference
            .as_ref()
            .and_then(|r| best_time(r, &[], &path, cap));
        if let Some(theirs) = theirs {
            log_ratio += (theirs / ours).ln();
            m += 1;
            line.push_str(&format!(
                "   reference {theirs:8.3} s   ratio {:6.2}",
                theirs / ours
            ));
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
}

/// The corpus problems without condition, fairy piece or attribute that the reference
/// solves within `seconds`, as file stems in the index's order; why not, when the index
/// cannot be read.
fn orthodox_stems(
    corpus: &Path,
    seconds: std::ops::RangeInclusive<f64>,
) -> Result<Vec<String>, String> {
    let index = corpus.join("popeye/index.tsv");
    let text =
        std::fs::read_to_string(&index).map_err(|_| format!("{} not found", index.display()))?;
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
        return Err("unexpected index columns".to_string());
    };
    Ok(lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| {
            let s: f64 = f.get(secs).and_then(|s| s.parse().ok()).unwrap_or(f64::NAN);
            let empty = |c: usize| f.get(c).is_some_and(|v| v.is_empty());
            seconds.contains(&s) && empty(conds) && empty(fairy) && empty(attrs)
        })
        .filter_map(|f| f.get(file).map(|s| s.to_string()))
        .collect())
}

/// The positions for the side-by-side condition figures: orthodox corpus problems, one
/// per file and without the option Intelligent, that the reference solves in 0.1–2 s
/// (long enough that starting a process weighs little), as (file, text), in the index's
/// order.
fn plain_positions(corpus: &Path) -> Vec<(PathBuf, String)> {
    let mut chosen = Vec::new();
    for stem in orthodox_stems(corpus, 0.1..=2.0).unwrap_or_default() {
        let path = corpus.join("popeye").join(format!("{stem}.inp"));
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let text = input::decode(&bytes);
        // (the reference's intelligent mode refuses conditions: such a problem would
        // compare two methods of the reference, not a condition's cost)
        let intelligent = text.to_ascii_lowercase().contains("intel");
        if !intelligent && fairyforge_engine::problem::read_problems::<Rules>(&text).len() == 1 {
            chosen.push((path, text.into_owned()));
        }
    }
    chosen
}

/// `text` (one problem) with `condition` added under its first line, in the language
/// the first word of the file picks.
fn with_condition(text: &str, condition: &str) -> String {
    let first = text.split_whitespace().next().unwrap_or("");
    let keyword = if first.to_ascii_lowercase().starts_with("anf") {
        "Bedingung"
    } else {
        "Condition"
    };
    match text.split_once('\n') {
        Some((head, rest)) => format!("{head}\n{keyword} {condition}\n{rest}"),
        None => text.to_string(),
    }
}

/// Seconds a process takes on `file`, when it succeeds within `cap`.
fn time_process(program: &Path, args: &[&str], file: &Path, cap: Duration) -> Option<f64> {
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    loop {
        if let Some(status) = child.try_wait().ok()? {
            let secs = start.elapsed().as_secs_f64().max(1e-4);
            return status.success().then_some(secs);
        }
        if start.elapsed() > cap {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Both solvers timed as processes on the same problem file.
struct Timer<'a> {
    /// This executable.
    me: PathBuf,
    /// The reference solver.
    reference: &'a Path,
    /// Longer than this is a failure.
    cap: Duration,
}

impl Timer<'_> {
    /// The best of a few runs (see [`best_time`]).
    fn best(&self, program: &Path, args: &[&str], file: &Path) -> Option<f64> {
        best_time(program, args, file, self.cap)
    }

    /// Reference time / fairyforge time on `file`, when both solve it within the cap.
    fn ratio(&self, file: &Path) -> Option<f64> {
        let args = ["solve", "--popeye-codes", "--threads", "1"];
        let ours = self.best(&self.me, &args, file)?;
        let theirs = self.best(self.reference, &[], file)?;
        Some(theirs / ours)
    }
}

/// The best of up to three runs of `program` on `file` (fewer when a run takes more
/// than 5 s): one run is at the mercy of whatever else the machine does meanwhile.
fn best_time(program: &Path, args: &[&str], file: &Path, cap: Duration) -> Option<f64> {
    let mut best = time_process(program, args, file, cap)?;
    for _ in 1..RUNS {
        if best > 5.0 {
            break;
        }
        best = best.min(time_process(program, args, file, cap)?);
    }
    Some(best)
}

/// The geometric mean of numbers given by their logarithms.
fn geometric_mean(logs: &[f64]) -> f64 {
    (logs.iter().sum::<f64>() / logs.len() as f64).exp()
}

/// For each condition fairyforge has, the same orthodox positions solved plain and under
/// the condition, by both solvers as processes: the geometric mean of the ratios
/// reference time / fairyforge time, and that ratio over the plain one on the same
/// positions ("relative": 1 means the condition costs fairyforge what it costs the
/// reference). A position either solver fails or needs more than 10 s for under the
/// condition is left out of that condition's figures.
fn by_condition(corpus: &Path, reference: &Path, quick: bool) {
    let Ok(me) = std::env::current_exe() else {
        println!("conditions: cannot find the fairyforge executable: skipped");
        return;
    };
    let wanted = if quick { 6 } else { 24 };
    let candidates = plain_positions(corpus);
    if candidates.is_empty() {
        println!("conditions: no orthodox corpus positions found: skipped");
        return;
    }
    let scratch = std::env::temp_dir().join(format!("fairyforge-bench-{}", std::process::id()));
    if std::fs::create_dir_all(&scratch).is_err() {
        println!("conditions: cannot write {}: skipped", scratch.display());
        return;
    }
    let timer = Timer {
        me,
        reference,
        cap: Duration::from_secs(10),
    };
    // the first positions both solve plain within the cap
    let mut positions = Vec::new();
    for (path, text) in candidates {
        if let Some(r) = timer.ratio(&path) {
            positions.push((text, r));
        }
        if positions.len() == wanted {
            break;
        }
    }
    println!(
        "conditions: {} orthodox positions the reference solves in 0.1-2 s, plain and under \
         each condition (ratio = reference time / fairyforge time, geometric mean, both as \
         processes; relative = that ratio over the plain one on the same positions)",
        positions.len()
    );
    let logs: Vec<f64> = positions.iter().map(|(_, r)| r.ln()).collect();
    if logs.is_empty() {
        println!("  no position solved plain by both: skipped");
        return;
    }
    println!(
        "  (plain)                {:>3} positions   ratio {:6.2}",
        logs.len(),
        geometric_mean(&logs)
    );
    for info in Rules::CONDITIONS {
        condition_figures(info, &positions, &scratch, &timer);
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The figures of one condition on `positions` (problem text, plain ratio), the files
/// written in `scratch`.
fn condition_figures(
    info: &fairyforge_engine::ConditionInfo,
    positions: &[(String, f64)],
    scratch: &Path,
    timer: &Timer<'_>,
) {
    let name = info.names.first().copied().unwrap_or(info.name);
    // an option of rebirth is measured with the base it changes most often
    let (written, label) = match info.option {
        true => (format!("Circe {name}"), format!("Circe {}", info.name)),
        false => (name.to_string(), info.name.to_string()),
    };
    let (mut under, mut over) = (Vec::new(), Vec::new());
    for (i, (text, base)) in positions.iter().enumerate() {
        let file = scratch.join(format!("{}-{i}.inp", info.name));
        if std::fs::write(&file, with_condition(text, &written)).is_err() {
            continue;
        }
        if let Some(r) = timer.ratio(&file) {
            under.push(r.ln());
            over.push((r / base).ln());
        }
    }
    if under.is_empty() {
        println!("  {label:<22} no position solved by both within 10 s");
        return;
    }
    println!(
        "  {:<22} {:>3} positions   ratio {:6.2}   relative {:5.2}",
        label,
        under.len(),
        geometric_mean(&under),
        geometric_mean(&over)
    );
}

#[cfg(test)]
mod tests {
    use super::with_condition;

    #[test]
    fn a_condition_goes_under_the_first_line_in_the_file_language() {
        let english = "BeginProblem\nStipulation #2\nEndProblem\n";
        assert_eq!(
            with_condition(english, "Circe"),
            "BeginProblem\nCondition Circe\nStipulation #2\nEndProblem\n"
        );
        let german = "AnfangProblem\nforderung #2\nEndeProblem\n";
        assert!(with_condition(german, "Madrasi").starts_with("AnfangProblem\nBedingung Madrasi\n"));
    }
}
