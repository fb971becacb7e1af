//! Writing a [`Solution`] in the reference's text convention: help and series lines one
//! a line, battle play as an indented tree of keys, tries, threats, variations and
//! refutations.

use super::layout::Words;
use crate::solve::{Attack, Defence, Solution, Threat};
use std::fmt::Write;

/// Indentation of an attacking move with move number `n`.
fn attack_indent(n: u32) -> usize {
    if n <= 1 {
        3
    } else {
        8 * n as usize - 6
    }
}

/// Indentation of a defending move with move number `n`.
fn defence_indent(n: u32) -> usize {
    8 * n as usize - 2
}

/// The solution text (without the header and the closing line).
pub fn write_solution(solution: &Solution, words: &Words) -> String {
    let mut out = String::new();
    match solution {
        Solution::Lines(lines) => {
            out.push('\n');
            for line in lines {
                out.push_str("  ");
                for (i, token) in line.iter().enumerate() {
                    if i > 0 {
                        // a move number (`2.`), not castling (`0-0`)
                        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
                        let numbered = digits > 0 && token.as_bytes().get(digits) == Some(&b'.');
                        // (after a skipped first move, `1...  ...`, two spaces)
                        let after_skip = line[i - 1].ends_with(" ...");
                        out.push_str(match (numbered, after_skip) {
                            (true, false) => "   ",
                            (true, true) => "  ",
                            _ => " ",
                        });
                    }
                    out.push_str(token);
                }
                out.push('\n');
            }
        }
        Solution::Remark(text) => {
            out.push('\n');
            out.push_str(text);
            out.push('\n');
        }
        Solution::SetPlay(defences) => {
            out.push('\n');
            for d in defences {
                write_defence(&mut out, d, words, "");
            }
        }
        Solution::PostKey(attack) => {
            out.push('\n');
            write_attack_body(&mut out, attack, words);
            out.push('\n');
        }
        Solution::Tree(attacks) => {
            for a in attacks {
                out.push('\n');
                write_attack(&mut out, a, words);
            }
            out.push('\n');
        }
    }
    out
}

fn write_attack(out: &mut String, a: &Attack, words: &Words) {
    let _ = write!(
        out,
        "{}{}.{}",
        " ".repeat(attack_indent(a.number)),
        a.number,
        a.text
    );
    if let Some(mark) = a.mark {
        let _ = write!(out, " {mark}");
    }
    write_attack_body(out, a, words);
}

/// What follows an attacking move: its threat (on the move's line) and the defences.
fn write_attack_body(out: &mut String, a: &Attack, words: &Words) {
    match &a.threat {
        Threat::None => out.push('\n'),
        Threat::Zugzwang => {
            let _ = writeln!(out, " {}", words.zugzwang);
        }
        Threat::Moves(threats) => {
            let _ = writeln!(out, " {}", words.threat);
            for t in threats {
                write_attack(out, t, words);
            }
        }
    }
    for d in &a.defences {
        write_defence(out, d, words, "");
    }
    if !a.refutations.is_empty() {
        let _ = writeln!(
            out,
            "{}{}",
            " ".repeat(attack_indent(a.number) + 1),
            words.but
        );
        for r in &a.refutations {
            write_defence(out, r, words, " !");
        }
    }
}

fn write_defence(out: &mut String, d: &Defence, words: &Words, mark: &str) {
    let _ = writeln!(
        out,
        "{}{}...{}{mark}",
        " ".repeat(defence_indent(d.number)),
        d.number,
        d.text
    );
    if d.refutes {
        let _ = writeln!(
            out,
            "{}{}",
            " ".repeat(defence_indent(d.number) + 2),
            words.refutes
        );
    }
    for a in &d.answers {
        write_attack(out, a, words);
    }
}
