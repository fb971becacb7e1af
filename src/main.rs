//! The `fairyforge` command line: solve problems, count perft, list and check rules,
//! run benchmarks. Each subcommand is a thin layer over the library.

use clap::{Parser, Subcommand, ValueEnum};
use fairyforge::engine::codes::CodeSet;
use fairyforge::engine::fen::{parse_position, BoardNotation};
use fairyforge::engine::input;
use fairyforge::engine::input::InputError;
use fairyforge::engine::output::text::{Clock, TextReport};
use fairyforge::engine::perft::{divide, perft};
use fairyforge::engine::problem::{check_problem, read_problems, solve_problem_into, Settings};
use fairyforge::engine::solve::SEARCH_STACK;
use fairyforge::json::JsonReport;
use fairyforge::progress::Display;
use fairyforge::stream::{InOrder, Stream};
use fairyforge::told::{Told, Writer};
use fairyforge::Rules;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "fairyforge",
    version,
    about = "A fairy-chess problem solver whose rules are data"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Run the benchmarks (perft and corpus problems), with peers measured side by side.
    Bench {
        /// Smaller depths and fewer problems.
        #[arg(long)]
        quick: bool,
        /// A UCI engine with `go perft` (e.g. a variant engine) to compare perft with.
        #[arg(long)]
        perft_peer: Option<std::path::PathBuf>,
        /// The reference solver's executable, run on the same problem files.
        #[arg(long)]
        reference: Option<std::path::PathBuf>,
        /// The corpus folder (default: ../shared/corpus beside the repository, if present).
        #[arg(long)]
        corpus: Option<std::path::PathBuf>,
    },
    /// Solve every problem in the files (Popeye's input language; `-` reads stdin).
    Solve {
        /// Problem files.
        #[arg(default_value = "-")]
        files: Vec<String>,
        /// Do not print the diagram.
        #[arg(long)]
        no_board: bool,
        /// Output format: the reference's text, or JSON Lines (one JSON document a
        /// line: one per problem, or an error object for a problem that was refused).
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Give up on a problem after this many seconds (fractions allowed: 1.5), all its
        /// twins together; what was found is written, marked interrupted.
        #[arg(long, value_parser = seconds)]
        max_time: Option<Duration>,
        /// Read and print codes as the reference does (EQ = English Equihopper, NE = non-stop).
        #[arg(long)]
        popeye_codes: bool,
        /// The most megabytes a search's transposition table takes (default 256; a
        /// search shared among threads has one more, of at most 32).
        #[arg(long, value_name = "MB")]
        hash: Option<usize>,
        /// Problems solved at once (default: all cores).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// Threads one long help play shares its first moves among (default: the cores
        /// the problems solved at once leave over).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Count the legal move sequences of DEPTH half-moves from POSITION.
    Perft {
        /// The position: standard FEN, or with --forsyth the reference's Forsyth board.
        position: String,
        /// Number of half-moves.
        depth: u32,
        /// Read the board field in the reference's Forsyth notation (fairy pieces allowed).
        #[arg(long)]
        forsyth: bool,
        /// Read codes as the reference does (EQ = English Equihopper, NE = non-stop).
        #[arg(long)]
        popeye_codes: bool,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// List every piece and condition; with a NAME, show one rule in full.
    ///
    /// Without a name: each piece with its codes (and the reference's codes when they
    /// differ) and the first sentence of its definition, then each condition with the names
    /// problems write it by. With a name (a rule name, a piece code or a condition name, in
    /// any case): the definition, the rule's file and line, its examples, and for a piece a
    /// diagram of where it can go from a sample square, computed by the move generator.
    Rules {
        /// A rule name (`Grasshopper`), a code (`G`) or a condition name (`Circe File`).
        name: Option<String>,
    },
    /// Compile the rule files of DIR and run the examples written in them.
    ///
    /// The rules are compiled with the same compiler as the build, and every error is
    /// printed with its file:line:col and a caret. The examples are then solved by the rule
    /// set built into this binary, not by DIR's rules: after changing DIR, rebuild
    /// (`cargo build`) and run `cargo test`, which turns every example into a test of the
    /// rules it was built from. Prints one line per example and `N passed, N failed`;
    /// exits non-zero when the rules have errors or an example fails.
    CheckRules {
        /// The folder of rule files (`*.rules`, searched recursively).
        #[arg(default_value = "rules")]
        dir: std::path::PathBuf,
    },
}

/// One problem to solve: where it came from and what was read.
struct Item {
    file: String,
    read: Result<input::Problem, input::InputError>,
}

fn read_files(files: &[String]) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    for file in files {
        let bytes = if file == "-" {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| format!("stdin: {e}"))?;
            b
        } else {
            std::fs::read(file).map_err(|e| format!("{file}: {e}"))?
        };
        let text = input::decode(&bytes);
        for read in read_problems::<Rules>(&text) {
            items.push(Item {
                file: file.clone(),
                read,
            });
        }
    }
    Ok(items)
}

fn solve(
    files: Vec<String>,
    no_board: bool,
    format: Format,
    max_time: Option<Duration>,
    popeye_codes: bool,
    (jobs, threads, hash): (Option<usize>, Option<usize>, Option<usize>),
) -> ExitCode {
    let items = match read_files(&files) {
        Ok(items) => items,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // the cores not taken by problems solved at once go to long help play
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let at_once = jobs.unwrap_or(cores).clamp(1, items.len().max(1));
    let interrupt = fairyforge::stream::interruption();
    // progress lines on stderr, when it is a terminal
    let display = Display::on_terminal();
    let settings = Settings {
        popeye_codes,
        max_time,
        threads: threads.unwrap_or(cores / at_once).max(1),
        interrupt: interrupt.clone(),
        progress: None,
        hash_mb: hash,
        started: None,
    };
    // problems are taken in order by `at_once` workers and written in order: the first
    // not done as it is solved, each other as soon as those before it are done
    let (out, err): (Box<dyn Write + Send>, Box<dyn Write + Send>) = match &display {
        Some(d) => (
            Box::new(d.writer(std::io::stdout())),
            Box::new(d.writer(std::io::stderr())),
        ),
        None => (Box::new(std::io::stdout()), Box::new(std::io::stderr())),
    };
    let order = InOrder::new(out, err);
    // solves problem `i`, writing it as it goes; whether it was read and solved
    let run = |i: usize, item: &Item| -> bool {
        let put = |stream, text: &str| order.write(i, stream, text.as_bytes());
        let problem = match &item.read {
            Err(e) => return rejected(&item.file, std::slice::from_ref(e), &[], format, put),
            Ok(problem) => problem,
        };
        let checked = check_problem::<Rules>(problem, &settings);
        let warnings: Vec<_> = problem
            .warnings
            .iter()
            .chain(&checked.warnings)
            .cloned()
            .collect();
        if !checked.errors.is_empty() {
            return rejected(&item.file, &checked.errors, &warnings, format, put);
        }
        put(Stream::Err, &said(&item.file, "warning", &warnings));
        let start = Instant::now();
        let name = format!("{}:{}", item.file, problem.line);
        let progress = display.as_ref().map(|d| d.start(name));
        let settings = Settings {
            progress: progress.clone(),
            ..settings.clone()
        };
        let (mut out, mut err) = (order.channel(i, Stream::Out), order.channel(i, Stream::Err));
        let writer = match format {
            Format::Text => Writer::Text(TextReport::new(&mut out, !no_board, Clock::Since(start))),
            Format::Json => Writer::Json(JsonReport::new(
                &mut out,
                &item.file,
                fairyforge::json::Clock::Since(start),
            )),
        };
        let mut told = Told::new(writer, &mut err, &item.file, problem);
        // a panic is a bug, but it costs this problem only, never the others
        let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            solve_problem_into::<Rules>(problem, &settings, &mut told)
        }));
        if let (Some(d), Some(p)) = (&display, &progress) {
            d.finish(p);
        }
        if let Err(panic) = solved {
            told.abort(&internal_error(&*panic));
        }
        told.ok
    };
    let next = AtomicUsize::new(0);
    let worker = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(i) else { break };
        let ok = if interrupt.load(Ordering::Relaxed) {
            not_started(item, format, |stream, text: &str| {
                order.write(i, stream, text.as_bytes())
            })
        } else {
            run(i, item)
        };
        order.done(i, ok);
    };
    std::thread::scope(|scope| {
        if let Some(d) = &display {
            scope.spawn(|| d.run());
        }
        let mut workers = Vec::new();
        for _ in 0..at_once {
            let spawned = std::thread::Builder::new()
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, worker);
            match spawned {
                Ok(handle) => workers.push(handle),
                Err(e) => {
                    eprintln!("error: cannot start a thread to solve with: {e}");
                    break;
                }
            }
        }
        for handle in workers {
            let _ = handle.join();
        }
        if let Some(d) = &display {
            d.stop();
        }
    });
    if next.load(Ordering::Relaxed) < items.len() {
        // (no worker could start)
        return ExitCode::from(2);
    }
    if interrupt.load(Ordering::Relaxed) {
        ExitCode::from(130)
    } else if order.all_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `--max-time`: seconds, fractions allowed.
fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds (like 2 or 1.5), found `{text}`"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("expected a number of seconds from 0 on, found `{text}`"))
}

/// What a problem the run was interrupted before writes with `put`: an error at its
/// first line (on stderr, and in JSON as an error object); not solved.
fn not_started(item: &Item, format: Format, put: impl Fn(Stream, &str)) -> bool {
    let line = item.read.as_ref().map_or_else(|e| e.line, |p| p.line);
    let message = "not solved: the run was interrupted before it";
    if let Format::Json = format {
        put(
            Stream::Out,
            &fairyforge::json::error_json(&item.file, line, 1, message),
        );
    }
    put(
        Stream::Err,
        &format!("{}:{line}:1: error: {message}\n", item.file),
    );
    false
}

/// `file:line:col: KIND: message` lines, one per error or warning.
fn said(file: &str, kind: &str, what: &[InputError]) -> String {
    what.iter()
        .map(|e| format!("{file}:{}:{}: {kind}: {}\n", e.line, e.column, e.message))
        .collect()
}

/// What a problem refused for bad input writes with `put`: its warnings and errors on
/// stderr, and (in JSON) an error object per error; not solved.
fn rejected(
    file: &str,
    errors: &[InputError],
    warnings: &[InputError],
    format: Format,
    put: impl Fn(Stream, &str),
) -> bool {
    if let Format::Json = format {
        for e in errors {
            put(
                Stream::Out,
                &fairyforge::json::error_json(file, e.line, e.column, &e.message),
            );
        }
    }
    put(
        Stream::Err,
        &(said(file, "warning", warnings) + &said(file, "error", errors)),
    );
    false
}

/// What is said of a problem whose solving panicked.
fn internal_error(panic: &(dyn std::any::Any + Send)) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("internal error while solving this problem (a bug): {what}")
}

fn rules(name: Option<&str>) -> ExitCode {
    use fairyforge::catalogue;
    let Some(name) = name else {
        print!("{}", catalogue::list());
        return ExitCode::SUCCESS;
    };
    match catalogue::find(name) {
        Some(found) => {
            print!("{}", catalogue::show(found));
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("error: no piece or condition is called `{name}`");
            let similar = catalogue::similar(name);
            if !similar.is_empty() {
                eprintln!("  similar: {}", similar.join(", "));
            }
            eprintln!("  `fairyforge rules` lists them all");
            ExitCode::from(2)
        }
    }
}

fn check_rules(dir: &std::path::Path) -> ExitCode {
    use fairyforge::check_rules::{check_rules, Verdict};
    let (stdout, stderr) = (std::io::stdout(), std::io::stderr());
    match check_rules(dir, &mut stdout.lock(), &mut stderr.lock()) {
        Ok(Verdict::Passed) => ExitCode::SUCCESS,
        Ok(Verdict::ExamplesFailed | Verdict::RulesInvalid) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Rules { name } => rules(name.as_deref()),
        Command::Bench {
            quick,
            perft_peer,
            reference,
            corpus,
        } => {
            let corpus = corpus.or_else(|| {
                let guess =
                    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
                guess.is_dir().then_some(guess)
            });
            fairyforge::bench::run(&fairyforge::bench::BenchOptions {
                quick,
                perft_peer,
                reference,
                corpus,
            });
            ExitCode::SUCCESS
        }
        Command::CheckRules { dir } => check_rules(&dir),
        Command::Solve {
            files,
            no_board,
            format,
            max_time,
            popeye_codes,
            hash,
            jobs,
            threads,
        } => solve(
            files,
            no_board,
            format,
            max_time,
            popeye_codes,
            (jobs, threads, hash),
        ),
        Command::Perft {
            position,
            depth,
            forsyth,
            popeye_codes,
            divide: split,
        } => count_perft(&position, depth, forsyth, popeye_codes, split),
    }
}

/// `fairyforge perft`: counts the legal move sequences of `depth` half-moves from
/// `position` (with `split`, below each first move).
fn count_perft(
    position: &str,
    depth: u32,
    forsyth: bool,
    popeye_codes: bool,
    split: bool,
) -> ExitCode {
    let notation = if forsyth {
        BoardNotation::Forsyth(if popeye_codes {
            CodeSet::Popeye
        } else {
            CodeSet::Fairyforge
        })
    } else {
        BoardNotation::Fen
    };
    let mut pos = match parse_position(position, notation, Rules::default()) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: position, {e}");
            eprintln!("  {position}");
            eprintln!("  {}^", " ".repeat(e.column.saturating_sub(1)));
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let nodes = if split {
        let mut total = 0;
        for (mv, n) in divide(&mut pos, depth) {
            println!("{}{}: {n}", mv.from, mv.to);
            total += n;
        }
        total
    } else {
        perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("perft {depth}: {nodes}");
    eprintln!(
        "{secs:.3} s, {:.1} Mnodes/s",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
