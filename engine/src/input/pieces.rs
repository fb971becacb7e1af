//! Units on the board as the input places them: the `Pieces` section (colour words,
//! attributes, then a code followed by its squares: `Ke1`, `Pa2b2c2`, `LIe4`, hunters
//! `R/Bc4`), the `Forsyth` board and the standard game array. Piece codes are kept as
//! written (upper-cased) and never resolved here: the engine owns the per-language
//! tables. Whether a token is a piece is therefore decided by its shape, as the
//! reference decides how many letters the code has: an odd-length token has a
//! one-letter code, an even-length one a two-letter code.

use std::fmt;

use crate::piece::Owner;

use super::error::InputError;
use super::language::{Language, Lookup};
use super::lexer::{Cursor, Token};
use super::square::{parse_square_list, parse_whole_square_list, Square};
use super::tables::{ATTRIBUTES, COLOURS, INITIAL, PROBLEM_END, TWINNINGS, TWIN_END};

/// A unit placed on the board by the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedUnit {
    /// Its colour.
    pub colour: Owner,
    /// Its attributes (`Royal`, `HalfNeutral`, `Chameleon`, ...), in their canonical
    /// English spelling, in the order written.
    pub attributes: Vec<String>,
    /// The piece code as written, upper-cased and unresolved: one or two characters
    /// (`K`, `LI`, `37`), or two codes joined by `/` for a hunter (`R/B`). Its meaning
    /// depends on the problem's language.
    pub code: String,
    /// Where it stands.
    pub square: Square,
    /// Where it was written: line and column of its token, counted from 1 (0, 0 for a
    /// unit of the game array, which no token writes).
    pub at: (u32, u32),
}

impl fmt::Display for PlacedUnit {
    /// `White Royal LIe4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.colour)?;
        for a in &self.attributes {
            write!(f, " {}", a)?;
        }
        write!(f, " {}{}", self.code, self.square)
    }
}

/// Puts `unit` on the board, removing whatever stood on its square (as the reference
/// does when a square is given twice); whether a unit was removed.
pub(crate) fn place(units: &mut Vec<PlacedUnit>, unit: PlacedUnit) -> bool {
    let before = units.len();
    units.retain(|u| u.square != unit.square);
    let replaced = units.len() < before;
    units.push(unit);
    replaced
}

/// The warning the reference gives for a unit written on a square already taken.
pub(crate) fn occupied_warning(square: Square) -> String {
    format!("{square} already occupied - the unit written there before is taken off")
}

/// Whether `part` can be a piece code: one letter, or two letters or digits.
fn is_code(part: &str) -> bool {
    let b = part.as_bytes();
    match b.len() {
        1 => b[0].is_ascii_alphabetic(),
        2 => b[0].is_ascii_alphanumeric() && b[1].is_ascii_alphanumeric(),
        _ => false,
    }
}

/// Splits a piece token that may carry squares (`Ke1`, `LIe4e5`, `R/Bc4`) into its
/// code (upper-cased) and the rest, choosing the code length by parity as the
/// reference does. `None` if the token cannot start with a piece code.
pub(crate) fn split_piece_token(text: &str) -> Option<(String, &str)> {
    let slash = text.find('/').filter(|&p| p <= 2);
    let (code, rest) = match slash {
        Some(p) => {
            let away = &text[..p];
            let after = &text[p + 1..];
            let home_len = if after.len() % 2 == 1 { 1 } else { 2 };
            if after.len() < home_len || !after.is_char_boundary(home_len) {
                return None;
            }
            let home = &after[..home_len];
            if !is_code(away) || !is_code(home) {
                return None;
            }
            (format!("{}/{}", away, home), &after[home_len..])
        }
        None => {
            let len = if text.len() % 2 == 1 { 1 } else { 2 };
            if text.len() < len || !text.is_char_boundary(len) {
                return None;
            }
            let code = &text[..len];
            if !is_code(code) {
                return None;
            }
            (code.to_string(), &text[len..])
        }
    };
    Some((code.to_ascii_uppercase(), rest))
}

/// The code of a token that is a piece code and nothing else (`Q`, `LI`, `R/B`), as
/// the reference reads the walks of conditions and of `Substitute`.
pub(crate) fn whole_walk_token(text: &str) -> Option<String> {
    match split_piece_token(text) {
        Some((code, "")) if text.len() <= 5 => Some(code),
        _ => None,
    }
}

/// Whether a token selects a keyword of the problem's language that can follow a
/// piece list (so that it ends the list rather than being a badly written piece).
/// An ambiguous abbreviation does not count: it reads as a piece code.
pub(crate) fn is_keyword(cur: &Cursor, tok: &Token) -> bool {
    let selects = |l: Lookup| matches!(l, Lookup::Found(_));
    selects(cur.lookup(&INITIAL, tok))
        || selects(cur.lookup(&PROBLEM_END, tok))
        || selects(cur.lookup(&TWIN_END, tok))
        || selects(cur.lookup(&TWINNINGS, tok))
        || selects(cur.lookup(&COLOURS, tok))
}

/// What a `Pieces` section (or an `Add` twinning) placed.
#[derive(Debug, Default)]
pub(crate) struct PiecesRead {
    /// The units, in the order written.
    pub units: Vec<PlacedUnit>,
    /// The number given after `TotalInvisible`, if any.
    pub total_invisible: Option<u32>,
}

/// The ambiguity error of a token in a table.
pub(crate) fn ambiguous<const N: usize>(
    cur: &Cursor,
    tok: &Token,
    what: &str,
    table: &super::language::Table<N>,
    a: usize,
    b: usize,
) -> InputError {
    tok.error(format!(
        "ambiguous {} \"{}\": it could be {} or {}",
        what,
        tok.text,
        cur.local(table, a),
        cur.local(table, b)
    ))
}

/// Reads the non-colour attributes that follow a colour word, starting with `tok`;
/// returns them and the first token that is not one.
pub(crate) fn read_attributes<'a>(
    cur: &mut Cursor<'a>,
    mut tok: Token<'a>,
) -> Result<(Vec<String>, Token<'a>), InputError> {
    let mut attributes = Vec::new();
    loop {
        match cur.lookup(&ATTRIBUTES, &tok) {
            Lookup::Found(i) => {
                attributes.push(Cursor::english(&ATTRIBUTES, i).to_string());
                tok = cur.next()?;
            }
            Lookup::Ambiguous(a, b) => {
                return Err(ambiguous(cur, &tok, "piece attribute", &ATTRIBUTES, a, b))
            }
            Lookup::NotFound => return Ok((attributes, tok)),
        }
    }
}

/// Reads colour groups (`White Ke1 Qd1 Black Royal Ke8 ...`) starting with `tok`, the
/// token after `Pieces` or `Add`; returns what was placed and the first token that
/// belongs to the next section.
pub(crate) fn read_pieces<'a>(
    cur: &mut Cursor<'a>,
    mut tok: Token<'a>,
    keyword: &str,
) -> Result<(PiecesRead, Token<'a>), InputError> {
    let mut read = PiecesRead::default();
    let mut groups = 0;
    loop {
        let colour = match cur.lookup(&COLOURS, &tok) {
            Lookup::Found(0) => Owner::White,
            Lookup::Found(1) => Owner::Black,
            Lookup::Found(2) => Owner::Neutral,
            Lookup::Found(_) => {
                let n = cur.next_expecting("the number of total invisibles")?;
                match n.text.parse::<u32>() {
                    Ok(v) => read.total_invisible = Some(v),
                    Err(_) => {
                        return Err(n.error(format!(
                            "expected the number of total invisibles after {}, found \"{}\"",
                            tok.text, n.text
                        )))
                    }
                }
                groups += 1;
                tok = cur.next()?;
                continue;
            }
            Lookup::Ambiguous(a, b) => return Err(ambiguous(cur, &tok, "colour", &COLOURS, a, b)),
            Lookup::NotFound => {
                if groups == 0 {
                    return Err(tok.error(format!(
                        "expected a colour ({}, {} or {}) after {}, found \"{}\"",
                        cur.local(&COLOURS, 0),
                        cur.local(&COLOURS, 1),
                        cur.local(&COLOURS, 2),
                        keyword,
                        tok.text
                    )));
                }
                return Ok((read, tok));
            }
        };
        let colour_word = tok.text;
        let first = cur.next_expecting("a piece after the colour")?;
        let (mut attributes, next) = read_attributes(cur, first)?;
        tok = next;
        let mut walks = 0;
        loop {
            let squares = read_piece_token(cur, &tok, walks > 0)?;
            match squares {
                Some((code, sq)) => {
                    for square in sq {
                        let unit = PlacedUnit {
                            colour,
                            attributes: attributes.clone(),
                            code: code.clone(),
                            square,
                            at: (tok.line, tok.col),
                        };
                        if place(&mut read.units, unit) {
                            cur.warnings.push(tok.error(occupied_warning(square)));
                        }
                    }
                    walks += 1;
                    // The reference applies Royal to the first piece only.
                    attributes.retain(|a| a != "Royal");
                    tok = cur.next()?;
                }
                None if walks == 0 => {
                    return Err(tok.error(format!(
                        "expected a piece code followed by its squares (like Ke1) after {}, found \"{}\"",
                        colour_word, tok.text
                    )))
                }
                None => break,
            }
        }
        groups += 1;
    }
}

/// Reads the piece token `tok` (`Ke1`, or a bare `K` whose squares are the next
/// token): its code and squares, or `None` if it is no piece token and, with
/// `may_end` (a piece was read already), may start the next section instead.
fn read_piece_token(
    cur: &mut Cursor,
    tok: &Token,
    may_end: bool,
) -> Result<Option<(String, Vec<Square>)>, InputError> {
    let (code, rest) = match split_piece_token(tok.text) {
        Some(x) => x,
        None => return Ok(None),
    };
    if rest.is_empty() {
        // A bare code: its squares must be the next token.
        let saved = cur.clone();
        let following = cur.next_raw()?;
        if let Some(sq) = following.and_then(|t| parse_whole_square_list(t.text)) {
            return Ok(Some((code, sq)));
        }
        *cur = saved;
        if may_end && is_keyword(cur, tok) {
            return Ok(None);
        }
        return Err(match following {
            Some(t) => t.error(format!(
                "expected a square like e4 after the piece code {}, found \"{}\"",
                code, t.text
            )),
            None => cur.error_here(format!(
                "expected a square like e4 after the piece code {}, found the end of the file",
                code
            )),
        });
    }
    let (sq, left) = parse_square_list(rest);
    if !sq.is_empty() && left.is_empty() {
        return Ok(Some((code, sq)));
    }
    // A keyword, or a word without digits, is no piece: it ends the list.
    if is_keyword(cur, tok) || !tok.text.bytes().any(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let after = if sq.is_empty() {
        format!("the piece code {}", code)
    } else {
        format!("{}{}", code, &rest[..rest.len() - left.len()])
    };
    Err(tok.error_within(
        tok.text.len() - left.len(),
        format!(
            "expected a square like e4 after {}, found \"{}\"",
            after, left
        ),
    ))
}

/// Reads the board in the reference's Forsyth notation from one token: ranks from
/// the eighth down, files a to h, `/` between ranks (optional), digits (one or two)
/// for empty squares, a letter for a piece (upper case white, lower case black), a
/// two-character code after `.` (`.LI`, `.bp`), and `+`, `-`, `=` before a piece for
/// white, black, neutral whatever its case. Characters after h1 are ignored.
pub(crate) fn read_forsyth(tok: &Token) -> Result<Vec<PlacedUnit>, InputError> {
    let b = tok.text.as_bytes();
    let mut units = Vec::new();
    let mut i = 0;
    let mut idx: usize = 0;
    while idx < 64 && i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            let mut n = (c - b'0') as usize;
            i += 1;
            if i < b.len() && b[i].is_ascii_digit() {
                n = 10 * n + (b[i] - b'0') as usize;
                i += 1;
            }
            idx += n;
            continue;
        }
        if c == b'/' {
            i += 1;
            continue;
        }
        let start = i;
        let mut colour = match c {
            b'=' => Some(Owner::Neutral),
            b'+' => Some(Owner::White),
            b'-' => Some(Owner::Black),
            _ => None,
        };
        if colour.is_some() {
            i += 1;
        }
        let len = if i < b.len() && b[i] == b'.' {
            i += 1;
            2
        } else {
            1
        };
        if i + len > b.len() || !is_code(&tok.text[i..i + len]) {
            return Err(tok.error_within(
                start,
                format!(
                    "expected a piece letter, a digit or / in the Forsyth board, found \"{}\"",
                    &tok.text[start..]
                ),
            ));
        }
        let code = &tok.text[i..i + len];
        if colour.is_none() {
            colour = Some(if b[i].is_ascii_lowercase() {
                Owner::Black
            } else {
                Owner::White
            });
        }
        i += len;
        let square = Square::new((56 - 8 * (idx / 8) + idx % 8) as u8);
        place(
            &mut units,
            PlacedUnit {
                colour: colour.unwrap_or(Owner::White),
                attributes: Vec::new(),
                code: code.to_ascii_uppercase(),
                square,
                at: (tok.line, tok.col + i as u32 - len as u32),
            },
        );
        idx += 1;
    }
    Ok(units)
}

/// The standard game array with the piece codes of `lang` (`InitialGameArray`).
pub(crate) fn game_array(lang: Language) -> Vec<PlacedUnit> {
    let (k, q, r, b, s, p) = match lang {
        Language::English => ("K", "Q", "R", "B", "S", "P"),
        Language::German => ("K", "D", "T", "L", "S", "B"),
        Language::French => ("R", "D", "T", "F", "C", "P"),
    };
    let back = [r, s, b, q, k, b, s, r];
    let mut units = Vec::new();
    for (colour, back_rank, pawn_rank) in [(Owner::White, 0, 1), (Owner::Black, 7, 6)] {
        for (file, code) in back.iter().enumerate() {
            for (rank, code) in [(back_rank, *code), (pawn_rank, p)] {
                units.push(PlacedUnit {
                    colour,
                    attributes: Vec::new(),
                    code: code.to_string(),
                    square: Square::from_coords(file as i8, rank).expect("on the board"),
                    at: (0, 0),
                });
            }
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_length_follows_the_token_length() {
        assert_eq!(split_piece_token("Ke1"), Some(("K".into(), "e1")));
        assert_eq!(split_piece_token("LIe4"), Some(("LI".into(), "e4")));
        assert_eq!(split_piece_token("Pa2b2c2"), Some(("P".into(), "a2b2c2")));
        assert_eq!(split_piece_token("EQc2d3"), Some(("EQ".into(), "c2d3")));
        assert_eq!(split_piece_token("bpe4"), Some(("BP".into(), "e4")));
        assert_eq!(split_piece_token("37a1"), Some(("37".into(), "a1")));
        assert_eq!(split_piece_token("1a1"), None);
        assert_eq!(split_piece_token("#2"), None);
    }

    #[test]
    fn hunters_are_two_codes_around_a_slash() {
        assert_eq!(split_piece_token("r/bc4"), Some(("R/B".into(), "c4")));
        assert_eq!(split_piece_token("rh/rc4d5"), Some(("RH/R".into(), "c4d5")));
        assert_eq!(whole_walk_token("r/b"), Some("R/B".into()));
        assert_eq!(whole_walk_token("q"), Some("Q".into()));
        assert_eq!(whole_walk_token("LI"), Some("LI".into()));
        assert_eq!(whole_walk_token("Lio"), None);
    }

    fn forsyth(text: &str) -> Result<Vec<PlacedUnit>, InputError> {
        let tok = Token {
            text,
            line: 1,
            col: 1,
            offset: 0,
        };
        read_forsyth(&tok)
    }

    #[test]
    fn forsyth_places_ranks_from_the_eighth_down() {
        let u = forsyth("32/6p1/1p6/5Q2/K1k5/").unwrap();
        let s: Vec<String> = u.iter().map(|u| u.to_string()).collect();
        assert_eq!(
            s,
            vec![
                "Black Pg4",
                "Black Pb3",
                "White Qf2",
                "White Ka1",
                "Black Kc1"
            ]
        );
    }

    #[test]
    fn forsyth_two_letter_codes_and_colour_prefixes() {
        let u = forsyth("k7/8/8/8/3.LI4/8/8/=.bp+q-R5").unwrap();
        let s: Vec<String> = u.iter().map(|u| u.to_string()).collect();
        assert_eq!(
            s,
            vec![
                "Black Ka8",
                "White LId4",
                "Neutral BPa1",
                "White Qb1",
                "Black Rc1"
            ]
        );
    }

    #[test]
    fn forsyth_rejects_a_stray_character() {
        let e = forsyth("8/8/3#4").unwrap_err();
        assert_eq!(e.column, 6);
        assert!(e.message.contains("Forsyth"), "{}", e.message);
    }

    #[test]
    fn game_array_in_german() {
        let u = game_array(Language::German);
        assert_eq!(u.len(), 32);
        assert!(u
            .iter()
            .any(|u| u.to_string() == "White De1" || u.to_string() == "White Dd1"));
        assert!(u.iter().any(|u| u.to_string() == "Black Be7"));
    }
}
