//! Reading positions written as FEN, or with the reference's Forsyth board.
//!
//! Standard FEN writes the knight `N`; the reference's Forsyth notation writes it `S` and
//! lets fairy units stand on the board: a two-letter code after a dot (`.LI`, `.bp`),
//! upper case white, lower case black, `=` before a code for a neutral unit. The side,
//! castling and en-passant fields follow as in FEN.

use crate::board::Board;
use crate::codes::{kind_by_code, CodeSet};
use crate::piece::{Owner, Piece, Side};
use crate::position::{Castling, EnPassant, Position};
use crate::rules::RuleSet;
use crate::square::Square;

/// How the board field of a position is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardNotation {
    /// Standard FEN: K Q R B N P.
    Fen,
    /// The reference's Forsyth notation with fairyforge's codes.
    Forsyth(CodeSet),
}

/// What went wrong reading a position, with the character column (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// 1-based column in the position text.
    pub column: usize,
    /// What was expected, in words.
    pub message: String,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for FenError {}

fn err(column: usize, message: impl Into<String>) -> FenError {
    FenError {
        column,
        message: message.into(),
    }
}

/// Reads `text` (board, side, castling, en passant; further fields ignored) into a
/// position under `rules`.
pub fn parse_position<R: RuleSet>(
    text: &str,
    notation: BoardNotation,
    rules: R,
) -> Result<Position<R>, FenError> {
    let mut fields = Vec::new();
    let mut col = 1;
    for part in text.split(' ') {
        if !part.is_empty() {
            fields.push((col, part));
        }
        col += part.chars().count() + 1;
    }
    let Some(&(board_col, board_text)) = fields.first() else {
        return Err(err(1, "expected a board, found nothing"));
    };
    let board = parse_board::<R>(board_text, board_col, notation)?;
    let side = match fields.get(1) {
        None => Side::White,
        Some((_, "w")) => Side::White,
        Some((_, "b")) => Side::Black,
        Some((c, other)) => {
            return Err(err(
                *c,
                format!("expected `w` or `b` for the side to move, found `{other}`"),
            ))
        }
    };
    let mut castling = Castling::NONE;
    if let Some(&(c, text)) = fields.get(2) {
        if text != "-" {
            for (i, ch) in text.chars().enumerate() {
                match ch {
                    'K' => castling.set_short(Side::White, true),
                    'Q' => castling.set_long(Side::White, true),
                    'k' => castling.set_short(Side::Black, true),
                    'q' => castling.set_long(Side::Black, true),
                    _ => {
                        return Err(err(
                            c + i,
                            format!("expected castling rights (KQkq or -), found `{ch}`"),
                        ))
                    }
                }
            }
        }
    }
    let mut ep = None;
    if let Some(&(c, text)) = fields.get(3) {
        if text != "-" {
            let passed = Square::parse(text).ok_or_else(|| {
                err(
                    c,
                    format!("expected an en-passant square or -, found `{text}`"),
                )
            })?;
            let victim = passed
                .offset(0, -side.forward())
                .ok_or_else(|| err(c, "the en-passant square is on the edge of the board"))?;
            ep = Some(EnPassant::new(passed, victim));
        }
    }
    Ok(Position::new(board, side, castling, ep, rules))
}

fn parse_board<R: RuleSet>(
    text: &str,
    start_col: usize,
    notation: BoardNotation,
) -> Result<Board, FenError> {
    let mut board = Board::empty();
    let chars: Vec<char> = text.chars().collect();
    let (mut file, mut rank) = (0i8, 7i8);
    let mut i = 0;
    while i < chars.len() {
        let col = start_col + i;
        let ch = chars[i];
        match ch {
            '/' => {
                if file != 8 {
                    return Err(err(
                        col,
                        format!("rank {} has {} squares, expected 8", rank + 1, file),
                    ));
                }
                rank -= 1;
                file = 0;
                if rank < 0 {
                    return Err(err(col, "more than 8 ranks"));
                }
                i += 1;
                continue;
            }
            '1'..='8' => {
                file += ch as i8 - '0' as i8;
                i += 1;
            }
            _ => {
                let (owner, code, used) = read_unit(&chars[i..], notation).ok_or_else(|| {
                    err(
                        col,
                        format!("expected a piece code, a digit or `/`, found `{ch}`"),
                    )
                })?;
                let set = match notation {
                    BoardNotation::Fen => CodeSet::Popeye,
                    BoardNotation::Forsyth(set) => set,
                };
                let kind = kind_by_code(R::KINDS, set, &code)
                    .ok_or_else(|| err(col, format!("unknown piece code `{code}`")))?;
                let sq = Square::from_coords(file, rank).ok_or_else(|| {
                    err(col, format!("rank {} has more than 8 squares", rank + 1))
                })?;
                board.put(sq, Piece::new(kind, owner));
                file += 1;
                i += used;
            }
        }
        if file > 8 {
            return Err(err(
                col,
                format!("rank {} has more than 8 squares", rank + 1),
            ));
        }
    }
    if rank != 0 || file != 8 {
        return Err(err(
            start_col + chars.len(),
            "expected 8 ranks of 8 squares",
        ));
    }
    Ok(board)
}

/// One unit at the start of `chars`: (owner, code, characters used).
fn read_unit(chars: &[char], notation: BoardNotation) -> Option<(Owner, String, usize)> {
    let mut used = 0;
    let mut prefix = None;
    if notation != BoardNotation::Fen {
        match chars.first()? {
            '=' => prefix = Some(Owner::Neutral),
            '+' => prefix = Some(Owner::White),
            '-' => prefix = Some(Owner::Black),
            _ => {}
        }
        if prefix.is_some() {
            used += 1;
        }
    }
    let (letters, n) = if notation != BoardNotation::Fen && chars.get(used) == Some(&'.') {
        let a = *chars.get(used + 1)?;
        let b = *chars.get(used + 2)?;
        (vec![a, b], 3)
    } else {
        (vec![*chars.get(used)?], 1)
    };
    if !letters.iter().all(|c| c.is_ascii_alphanumeric()) || !letters[0].is_ascii_alphabetic() {
        return None;
    }
    let owner = prefix.unwrap_or(if letters[0].is_ascii_uppercase() {
        Owner::White
    } else {
        Owner::Black
    });
    let mut code: String = letters.iter().collect::<String>().to_ascii_uppercase();
    if notation == BoardNotation::Fen && code == "N" {
        code = "S".into();
    }
    Some((owner, code, used + n))
}
