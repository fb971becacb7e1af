//! Golden diagnostics of the build-time path: every rule text under `tests/diagnostics/`
//! (a `NAME.rules` file, or a folder `NAME/` of rule files compiled together) must fail to
//! compile, and [`Diagnostics::render`] must print exactly `NAME.expected`. `BLESS=1`
//! rewrites the expected files; read the diff before committing.

use fairyforge_codegen::{compile, read_rules_dir, CompileError, SourceFile};
use std::path::{Path, PathBuf};

fn cases(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut cases: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .expect("tests/diagnostics exists")
        .map(|e| e.expect("a directory entry").path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            (p.is_dir() || p.extension().is_some_and(|e| e == "rules")).then_some((name, p))
        })
        .collect();
    cases.sort();
    cases
}

fn sources(case: &Path, base: &Path) -> Vec<SourceFile> {
    if case.is_dir() {
        read_rules_dir(case, base).expect("readable rule files")
    } else {
        let text = std::fs::read_to_string(case).expect("a readable rule file");
        let path = case
            .strip_prefix(base)
            .unwrap_or(case)
            .to_string_lossy()
            .replace('\\', "/");
        vec![SourceFile { path, text }]
    }
}

#[test]
fn rule_errors_render_as_pinned() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = base.join("tests/diagnostics");
    let bless = std::env::var_os("BLESS").is_some_and(|v| v != "0");
    let cases = cases(&dir);
    assert!(!cases.is_empty(), "no case under {}", dir.display());
    let mut failures = Vec::new();
    for (name, path) in &cases {
        let files = sources(path, base);
        let rendered = match compile(&files) {
            Ok(_) => {
                failures.push(format!("{name}: compiled, but every case must fail"));
                continue;
            }
            Err(CompileError::InvalidRust { message, .. }) => {
                failures.push(format!(
                    "{name}: the generator emitted invalid Rust: {message}"
                ));
                continue;
            }
            Err(CompileError::Rules(diagnostics)) => diagnostics.render(&files),
        };
        let expected_path = dir.join(format!("{name}.expected"));
        if bless {
            std::fs::write(&expected_path, &rendered).expect("writable expected file");
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(expected) if expected == rendered => {}
            Ok(expected) => failures.push(format!(
                "{name}: the diagnostics differ from {name}.expected (BLESS=1 rewrites it)\n--- expected\n{expected}\n--- rendered\n{rendered}"
            )),
            Err(_) => failures.push(format!(
                "{name}: no {name}.expected (BLESS=1 writes it); rendered:\n{rendered}"
            )),
        }
    }
    // An expected file without its case is a leftover.
    for entry in std::fs::read_dir(&dir).expect("tests/diagnostics exists") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "expected") {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !cases.iter().any(|(name, _)| *name == stem) {
                failures.push(format!("{stem}.expected has no {stem}.rules or {stem}/"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A file with several errors reports every one of them, in file order, with its count.
#[test]
fn all_errors_of_a_file_are_reported() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = sources(&base.join("tests/diagnostics/many_errors.rules"), base);
    let Err(CompileError::Rules(diagnostics)) = compile(&files) else {
        panic!("many_errors.rules must fail to compile");
    };
    let lines: Vec<usize> = diagnostics
        .short(&files)
        .iter()
        .map(|l| {
            l.split(':')
                .nth(1)
                .and_then(|n| n.parse().ok())
                .expect("path:line:col")
        })
        .collect();
    assert!(
        lines.len() >= 6,
        "expected at least 6 errors, got {}: {lines:?}",
        lines.len()
    );
    let rendered = diagnostics.render(&files);
    assert!(
        rendered.ends_with(&format!("{} errors in the rules\n", lines.len())),
        "{rendered}"
    );
}

/// A rule set holds at most as many kinds as the engine has bitboards for: the first
/// piece beyond them is an error at its name, and a set of exactly that many compiles.
#[test]
fn more_kinds_than_the_engine_holds_is_an_error() {
    let pieces = |n: usize| -> Vec<SourceFile> {
        let text: String = (0..n)
            .map(|i| {
                let code = format!("{}{}", (b'A' + (i / 26) as u8) as char, (b'A' + (i % 26) as u8) as char);
                format!("piece P{i} {{\n    codes {code}\n    text \"Leaps one square.\"\n    moves leap(1,0)\n}}\n")
            })
            .collect();
        vec![SourceFile {
            path: "rules/pieces/many.rules".to_string(),
            text,
        }]
    };
    let limit = fairyforge_vocab::MAX_KINDS;
    assert!(compile(&pieces(limit)).is_ok(), "{limit} pieces fit");
    let files = pieces(limit + 1);
    let Err(CompileError::Rules(diagnostics)) = compile(&files) else {
        panic!("{} pieces must not compile", limit + 1);
    };
    let line = 5 * limit + 1;
    assert_eq!(
        diagnostics.short(&files),
        [format!(
            "rules/pieces/many.rules:{line}:7: too many pieces: a rule set holds at most {limit}"
        )]
    );
    assert_eq!(
        diagnostics.0[0].label,
        format!(
            "this is piece {}; remove pieces or merge rule sets",
            limit + 1
        )
    );
}
