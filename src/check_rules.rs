//! `fairyforge check-rules [DIR]`: compiles a folder of rule files with the rules
//! compiler and runs the worked examples written in it.
//!
//! The compilation is the build script's own ([`fairyforge_codegen::compile`]), so a rule
//! author gets the same diagnostics (`file:line:col`, the line, a caret) without a
//! rebuild. The examples, though, are solved by the rule set built into this binary: a
//! folder whose rules differ from the built-in ones has its examples run against the
//! built-in rules (a note says which rules differ), and `cargo test` after a rebuild is
//! what runs them against the folder's own rules.

use crate::engine::RuleSet;
use crate::examples::{check_example, Example};
use crate::Rules;
use fairyforge_codegen::{compile, lower, read_rules_dir, CompileError};
use std::io::{self, Write};
use std::path::Path;

/// How a check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The rules compile and every example has its expected solution.
    Passed,
    /// The rules compile, and some example failed.
    ExamplesFailed,
    /// The rules do not compile (or the folder cannot be read).
    RulesInvalid,
}

/// Checks the rule files below `dir`: compiles them, printing every diagnostic to `err`,
/// then runs each example with the built-in rule set, printing one line per example and
/// a closing `N passed, N failed` to `out`.
pub fn check_rules(dir: &Path, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<Verdict> {
    let files = match read_rules_dir(dir, Path::new("")) {
        Ok(files) => files,
        Err(e) => {
            writeln!(err, "error: cannot read {}: {e}", dir.display())?;
            return Ok(Verdict::RulesInvalid);
        }
    };
    if files.is_empty() {
        writeln!(err, "error: no `*.rules` file below {}", dir.display())?;
        return Ok(Verdict::RulesInvalid);
    }
    let rules = match compile(&files) {
        Ok(generated) => generated.rules,
        Err(CompileError::Rules(diagnostics)) => {
            write!(err, "{}", diagnostics.render(&files))?;
            return Ok(Verdict::RulesInvalid);
        }
        Err(CompileError::InvalidRust { message, .. }) => {
            writeln!(
                err,
                "error: the rules compile, but fairyforge-codegen emitted invalid Rust \
                 ({message}); `cargo build` writes the tokens out for a closer look"
            )?;
            return Ok(Verdict::RulesInvalid);
        }
    };
    writeln!(
        out,
        "{}: {} rule file{}, {} piece{}, {} condition{}: compiled without error",
        dir.display(),
        files.len(),
        plural(files.len()),
        rules.kinds.len(),
        plural(rules.kinds.len()),
        rules.conditions.len(),
        plural(rules.conditions.len()),
    )?;
    let differing = differences(&rules);
    if !differing.is_empty() {
        writeln!(
            err,
            "note: these rules differ from the ones built into this fairyforge, whose \
             engine runs the examples below: {}\n      \
             rebuild and run `cargo test` to check the examples against the folder's rules",
            differing.join(", ")
        )?;
    }
    let owners = rules
        .kinds
        .iter()
        .map(|k| (&k.name, &k.examples))
        .chain(rules.conditions.iter().map(|c| (&c.name, &c.examples)));
    let (mut passed, mut failed) = (0, 0);
    for (rule, examples) in owners {
        for ex in examples {
            let example = Example {
                rule,
                title: &ex.title,
                source: &ex.source,
                problem: &ex.problem,
                solution: &ex.solution,
            };
            match check_example(example) {
                Ok(()) => {
                    passed += 1;
                    writeln!(out, "ok    {}  {rule}: {}", ex.source, ex.title)?;
                }
                Err(report) => {
                    failed += 1;
                    writeln!(out, "FAIL  {}  {rule}: {}", ex.source, ex.title)?;
                    for line in report.lines() {
                        writeln!(out, "      {line}")?;
                    }
                }
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(if failed == 0 {
        Verdict::Passed
    } else {
        Verdict::ExamplesFailed
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The rules of `rules` that the built-in rule set does not have as written: no built-in
/// rule of that name, or other codes or another definition. (The clauses themselves are
/// not compared: the built-in tables do not carry them.)
fn differences(rules: &lower::Rules) -> Vec<String> {
    let mut out = Vec::new();
    for k in &rules.kinds {
        match Rules::KINDS.iter().find(|b| b.name == k.name) {
            None => out.push(format!("{} (not built in)", k.name)),
            Some(b) if b.codes != k.codes || b.definition != k.text => out.push(k.name.clone()),
            Some(_) => {}
        }
    }
    for c in &rules.conditions {
        match Rules::CONDITIONS.iter().find(|b| b.name == c.name) {
            None => out.push(format!("{} (not built in)", c.name)),
            Some(b) if b.names != c.names || b.definition != c.text => out.push(c.name.clone()),
            Some(_) => {}
        }
    }
    out
}
