//! Reads every `.inp` file of the corpus (`/work/shared/corpus`, or the folder named
//! by `FAIRYFORGE_CORPUS`) and requires at least 99% of them to read without error.
//! Skipped, with a message, when the folder is absent.

use std::path::{Path, PathBuf};

use crate::input::{decode, read_problems};

/// The corpus folder, if present.
pub(super) fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("FAIRYFORGE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/corpus"));
    if dir.is_dir() {
        Some(dir)
    } else {
        None
    }
}

/// Every `.inp` file under `dir`, sorted.
pub(super) fn inp_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "inp") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_corpus_reads_without_errors() {
    let Some(dir) = corpus_dir() else {
        println!("corpus folder not found (set FAIRYFORGE_CORPUS): corpus test skipped");
        return;
    };
    let files = inp_files(&dir);
    let mut failures = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("readable corpus file");
        let text = decode(&bytes);
        let results = read_problems(&text);
        let errors: Vec<String> = results
            .iter()
            .filter_map(|r| r.as_ref().err())
            .map(|e| e.to_string())
            .collect();
        if results.is_empty() || !errors.is_empty() {
            failures.push(format!("{}: {}", f.display(), errors.join("; ")));
        }
    }
    for f in &failures {
        println!("FAILED {}", f);
    }
    let read = files.len() - failures.len();
    println!("{} read, {} failed", read, failures.len());
    assert!(!files.is_empty(), "no .inp files under {}", dir.display());
    assert!(
        read * 100 >= files.len() * 99,
        "only {} of {} corpus files read without error",
        read,
        files.len()
    );
}
