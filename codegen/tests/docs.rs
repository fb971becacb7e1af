//! The manual compiles: every ```` ```rules ```` block of `docs/rules-language.md` must compile
//! on its own; every ```` ```rules,fail ```` block must fail, and the ```` ```text ```` block
//! right after it must hold exactly the diagnostics the compiler renders (as if the block
//! were the file `rules/pieces/example.rules`). `BLESS=1` rewrites those text blocks.
//! A block marked `orthodox` (```` ```rules,orthodox ````, ```` ```rules,fail,orthodox
//! ````) compiles with the orthodox pieces of `rules/pieces/00-orthodox.rules` beside it,
//! for the conditions that name their walks.

use fairyforge_codegen::{compile, CompileError, SourceFile};
use std::path::Path;

/// A fenced block: its info string, the index of its opening fence line, and its lines.
struct Block {
    info: String,
    open: usize,
    lines: Vec<String>,
}

impl Block {
    /// 1-based line of the block's first content line in the manual.
    fn first_line(&self) -> usize {
        self.open + 2
    }
    /// Index of its closing fence line.
    fn close(&self) -> usize {
        self.open + self.lines.len() + 1
    }
    fn text(&self) -> String {
        self.lines.iter().map(|l| format!("{l}\n")).collect()
    }
}

fn blocks(lines: &[&str]) -> Result<Vec<Block>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(info) = lines[i].strip_prefix("```") {
            let open = i;
            let close = (i + 1..lines.len())
                .find(|&j| lines[j].trim_end() == "```")
                .ok_or_else(|| format!("line {}: a fenced block is never closed", open + 1))?;
            out.push(Block {
                info: info.trim().to_string(),
                open,
                lines: lines[open + 1..close]
                    .iter()
                    .map(|l| l.to_string())
                    .collect(),
            });
            i = close + 1;
        } else {
            i += 1;
        }
    }
    Ok(out)
}

#[test]
fn every_rules_block_of_the_manual_compiles_or_fails_as_shown() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules-language.md");
    let manual = std::fs::read_to_string(&path).expect("docs/rules-language.md is readable");
    let lines: Vec<&str> = manual.lines().collect();
    let blocks = blocks(&lines).unwrap_or_else(|e| panic!("docs/rules-language.md, {e}"));
    let bless = std::env::var_os("BLESS").is_some_and(|v| v != "0");
    let mut failures = Vec::new();
    // (first and last line index to replace, new text) for BLESS
    let mut rewrites: Vec<(usize, usize, String)> = Vec::new();
    let (mut passing, mut failing) = (0, 0);
    let orthodox = SourceFile {
        path: "rules/pieces/00-orthodox.rules".to_string(),
        text: std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/pieces/00-orthodox.rules"),
        )
        .expect("rules/pieces/00-orthodox.rules is readable"),
    };
    for (n, block) in blocks.iter().enumerate() {
        let (info, beside) = match block.info.strip_suffix(",orthodox") {
            Some(info) => (info, Some(orthodox.clone())),
            None => (block.info.as_str(), None),
        };
        match info {
            "rules" => {
                passing += 1;
                // Padded so that diagnostics name the manual's own lines.
                let text = "\n".repeat(block.first_line() - 1) + &block.text();
                let mut files = vec![SourceFile {
                    path: "docs/rules-language.md".to_string(),
                    text,
                }];
                files.extend(beside);
                match compile(&files) {
                    Ok(_) => {}
                    Err(CompileError::Rules(d)) => failures.push(d.render(&files)),
                    Err(CompileError::InvalidRust { message, .. }) => failures.push(format!(
                        "line {}: the generator emitted invalid Rust: {message}",
                        block.first_line()
                    )),
                }
            }
            "rules,fail" => {
                failing += 1;
                let mut files = vec![SourceFile {
                    path: "rules/pieces/example.rules".to_string(),
                    text: block.text(),
                }];
                files.extend(beside);
                let rendered = match compile(&files) {
                    Err(CompileError::Rules(d)) => d.render(&files),
                    _ => {
                        failures.push(format!(
                            "line {}: a `rules,fail` block compiled",
                            block.first_line()
                        ));
                        continue;
                    }
                };
                let shown = blocks.get(n + 1).filter(|next| {
                    next.info == "text"
                        && lines[block.close() + 1..next.open]
                            .iter()
                            .all(|l| l.trim().is_empty())
                });
                match shown {
                    Some(shown) if shown.text() == rendered => {}
                    Some(shown) if bless => {
                        rewrites.push((shown.open + 1, shown.close(), rendered));
                    }
                    None if bless => {
                        let text = format!("\n```text\n{rendered}```");
                        rewrites.push((block.close() + 1, block.close() + 1, text));
                    }
                    Some(_) => failures.push(format!(
                        "line {}: the diagnostics differ from the text block after it (BLESS=1 rewrites it); rendered:\n{rendered}",
                        block.first_line()
                    )),
                    None => failures.push(format!(
                        "line {}: a `rules,fail` block needs a ```text block right after it (BLESS=1 writes it); rendered:\n{rendered}",
                        block.first_line()
                    )),
                }
            }
            other if other.starts_with("rules") => failures.push(format!(
                "line {}: unknown block kind `{other}` (expected `rules` or `rules,fail`)",
                block.open + 1
            )),
            _ => {}
        }
    }
    if bless && !rewrites.is_empty() {
        let mut new: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        for (from, to, text) in rewrites.into_iter().rev() {
            let replacement: Vec<String> = text.lines().map(str::to_string).collect();
            new.splice(from..to, replacement);
        }
        std::fs::write(&path, new.join("\n") + "\n").expect("docs/rules-language.md is writable");
    }
    println!("{passing} rules blocks compiled, {failing} rules,fail blocks failed as shown");
    assert!(
        passing >= 10 && failing >= 3,
        "the manual should teach by example: {passing} rules blocks, {failing} rules,fail blocks"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
