//! The renamed rule set, for `tests/renamed.rs`: the rules of `rules/` plus, as blocks
//! only, every condition copied [`COPIES`] times under names no problem reader has
//! heard of (more conditions than one 64-bit word holds), and the Grasshopper under a new
//! two-letter code. It is compiled by `fairyforge-codegen` as the real rule set is, so
//! the test shows that a rule block is the whole rule: read, solved, listed, with nothing
//! else changed.

use fairyforge_codegen::{compile, CompileError, SourceFile};

/// How many copies of each condition.
pub const COPIES: usize = 4;

/// The piece copied, and the code of its copy.
const PIECE: (&str, &str) = ("Grasshopper", "ZG");

/// The Rust of the renamed rule set, or why it could not be made.
pub fn generate(files: &[SourceFile]) -> Result<String, String> {
    let mut extra = String::from("// Copies made by spec-tests/build/renamed.rs.\n");
    for f in files {
        for block in blocks(&f.text, "condition") {
            for k in 0..COPIES {
                extra.push_str(&condition_copy(block, k));
            }
        }
        for block in blocks(&f.text, "piece") {
            if block.name == PIECE.0 {
                extra.push_str(&piece_copy(block));
            }
        }
    }
    let mut all = files.to_vec();
    all.push(SourceFile {
        path: "renamed.rules".into(),
        text: extra,
    });
    match compile(&all) {
        Ok(generated) => Ok(generated.code),
        Err(CompileError::Rules(diagnostics)) => Err(diagnostics.render(&all)),
        Err(CompileError::InvalidRust { message, .. }) => Err(message),
    }
}

/// The name a problem writes for copy `k` of the condition first written `name`: one
/// word for even copies (`Zcopy0CirceFile`), several for odd ones (`Zcopy1 Circe File`).
fn copy_name(k: usize, name: &str) -> String {
    if k.is_multiple_of(2) {
        format!("Zcopy{k}{}", name.split_whitespace().collect::<String>())
    } else {
        format!("Zcopy{k} {name}")
    }
}

/// A top-level block of a rule file.
#[derive(Clone, Copy)]
struct Block<'a> {
    name: &'a str,
    /// The body between the braces.
    body: &'a str,
}

/// The blocks that open with `keyword` at the start of a line.
fn blocks<'a>(text: &'a str, keyword: &str) -> Vec<Block<'a>> {
    let mut found = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let Some(rest) = line.strip_prefix(keyword).and_then(|r| r.strip_prefix(' ')) else {
            continue;
        };
        let name = rest
            .split(|c: char| c.is_whitespace() || c == '{')
            .next()
            .unwrap_or("");
        let Some(open) = text[start..].find('{').map(|i| start + i) else {
            continue;
        };
        if let Some(close) = closing(text, open) {
            found.push(Block {
                name,
                body: &text[open + 1..close],
            });
        }
    }
    found
}

/// The brace that closes the one at `open`, strings and comments skipped.
fn closing(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, open);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i += text[i + 1..].find('"')? + 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += text[i..].find('\n').unwrap_or(text.len() - i)
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The statements of a block body without its examples.
fn without_examples(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some(i) = statement_start(rest, "example") {
        out.push_str(&rest[..i]);
        let open = i + rest[i..].find('{').expect("an example has a body");
        let close = closing(rest, open).expect("an example's body closes");
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Where a line of `body` starts with the statement `word` (outside strings).
fn statement_start(body: &str, word: &str) -> Option<usize> {
    let mut at = 0;
    let mut in_string = false;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !in_string && trimmed.starts_with(word) && trimmed[word.len()..].starts_with(' ') {
            return Some(at + line.len() - trimmed.len());
        }
        in_string ^= line.matches('"').count() % 2 == 1;
        at += line.len();
    }
    None
}

/// Copy `k` of a condition block, named anew and without examples.
fn condition_copy(block: Block, k: usize) -> String {
    let body = without_examples(block.body);
    let start = statement_start(&body, "names").expect("a condition has names");
    let first = body[start..]
        .find('"')
        .map(|i| start + i + 1)
        .expect("a name");
    let name = &body[first..first + body[first..].find('"').expect("a closed name")];
    // the names statement runs to the end of its last string on that line
    let end = start + body[start..].find('\n').unwrap_or(body.len() - start);
    format!(
        "condition Zcopy{k}{} {{{}names \"{}\"{}}}\n\n",
        block.name,
        &body[..start],
        copy_name(k, name),
        &body[end..],
    )
}

/// The copied piece: named anew, its own code only, without examples.
fn piece_copy(block: Block) -> String {
    let body: String = without_examples(block.body)
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !["codes ", "popeye ", "german ", "french "]
                .iter()
                .any(|w| t.starts_with(w))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    format!(
        "piece Z{} {{\n    codes {}\n{body}}}\n\n",
        block.name.to_ascii_lowercase(),
        PIECE.1
    )
}
