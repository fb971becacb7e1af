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
    write_numbered_solution(solution, words, &mut 0)
}

/// The solution text, the option MoveNumbers' progress lines counting on from
/// `numbered` (the moves numbered so far in the problem).
pub fn write_numbered_solution(solution: &Solution, words: &Words, numbered: &mut usize) -> String {
    let mut out = String::new();
    match solution {
        Solution::Lines(lines) => {
            out.push('\n');
            for line in lines {
                write_line(&mut out, line);
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
        Solution::Numbered {
            skipped,
            moves,
            elapsed,
            play,
        } => {
            *numbered += skipped;
            write_numbered(&mut out, moves, *elapsed, play, words, numbered)
        }
    }
    out
}

/// One line of help or series play: its tokens, a move number set off by three spaces.
fn write_line(out: &mut String, line: &[String]) {
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

/// The move as a progress line of MoveNumbers writes it: without a move number before
/// it, and a mate or stalemate mark left out (a mate shows as a check).
fn bare(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let token = token[digits..].trim_start_matches('.');
    let token = token.strip_suffix(" #").unwrap_or(token);
    let token = token.strip_suffix(" =").unwrap_or(token);
    token.strip_suffix(" +").unwrap_or(token)
}

/// The option MoveNumbers: each first move's progress line, followed by the play that
/// begins with it; play that begins otherwise (none, normally) comes last.
fn write_numbered(
    out: &mut String,
    moves: &[String],
    elapsed: std::time::Duration,
    play: &Solution,
    words: &Words,
    numbered: &mut usize,
) {
    let mut rest = play.clone();
    out.push('\n');
    for mv in moves {
        *numbered += 1;
        let line = super::layout::move_number_line(&[*numbered], mv, false, elapsed, words);
        out.push_str(&line);
        out.push('\n');
        let key = bare(mv);
        match &mut rest {
            Solution::Lines(lines) => {
                let (mine, others) = lines
                    .drain(..)
                    .partition(|l: &Vec<String>| l.first().is_some_and(|t| bare(t) == key));
                *lines = others;
                for l in &mine {
                    write_line(out, l);
                }
            }
            Solution::Tree(attacks) => {
                let (mine, others) = attacks
                    .drain(..)
                    .partition(|a: &Attack| bare(&a.text) == key);
                *attacks = others;
                for a in &mine {
                    write_attack(out, a, words);
                }
            }
            _ => {}
        }
    }
    let left = match &rest {
        Solution::Lines(l) => !l.is_empty(),
        Solution::Tree(a) => !a.is_empty(),
        _ => true,
    };
    if left {
        out.push_str(&write_solution(&rest, words));
    }
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
