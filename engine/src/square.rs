//! Squares of the 8×8 board and the vectors between them.
//!
//! A square is a number `0..64`, `a1 = 0`, `b1 = 1`, … `h8 = 63` (rank-major), so that
//! bitboards and tables index by it directly. Every move generator in the generated rule
//! set walks the board through [`Square::offset`], which is the one place that knows where
//! the board ends.

use std::fmt;

/// One of the 64 squares, `a1 = 0` … `h8 = 63`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// All squares in index order (a1, b1, … h8).
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index; `index < 64`.
    #[inline]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank), if both are on the board.
    #[inline]
    pub const fn from_coords(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// Index `0..64`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// File, 0 = a … 7 = h.
    #[inline]
    pub const fn file(self) -> i8 {
        (self.0 & 7) as i8
    }

    /// Rank, 0 = first rank … 7 = eighth rank.
    #[inline]
    pub const fn rank(self) -> i8 {
        (self.0 >> 3) as i8
    }

    /// The square `dx` files and `dy` ranks away, if it is on the board.
    #[inline(always)]
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        Square::from_coords(self.file() + dx, self.rank() + dy)
    }

    /// The square mirrored top to bottom (a1 ↔ a8): the same square seen from Black.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Parses `e4` style names.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::from_coords(file as i8, rank as i8).filter(|_| file < 8 && rank < 8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            (b'1' + self.rank() as u8) as char
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.offset(1, 2), Square::parse("b3"));
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(Square::parse("h8").unwrap().offset(0, 1), None);
    }
}
