//! The checked rules as a small intermediate form: every clause with its vectors spelt
//! out, every option resolved, every example's units read. The emitter works from this
//! form only, so it never has to re-check anything.

/// All rules, kinds in the order of the files.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// The kinds of units.
    pub kinds: Vec<Kind>,
    /// The rule files read, repo-relative, in order.
    pub files: Vec<String>,
}

/// When a pawn may promote to a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Promotion choice.
    pub promotion: Promotion,
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
