//! Mutation tests of the rules compiler: each rule file of `rules/`, edited by a few
//! byte, line and token mutations ([`mutate`]), is compiled beside the orthodox pieces.
//! Whatever the edits, `compile` returns (never panics), emits valid Rust when it accepts
//! the rules, and every diagnostic points into its file at a character boundary, renders
//! with its `file:line:col` and caret, and reads as `file:line:col: message` in short.
//!
//! The default run is a few hundred cases; a longer one is
//! `PROPTEST_CASES=5000 PROPTEST_RNG_SEED=$RANDOM cargo test --release -p fairyforge-codegen --test fuzz`.

mod mutate;

use fairyforge_codegen::diagnostic::line_col;
use fairyforge_codegen::{compile, CompileError, SourceFile};
use mutate::{config, mutate, mutations};
use proptest::prelude::*;
use std::path::Path;

/// Words of the rules language a mutation inserts.
const WORDS: &[&str] = &[
    "piece",
    "condition",
    "codes",
    "text",
    "moves",
    "royal",
    "pawn",
    "example",
    "white",
    "black",
    "stipulation",
    "solution",
    "conditions",
    "names",
    "params",
    "leap",
    "ride",
    "hop",
    "equihop",
    "lame",
    "castling",
    "nothing",
    "quiet",
    "capture",
    "forward",
    "rook",
    "bishop",
    "queen",
    "knight",
    "any",
    "land:",
    "land: any,",
    "max:",
    "max: 3,",
    "hurdle:",
    "hurdles:",
    "take:",
    "over:",
    "double_step",
    "en_passant",
    "promotion",
    "home",
    "rebirth",
    "paralyse",
    "forbid",
    "select",
    "when",
    "and",
    "or",
    "not",
    "unit.walk",
    "last.side",
    "side",
    "colour(arrival)",
    "==",
    "!=",
    "{",
    "}",
    "(",
    ")",
    ",",
    ":",
    "\"",
    "\"#1\"",
    "\"#99999\"",
    "Ka1",
    "1,2",
    "0,0",
    "9,1",
    "3000000000,1",
    "\u{200b}",
    "\u{1}",
    "\u{301}",
];

/// The rule files of `rules/`, by path, and the orthodox pieces compiled beside each.
fn rule_files() -> (Vec<SourceFile>, SourceFile) {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = fairyforge_codegen::read_rules_dir(&base.join("rules"), &base)
        .expect("the rule files are readable");
    let orthodox = files
        .iter()
        .find(|f| f.path.ends_with("00-orthodox.rules"))
        .expect("rules/pieces/00-orthodox.rules")
        .clone();
    (files, orthodox)
}

/// Compiles `text` as the file `path` beside the orthodox pieces (unless it is them) and
/// checks what comes back.
fn check_compile(path: &str, text: String, orthodox: &SourceFile) -> Result<(), TestCaseError> {
    let mut files = vec![SourceFile {
        path: path.to_string(),
        text,
    }];
    if path != orthodox.path {
        files.push(orthodox.clone());
    }
    match compile(&files) {
        Ok(_) => Ok(()),
        Err(CompileError::InvalidRust { message, .. }) => Err(TestCaseError::fail(format!(
            "invalid Rust emitted: {message}"
        ))),
        Err(CompileError::Rules(diags)) => {
            prop_assert!(!diags.is_empty(), "an error without a diagnostic");
            let short = diags.short(&files);
            for (d, line) in diags.0.iter().zip(&short) {
                let f = &files[d.span.file];
                let (s, e) = (d.span.start, d.span.end);
                prop_assert!(s <= e && e <= f.text.len(), "span {s}..{e} out of the file");
                prop_assert!(f.text.is_char_boundary(s) && f.text.is_char_boundary(e));
                let (l, c) = line_col(&f.text, s);
                let at = format!("{}:{l}:{c}", f.path);
                prop_assert!(line.starts_with(&format!("{at}: ")), "{line}");
                let rendered = d.render(&files);
                prop_assert!(rendered.contains(&at), "no {at} in\n{rendered}");
                prop_assert!(rendered.contains('^'), "no caret in\n{rendered}");
            }
            Ok(())
        }
    }
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn mutated_rule_files_compile_or_are_reported_in_place(
        which in any::<usize>(),
        edits in mutations(6),
    ) {
        let (files, orthodox) = rule_files_once();
        let file = &files[which % files.len()];
        let bytes = mutate(file.text.as_bytes(), &edits, WORDS);
        // (a rule file is UTF-8: the build reads it as such and rejects any other)
        let text = String::from_utf8_lossy(&bytes).into_owned();
        check_compile(&file.path, text, orthodox)?;
    }
}

/// [`rule_files`], read once.
fn rule_files_once() -> &'static (Vec<SourceFile>, SourceFile) {
    static FILES: std::sync::OnceLock<(Vec<SourceFile>, SourceFile)> = std::sync::OnceLock::new();
    FILES.get_or_init(rule_files)
}
