//! The error a problem file can provoke: where (line and column of the offending
//! token) and what was expected, in words. It lives apart from the readers because
//! every stage of reading produces it and the caller only ever sees this type.

use std::fmt;

/// A mistake in a problem file, located at the token that revealed it.
///
/// `line` and `column` are 1-based; the column counts characters (not bytes) from
/// the start of the line. The message says what was expected and what was found,
/// e.g. `expected a square like e4 after the piece code K, found "x9"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// Line of the offending token, counted from 1.
    pub line: u32,
    /// Column of the offending token, counted from 1 in characters.
    pub column: u32,
    /// What was expected and what was found, in words.
    pub message: String,
    /// Byte offset of the offending token, where reading resumes after the error.
    pub(crate) offset: usize,
}

impl InputError {
    pub(crate) fn new(line: u32, column: u32, offset: usize, message: impl Into<String>) -> Self {
        InputError {
            line,
            column,
            message: message.into(),
            offset,
        }
    }
}

impl fmt::Display for InputError {
    /// `line:column: message`, the form editors and compilers use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for InputError {}
