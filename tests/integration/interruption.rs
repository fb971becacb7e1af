//! Results stream and interruption keeps them: each problem is written as soon as it and
//! those before it are done; Ctrl-C (here SIGINT) stops the search, writes what was found
//! marked interrupted, reports the problems not started and exits non-zero; lines are
//! written as they are found, none kept; `--max-time` takes fractions and bounds a
//! problem with millions of solutions.

use std::io::Read;
use std::process::{Command, Stdio};

/// A problem with about a million help stalemates (a half-neutral king).
const MANY: &str = "Pieces White Kd1 Pa2 Black HalfNeutral Kb3\nStipulation h=6\nOption NoBoard\n";

const EASY: &str = "Pieces White Ke6 Ra2 Black Ke8\nStipulation #1\nOption NoBoard\n";

fn file(name: &str, problems: &[&str]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "fairyforge-interruption-{}-{name}.inp",
        std::process::id()
    ));
    let text = format!(
        "BeginProblem\n{}EndProblem\n",
        problems.join("NextProblem\n")
    );
    std::fs::write(&path, text).expect("a temporary problem file");
    path
}

/// `fairyforge solve ARGS PATH`, its stdout and stderr piped.
fn spawn(args: &[&str], path: &std::path::Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .arg("solve")
        .args(args)
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fairyforge binary runs")
}

#[test]
fn an_interrupted_run_writes_what_was_found_and_exits_non_zero() {
    let path = file("sigint", &[EASY, MANY, EASY]);
    let mut child = spawn(&["-j", "1"], &path);
    // the first problem is written before the second is done: wait for it
    let mut stdout = child.stdout.take().expect("piped");
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("solution finished.") {
        let n = stdout.read(&mut buf).expect("readable");
        assert!(n > 0, "ended before the first problem was written");
        seen.extend_from_slice(&buf[..n]);
    }
    // (and give the worker the moment it takes to begin the second)
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    stdout.read_to_end(&mut seen).expect("readable");
    let out = child.wait_with_output().expect("it ends");
    let _ = std::fs::remove_file(&path);
    let (text, err) = (
        String::from_utf8_lossy(&seen),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(text.contains("1.Ra2-a8 # !"), "{text}");
    assert!(text.contains("solving interrupted."), "{text}");
    assert!(err.contains("interrupted: writing what was found"), "{err}");
    assert!(
        err.contains(":9:1: error: not solved: the run was interrupted before it"),
        "{err}"
    );
}

/// The most memory (peak resident kB) `pid` has taken, where the system says it.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Kills `pid` unless the returned sender is dropped within `limit`.
fn watchdog(pid: u32, limit: std::time::Duration) -> std::sync::mpsc::Sender<()> {
    let (cancel, cancelled) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = cancelled.recv_timeout(limit) {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    });
    cancel
}

/// Lines are written as they are found, by the one search and by a search shared
/// among threads alike, and none is kept: a help play with millions of solutions shows
/// its first thousands at once and stays small, and an interruption ends it promptly.
#[test]
fn lines_are_written_as_found_and_none_is_kept() {
    let path = file("streamed", &[MANY]);
    for threads in ["1", "2"] {
        let mut child = spawn(&["-j", "1", "--threads", threads], &path);
        let mut stdout = child.stdout.take().expect("piped");
        let watchdog = watchdog(child.id(), std::time::Duration::from_secs(120));
        let mut seen = Vec::new();
        let mut buf = [0u8; 1 << 16];
        // (the whole play takes many minutes: these come long before its end, unless
        // lines are kept, when the watchdog ends the run and nothing was written)
        while String::from_utf8_lossy(&seen).matches("  1.hnKb3-").count() < 20_000 {
            let n = stdout.read(&mut buf).expect("readable");
            assert!(n > 0, "ended before its lines were written");
            seen.extend_from_slice(&buf[..n]);
        }
        let peak = peak_kb(child.id());
        drop(watchdog);
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let start = std::time::Instant::now();
        stdout.read_to_end(&mut seen).expect("readable");
        let out = child.wait_with_output().expect("it ends");
        let text = String::from_utf8_lossy(&seen);
        assert_eq!(out.status.code(), Some(130), "threads {threads}");
        assert!(text
            .trim_end()
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("solving interrupted."));
        // (generous bounds, for a busy machine: keeping the lines took gigabytes, and
        // making those kept took a minute after the interruption)
        assert!(
            start.elapsed().as_secs() < 20,
            "threads {threads}: {:?}",
            start.elapsed()
        );
        if let Some(kb) = peak {
            assert!(kb < 400_000, "threads {threads}: {kb} kB");
        }
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn max_time_takes_fractions_and_bounds_a_problem_with_a_million_solutions() {
    let path = file("max-time", &[MANY, EASY]);
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(["solve", "--max-time", "0.5"])
        .arg(&path)
        .output()
        .expect("the fairyforge binary runs");
    let elapsed = start.elapsed();
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    let closings: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("solution finished.") || l.starts_with("solving interrupted."))
        .collect();
    assert_eq!(closings.len(), 2, "{closings:?}");
    assert!(closings[0].starts_with("solving interrupted."));
    assert!(closings[1].starts_with("solution finished."));
    assert!(text.contains("1.Ra2-a8 # !"));
    // some of the solutions found before the limit are written
    assert!(text.contains("  1.hnKb3-"), "no solution written");
    // (a generous bound: the whole run takes a few seconds on a busy machine, where
    // keeping every line found took half a minute)
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
}

#[test]
fn max_time_refuses_what_is_not_a_number_of_seconds() {
    for bad in ["abc", "-1", "inf"] {
        let out = Command::new(env!("CARGO_BIN_EXE_fairyforge"))
            .args(["solve", &format!("--max-time={bad}"), "-"])
            .stdin(Stdio::null())
            .output()
            .expect("the fairyforge binary runs");
        assert!(!out.status.success(), "{bad} accepted");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("number of seconds"),
            "{bad}"
        );
    }
}

/// The searches of a problem report where they are: the length sought, the first move
/// of the line under way, the positions visited (what a terminal's progress line shows).
#[test]
fn a_search_reports_its_progress() {
    use fairyforge::engine::problem::{read_problems, solve_problem, Settings};
    use fairyforge::engine::solve::progress::Progress;
    use std::sync::Arc;
    let text = format!("BeginProblem\n{MANY}EndProblem\n");
    let problem = read_problems::<fairyforge::Rules>(&text)
        .pop()
        .and_then(Result::ok)
        .expect("the problem reads");
    let progress = Arc::new(Progress::default());
    // (two seconds are many reports' worth of positions on any machine)
    let settings = Settings {
        progress: Some(progress.clone()),
        max_time: Some(std::time::Duration::from_secs(2)),
        ..Settings::default()
    };
    let result = solve_problem::<fairyforge::Rules>(&problem, &settings);
    assert!(
        result.twins[0].stopped.is_some(),
        "a million lines take longer"
    );
    let now = progress.snapshot();
    assert_eq!(now.length, 6, "{now:?}");
    assert!(now.nodes >= 1 << 10, "{now:?}");
    assert!(now.first.is_some() && now.depth > 0, "{now:?}");
}
