//! The placement of units on the 64 squares.
//!
//! A mailbox (`square → unit`) answers "what stands here", and bitboards by owner and by
//! kind answer "where are the white Grasshoppers" for generators and attack tests. Both
//! are kept in step by the only two mutators, [`Board::put`] and [`Board::take`]. A
//! square may be a hole (Hole, Haaner chess): off the board for every walk, never empty,
//! holding no unit; the occupancy generators read counts holes with the units.

use crate::bitboard::Bitboard;
use crate::piece::{Kind, KindSet, Owner, Piece, Side};
use crate::square::Square;

pub use fairyforge_vocab::MAX_KINDS;

/// The slot of `by_owner` (and of the Zobrist table) that marks half-neutral units; the
/// first three are the owners.
const HALF: usize = 3;

/// The slot of `by_owner` (and of the Zobrist table) that marks units royal by attribute.
const ROYAL: usize = 4;

/// Units on squares.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 64],
    by_owner: [Bitboard; 5],
    by_kind: [Bitboard; MAX_KINDS],
    /// The kinds with some unit on the board.
    present: KindSet,
    /// The squares of units and the holes: what stops a line.
    occupied: Bitboard,
    holes: Bitboard,
    hash: u64,
}

/// The splitmix64 sequence one step on from `state`: the new state and the number drawn
/// (keys for hashing, drawn at compile time).
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Zobrist keys: one random number per (kind, owner or attribute slot, square), for
/// position hashing.
static ZOBRIST: [[[u64; 64]; 5]; MAX_KINDS] = {
    let mut table = [[[0u64; 64]; 5]; MAX_KINDS];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut k = 0;
    while k < MAX_KINDS {
        let mut o = 0;
        while o < 5 {
            let mut s = 0;
            while s < 64 {
                (state, table[k][o][s]) = splitmix64(state);
                s += 1;
            }
            o += 1;
        }
        k += 1;
    }
    table
};

/// Zobrist keys of the attributes written as rules, one per (attribute, square).
static MARK_KEYS: [[u64; 64]; 16] = {
    let mut keys = [[0u64; 64]; 16];
    let mut state: u64 = 0x6A09_E667_F3BC_C908;
    let mut m = 0;
    while m < 16 {
        let mut s = 0;
        while s < 64 {
            (state, keys[m][s]) = splitmix64(state);
            s += 1;
        }
        m += 1;
    }
    keys
};

/// The hash of the attributes `marks` on `sq`.
#[inline(always)]
fn marks_key(marks: crate::piece::Marks, sq: Square) -> u64 {
    marks
        .iter()
        .fold(0, |h, m| h ^ MARK_KEYS[m as usize][sq.index()])
}

/// Zobrist keys of holes, one per square.
static HOLE_KEYS: [u64; 64] = {
    let mut keys = [0u64; 64];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut s = 0;
    while s < 64 {
        (state, keys[s]) = splitmix64(state);
        s += 1;
    }
    keys
};

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no unit.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 64],
            by_owner: [Bitboard::EMPTY; 5],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            present: KindSet::EMPTY,
            occupied: Bitboard::EMPTY,
            holes: Bitboard::EMPTY,
            hash: 0,
        }
    }

    /// The unit on `sq`, if any.
    #[inline(always)]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Whether `sq` is empty: no unit and no hole.
    #[inline(always)]
    pub fn is_empty(&self, sq: Square) -> bool {
        !self.occupied.contains(sq)
    }

    /// The squares of the units `side` may move that carry attribute `mark`.
    pub fn marked(&self, side: Side, mark: u8) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in self.movable_by(side) {
            if self.squares[sq.index()].is_some_and(|p| p.marks.has(mark)) {
                out.insert(sq);
            }
        }
        out
    }

    /// Places `piece` on the empty square `sq`.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.put_hashing::<true>(sq, piece);
    }

    /// Places `piece` on the empty square `sq`, updating the hash when `HASH` is true
    /// (a trial placement undone at once may skip it).
    #[inline(always)]
    pub fn put_hashing<const HASH: bool>(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none(), "put on occupied {sq}");
        self.squares[sq.index()] = Some(piece);
        self.by_owner[piece.owner.index()].insert(sq);
        self.by_kind[piece.kind.index()].insert(sq);
        self.present.insert(piece.kind);
        self.occupied.insert(sq);
        if HASH {
            self.hash ^= ZOBRIST[piece.kind.index()][piece.owner.index()][sq.index()];
        }
        if piece.half {
            self.by_owner[HALF].insert(sq);
            if HASH {
                self.hash ^= ZOBRIST[piece.kind.index()][HALF][sq.index()];
            }
        }
        if piece.royal {
            self.by_owner[ROYAL].insert(sq);
            if HASH {
                self.hash ^= ZOBRIST[piece.kind.index()][ROYAL][sq.index()];
            }
        }
        if HASH && piece.marks.0 != 0 {
            self.hash ^= marks_key(piece.marks, sq);
        }
    }

    /// Lifts the unit off `sq` for an observation test: the square reads empty, while
    /// the unit still counts for its owner and kind. [`Board::set_down`] puts it back.
    /// Observation looks at squares and occupancy, and a lifted unit is the observed
    /// side's, never an observer, so the test sees the board as if it had left.
    #[inline(always)]
    pub fn lift(&mut self, sq: Square) -> Option<Piece> {
        self.occupied.remove(sq);
        self.squares[sq.index()].take()
    }

    /// Puts back a unit [`Board::lift`] took off `sq`.
    #[inline(always)]
    pub fn set_down(&mut self, sq: Square, piece: Option<Piece>) {
        if piece.is_some() {
            self.occupied.insert(sq);
        }
        self.squares[sq.index()] = piece;
    }

    #[inline(always)]
    pub fn take(&mut self, sq: Square) -> Piece {
        self.take_hashing::<true>(sq)
    }

    /// Removes and returns the unit on `sq`, updating the hash when `HASH` is true.
    #[inline(always)]
    pub fn take_hashing<const HASH: bool>(&mut self, sq: Square) -> Piece {
        let piece = self.squares[sq.index()]
            .take()
            .expect("take from an empty square");
        self.by_owner[piece.owner.index()].remove(sq);
        self.by_kind[piece.kind.index()].remove(sq);
        if self.by_kind[piece.kind.index()].is_empty() {
            self.present.remove(piece.kind);
        }
        self.occupied.remove(sq);
        if HASH {
            self.hash ^= ZOBRIST[piece.kind.index()][piece.owner.index()][sq.index()];
        }
        if piece.half {
            self.by_owner[HALF].remove(sq);
            if HASH {
                self.hash ^= ZOBRIST[piece.kind.index()][HALF][sq.index()];
            }
        }
        if piece.royal {
            self.by_owner[ROYAL].remove(sq);
            if HASH {
                self.hash ^= ZOBRIST[piece.kind.index()][ROYAL][sq.index()];
            }
        }
        if HASH && piece.marks.0 != 0 {
            self.hash ^= marks_key(piece.marks, sq);
        }
        piece
    }

    /// A hash of the placement (Zobrist), updated incrementally.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Every square that stops a line: the units' and the holes.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// Every square holding a unit.
    #[inline(always)]
    pub fn units(&self) -> Bitboard {
        self.occupied & !self.holes
    }

    /// Whether `sq` is a hole.
    #[inline(always)]
    pub fn is_hole(&self, sq: Square) -> bool {
        self.holes.contains(sq)
    }

    /// The holes: squares off the board for every walk.
    #[inline(always)]
    pub fn holes(&self) -> Bitboard {
        self.holes
    }

    /// Makes the empty square `sq` a hole, updating the hash when `HASH` is true.
    #[inline]
    pub fn make_hole<const HASH: bool>(&mut self, sq: Square) {
        debug_assert!(self.is_empty(sq), "hole on occupied {sq}");
        self.holes.insert(sq);
        self.occupied.insert(sq);
        if HASH {
            self.hash ^= HOLE_KEYS[sq.index()];
        }
    }

    /// Makes the hole `sq` an empty square again, updating the hash when `HASH` is true.
    #[inline]
    pub fn fill_hole<const HASH: bool>(&mut self, sq: Square) {
        debug_assert!(self.holes.contains(sq), "no hole on {sq}");
        self.holes.remove(sq);
        self.occupied.remove(sq);
        if HASH {
            self.hash ^= HOLE_KEYS[sq.index()];
        }
    }

    /// Squares of units owned exactly by `owner`.
    #[inline(always)]
    pub fn owned(&self, owner: Owner) -> Bitboard {
        self.by_owner[owner.index()]
    }

    /// Squares of half-neutral units, whoever owns them now.
    #[inline(always)]
    pub fn half_neutral(&self) -> Bitboard {
        self.by_owner[HALF]
    }

    /// Squares of units royal by attribute (not those royal by kind), whoever owns them.
    #[inline(always)]
    pub fn royal_by_attribute(&self) -> Bitboard {
        self.by_owner[ROYAL]
    }

    /// Squares of units `side` may move: its own and the neutral ones.
    #[inline(always)]
    pub fn movable_by(&self, side: Side) -> Bitboard {
        self.by_owner[side.index()] | self.by_owner[Owner::Neutral.index()]
    }

    /// Squares of units `side` may capture: the opponent's and the neutral ones.
    #[inline(always)]
    pub fn capturable_by(&self, side: Side) -> Bitboard {
        self.by_owner[side.opponent().index()] | self.by_owner[Owner::Neutral.index()]
    }

    /// Whether `sq` holds a unit that `side` may capture.
    #[inline(always)]
    pub fn is_capturable_by(&self, sq: Square, side: Side) -> bool {
        match self.squares[sq.index()] {
            Some(p) => p.owner != side.owner(),
            None => false,
        }
    }

    /// Squares of units of `kind`, any owner.
    #[inline(always)]
    pub fn of_kind(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Squares of units of the kinds in `kinds`: one load per kind on the board, so a
    /// long constant set of kinds absent from the problem costs a few bit tests.
    #[inline(always)]
    pub fn of_kinds(&self, kinds: KindSet) -> Bitboard {
        let mut squares = Bitboard::EMPTY;
        for word in 0..4 {
            let mut bits = self.present.0[word] & kinds.0[word];
            while bits != 0 {
                squares |= self.by_kind[word * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        squares
    }

    /// The kinds with a unit on the board. Generated code tests it before looking for
    /// units of kinds that are absent in most problems.
    #[inline(always)]
    pub fn kinds_present(&self) -> KindSet {
        self.present
    }

    /// Number of units of each owner: (white, black, neutral).
    pub fn counts(&self) -> (u32, u32, u32) {
        (
            self.by_owner[0].count(),
            self.by_owner[1].count(),
            self.by_owner[2].count(),
        )
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on board");
                match self.get(sq) {
                    None if self.holes.contains(sq) => write!(f, "  ")?,
                    None => write!(f, " .")?,
                    Some(p) => write!(f, " {}{}", ["w", "b", "n"][p.owner.index()], p.kind.0)?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Board {
    /// The unit on the occupied square `sq`. Generated code calls this only for squares
    /// it has seen occupied in the same bitboard or mailbox read.
    #[inline(always)]
    pub fn unit(&self, sq: Square) -> Piece {
        match self.squares[sq.index()] {
            Some(p) => p,
            None => unreachable!("no unit on {sq}"),
        }
    }
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    /// A hole stops lines and is never empty, holds no unit, and is hashed: digging
    /// and filling it leaves the board as it was.
    #[test]
    fn a_hole_is_neither_empty_nor_a_unit() {
        let mut board = Board::empty();
        let a = Square::from_coords(0, 0).unwrap();
        let b = Square::from_coords(1, 0).unwrap();
        board.put(a, Piece::new(Kind(1), Owner::White));
        let before = board.clone();
        board.make_hole::<true>(b);
        assert!(!board.is_empty(b) && board.is_hole(b) && board.get(b).is_none());
        assert!(board.occupied().contains(b) && !board.units().contains(b));
        assert_eq!(board.units(), Bitboard::from_square(a));
        assert!(!board.capturable_by(Side::Black).contains(b));
        assert_ne!(board.hash(), before.hash(), "a hole changes the hash");
        board.fill_hole::<true>(b);
        assert!(board == before && board.hash() == before.hash());
    }

    /// Kinds beyond the first 64 have their own bitboards, presence bits and hash keys.
    #[test]
    fn kinds_beyond_sixty_four_are_kept_apart() {
        let mut board = Board::empty();
        let a = Square::from_coords(0, 0).unwrap();
        let b = Square::from_coords(1, 0).unwrap();
        let low = Piece::new(Kind(1), Owner::White);
        let high = Piece::new(Kind(65), Owner::White);
        let top = Piece::new(Kind(255), Owner::Black);
        board.put(a, high);
        assert!(board.kinds_present().contains(Kind(65)));
        assert!(!board.kinds_present().contains(Kind(1)));
        assert_eq!(board.of_kind(Kind(65)), Bitboard::from_square(a));
        assert!(board.of_kind(Kind(1)).is_empty());
        let hash_high = board.hash();
        board.take(a);
        board.put(a, low);
        assert_ne!(board.hash(), hash_high, "kind 65 hashes apart from kind 1");
        board.put(b, top);
        assert_eq!(
            board.of_kinds(KindSet::of(&[1, 255, 65])),
            Bitboard::from_square(a) | Bitboard::from_square(b)
        );
        assert_eq!(
            board.of_kinds(KindSet::of(&[255])),
            Bitboard::from_square(b)
        );
        assert!(board.of_kinds(KindSet::of(&[65, 2])).is_empty());
        assert!(board.kinds_present().intersects(KindSet::of(&[255, 3])));
        assert!(!board
            .kinds_present()
            .intersects(KindSet::of(&[65, 64, 128])));
        board.take(b);
        assert!(!board.kinds_present().contains(Kind(255)));
        assert_eq!(board.kinds_present().only(Kind(1)), KindSet::of(&[1]));
        assert_eq!(board.kinds_present().only(Kind(2)), KindSet::EMPTY);
    }
}
