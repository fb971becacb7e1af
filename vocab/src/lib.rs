//! The words the rules compiler and the engine share.
//!
//! Some values are written in rule files, read by `fairyforge-codegen`, emitted into the
//! generated rule set and read again by `fairyforge-engine`: the order of a kind's moves,
//! when pawns may promote to it, the side a condition binds, the parameters a condition
//! takes, the most kinds a rule set may
//! hold. Each exists here once. The engine re-exports them; codegen parses the words of
//! the rules language with [`Vocabulary::from_word`] and emits each value by its Rust name
//! ([`Vocabulary::variant`]), so neither can drift from the other. The crate has no
//! dependencies, so that codegen (a build dependency) does not compile the engine.

/// The most kinds of units a rule set may define: a kind is one byte, and the engine keeps
/// one bitboard per kind and a 256-bit set of the kinds on the board.
pub const MAX_KINDS: usize = 256;

/// The most attributes written as rules (`attribute` blocks) a unit can carry: one bit
/// each in the engine's `Marks`.
pub const MAX_ATTRIBUTES: usize = 16;

/// The longest play a stipulation may ask for, in moves (`#350`, `h#350`, `ser-=350`):
/// the search recurses once per half-move, so its depth, and the memory it takes by
/// length, stay bounded by what the machine can do whatever a problem writes. Longer
/// stipulations are refused where they are read, problem files and rule examples alike.
pub const MAX_MOVES: u32 = 350;

/// An enum whose values the rules language writes as words and generated code names.
pub trait Vocabulary: Copy + Eq + Sized + 'static {
    /// The type's name, as generated code writes it (`Numbering`).
    const TYPE: &'static str;
    /// Every value, in order of declaration.
    const ALL: &'static [Self];

    /// The value's variant name, as generated code writes it (`QueenLinesReversed`).
    fn variant(self) -> &'static str;

    /// The word rule files write for the value (`queen_lines_reversed`), if they write one.
    fn word(self) -> Option<&'static str>;

    /// The value a rule file's word stands for.
    fn from_word(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.word() == Some(word))
    }

    /// The words rule files may write, in order of declaration.
    fn words() -> Vec<&'static str> {
        Self::ALL.iter().filter_map(|v| v.word()).collect()
    }
}

/// Declares an enum and its [`Vocabulary`]: each variant with an optional rules word,
/// `Variant => "word"`.
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident $(=> $word:literal)? ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),*
        }

        impl Vocabulary for $name {
            const TYPE: &'static str = stringify!($name);
            const ALL: &'static [Self] = &[$($name::$variant),*];

            fn variant(self) -> &'static str {
                match self {
                    $($name::$variant => stringify!($variant)),*
                }
            }

            fn word(self) -> Option<&'static str> {
                match self {
                    $($name::$variant => None $(.or(Some($word)))?),*
                }
            }
        }
    };
}

vocabulary! {
    /// The order in which the reference solver generates a kind's moves, which the option
    /// MoveNumbers follows (`numbering …` in a piece's rule).
    pub enum Numbering {
        /// Line by line, in the turn of the reference's vector table (most pieces).
        Turn => "turn",
        /// The same, but the queen lines backwards: diagonals first, each turned backwards.
        QueenLinesReversed => "queen_lines_reversed",
        /// By arrival square, a1 … a8, b1 … h8.
        ByArrival => "by_arrival",
        /// A pawn's captures tried before its steps (the reverse of the orthodox pawn's).
        CapturesFirst => "captures_first",
        /// Line by line, but the moves of more than one square generated before all
        /// one-square steps, so tried after them (the Sting: its Grasshopper's hops
        /// before its King's steps).
        FarFirst => "far_first",
    }
}

vocabulary! {
    /// When a pawn may promote to a kind (`promotion …` in a piece's rule).
    pub enum PromotionChoice {
        /// Always a promotion choice (the orthodox Q, R, B, S).
        Always => "always",
        /// A choice when a unit of this kind stands in the problem (fairy pieces).
        IfPresent => "if_present",
        /// Never (kings, pawns).
        Never => "never",
    }
}

vocabulary! {
    /// The side a condition binds (`side …` in a condition's rule; both when it has none).
    pub enum ConditionSide {
        /// Both sides.
        Both,
        /// White only.
        White => "white",
        /// Black only.
        Black => "black",
        /// The defending side of each phase of the play.
        Defender => "defender",
    }
}

vocabulary! {
    /// A parameter a condition takes after its name in a problem (`params …` in a
    /// condition's rule), read from the problem in the order the rule declares them.
    pub enum Param {
        /// One token of squares, written together (`Hole a1b2c3`).
        Squares => "squares",
        /// Piece codes, at least one (`PromOnly Q R`).
        Walks => "walks",
        /// A number (`RoleExchange 3`).
        Number => "number",
        /// Up to two numbers, White's then Black's (`SAT 1 2`): none is 0 for both, one
        /// is for both.
        SideNumbers => "side_numbers",
    }
}

#[cfg(test)]
mod tests {
    use super::{ConditionSide, Numbering, Param, PromotionChoice, Vocabulary};

    #[test]
    fn words_and_variants_name_each_value_once() {
        assert_eq!(Numbering::TYPE, "Numbering");
        assert_eq!(
            Numbering::QueenLinesReversed.variant(),
            "QueenLinesReversed"
        );
        assert_eq!(
            Numbering::from_word("by_arrival"),
            Some(Numbering::ByArrival)
        );
        assert_eq!(Numbering::from_word("ByArrival"), None);
        assert_eq!(PromotionChoice::words(), ["always", "if_present", "never"]);
        assert_eq!(ConditionSide::Both.word(), None);
        assert_eq!(ConditionSide::words(), ["white", "black", "defender"]);
        assert_eq!(ConditionSide::ALL.len(), 4);
        assert_eq!(
            Param::words(),
            ["squares", "walks", "number", "side_numbers"]
        );
    }
}
