//! A mutation fuzz test: corpus files (or built-in samples when the corpus is
//! absent) with characters deleted, inserted and replaced by a tiny xorshift
//! generator; the reader must return for every one of them without panicking.
//! `FAIRYFORGE_FUZZ_ITERATIONS` sets the number of mutations (20,000 by default).

use std::panic;

use super::corpus::{corpus_dir, inp_files};
use crate::input::{decode, read_problems};

/// Marsaglia's xorshift64: deterministic, good enough to pick mutations.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const SAMPLES: [&str; 4] = [
    "BeginProblem\nAuthor A. Author\nPieces White Ke1 Qd1 Black Ke8 Neutral Pa2\nStipulation h#2.5\nCondition Circe File Madrasi RexInclusive Imitator a1\nOption Try Defence 2 EnPassant e3\nTwin Move d1 d2 Add White Re4\nTwin Continued Rotate 90 Stipulation s#3\nEndProblem\n",
    "AnfangProblem\nAutor X\nSteine Weiss Kh3 Lh7 Bd3e3 Schwarz Kd6 Df6\nForderung ser-h#4\nBedingung SchwarzerLaengstzueger exakt\nNullStellung versetze e5 g8\nZwilling versetze h7 a7\nEndeProblem\n",
    "DebutProbleme\nPieces Blanc Rc3 Noir Ra8\nEnonce dia3.5\nsenonce blanc 2hh[/2da[#]{!+}]\nJumeau ajoute blanc Dd1\nFinProbleme\n",
    "BeginProblem\nForsyth 32/6p1/1p6/5Q2/K1k5/\nStipulation reci-h(=)#3\nCondition grid irreg a8 b7b8 gridline ha34 sentinelles maximumblack 3\nNextProblem\nPieces White Ke1 Black Ke8\nSStipulation White 3a[#]d & - 4hh[#]\nEndProblem\n",
];

/// Characters worth inserting: token characters, separators, a stray quote and a
/// multi-byte character.
const ALPHABET: &[char] = &[
    'a', 'e', 'h', 'K', 'P', 'z', '1', '5', '8', '0', '#', '=', '+', '-', '.', '/', '(', ')', '[',
    ']', '{', '}', '<', '>', '!', ':', '&', '|', '?', '~', '%', ' ', '\n', '\r', '\t', ';', ',',
    '"', 'é',
];

/// Words worth inserting: keywords that change how the rest is read.
const WORDS: &[&str] = &[
    " Twin ",
    " EndProblem ",
    " NextProblem ",
    " Stipulation ",
    " SStipulation White ",
    " Pieces White ",
    " Condition ",
    " Option ",
    " Remark",
    " ZeroPosition ",
    " Continued ",
    " a=>b1 ",
    " 2->",
    " Forsyth ",
    " LaTeXPieces ",
    " ser-reci-h(",
    " Circe ",
    " Add Black ",
    " 2hh[",
    " BeginProblem ",
    " Neighbour ",
];

fn mutate(rng: &mut XorShift, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            3 => {
                let w = WORDS[rng.below(WORDS.len())];
                for (k, c) in w.chars().enumerate() {
                    chars.insert(at + k, c);
                }
            }
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => {
                chars[at] = ALPHABET[rng.below(ALPHABET.len())];
            }
            2 => {
                // cut the text short: premature end of file
                chars.truncate(at);
            }
            _ => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_inputs_never_panic() {
    let mut texts: Vec<String> = SAMPLES.iter().map(|s| s.to_string()).collect();
    if let Some(dir) = corpus_dir() {
        let files = inp_files(&dir);
        // every 7th file: a spread over all folders and languages
        for f in files.iter().step_by(7) {
            if let Ok(bytes) = std::fs::read(f) {
                texts.push(decode(&bytes).into_owned());
            }
        }
    } else {
        println!("corpus folder not found: fuzzing the built-in samples only");
    }
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    // FAIRYFORGE_FUZZ_ITERATIONS runs a longer session.
    let total = std::env::var("FAIRYFORGE_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(20_000);
    let mut panicked = Vec::new();
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    for i in 0..total {
        let base = &texts[i % texts.len()];
        let input = mutate(&mut rng, base);
        let result = panic::catch_unwind(|| read_problems(&input));
        if result.is_err() {
            panicked.push(input);
        }
    }
    panic::set_hook(hook);
    for p in panicked.iter().take(5) {
        println!("PANICKED on input:\n{}\n----", p);
    }
    assert!(
        panicked.is_empty(),
        "{} of {} mutated inputs panicked",
        panicked.len(),
        total
    );
}
