//! Squares as the input language writes them (`e4`: a file letter a-h, either case,
//! then a rank digit 1-8) and lists of squares written together (`a2b2c2`). Every
//! other reader needs them, so they sit in their own file.

use std::fmt;

/// A square of the 8x8 board: file 0..=7 (a..h) and rank 0..=7 (1..8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 for the a-file, 7 for the h-file.
    pub file: u8,
    /// 0 for the first rank, 7 for the eighth.
    pub rank: u8,
}

impl Square {
    /// The square at `file` and `rank` (both 0..=7); `None` off the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// Reads a square from the first two characters of `text`, as in `e4`.
    pub fn parse_prefix(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() < 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase();
        let rank = b[1];
        if (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank) {
            Some(Square {
                file: file - b'a',
                rank: rank - b'1',
            })
        } else {
            None
        }
    }

    /// Reads a text that is exactly one square.
    pub fn parse(text: &str) -> Option<Square> {
        if text.len() == 2 {
            Square::parse_prefix(text)
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    /// `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file) as char,
            (b'1' + self.rank) as char
        )
    }
}

/// Reads as many squares as `text` begins with; returns them and the unread rest.
pub(crate) fn parse_square_list(text: &str) -> (Vec<Square>, &str) {
    let mut squares = Vec::new();
    let mut rest = text;
    while let Some(sq) = Square::parse_prefix(rest) {
        squares.push(sq);
        rest = &rest[2..];
    }
    (squares, rest)
}

/// The squares of `text` if it consists of one or more squares and nothing else.
pub(crate) fn parse_whole_square_list(text: &str) -> Option<Vec<Square>> {
    let (squares, rest) = parse_square_list(text);
    if !squares.is_empty() && rest.is_empty() {
        Some(squares)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_squares() {
        let e4 = Square::parse("E4").unwrap();
        assert_eq!((e4.file, e4.rank), (4, 3));
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a1b"), None);
        assert_eq!(Square::new(8, 0), None);
    }

    #[test]
    fn reads_square_lists_and_stops_at_the_first_non_square() {
        let (sq, rest) = parse_square_list("a2b2c2x");
        assert_eq!(sq.len(), 3);
        assert_eq!(rest, "x");
        assert!(parse_whole_square_list("a2b2").is_some());
        assert!(parse_whole_square_list("a2b").is_none());
        assert!(parse_whole_square_list("").is_none());
    }
}
