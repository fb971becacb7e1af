//! The reference solver's text layout: diagram, heading, twins and closing.
//!
//! fairyforge prints its output in the convention of the reference solver so
//! that problemists find what they are used to and the spec tests can compare
//! the two outputs. This module holds the pure formatting of everything in
//! that output that is not a move: the heading block (author, origin, award,
//! title), the board diagram, the stipulation line with the piece counts,
//! the attribute, condition and option lines under it, the twin headings, the
//! closing line with the solving time, and the language-dependent words. Its
//! inputs are the engine's squares, units and boards, the names of units in
//! the problem's codes ([`Names`]), strings, and what only the diagram shows
//! (attributes, imitators, holes, grid lines: [`Diagram`]).
//!
//! # The output stream
//!
//! The reference writes every line break *before* the line it introduces.
//! The functions here return fragments that follow that rule byte for byte,
//! and the solver glues them together in this order:
//!
//! ```text
//! version line + "\n"                          once per run
//! header(...)                                  "\n" heading, "\n" diagram, stipulation line, ...
//! twin_intro(...)                              "\n" + "a) ..." + "\n"      (twinned problems only)
//!   per phase (set play, tries and key, ...):
//!     per solution line: "\n" + line           see `tree_move_prefix`, `help_line_intro`
//!     battle play: "\n" after each solved key or try with its tree
//!     "\n"                                     end of the phase
//! closing(...)                                 "\n" + "solution finished. Time = 0.007 s" + "\n\n\n"
//! ```
//!
//! So a help play output reads, after the header, a blank line, the
//! solution lines, a blank line and the closing line; a problem without
//! solution shows two blank lines between the header and the closing line.
//!
//! Lengths used for centring are counted in bytes of UTF-8, as the reference
//! (written in C) counts them.

mod diagram;
mod words;

#[cfg(test)]
mod tests;

pub use diagram::{
    atob_separator, attribute_lines, castling_mutually_exclusive_line, centred, diagram, header,
    heading_block, stipulation_line, Diagram, GridLines, Header, Heading, PieceAttribute,
    PieceCounts,
};
pub use words::Words;

use super::names::Names;
use crate::piece::Piece;
use crate::square::Square;
use std::time::Duration;

/// Width of the diagram, the field in which heading and condition lines are
/// centred.
pub const BOARD_WIDTH: usize = 37;

/// The column (counted from 1) at which the piece counts end.
pub const COUNTS_END: usize = 35;

/// Printed after a key move (and after a refutation).
pub const KEY_MARKER: &str = "!";

/// Printed after a try.
pub const TRY_MARKER: &str = "?";

/// The language of the output; it follows the language of the input.
pub use crate::input::Language;

/// A board reflection of twinning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// Files reversed.
    A1H1,
    /// Ranks reversed.
    A1A8,
    /// Reflected in the a1-h8 diagonal.
    A1H8,
    /// Reflected in the a8-h1 diagonal.
    A8H1,
}

/// One change of a twin, in the order the twin command made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// A unit placed (`+wQa1`; printed without `+` when the square was
    /// emptied earlier in the same twin, and then the removal is not
    /// printed).
    Add(Piece, Square),
    /// A unit taken off (`-bPc7`).
    Remove(Piece, Square),
    /// A unit moved (`wKe1-->e2`).
    Move(Piece, Square, Square),
    /// A unit moved onto its own square, which took it off first (`Move a1 a1`): the
    /// move of nothing the reference writes after the removal (`.a1-->a1`).
    MovedOntoItself(Square),
    /// Two units swapped: the unit first on the first square (`bRa1<-->wKe1`).
    Exchange(Piece, Square, Piece, Square),
    /// The board rotated by 90, 180 or 270 degrees (`rotate 90`).
    Rotate(u16),
    /// The board reflected (`mirror a1<-->h1`).
    Mirror(Mirror),
    /// The position shifted (`shift a1 ==> a2`).
    Shift(Square, Square),
    /// The colours exchanged (`PolishType`).
    PolishType,
    /// Every unit of one walk given another (`Q ==> S`), codes as on the board.
    Substitute(String, String),
    /// New conditions, each one line as in the header.
    Conditions(Vec<String>),
    /// A new stipulation as printed (`h#3`).
    Stipulation(String),
}

/// The label of the twin with index `index` (0 for `a`): `a` ... `z`, then
/// `z1`, `z2`, ...
pub fn twin_label(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("z{}", index - 25),
    }
}

/// A twin's heading as data: its label, whether it continues the twin before it, and
/// what it changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TwinHeading {
    /// The twin's index (0 for `a`).
    pub index: usize,
    /// `Twin Continued`: its changes apply to the twin before it (`+b)`).
    pub continued: bool,
    /// What it changes, in order.
    pub changes: Vec<TwinChange>,
}

/// A twin's heading as printed: `b) ` (or `+c) ` for a continued twin), each change
/// followed by two blanks.
pub fn twin_heading(heading: &TwinHeading, names: &Names) -> String {
    let mut s = String::new();
    if heading.continued {
        s.push('+');
    }
    s.push_str(&twin_label(heading.index));
    s.push_str(") ");
    s.push_str(&twin_changes(&heading.changes, names));
    s
}

/// The introduction of a twin: a line break, its heading ([`twin_heading`]), and a
/// line break. The first twin's intro is `"\na) \n"`.
pub fn twin_intro(index: usize, continued: bool, changes: &[TwinChange], names: &Names) -> String {
    let heading = TwinHeading {
        index,
        continued,
        changes: changes.to_vec(),
    };
    format!("\n{}\n", twin_heading(&heading, names))
}

/// The changes of a twin as its heading lists them.
pub fn twin_changes(changes: &[TwinChange], names: &Names) -> String {
    let words = names.language().words();
    let mut s = String::new();
    for (i, change) in changes.iter().enumerate() {
        match change {
            TwinChange::Add(p, sq) => {
                let refilled = changes[..i]
                    .iter()
                    .any(|c| matches!(c, TwinChange::Remove(_, r) if r == sq));
                if !refilled {
                    s.push('+');
                }
                s.push_str(&format!("{}{sq}", names.spec(*p)));
            }
            TwinChange::Remove(p, sq) => {
                let refilled = changes[i + 1..]
                    .iter()
                    .any(|c| matches!(c, TwinChange::Add(_, a) if a == sq));
                if refilled {
                    continue;
                }
                s.push_str(&format!("-{}{sq}", names.spec(*p)));
            }
            TwinChange::Move(p, from, to) => {
                s.push_str(&format!("{}{from}-->{to}", names.spec(*p)));
            }
            TwinChange::MovedOntoItself(sq) => s.push_str(&format!(".{sq}-->{sq}")),
            TwinChange::Exchange(p, from, q, to) => {
                s.push_str(&format!(
                    "{}{from}<-->{}{to}",
                    names.spec(*p),
                    names.spec(*q)
                ));
            }
            TwinChange::Rotate(degrees) => s.push_str(&format!("{} {degrees}", words.rotate)),
            TwinChange::Mirror(m) => {
                let axis = match m {
                    Mirror::A1H1 => "a1<-->h1",
                    Mirror::A1A8 => "a1<-->a8",
                    Mirror::A1H8 => "a1<-->h8",
                    Mirror::A8H1 => "a8<-->h1",
                };
                s.push_str(&format!("{} {axis}", words.mirror));
            }
            TwinChange::Shift(from, to) => {
                s.push_str(&format!("{} {from} ==> {to}", words.shift));
            }
            TwinChange::PolishType => s.push_str(words.polish),
            TwinChange::Substitute(from, to) => s.push_str(&format!(
                "{} ==> {}",
                from.to_ascii_uppercase(),
                to.to_ascii_uppercase()
            )),
            TwinChange::Conditions(lines) => s.push_str(&lines.join("\n   ")),
            TwinChange::Stipulation(stip) => s.push_str(stip),
        }
        s.push_str("  ");
    }
    s
}

/// The introduction of the zero position of twins: `zeroposition` between
/// line breaks, followed by a blank line.
pub fn zeroposition_intro(language: Language) -> String {
    format!("\n{}\n\n", language.words().zeroposition)
}

/// How far solving got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completeness {
    /// All solutions were searched.
    Complete,
    /// Solving stopped early on purpose (MaxSolutions, StopOnShortSolutions).
    Partial,
    /// Solving was interrupted (MaxTime, a signal).
    Interrupted,
}

/// The solving time as the reference prints it: `0.007 s`, `1:05.123 m:s`,
/// `2:03:04 h:m:s`.
pub fn format_time(elapsed: Duration) -> String {
    let secs = elapsed.as_secs();
    let msec = elapsed.subsec_millis();
    let (hours, minutes, seconds) = (secs / 3600, (secs % 3600) / 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02} h:m:s")
    } else if minutes > 0 {
        format!("{minutes}:{seconds:02}.{msec:03} m:s")
    } else {
        format!("{seconds}.{msec:03} s")
    }
}

/// The closing of a problem: `"\nsolution finished. Time = 0.007 s\n\n\n"`
/// (the partial and interrupted forms have no leading line break).
pub fn closing(language: Language, completeness: Completeness, elapsed: Duration) -> String {
    let w = language.words();
    let what = match completeness {
        Completeness::Complete => format!("\n{}", w.solution_finished),
        Completeness::Partial => w.solution_partial.to_string(),
        Completeness::Interrupted => w.solving_interrupted.to_string(),
    };
    format!("{what} {}{}\n\n\n", w.time, format_time(elapsed))
}

/// The start of a line of battle play (tree output) for the move at
/// `depth` half-moves from the key (0: key or try; 1: defence; 2: the
/// attacker's second move, also a threat's): the indentation, 4 blanks per
/// half-move (at least one), the move number right-aligned in three
/// columns, and `.` for White's moves or `...` for Black's. Set play starts
/// at depth 1. The move, ` +` for check, the goal (` #`), ` !`/` ?` and
/// ` threat:`/` zugzwang.` follow on the same line.
pub fn tree_move_prefix(depth: usize) -> String {
    let indent = (4 * depth).max(1);
    let dots = if depth % 2 == 1 { "..." } else { "." };
    format!("{}{:>3}{dots}", " ".repeat(indent), depth / 2 + 1)
}

/// The line that introduces the refutations of a try (`    but`); the
/// refutations follow at depth 1, each with ` !`.
pub fn refutations_intro(language: Language) -> String {
    format!("    {}", language.words().but)
}

/// The line under a defence at `depth` that refutes (post-key play):
/// indented by 4 blanks per half-move (at least one), as in
/// `        refutes.` under `      1...f3-f2 +`.
pub fn refutes_line(depth: usize, language: Language) -> String {
    format!(
        "{}{}",
        " ".repeat((4 * depth).max(1)),
        language.words().refutes
    )
}

/// The start of a line of help, series or direct line play: empty, or
/// `  1...` when the line starts with the other side's half-move (h#2.5,
/// set play of helpmates), or `  1...  ...` for two such half-moves.
/// Each numbered move is then preceded by [`line_move_number`] and every
/// move but the last is followed by one blank (after ` +` if it checks).
pub fn help_line_intro(move_inversions: usize) -> &'static str {
    match move_inversions {
        0 => "",
        1 => "  1...",
        _ => "  1...  ...",
    }
}

/// The move number of line play, right-aligned in three columns: `  1.`.
pub fn line_move_number(number: usize) -> String {
    format!("{number:>3}.")
}

/// A progress line of option MoveNumbers, without its leading line break:
/// the numbers of the move at each recursion level (`  7` or `  3:2`), the
/// move, ` +` when it checks, and the time so far, as in
/// `  7  (Rd1-a1 +    Time = 0.013 s)`. solcmp removes only the time, so the
/// numbers must follow the reference's move generation order.
pub fn move_number_line(
    numbers: &[usize],
    move_text: &str,
    check: bool,
    elapsed: Duration,
    words: &Words,
) -> String {
    let mut s = String::new();
    for (i, n) in numbers.iter().enumerate() {
        if i == 0 {
            s.push_str(&format!("{n:>3}"));
        } else {
            s.push_str(&format!(":{n}"));
        }
    }
    let check = if check { " +" } else { "" };
    format!(
        "{s}  ({move_text}{check}    {}{})",
        words.time,
        format_time(elapsed)
    )
}
