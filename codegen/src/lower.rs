//! The checked rules as a small intermediate form: every clause described by the squares
//! it visits (its [`Path`]s) and the primitive that emits it, every option resolved,
//! every example's units read. The emitter works from this form only, so it never has to
//! re-check anything.

use crate::primitive::{Path, PawnMoves, Primitive};
pub use fairyforge_vocab::{Numbering, Param, PromotionChoice};

/// All rules, kinds in the order of the files.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// The kinds of units.
    pub kinds: Vec<Kind>,
    /// The conditions.
    pub conditions: Vec<Condition>,
    /// The rule files read, repo-relative, in order.
    pub files: Vec<String>,
}

/// A kind of unit.
#[derive(Clone, Debug)]
pub struct Kind {
    /// Rule name.
    pub name: String,
    /// `rules/…:line` of the block.
    pub source: String,
    /// The definition quoted by the rule.
    pub text: String,
    /// fairyforge codes.
    pub codes: Vec<String>,
    /// The reference's English codes.
    pub popeye: Vec<String>,
    /// German codes.
    pub german: Vec<String>,
    /// French codes.
    pub french: Vec<String>,
    /// Royal unit.
    pub royal: bool,
    /// Pawn (promotes, reborn on its second rank).
    pub pawn: bool,
    /// Castling partner.
    pub castling_partner: bool,
    /// Written without its code in moves (the orthodox pawn).
    pub unlettered: bool,
    /// A pawn on its first rank makes no move and observes nothing, unless a condition
    /// lets pawns step from there.
    pub idle_on_first_rank: bool,
    /// One of the pieces of the orthodox game (`orthodox`): no fairy piece.
    pub orthodox: bool,
    /// Promotion choice.
    pub promotion: PromotionChoice,
    /// The order the reference generates the moves in.
    pub numbering: Numbering,
    /// For a pawn, the kinds (indices) it promotes to, when its rule names them.
    pub promotes_to: Vec<u8>,
    /// Game-array squares (file, rank) from White's side.
    pub home: Vec<(i8, i8)>,
    /// Move clauses.
    pub clauses: Vec<Clause>,
    /// Worked examples.
    pub examples: Vec<Example>,
}

/// Which moves a clause makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moves and captures.
    Both,
    /// Only moves to empty squares.
    Quiet,
    /// Only captures.
    Capture,
}

impl Mode {
    /// Whether the clause can move without capturing.
    pub fn quiet(self) -> bool {
        self != Mode::Capture
    }
    /// Whether the clause can capture.
    pub fn captures(self) -> bool {
        self != Mode::Quiet
    }
}

/// One clause of a kind.
#[derive(Clone, Debug)]
pub struct Clause {
    /// The clause as written, for documentation.
    pub text: String,
    /// `rules/…:line`.
    pub source: String,
    /// Moves, captures or both.
    pub mode: Mode,
    /// Vectors point forward for the side moving (given in White's frame).
    pub forward: bool,
    /// The primitive it is written with, which emits it.
    pub primitive: &'static dyn Primitive,
    /// The squares it visits, one path per vector, in the order moves are generated.
    pub paths: Vec<Path>,
    /// The pawn moves it adds (double steps, captures en passant).
    pub pawn: PawnMoves,
}

/// A worked example.
#[derive(Clone, Debug)]
pub struct Example {
    /// Title.
    pub title: String,
    /// `rules/…:line`.
    pub source: String,
    /// The problem in the reference's input language.
    pub problem: String,
    /// Expected solution lines.
    pub solution: String,
}

/// A condition, checked.
#[derive(Clone, Debug)]
pub struct Condition {
    /// Rule name.
    pub name: String,
    /// `rules/…:line` of the block.
    pub source: String,
    /// The definition quoted by the rule.
    pub text: String,
    /// How problems write it.
    pub names: Vec<String>,
    /// The block is an `attribute` block: in force while a unit carries it.
    pub attribute: bool,
    /// What a problem writes after the name, in order.
    pub params: Vec<Param>,
    /// `Some(true)`: White only; `Some(false)`: Black only; `None`: both sides (or the
    /// defending side, when `defender`).
    pub white_only: Option<bool>,
    /// `side defender`: it binds the defending side of each phase of the play.
    pub defender: bool,
    /// `option of rebirth`: an option a problem writes after a base condition, changing
    /// the aspects of the base's rebirth its own `rebirth` writes.
    pub option: bool,
    /// The rebirth, if any (of an option: the aspects it changes).
    pub rebirth: Option<Rebirth>,
    /// Units that may neither move nor observe.
    pub paralyse: Vec<Cond>,
    /// Moves (and observations) that are not allowed.
    pub forbid: Vec<Cond>,
    /// Moves that are not allowed, observation staying as the walks give it.
    pub forbid_moves: Vec<Cond>,
    /// Moves that are not allowed, judged by the position they leave (whether they
    /// check, whether they mate) once they keep the mover's royal units safe.
    pub forbid_legal: Vec<Cond>,
    /// After the move, the moved unit passes to the other side where the move leaves it
    /// when one of these holds (judged on the move before it is played).
    pub recolour: Vec<Cond>,
    /// After a castling, the castling partner passes to the other side where it
    /// arrives when one of these holds.
    pub recolour_partner: Vec<Cond>,
    /// After a capture, the capturing unit leaves the board (before it would promote)
    /// when one of these holds (judged on the move before it is played).
    pub vanish: Vec<Cond>,
    /// After the move, the moved unit becomes the walk that follows its own in the chain
    /// (kind indices) when the truth holds (judged on the move before it is played).
    pub transmute: Vec<(Cond, Vec<u8>)>,
    /// After a castling, the castling partner does so where it arrives.
    pub transmute_partner: Vec<(Cond, Vec<u8>)>,
    /// `pawns step up to N from first rank`: N.
    pub first_rank_steps: Option<u8>,
    /// `pawns never promote`: a pawn arriving on its last rank stays a pawn.
    pub no_promotion: bool,
    /// `paralysis stalemates`: a side that could move only paralysed units is
    /// stalemated, never mated.
    pub paralysis_stalemates: bool,
    /// `promotion may add it to CODES` (an attribute): the kinds a promoting pawn may
    /// become with the attribute.
    pub promotion_marks: Vec<u8>,
    /// `exchange places with same walk`: units may change places with units of the
    /// other side of their walk, royal units too when `Some(true)`.
    pub exchanges: Option<bool>,
    /// The selection among legal moves, if any.
    pub select: Option<Select>,
    /// `check from both`: a royal unit is in check from the units of its own side too.
    pub checks_from_both: bool,
    /// `check when flights above given`: a royal unit is in check when it has more
    /// flights than the number the problem gives for its side (`params side_numbers`).
    pub check_by_flights: bool,
    /// `after capture move as captured`: a capture goes on at once with a quiet move by
    /// the captured unit's walk, for the captured unit's side.
    pub leg_after_capture: bool,
    /// `before capture move as captured`: a capture is made from where a quiet move by
    /// the captured unit's walk, for the captured unit's side, first led the capturer;
    /// a unit observes as it so captures.
    pub leg_before_capture: bool,
    /// `move as friend|enemy behind|ahead|beside`: a unit moves, captures and observes
    /// by the walk of the unit standing next to it there.
    pub walk_lent: Option<Lend>,
    /// `royal moves as observers instead|too`: a royal unit observed by units of the
    /// other side moves, captures and observes by their walks.
    pub royal_walks: Option<RoyalWalks>,
    /// `after capture royal becomes captured pawn as CODE`: once a capture is made, the
    /// royal unit of the captured unit's side becomes a royal unit of the captured walk,
    /// of this kind (index) when a pawn is taken.
    pub royal_change: Option<u8>,
    /// `swap royals when …`: after a move of the condition's side, the two sides' royal
    /// units change places.
    pub swap_royals: Option<SwapRoyals>,
    /// `holes at given`: the squares the problem gives after the name are holes.
    pub holes_given: bool,
    /// `holes at departure`: after each move, a square a unit left by moving is a hole
    /// when the move leaves it empty.
    pub holes_left: bool,
    /// `after capture remove|recolour unit of SIDE like captured`: (recolour, the
    /// capturer's side, neutrals included, as promoted).
    pub strike: Option<(bool, bool, bool, bool)>,
    /// `recolour observed by mover|checkers`: after a move that checks, the units the
    /// checking unit (`true`: each unit giving check) observes change side.
    pub recolour_observed: Option<bool>,
    /// `transfer mover from given to given`: a unit the move leaves on one of the squares
    /// given is carried on to another of them that is free, each a move of its own.
    pub transfers_given: bool,
    /// The rule names of the conditions a problem may not combine with it.
    pub incompatible: Vec<String>,
    /// `fairy pieces refused`: a problem with a unit of a kind not `orthodox` is refused.
    pub fairy_refused: bool,
    /// Whether any of its truths looks at the last move.
    pub uses_last: bool,
    /// Worked examples.
    pub examples: Vec<Example>,
}

/// A rebirth: of a base condition, every aspect; of an option, the aspects it changes
/// (`None` where it keeps the base's).
#[derive(Clone, Debug)]
pub struct Rebirth {
    /// The capturer is reborn (else the captured unit); for a rebirth `before` a move,
    /// the unit that moves.
    pub capturer: bool,
    /// The unit goes to the square before it moves, and makes these moves from there
    /// (`rebirth mover before captures`, Mars Circe); `None` for a rebirth after a
    /// capture.
    pub before: Option<Before>,
    /// Where (of an option: a square of its own, or, when it uses [`Sq::Base`], the
    /// base's square adapted).
    pub at: Option<Sq>,
    /// When the square is taken the capture is forbidden (else the unit vanishes).
    pub forbid_when_taken: Option<bool>,
    /// Royal units are reborn too.
    pub kings: Option<bool>,
    /// A pawn reborn on its last rank promotes.
    pub promoting: bool,
    /// A capturer reborn where the capture left it makes the capture impossible.
    pub forbid_in_place: Option<bool>,
    /// The reborn unit takes the walk that follows its own in this chain (kind
    /// indices), before its square is found; with `true`, a reborn capturer takes the
    /// walk before its own.
    pub transmuted: Option<(Vec<u8>, bool)>,
    /// The reborn unit passes to the other side.
    pub turned: bool,
    /// The reborn unit takes the walk of the other unit of the capture (the capturer's
    /// as it moved, for a captured unit; the captured unit's, for a capturer), unless
    /// one of them is royal.
    pub cloned: bool,
    /// Game-array squares are found as if the reborn unit were the other side's.
    pub mirrored: bool,
    /// The unit is not put on the square: the capture only needs it free (ImmunChess).
    pub imagined: bool,
    /// The captured unit is reborn once the next move is made, its square found with that
    /// move as the move and the capture's square as `capture` (Circe Parrain).
    pub delayed: bool,
    /// The statement as written.
    pub text: String,
}

/// The moves a unit makes from its rebirth square (`rebirth mover before …`), the
/// others staying where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Before {
    /// Its captures (Mars Circe).
    Captures,
    /// Its moves that capture nothing (Anti-Mars Circe).
    Quiet,
    /// Every move, from there as from where it stands (Phantom chess).
    All,
}

/// A square computed from a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sq {
    /// The departure square.
    Departure,
    /// The arrival square.
    Arrival,
    /// Where the captured unit stood.
    Capture,
    /// Where the castling partner leaves from (none unless the move castles).
    PartnerDeparture,
    /// Where the castling partner arrives (none unless the move castles).
    PartnerArrival,
    /// Where the move leaves the moving unit once its rebirths are made (its arrival,
    /// or where a rebirth carried it; none when it left the board).
    Landing,
    /// The game-array square of the captured unit or the capturer, optionally as if it
    /// belonged to the other side.
    GameArray {
        /// Of the capturer (else of the captured unit).
        capturer: bool,
        /// As if of the other side.
        mirrored: bool,
    },
    /// In an option of rebirth: the square the base condition (with the options that
    /// define the square) gives.
    Base,
    /// `at choice`: any free square, the side that moves choosing (Super Circe); the
    /// whole of a rebirth's square, never part of an expression.
    Choice,
    /// A square transformed.
    Map(SqMap, Box<Sq>),
    /// The file of the first, the rank of the second.
    Pair(Box<Sq>, Box<Sq>),
    /// `S + (A - B)` (true) or `S - (A - B)` (false).
    Shift(Box<Sq>, bool, Box<Sq>, Box<Sq>),
}

/// A transformation of a square, as square functions write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SqMap {
    /// `rotated(S)`: turned half round the centre of the board (a1 to h8).
    Rotated,
    /// `file_mirrored(S)`: reflected in the line between the d- and e-files (a1 to h1).
    FileMirrored,
    /// `antipode(S)`: four files and four ranks away, towards the board's middle (a1 to
    /// e5, d4 to h8).
    Antipode,
}

impl SqMap {
    /// The function's name in the rules language, and its transformation.
    pub const ALL: [(&'static str, SqMap); 3] = [
        ("rotated", SqMap::Rotated),
        ("file_mirrored", SqMap::FileMirrored),
        ("antipode", SqMap::Antipode),
    ];
}

impl Sq {
    /// Whether the expression uses [`Sq::Base`].
    pub fn uses_base(&self) -> bool {
        match self {
            Sq::Base => true,
            Sq::Map(_, s) => s.uses_base(),
            Sq::Pair(a, b) => a.uses_base() || b.uses_base(),
            Sq::Shift(s, _, a, b) => s.uses_base() || a.uses_base() || b.uses_base(),
            _ => false,
        }
    }
}

impl Cond {
    /// Whether the truth judges the position the move leaves (`move.checks`,
    /// `move.mates`, `move.exceeds_game_array`), so that in `forbid moves when …` it is
    /// told only of a legal move, with every effect conditions give it.
    pub fn judges_after(&self) -> bool {
        match self {
            Cond::And(a, b) | Cond::Or(a, b) => a.judges_after() || b.judges_after(),
            Cond::Not(a) => a.judges_after(),
            Cond::Compare(a, _, b) => a.judges_after() || b.judges_after(),
            Cond::Is(v) => v.judges_after(),
        }
    }
}

impl Val {
    /// Whether the value is one of the position the move leaves.
    pub fn judges_after(&self) -> bool {
        matches!(self, Val::Checks | Val::Mates | Val::ExceedsGameArray)
    }
}

/// A truth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Either.
    Or(Box<Cond>, Box<Cond>),
    /// Not.
    Not(Box<Cond>),
    /// Equal (true) or different (false).
    Compare(Val, bool, Val),
    /// A truth value.
    Is(Val),
}

/// A value a truth can look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// The kind of the unit concerned.
    UnitWalk,
    /// The kind of the unit that made the last move (before a promotion).
    LastWalk,
    /// The side that made the last move.
    LastSide,
    /// The side that would move the unit.
    Side,
    /// The colour (light or dark) of a square of the move.
    Colour(Sq),
    /// Whether the unit concerned is royal.
    UnitRoyal,
    /// Whether the unit concerned is a pawn (its rule says `pawn`).
    UnitPawn,
    /// Whether a square of the move is on the first rank of the side moving.
    FirstRank(Sq),
    /// Whether the unit concerned is observed by a unit of the same kind of the other side.
    UnitObservedBySameWalk,
    /// Whether the unit concerned is observed by a unit of this kind (index) of the
    /// other side, by its walk alone (`observed_by(Q)`).
    UnitObservedBy(u8),
    /// Whether the unit concerned is observed by a unit of the other side carrying this
    /// attribute (index), by its walk alone (`observed_by(Paralysing)`).
    UnitObservedByMarked(u8),
    /// Whether the unit concerned carries this attribute (index; `unit.has(Chameleon)`).
    UnitHas(u8),
    /// Whether the unit the move captures carries this attribute (false for a move
    /// capturing nothing).
    CapturedHas(u8),
    /// A walk named by its code (kind index).
    Walk(u8),
    /// Whether the unit concerned is observed by a unit of its own side (by the walks
    /// alone).
    UnitObservedByFriend,
    /// Whether the unit concerned is observed by a unit of the other side (by the walks
    /// alone).
    UnitObservedByEnemy,
    /// Whether the unit concerned is royal, or observed (by the walks alone) by a unit of
    /// its side that is so in turn: linked to a royal unit by a chain of its side's units.
    UnitLinkedToRoyal,
    /// Whether the unit the move captures is royal.
    CapturedRoyal,
    /// Whether the unit the move captures is observed (by the walks alone) by a unit of
    /// its own side, where it stands.
    CapturedObservedByFriend,
    /// Whether the move captures.
    Captures,
    /// Whether the move promotes its unit (a pawn arriving on its last rank).
    Promotes,
    /// Whether the move leaves the opponent's royal units observed (checks).
    Checks,
    /// Whether the move checks and leaves the opponent no legal move (mates).
    Mates,
    /// Whether a square of the move is on the edge of the board.
    Edge(Sq),
    /// The 2×2 cell of the plain grid a square of the move lies in.
    Cell(Sq),
    /// Whether a unit stands a king's step from a square of the move before it.
    ContactBefore(Sq),
    /// Whether a unit stands a king's step from a square of the move after it.
    ContactAfter(Sq),
    /// Whether, once the move is played, a unit that is not royal stands observed (by the
    /// walks alone) by a unit of its kind of the other side.
    LeavesSameWalkObservation,
    /// Whether, once the move is played, a side has more units of a kind than the game
    /// array holds (as many as the kind has `home` squares).
    ExceedsGameArray,
    /// Whether a square of the move is one of those the problem writes after the
    /// condition's name (`params squares`).
    Given(Sq),
}

/// How a condition selects among the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// The moves of the unit first in the order a1, a2 … a8, b1 … h8.
    FirstAlphabetic,
    /// The longest moves.
    MaxLength,
    /// The shortest moves.
    MinLength,
    /// The captures, when there are any.
    MaxCapture,
    /// The moves that do not capture, when there are any.
    MinCapture,
}

/// When the royal units change places after a move (`swap royals when …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRoyals {
    /// `always`: after every move (Oscillating kings).
    Always,
    /// `checking`: after a move that checks the other side (Swapping kings).
    Checking,
    /// `safe`: after every move; a move leaving the mover in check before the swap is
    /// illegal (Oscillating kings type B).
    Safe,
}

/// How a royal unit takes the walks of the units of the other side observing it
/// (`royal moves as observers instead|too|becoming`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoyalWalks {
    /// `too`: it moves by its own walk as well, observed or not (Reflective kings);
    /// `instead`: by its own walk only when no unit observes it (Transmuted kings).
    pub keeps_own: bool,
    /// `becoming`: observed, the side moves the royal unit alone, by one of those walks,
    /// and it becomes a unit of that walk (Super-transmuting kings).
    pub becomes: bool,
}

/// Who lends a unit its walk (`move as friend behind`, `move as enemy beside`): a unit of
/// its own side or of the other, standing on one of the squares `(file, rank)` steps away
/// as the unit's side moves (`(0, -1)`: right behind it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lend {
    /// The lender belongs to the other side.
    pub enemy: bool,
    /// The lenders' squares, as steps from the unit.
    pub squares: Vec<(i8, i8)>,
}
