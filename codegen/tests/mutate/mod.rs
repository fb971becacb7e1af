//! Mutations of a text file for the fuzz tests, shared by the rules compiler's
//! (`codegen/tests/fuzz.rs`) and the problem reader's (`tests/fuzz.rs`): edits of bytes
//! (delete, duplicate, insert any byte), of lines (delete, duplicate, swap) and of
//! tokens (a number made huge, a word of the language inserted or put in place of a
//! token, two tokens swapped), each drawn by proptest so that a failure shrinks to the
//! fewest, smallest edits; and the test configuration (`PROPTEST_CASES` cases, 200 by
//! default; `PROPTEST_RNG_SEED` for another draw than the fixed one).

// (each fuzz test uses a part of this)
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Numbers a mutation writes in place of one: edges of the lengths a stipulation may
/// ask for, and of 32 and 64 bits.
pub const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "350",
    "351",
    "99999",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "99999999999999999999",
];

/// One edit; positions are taken modulo the length of what they index.
#[derive(Clone, Debug)]
pub enum Mutation {
    DeleteBytes(usize, usize),
    DuplicateBytes(usize, usize),
    InsertByte(usize, u8),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    HugeNumber(usize, usize),
    InsertWord(usize, usize),
    ReplaceToken(usize, usize),
    SwapTokens(usize, usize),
}

/// Any edit.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    use Mutation::*;
    let at = || any::<usize>();
    prop_oneof![
        (at(), 0..16usize).prop_map(|(a, n)| DeleteBytes(a, n)),
        (at(), 0..64usize).prop_map(|(a, n)| DuplicateBytes(a, n)),
        (at(), any::<u8>()).prop_map(|(a, b)| InsertByte(a, b)),
        at().prop_map(DeleteLine),
        at().prop_map(DuplicateLine),
        (at(), at()).prop_map(|(a, b)| SwapLines(a, b)),
        (at(), at()).prop_map(|(a, b)| HugeNumber(a, b)),
        (at(), at()).prop_map(|(a, b)| InsertWord(a, b)),
        (at(), at()).prop_map(|(a, b)| ReplaceToken(a, b)),
        (at(), at()).prop_map(|(a, b)| SwapTokens(a, b)),
    ]
}

/// One to `most` edits.
pub fn mutations(most: usize) -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 1..=most)
}

/// `text` with the edits `edits` made in turn, `words` the words of the language.
pub fn mutate(text: &[u8], edits: &[Mutation], words: &[&str]) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for m in edits {
        apply(&mut bytes, m, words);
    }
    bytes
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation, words: &[&str]) {
    use Mutation::*;
    let n = bytes.len();
    match *m {
        DeleteBytes(a, len) if n > 0 => {
            let a = a % n;
            bytes.drain(a..(a + len + 1).min(n));
        }
        DuplicateBytes(a, len) if n > 0 => {
            let a = a % n;
            let end = (a + len + 1).min(n);
            let copy = bytes[a..end].to_vec();
            bytes.splice(end..end, copy);
        }
        InsertByte(a, b) => bytes.insert(a % (n + 1), b),
        DeleteLine(a) => edit_lines(bytes, |l| {
            l.remove(a % l.len());
        }),
        DuplicateLine(a) => edit_lines(bytes, |l| {
            let a = a % l.len();
            l.insert(a, l[a].clone());
        }),
        SwapLines(a, b) => edit_lines(bytes, |l| {
            let len = l.len();
            l.swap(a % len, b % len);
        }),
        HugeNumber(a, k) => {
            let numbers = runs(bytes, |b| b.is_ascii_digit());
            if !numbers.is_empty() {
                let (s, e) = numbers[a % numbers.len()];
                bytes.splice(s..e, NUMBERS[k % NUMBERS.len()].bytes());
            }
        }
        InsertWord(a, w) => {
            let tokens = runs(bytes, |b| !b.is_ascii_whitespace());
            let at = tokens.get(a % (tokens.len() + 1)).map_or(n, |t| t.0);
            let word = format!("{} ", words[w % words.len()]);
            bytes.splice(at..at, word.bytes());
        }
        ReplaceToken(a, w) => {
            let tokens = runs(bytes, |b| !b.is_ascii_whitespace());
            if !tokens.is_empty() {
                let (s, e) = tokens[a % tokens.len()];
                bytes.splice(s..e, words[w % words.len()].bytes());
            }
        }
        SwapTokens(a, b) => {
            let tokens = runs(bytes, |b| !b.is_ascii_whitespace());
            if tokens.len() > 1 {
                let (x, y) = (tokens[a % tokens.len()], tokens[b % tokens.len()]);
                let (first, second) = if x.0 <= y.0 { (x, y) } else { (y, x) };
                if first != second {
                    let (one, two) = (
                        bytes[first.0..first.1].to_vec(),
                        bytes[second.0..second.1].to_vec(),
                    );
                    bytes.splice(second.0..second.1, one);
                    bytes.splice(first.0..first.1, two);
                }
            }
        }
        _ => {}
    }
}

/// Edits the lines of `bytes` (each with its line break) with `f`, when there is one.
fn edit_lines(bytes: &mut Vec<u8>, f: impl FnOnce(&mut Vec<Vec<u8>>)) {
    let mut lines: Vec<Vec<u8>> = bytes
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    if lines.is_empty() {
        return;
    }
    f(&mut lines);
    *bytes = lines.concat();
}

/// The ranges of the runs of bytes that `keep` holds for.
fn runs(bytes: &[u8], keep: impl Fn(u8) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in bytes.iter().enumerate() {
        match (keep(b), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, bytes.len()));
    }
    out
}

/// The configuration of a fuzz test: `PROPTEST_CASES` cases (`default` when not set),
/// a fixed draw unless `PROPTEST_RNG_SEED` asks for another, no file of failures kept
/// (a failure found becomes a test of its own).
pub fn config(default: u32) -> Config {
    let env = |name: &str| std::env::var(name).ok();
    Config {
        cases: env("PROPTEST_CASES")
            .and_then(|v| v.parse().ok())
            .unwrap_or(default),
        rng_seed: env("PROPTEST_RNG_SEED")
            .and_then(|v| v.parse().ok())
            .map_or(RngSeed::Fixed(22), RngSeed::Fixed),
        failure_persistence: None,
        ..Config::default()
    }
}
