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
    /// By mark (an attribute written as a rule): the attribute of the output it is, by
    /// its English name, if it is one the output knows.
    marks: Vec<Option<PieceAttribute>>,
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
            marks: Vec::new(),
            language,
        }
    }

    /// These names, with the attributes written as rules named by `marks` (each mark's
    /// English name, in the order of the rule set's attribute rules).
    pub fn with_marks<'a>(mut self, marks: impl Iterator<Item = &'a str>) -> Names {
        self.marks = marks
            .map(|m| {
                PieceAttribute::ALL
                    .into_iter()
                    .find(|a| a.name(Language::English).eq_ignore_ascii_case(m))
            })
            .collect();
        self
    }

    /// The attributes written as rules that `piece` carries, as the output names them.
    pub fn marked(&self, piece: Piece) -> impl Iterator<Item = PieceAttribute> + '_ {
        piece
            .marks
            .iter()
            .filter_map(|m| self.marks.get(m as usize).copied().flatten())
    }

    /// Names from a list of codes, kind 0 first, `unlettered` the codes written without
    /// them in moves (for writers tested without a rule set).
    pub fn from_codes(codes: &[&str], unlettered: &[&str], language: Language) -> Names {
        Names {
            codes: codes.iter().map(|c| c.to_string()).collect(),
            unlettered: codes.iter().map(|c| unlettered.contains(c)).collect(),
            marks: Vec::new(),
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
    /// unit royal by attribute, `hn` for a half-neutral one (`rhn`), `k` for a
    /// kamikaze one, `c` for a chameleon (`kc`); empty for none.
    pub fn attributes(&self, piece: Piece) -> String {
        let mut carried: Vec<PieceAttribute> = self.marked(piece).collect();
        if piece.royal {
            carried.push(PieceAttribute::Royal);
        }
        if piece.half {
            carried.push(PieceAttribute::HalfNeutral);
        }
        carried.sort_by_key(|&a| a as usize);
        carried
            .into_iter()
            .map(|a| a.abbreviation(self.language))
            .collect()
    }
}
