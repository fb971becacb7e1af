//! Diagnostics: what went wrong in a rule file, where, and what was expected.
//!
//! Every stage reports all the errors it finds as [`Diagnostic`]s pointing at a [`Span`]
//! of a [`SourceFile`]; [`Diagnostics::render`] prints them as `rules/file.rules:line:col`
//! with the offending line and a caret, through `codespan-reporting`.

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::NoColor, Config};
use std::fmt;

/// A rule file's path (as the user should read it, e.g. `rules/pieces/hoppers.rules`)
/// and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Path shown in diagnostics and in generated code.
    pub path: String,
    /// The file's contents.
    pub text: String,
}

/// A byte range in one of the files handed to the compiler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// Index of the file in the compiler's input.
    pub file: usize,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// One error in a rule file.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Where.
    pub span: Span,
    /// What is wrong, in words.
    pub message: String,
    /// What was expected there, shown under the caret.
    pub label: String,
}

impl Diagnostic {
    /// An error at `span` saying `message`, with `label` under the caret.
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            message: message.into(),
            label: label.into(),
        }
    }
}

/// Every error a stage found, in the order found.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

/// 1-based line and column of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rfind('\n').map_or(before.chars().count(), |nl| {
        before[nl + 1..].chars().count()
    }) + 1;
    (line, col)
}

impl Diagnostics {
    /// Whether there is no error.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// All errors as the user reads them: a heading naming `file:line:col`, the line and a
    /// caret with the expectation, for each error; then a count.
    pub fn render(&self, files: &[SourceFile]) -> String {
        let mut text: String = self.0.iter().map(|d| d.render(files)).collect();
        let n = self.0.len();
        text.push_str(&format!(
            "{n} error{} in the rules\n",
            if n == 1 { "" } else { "s" }
        ));
        text
    }

    /// One line per error: `path:line:col: message`.
    pub fn short(&self, files: &[SourceFile]) -> Vec<String> {
        self.0
            .iter()
            .map(|d| {
                let f = &files[d.span.file];
                let (line, col) = line_col(&f.text, d.span.start);
                format!("{}:{line}:{col}: {}", f.path, d.message)
            })
            .collect()
    }
}

impl Diagnostic {
    /// This error as the user reads it: a heading naming `file:line:col`, the line and a
    /// caret with the expectation. (The procedural macro reports errors one by one.)
    pub fn render(&self, files: &[SourceFile]) -> String {
        let mut db = SimpleFiles::new();
        let mut shown = (self.span.start, self.span.end);
        for (i, f) in files.iter().enumerate() {
            let (text, moved) = visible(&f.text);
            if i == self.span.file {
                shown = (moved(self.span.start), moved(self.span.end));
            }
            db.add(f.path.clone(), text);
        }
        let report = Report::error()
            .with_message(&self.message)
            .with_labels(vec![
                Label::primary(self.span.file, shown.0..shown.1).with_message(&self.label)
            ]);
        let mut out = NoColor::new(Vec::new());
        // Writing into a Vec cannot fail, and spans always come from these files.
        let _ = term::emit(&mut out, &Config::default(), &db, &report);
        String::from_utf8_lossy(&out.into_inner()).into_owned()
    }
}

/// Whether `c` takes no room on a terminal: a control character (a line break or a tab
/// too) or a character of no width (a zero-width space or joiner, a mark standing alone).
pub fn invisible(c: char) -> bool {
    use unicode_width::UnicodeWidthChar;
    c.is_control() || c.width().unwrap_or(0) == 0
}

/// Text found where something else was expected, as a message quotes it: `` `text` ``,
/// or, for a line break or a character that takes no room, its name.
pub fn quoted(found: &str) -> String {
    match found.chars().next() {
        Some('\n' | '\r') => "the end of the line".to_string(),
        Some(c) if invisible(c) => format!("the invisible character U+{:04X}", c as u32),
        _ => format!("`{found}`"),
    }
}

/// `text` as a caret can point into it: each character that takes no room on a
/// terminal (a control character other than a tab or a line break, a zero-width space
/// or joiner, a mark standing alone) becomes one visible character (a control
/// character its picture, `␁`; the others `�`), so columns stay as counted and a caret
/// under it is seen. Returns the text and the map from an offset of `text` to the same
/// place in it.
fn visible(text: &str) -> (String, impl Fn(usize) -> usize) {
    let mut out = String::with_capacity(text.len());
    // (offset in `text` past a replaced character, bytes added up to there)
    let mut moved: Vec<(usize, isize)> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let line_end = c == '\n' || (c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n'));
        let shown = match c {
            _ if line_end || c == '\t' || !invisible(c) => c,
            '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
            '\u{7f}' => '\u{2421}',
            _ => '\u{fffd}',
        };
        out.push(shown);
        if shown != c {
            let before = moved.last().map_or(0, |m| m.1);
            let added = shown.len_utf8() as isize - c.len_utf8() as isize;
            moved.push((at + c.len_utf8(), before + added));
        }
    }
    let map = move |offset: usize| {
        let i = moved.partition_point(|m| m.0 <= offset);
        let added = if i == 0 { 0 } else { moved[i - 1].1 };
        offset.saturating_add_signed(added)
    };
    (out, map)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.label)
    }
}

/// `a, b or c`: a list of alternatives in words.
pub fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

/// `` `a`, `b` or `c` ``: words to write, quoted.
pub fn one_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    or_list(&quoted)
}
