//! Reading problem files written in the input language of the reference solver
//! (Popeye), in English, German or French. This module turns text into `Problem`
//! values and nothing more: piece codes stay unresolved (the engine maps them with
//! its per-language tables), twins are recorded rather than applied, and nothing
//! is solved. It depends on the standard library and the words shared with the rules
//! compiler (the parameters a condition declares) only.
//!
//! The stages live one per file: `lexer` (tokens and free text), `language` (the
//! three languages and how a keyword is selected by any unambiguous prefix),
//! `tables` (the reference's keyword tables), `declared` (the conditions a rule set
//! declares, which read condition names first), then one reader per noun: `pieces`,
//! `square`, `stipulation`, `condition`, `option`, `twin`, and `problem`, which
//! strings them together. Errors (`error`) carry the line and column of the
//! offending token and say what was expected.
//!
//! ```text
//! BeginProblem
//! Pieces White Ke1 Qd1 Black Ke8
//! Stipulation #2
//! Condition Circe File
//! Option Try
//! Twin Move d1 d2
//! EndProblem
//! ```

mod condition;
mod declared;
mod error;
mod language;
mod lexer;
mod option;
mod pieces;
mod problem;
mod square;
mod stipulation;
mod tables;
mod twin;

#[cfg(test)]
mod tests;

use std::borrow::Cow;

pub use condition::{Condition, ConditionParam, Place};
pub use declared::Declared;
pub use error::InputError;
pub use language::Language;
pub use option::ProblemOption;
pub(crate) use pieces::game_array;
pub use pieces::PlacedUnit;
pub use problem::{LatexPiece, Problem, Texts};
pub(crate) use square::square_prefix;
pub use stipulation::{BasicStipulation, Family, Goal, OtherStipulation, Stipulation};
pub use twin::{MirrorAxis, Rotation, Twin, TwinCommand};

/// Reads every problem of a file, each on its own: one entry per problem, in file
/// order, `Err` for a problem with a mistake (reading then resumes after that
/// problem's `EndProblem` or `NextProblem`).
///
/// The first keyword of the file (`BeginProblem`, `AnfangProblem`, `DebutProbleme`,
/// or any prefix) fixes the language. `NextProblem` separates problems that share
/// it; after `EndProblem` another `BeginProblem` (in any language) may start a new
/// one, and any other text is ignored with a warning on the last problem (the
/// reference stops reading at `EndProblem`). A file that does not start with
/// `BeginProblem` gives a single `Err` entry. There is no comment syntax: free text
/// belongs after `Remark`, `Author`, `Origin`, `Title` or `Award`. Never panics.
///
/// Conditions are read by the reference's name table alone; [`read_problems_declaring`]
/// reads them by a rule set's own names and parameters first.
pub fn read_problems(text: &str) -> Vec<Result<Problem, InputError>> {
    problem::read_all(text, &declared::NONE)
}

/// Reads every problem of a file as [`read_problems`] does, each condition by the rule
/// of `declared` whose name it spells, with the parameters that rule declares; a
/// condition no rule names is read by the reference's table (its `rule` is then the
/// rule with the same base and variants, or `None`).
pub fn read_problems_declaring(
    text: &str,
    declared: &Declared,
) -> Vec<Result<Problem, InputError>> {
    problem::read_all(text, declared)
}

/// The text of a problem file given as bytes: UTF-8 when the bytes are valid UTF-8,
/// otherwise Latin-1 (the encoding of many older problem collections).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}
