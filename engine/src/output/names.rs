//! How the units of one problem are written: the code of each kind in the problem's code
//! set (fairyforge's, the reference's English ones, German or French), whether a kind's
//! moves go without its code (the orthodox pawn), and the colour letters of the output's
//! language. Built once per problem from the rule set's kinds; every writer (moves,
//! diagram, twin headings, JSON) names units through it.

use super::layout::{Language, PieceAttribute};
use crate::codes::{code_of, CodeSet};
use crate::piece::{Kind, KindInfo, Owner, Piece};

/// The names of units in one problem's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// By kind: its code.
    codes: Vec<String>,
    /// By kind: its moves are written without its code.
    unlettered: Vec<bool>,
    /// The output's language.
    language: Language,
}

impl Names {
    /// The names of `kinds` (a rule set's) in `codes`, for output in `language`.
    pub fn new(kinds: &[KindInfo], codes: CodeSet, language: Language) -> Names {
        Names {
            codes: (0..kinds.len())
                .map(|i| code_of(kinds, codes, Kind(i as u8)).to_string())
                .collect(),
            unlettered: kinds.iter().map(|k| k.unlettered).collect(),
            language,
        }
    }

    /// Names from a list of codes, kind 0 first, `unlettered` the codes written without
    /// them in moves (for writers tested without a rule set).
    pub fn from_codes(codes: &[&str], unlettered: &[&str], language: Language) -> Names {
        Names {
            codes: codes.iter().map(|c| c.to_string()).collect(),
            unlettered: codes.iter().map(|c| unlettered.contains(c)).collect(),
            language,
        }
    }

    /// The kind written `code`, given it a new kind when it has none yet (for writers
    /// tested without a rule set).
    pub fn kind_of(&mut self, code: &str) -> Kind {
        let i = match self.codes.iter().position(|c| c == code) {
            Some(i) => i,
            None => {
                self.codes.push(code.to_string());
                self.unlettered.push(false);
                self.codes.len() - 1
            }
        };
        Kind(i as u8)
    }

    /// The output's language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// How `kind` is written.
    pub fn code(&self, kind: Kind) -> &str {
        self.codes.get(kind.index()).map_or("?", String::as_str)
    }

    /// Whether moves of `kind` are written without its code.
    pub fn unlettered(&self, kind: Kind) -> bool {
        self.unlettered.get(kind.index()).copied().unwrap_or(false)
    }

    /// The letter of `owner`'s colour (`w`, `b`, `n`; German `w`, `s`, `n`; French `b`,
    /// `n`, `n`).
    pub fn colour_letter(&self, owner: Owner) -> char {
        self.language.colour_letter(owner)
    }

    /// How a unit is described in twin headings: colour letter, attribute
    /// abbreviations, code in upper case (`wK`; a neutral half-neutral rook `nhnR`).
    pub fn spec(&self, piece: Piece) -> String {
        let mut s = String::new();
        s.push(self.colour_letter(piece.owner));
        s.push_str(&self.attributes(piece));
        s.push_str(&self.code(piece.kind).to_ascii_uppercase());
        s
    }

    /// The abbreviations of a unit's attributes, in the reference's order: `r` for a
    /// unit royal by attribute, `hn` for a half-neutral one (`rhn`); empty for none.
    pub fn attributes(&self, piece: Piece) -> String {
        let mut s = String::new();
        if piece.royal {
            s.push_str(&PieceAttribute::Royal.abbreviation(self.language));
        }
        if piece.half {
            s.push_str(&PieceAttribute::HalfNeutral.abbreviation(self.language));
        }
        s
    }
}
