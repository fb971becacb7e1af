//! Sides, owners, kinds of units and the static description of a kind.
//!
//! The engine never knows what a Grasshopper is: a unit is a [`Kind`] (an index into the
//! generated rule set's table of [`KindInfo`]) and an [`Owner`]. Everything the engine
//! needs to know about a kind (is it royal, is it a pawn, how it is written) is a field of
//! its `KindInfo`, filled in from `rules/` by the code generator.

use std::fmt;

pub use fairyforge_vocab::{Numbering, PromotionChoice};

/// The side to move: White or Black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Side {
    /// White, who moves up the board (towards rank 8).
    White = 0,
    /// Black, who moves down the board.
    Black = 1,
}

impl Side {
    /// The other side.
    #[inline(always)]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `+1` for White, `-1` for Black: the direction of "forward" on ranks.
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The rank (0-based) that is this side's `n`-th rank (`n` counted from 0).
    #[inline(always)]
    pub const fn relative_rank(self, n: i8) -> i8 {
        match self {
            Side::White => n,
            Side::Black => 7 - n,
        }
    }

    /// Index 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The owner whose units are this side's alone.
    #[inline(always)]
    pub const fn owner(self) -> Owner {
        match self {
            Side::White => Owner::White,
            Side::Black => Owner::Black,
        }
    }
}

/// Whom a unit belongs to: one side, or both (neutral).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Owner {
    /// A white unit.
    White = 0,
    /// A black unit.
    Black = 1,
    /// A neutral unit: either side may move it, and either side may capture it.
    Neutral = 2,
}

impl Owner {
    /// Index 0, 1, 2 for White, Black, Neutral (below 4, which lets the compiler drop
    /// bounds checks on tables of four entries).
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self as usize) & 3
    }

    /// Whether `side` may move units of this owner.
    #[inline(always)]
    pub const fn moves_for(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Owner::Neutral, _) | (Owner::White, Side::White) | (Owner::Black, Side::Black)
        )
    }

    /// The owner with White and Black exchanged (neutral stays neutral).
    #[inline]
    pub const fn swapped(self) -> Owner {
        match self {
            Owner::White => Owner::Black,
            Owner::Black => Owner::White,
            Owner::Neutral => Owner::Neutral,
        }
    }

    /// The English word for the owner, as problems write it: `White`, `Black`, `Neutral`.
    pub const fn name(self) -> &'static str {
        match self {
            Owner::White => "White",
            Owner::Black => "Black",
            Owner::Neutral => "Neutral",
        }
    }

    /// The side whose first rank is this owner's "own" first rank: neutral units count as
    /// belonging to the side that is moving them, so the caller passes that side.
    #[inline]
    pub const fn side_or(self, mover: Side) -> Side {
        match self {
            Owner::White => Side::White,
            Owner::Black => Side::Black,
            Owner::Neutral => mover,
        }
    }
}

impl std::fmt::Display for Owner {
    /// The English word, as problems write it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of unit: an index into the rule set's [`KindInfo`] table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// Index into the kind table (below [`MAX_KINDS`](crate::board::MAX_KINDS), the
    /// range of a byte, which lets the compiler drop bounds checks on tables of that
    /// many entries).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of kinds: bit `k` of word `k / 64` for [`Kind`] `k`.
///
/// Generated code tests the kinds on the board against constant sets before it looks
/// for units of kinds that are absent from most problems; with a constant set, the
/// words that are zero fold away and a test costs one or two instructions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct KindSet(pub [u64; 4]);

impl KindSet {
    /// The empty set.
    pub const EMPTY: KindSet = KindSet([0; 4]);

    /// The set of `kinds`.
    pub const fn of(kinds: &[u8]) -> KindSet {
        let mut words = [0u64; 4];
        let mut i = 0;
        while i < kinds.len() {
            words[(kinds[i] / 64) as usize] |= 1 << (kinds[i] % 64);
            i += 1;
        }
        KindSet(words)
    }

    /// Whether `kind` is in the set.
    #[inline(always)]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0[(kind.0 / 64) as usize] & (1 << (kind.0 % 64)) != 0
    }

    /// Whether the two sets share a kind.
    #[inline(always)]
    pub const fn intersects(self, other: KindSet) -> bool {
        (self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3])
            != 0
    }

    /// Adds `kind`.
    #[inline(always)]
    pub fn insert(&mut self, kind: Kind) {
        self.0[(kind.0 / 64) as usize] |= 1 << (kind.0 % 64);
    }

    /// Removes `kind`.
    #[inline(always)]
    pub fn remove(&mut self, kind: Kind) {
        self.0[(kind.0 / 64) as usize] &= !(1 << (kind.0 % 64));
    }

    /// The kinds in the set, in order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        (0..4usize).flat_map(move |word| {
            let mut bits = self.0[word];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Kind((word * 64 + bit) as u8)
                })
            })
        })
    }

    /// The set of `kind` alone when it is in this set, else the empty set.
    #[inline(always)]
    pub fn only(self, kind: Kind) -> KindSet {
        let mut one = KindSet::EMPTY;
        if self.contains(kind) {
            one.insert(kind);
        }
        one
    }
}

/// A unit: a kind, an owner, and its attributes (half-neutral, royal).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is.
    pub owner: Owner,
    /// A half-neutral unit changes owner each time it moves: a neutral one becomes the
    /// mover's, one of the mover's becomes neutral.
    pub half: bool,
    /// The unit is royal by attribute (`Royal QQe8`), whatever its kind: its side must
    /// never leave it attacked, as a king. A kind may be royal itself
    /// ([`KindInfo::royal`]); [`Piece::is_royal`] asks both.
    pub royal: bool,
    /// The attributes written as rules (`attribute Kamikaze { … }`) the unit carries.
    pub marks: Marks,
}

/// A set of the attributes written as rules, one bit per `attribute` block in the
/// order of the generated rule set's `ATTRIBUTES`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Marks(pub u16);

impl Marks {
    /// No attribute.
    pub const NONE: Marks = Marks(0);

    /// Whether attribute `index` is in the set.
    #[inline(always)]
    pub const fn has(self, index: u8) -> bool {
        self.0 & (1 << index) != 0
    }

    /// The set with attribute `index` added.
    #[inline(always)]
    pub const fn with(self, index: u8) -> Marks {
        Marks(self.0 | 1 << index)
    }

    /// The set without attribute `index`.
    #[inline(always)]
    pub const fn without(self, index: u8) -> Marks {
        Marks(self.0 & !(1 << index))
    }

    /// The attributes in the set, by index.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..16u8).filter(move |&i| self.has(i))
    }
}

impl Piece {
    /// A unit of `kind` owned by `owner`.
    #[inline(always)]
    pub const fn new(kind: Kind, owner: Owner) -> Piece {
        Piece {
            kind,
            owner,
            half: false,
            royal: false,
            marks: Marks::NONE,
        }
    }

    /// The same unit passed to the other side (a neutral unit stays neutral).
    #[inline(always)]
    pub const fn swapped(self) -> Piece {
        Piece {
            owner: self.owner.swapped(),
            ..self
        }
    }

    /// A half-neutral unit of `kind`, owned by `owner` for now.
    #[inline(always)]
    pub const fn half_neutral(kind: Kind, owner: Owner) -> Piece {
        Piece {
            kind,
            owner,
            half: true,
            royal: false,
            marks: Marks::NONE,
        }
    }

    /// Whether the unit is royal: by its kind (a king) or by attribute.
    #[inline(always)]
    pub fn is_royal(self, kinds: &[KindInfo]) -> bool {
        self.royal || kinds[self.kind.index()].royal
    }

    /// This unit with its kind changed (a promotion keeps owner and half-neutrality).
    #[inline(always)]
    pub const fn with_kind(self, kind: Kind) -> Piece {
        Piece { kind, ..self }
    }

    /// The owner a half-neutral unit has after `side` moved it.
    #[inline(always)]
    pub const fn owner_after_move(self, side: Side) -> Owner {
        match self.owner {
            Owner::Neutral => side.owner(),
            _ => Owner::Neutral,
        }
    }
}

/// Where a kind's text and code came from and how it is written, generated from `rules/`.
#[derive(Debug)]
pub struct KindInfo {
    /// The rule's name, e.g. `Grasshopper`.
    pub name: &'static str,
    /// fairyforge's codes; the first is the one printed.
    pub codes: &'static [&'static str],
    /// The reference solver's English codes; the first is printed under `--popeye-codes`.
    pub popeye_codes: &'static [&'static str],
    /// German codes; the first is printed in German output.
    pub german: &'static [&'static str],
    /// French codes; the first is printed in French output.
    pub french: &'static [&'static str],
    /// The unit is royal: its side must never leave it attacked.
    pub royal: bool,
    /// The unit is a pawn: it promotes on its last rank and is reborn on its second rank.
    pub pawn: bool,
    /// Some clause of its walk captures (a walk that only moves never does).
    pub captures: bool,
    /// The unit moves and captures by walks borrowed from the units observing it.
    pub borrows: bool,
    /// The unit is the castling partner of a royal unit that castles.
    pub castling_partner: bool,
    /// Moves of the unit are written without its code (the orthodox pawn: `e2-e4`).
    pub unlettered: bool,
    /// One of the pieces of the orthodox game, no fairy piece (conditions that refuse
    /// fairy pieces ask).
    pub orthodox: bool,
    /// When pawns may promote to this kind.
    pub promotion: PromotionChoice,
    /// The order of its moves under MoveNumbers.
    pub numbering: Numbering,
    /// For a pawn, the kinds it promotes to when its rule names them (empty: the problem's
    /// promotion choices).
    pub promotes_to: &'static [Kind],
    /// Rank (0-based, from the owner's side) a unit of this kind stands on in the game
    /// array, for rebirth conditions; `None` for units outside the game array.
    pub home_rank: Option<i8>,
    /// Files (0-based) the kind stands on in the game array, for rebirth conditions.
    pub home_files: &'static [i8],
    /// The definition the rule implements, quoted from the rule.
    pub definition: &'static str,
    /// The rule's location, `rules/pieces/…:line`.
    pub source: &'static str,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}
