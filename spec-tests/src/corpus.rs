//! The corpus harness: solves the problems of `../shared/corpus/` with fairyforge, compares
//! each output with the reference's by [`solcmp`](crate::solcmp::compare), and sorts the problems
//! into passed, failed (with the diff), known failures (listed with a reason in a data
//! file) and the frontier (problems using what fairyforge does not solve yet, counted by
//! family).

use crate::solcmp;
use fairyforge::engine::input;
use fairyforge::engine::output::text::write_problem;
use fairyforge::engine::problem::{read_problems, solve_problem, Settings};
use fairyforge::Rules;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One problem of the corpus.
#[derive(Clone, Debug)]
pub struct Case {
    /// Path relative to the corpus folder, without `.inp` (`random/ortho/0000`).
    pub id: String,
    /// The input file.
    pub input: PathBuf,
    /// The reference's output.
    pub reference: PathBuf,
}

/// What became of one problem.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Same solutions as the reference.
    Passed,
    /// Different solutions; the diff of the canonical forms.
    Failed(String),
    /// Solving hit the time cap.
    TimedOut,
    /// Uses something fairyforge does not solve yet: the family for the report.
    Frontier(String),
}

/// Where the corpus is: `FAIRYFORGE_CORPUS`, else `shared/corpus` beside the repository.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("FAIRYFORGE_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    }
}

/// The problems the harness runs: all of `random/`, and those of `popeye/` that the
/// reference solves in less than `max_reference_seconds`.
pub fn cases(corpus: &Path, max_reference_seconds: f64) -> Vec<Case> {
    let mut cases = Vec::new();
    for family in ["ortho", "pieces", "conditions", "options"] {
        let dir = corpus.join("random").join(family);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".inp"))
            .collect();
        names.sort();
        for n in names {
            let stem = n.trim_end_matches(".inp");
            cases.push(Case {
                id: format!("random/{family}/{stem}"),
                input: dir.join(&n),
                reference: dir.join(format!("{stem}.ref")),
            });
        }
    }
    let index = corpus.join("popeye/index.tsv");
    if let Ok(text) = std::fs::read_to_string(index) {
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
        let col = |name: &str| header.iter().position(|h| *h == name);
        let (Some(file), Some(secs)) = (col("file"), col("reference_seconds")) else {
            return cases;
        };
        for line in lines {
            let fields: Vec<&str> = line.split('\t').collect();
            let seconds: f64 = fields
                .get(secs)
                .and_then(|s| s.parse().ok())
                .unwrap_or(f64::MAX);
            if seconds >= max_reference_seconds {
                continue;
            }
            let Some(stem) = fields.get(file) else {
                continue;
            };
            let dir = corpus.join("popeye");
            cases.push(Case {
                id: format!("popeye/{stem}"),
                input: dir.join(format!("{stem}.inp")),
                reference: dir.join(format!("{stem}.ref")),
            });
        }
    }
    cases
}

/// The family of what fairyforge does not solve yet, from the reason it gives.
fn frontier_family(reason: &str) -> String {
    if let Some(rest) = reason.strip_prefix("the stipulation ") {
        let family = rest
            .rsplit_once(" (")
            .map(|(_, f)| f.split(')').next().unwrap_or(f))
            .unwrap_or("other");
        return format!("stipulation {family}");
    }
    if let Some(rest) = reason.strip_prefix("the goal ") {
        return format!("goal {}", rest.split_whitespace().next().unwrap_or("?"));
    }
    if let Some(rest) = reason.strip_prefix("the condition ") {
        let name = rest.trim_end_matches(" is not supported yet");
        return format!(
            "condition {}",
            name.split_whitespace().next().unwrap_or(name)
        );
    }
    if let Some(rest) = reason.strip_prefix("the option ") {
        return format!("option {}", rest.split_whitespace().next().unwrap_or("?"));
    }
    if reason.contains("piece") {
        return "pieces or attributes".to_string();
    }
    reason.to_string()
}

/// Solves one case within `cap` and compares it with the reference.
pub fn run(case: &Case, cap: Duration) -> Outcome {
    let Ok(bytes) = std::fs::read(&case.input) else {
        return Outcome::Failed(format!("cannot read {}", case.input.display()));
    };
    let reference = std::fs::read(&case.reference)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let text = input::decode(&bytes);
    // (one thread each: the harness solves several cases at once)
    let settings = Settings {
        popeye_codes: true,
        max_time: Some(cap),
        threads: 1,
        ..Settings::default()
    };
    let mut output = String::new();
    for read in read_problems::<Rules>(&text) {
        let problem = match read {
            Ok(p) => p,
            Err(e) => return Outcome::Frontier(format!("input: {}", e.message)),
        };
        let start = Instant::now();
        let result = solve_problem::<Rules>(&problem, &settings);
        if let Some(reason) = result.twins.iter().find_map(|t| t.outcome.as_ref().err()) {
            return Outcome::Frontier(frontier_family(reason));
        }
        if result.twins.iter().any(|t| t.stopped.is_some()) {
            return Outcome::TimedOut;
        }
        output.push_str(&write_problem(&result, true, start.elapsed()));
    }
    let cmp = solcmp::compare(&reference, &output);
    if cmp.equal {
        Outcome::Passed
    } else {
        Outcome::Failed(cmp.diff)
    }
}

/// The known failures: `id<TAB>reason` lines (`#` starts a comment).
pub fn known_failures(path: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('\t') {
            Some((id, why)) => (id.trim().to_string(), why.trim().to_string()),
            None => (l.trim().to_string(), String::new()),
        })
        .collect()
}
