//! The checked rules as a small intermediate form: every clause with its vectors spelt
//! out, every option resolved, every example's units read. The emitter works from this
//! form only, so it never has to re-check anything.

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

/// When a pawn may promote to a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Line by line, in the turn of the reference's vector table.
    Turn,
    /// The same, but queen lines backwards (diagonals first, each turned backwards).
    QueenLinesReversed,
    /// By arrival square, a1 … a8, b1 … h8.
    ByArrival,
    /// A pawn's captures before its steps.
    CapturesFirst,
}

/// When a pawn may promote to a kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Promotion {
    /// Always a choice.
    Always,
    /// A choice when a unit of the kind is in the problem.
    IfPresent,
    /// Never a choice.
    Never,
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
    /// Promotion choice.
    pub promotion: Promotion,
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

/// Where a hopper lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Land {
    /// On the square right beyond the (last) hurdle.
    Next,
    /// On any square beyond, up to and including the first occupied one.
    Any,
    /// On the first occupied square beyond (capturing there), over empty squares.
    First,
    /// On the n-th square beyond, the squares before it empty.
    At(u8),
}

/// The shape of a clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walk {
    /// One jump by each vector.
    Leap {
        /// The vectors (White's frame when forward).
        vectors: Vec<(i8, i8)>,
        /// From its second rank, a quiet leap may be doubled over an empty square.
        double_step: bool,
        /// A capture arriving on the en-passant square takes the double-stepper.
        en_passant: bool,
    },
    /// Repeated steps by each vector over empty squares.
    Ride {
        /// The vectors.
        vectors: Vec<(i8, i8)>,
        /// At most this many steps.
        max: Option<u8>,
    },
    /// Along each vector over `hurdles` occupied squares, landing per `land`.
    Hop {
        /// The vectors.
        vectors: Vec<(i8, i8)>,
        /// Hurdles passed (1 for a grasshopper, 2 for a kangaroo).
        hurdles: u8,
        /// Where it lands.
        land: Land,
        /// The hurdle is captured (a locust), the landing square must be empty.
        take_hurdle: bool,
        /// The hurdle taken stands on the first step (a marine leaper).
        adjacent: bool,
        /// A hop whose first step is the en-passant square takes the double-stepper
        /// (with `adjacent`: the square passed over counts as the hurdle).
        en_passant: bool,
    },
    /// Over a hurdle at the midpoint of departure and arrival.
    Equihop {
        /// The half-vectors.
        vectors: Vec<(i8, i8)>,
        /// On queen lines no other unit may stand between (English Equihopper).
        english: bool,
    },
    /// A leap whose intermediate square must be empty: (vector, intermediate offset).
    Lame {
        /// Vectors with the offset of the square that must be empty.
        steps: Vec<((i8, i8), (i8, i8))>,
    },
    /// Castling with the castling partner.
    Castling,
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
    /// The shape.
    pub walk: Walk,
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

/// All images of (a, b) under the eight symmetries of the board, without repeats.
pub fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The vectors of a named set of lines.
pub fn named_lines(name: &str) -> Option<Vec<(i8, i8)>> {
    Some(match name {
        "rook" => images(1, 0),
        "bishop" => images(1, 1),
        "queen" => [images(1, 0), images(1, 1)].concat(),
        "knight" => images(1, 2),
        "any" => {
            let mut v = Vec::new();
            for a in 0..=3 {
                for b in 0..=a {
                    if a != 0 {
                        for i in images(a, b) {
                            if !v.contains(&i) {
                                v.push(i);
                            }
                        }
                    }
                }
            }
            v
        }
        _ => return None,
    })
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
    /// `Some(true)`: White only; `Some(false)`: Black only; `None`: both sides (or the
    /// defending side, when `defender`).
    pub white_only: Option<bool>,
    /// `side defender`: it binds the defending side of each phase of the play.
    pub defender: bool,
    /// The rebirth, if any.
    pub rebirth: Option<Rebirth>,
    /// Units that may neither move nor observe.
    pub paralyse: Vec<Cond>,
    /// Moves (and observations) that are not allowed.
    pub forbid: Vec<Cond>,
    /// The selection among legal moves, if any.
    pub select: Option<Select>,
    /// Whether any of its truths looks at the last move.
    pub uses_last: bool,
    /// Worked examples.
    pub examples: Vec<Example>,
}

/// A rebirth.
#[derive(Clone, Debug)]
pub struct Rebirth {
    /// The capturer is reborn (else the captured unit).
    pub capturer: bool,
    /// Where.
    pub at: Sq,
    /// When the square is taken the capture is forbidden (else the unit vanishes).
    pub forbid_when_taken: bool,
    /// A captured pawn reborn on its last rank promotes.
    pub promoting: bool,
    /// The statement as written.
    pub text: String,
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
    /// The game-array square of the captured unit or the capturer, optionally as if it
    /// belonged to the other side.
    GameArray {
        /// Of the capturer (else of the captured unit).
        capturer: bool,
        /// As if of the other side.
        mirrored: bool,
    },
    /// The file of the first, the rank of the second.
    Pair(Box<Sq>, Box<Sq>),
    /// `S + (A - B)` (true) or `S - (A - B)` (false).
    Shift(Box<Sq>, bool, Box<Sq>, Box<Sq>),
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
    /// Whether the unit concerned is observed by a unit of the same kind of the other side.
    UnitObservedBySameWalk,
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
}
