//! Piece codes: finding a kind by the letters a problem or a FEN writes, and writing it.
//!
//! Codes live in `rules/`; this module only chooses which of a kind's code lists to read
//! (fairyforge's own, the reference's English ones, German or French).

use crate::piece::{Kind, KindInfo};

/// Which list of codes to read and write.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum CodeSet {
    /// fairyforge's codes (EQ is the non-stop Equihopper).
    #[default]
    Fairyforge,
    /// The reference solver's English codes (`--popeye-codes`).
    Popeye,
    /// German codes (a problem in German).
    German,
    /// French codes (a problem in French).
    French,
}

impl CodeSet {
    fn list(self, info: &KindInfo) -> &'static [&'static str] {
        match self {
            CodeSet::Fairyforge => info.codes,
            CodeSet::Popeye => info.popeye_codes,
            CodeSet::German => info.german,
            CodeSet::French => info.french,
        }
    }
}

/// The kind written `code` (case-insensitive) in `set`, if any.
pub fn kind_by_code(kinds: &[KindInfo], set: CodeSet, code: &str) -> Option<Kind> {
    kinds
        .iter()
        .position(|info| set.list(info).iter().any(|c| c.eq_ignore_ascii_case(code)))
        .map(|i| Kind(i as u8))
}

/// How `kind` is written in `set` (its first code there).
pub fn code_of(kinds: &[KindInfo], set: CodeSet, kind: Kind) -> &'static str {
    let info = &kinds[kind.index()];
    set.list(info)
        .first()
        .or_else(|| info.codes.first())
        .copied()
        .unwrap_or("?")
}
