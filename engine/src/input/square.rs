//! Squares as the input language writes them (`e4`: a file letter a-h, either case,
//! then a rank digit 1-8) and lists of squares written together (`a2b2c2`), read into
//! the engine's [`Square`]. Every other reader needs them, so they sit in their own file.

pub use crate::square::Square;

/// Reads a square from the first two characters of `text`, as in `e4` (the file letter in
/// either case).
pub(crate) fn square_prefix(text: &str) -> Option<Square> {
    text.get(..2).and_then(Square::parse)
}

/// Reads as many squares as `text` begins with; returns them and the unread rest.
pub(crate) fn parse_square_list(text: &str) -> (Vec<Square>, &str) {
    let mut squares = Vec::new();
    let mut rest = text;
    while let Some(sq) = square_prefix(rest) {
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
        let e4 = square_prefix("E4x").unwrap();
        assert_eq!((e4.file(), e4.rank()), (4, 3));
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(square_prefix("i1"), None);
        assert_eq!(square_prefix("a9"), None);
        assert_eq!(square_prefix("a"), None);
        assert_eq!(square_prefix("é1"), None);
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
