//! Writing a [`Solution`] in the reference's text convention: help and series lines one
//! a line, battle play as an indented tree of keys, tries, threats, variations and
//! refutations.

use super::layout::Words;
use super::names::Names;
use super::notation::{line_text, line_tokens, played_text, progress_text};
use crate::solution::{Attack, Defence, Line, Remark, Solution, Threat, Verdict};
use crate::stipulation::Goal;
use std::fmt::Write;

/// What a solution is written with: the words of the language, the names of units, the
/// goal of the stipulation (which marks the moves show).
#[derive(Clone, Copy)]
pub struct Writer<'a> {
    /// The words of the output's language.
    pub words: &'a Words,
    /// How units are named.
    pub names: &'a Names,
    /// The stipulation's goal.
    pub goal: Goal,
}

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

/// How a remark is written.
pub fn remark_text(remark: Remark) -> &'static str {
    match remark {
        Remark::KingCapturable => "the side to play can capture the king",
    }
}

impl Writer<'_> {
    /// The solution text (without the header and the closing line).
    pub fn solution(&self, solution: &Solution) -> String {
        self.numbered_solution(solution, &mut 0)
    }

    /// The solution text, the option MoveNumbers' progress lines counting on from
    /// `numbered` (the moves numbered so far in the problem).
    pub fn numbered_solution(&self, solution: &Solution, numbered: &mut usize) -> String {
        let mut out = String::new();
        match solution {
            Solution::Lines(lines) => {
                out.push('\n');
                for line in lines {
                    self.line(&mut out, line);
                }
            }
            Solution::Remark(remark) => {
                out.push('\n');
                out.push_str(remark_text(*remark));
                out.push('\n');
            }
            Solution::SetPlay(defences) => {
                out.push('\n');
                for d in defences {
                    self.defence(&mut out, d, "");
                }
            }
            Solution::PostKey(attack) => {
                out.push('\n');
                self.attack_body(&mut out, attack);
                out.push('\n');
            }
            Solution::Tree(attacks) => {
                for a in attacks {
                    out.push('\n');
                    self.attack(&mut out, a);
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
                let moves: Vec<String> =
                    moves.iter().map(|m| progress_text(self.names, m)).collect();
                self.numbered(&mut out, &moves, *elapsed, play, numbered)
            }
        }
        out
    }

    /// One line of help or series play.
    pub(crate) fn line(&self, out: &mut String, line: &Line) {
        out.push_str("  ");
        out.push_str(&line_text(self.names, line, self.goal));
        out.push('\n');
    }

    /// The option MoveNumbers: each first move's progress line, followed by the play
    /// that begins with it; play that begins otherwise (none, normally) comes last.
    fn numbered(
        &self,
        out: &mut String,
        moves: &[String],
        elapsed: std::time::Duration,
        play: &Solution,
        numbered: &mut usize,
    ) {
        let mut rest = play.clone();
        out.push('\n');
        for mv in moves {
            *numbered += 1;
            let line =
                super::layout::move_number_line(&[*numbered], mv, false, elapsed, self.words);
            out.push_str(&line);
            out.push('\n');
            let key = bare(mv);
            match &mut rest {
                Solution::Lines(lines) => {
                    let (mine, others) = lines.drain(..).partition(|l: &Line| {
                        let tokens = line_tokens(self.names, l, self.goal);
                        tokens.first().is_some_and(|t| bare(t) == key)
                    });
                    *lines = others;
                    for l in &mine {
                        self.line(out, l);
                    }
                }
                Solution::Tree(attacks) => {
                    let (mine, others) = attacks
                        .drain(..)
                        .partition(|a: &Attack| bare(&self.attack_text(a)) == key);
                    *attacks = others;
                    for a in &mine {
                        self.attack(out, a);
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
            out.push_str(&self.solution(&rest));
        }
    }

    /// The move of an attack as written (nothing in post-key play).
    fn attack_text(&self, a: &Attack) -> String {
        a.played
            .as_ref()
            .map_or_else(String::new, |p| played_text(self.names, p, self.goal))
    }

    pub(crate) fn attack(&self, out: &mut String, a: &Attack) {
        let _ = write!(
            out,
            "{}{}.{}",
            " ".repeat(attack_indent(a.number)),
            a.number,
            self.attack_text(a)
        );
        if let Some(verdict) = a.verdict {
            let mark = match verdict {
                Verdict::Key => "!",
                Verdict::Try => "?",
                Verdict::Forced => "?!?",
            };
            let _ = write!(out, " {mark}");
        }
        self.attack_body(out, a);
    }

    /// What follows an attacking move: its threat (on the move's line) and the defences.
    fn attack_body(&self, out: &mut String, a: &Attack) {
        match &a.threat {
            Threat::None => out.push('\n'),
            Threat::Zugzwang => {
                let _ = writeln!(out, " {}", self.words.zugzwang);
            }
            Threat::Moves(threats) => {
                let _ = writeln!(out, " {}", self.words.threat);
                for t in threats {
                    self.attack(out, t);
                }
            }
        }
        for d in &a.defences {
            self.defence(out, d, "");
        }
        if !a.refutations.is_empty() {
            let _ = writeln!(
                out,
                "{}{}",
                " ".repeat(attack_indent(a.number) + 1),
                self.words.but
            );
            for r in &a.refutations {
                self.defence(out, r, " !");
            }
        }
    }

    fn defence(&self, out: &mut String, d: &Defence, mark: &str) {
        let _ = writeln!(
            out,
            "{}{}...{}{mark}",
            " ".repeat(defence_indent(d.number)),
            d.number,
            played_text(self.names, &d.played, self.goal)
        );
        if d.refutes {
            let _ = writeln!(
                out,
                "{}{}",
                " ".repeat(defence_indent(d.number) + 2),
                self.words.refutes
            );
        }
        for a in &d.answers {
            self.attack(out, a);
        }
    }
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
