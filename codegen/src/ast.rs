//! The syntax tree of a rule file. Every node keeps the [`Span`] it was read from, so
//! the checks and the generated code can point back to the rule.

use crate::diagnostic::Span;

/// A value and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// `node` written at `span`.
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// One rule file: its blocks, in order.
#[derive(Clone, Debug, Default)]
pub struct RuleFile {
    /// The pieces defined.
    pub pieces: Vec<PieceDef>,
    /// The conditions defined.
    pub conditions: Vec<ConditionDef>,
}

/// `piece Name { … }`.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// The rule's name.
    pub name: Spanned<String>,
    /// The whole block.
    pub span: Span,
    /// `codes …`: fairyforge's codes.
    pub codes: Vec<Spanned<String>>,
    /// `popeye …`: the reference's English codes, when they differ.
    pub popeye: Vec<Spanned<String>>,
    /// `german …`.
    pub german: Vec<Spanned<String>>,
    /// `french …`.
    pub french: Vec<Spanned<String>>,
    /// `text "…"`: the definition implemented.
    pub text: Option<Spanned<String>>,
    /// `royal`, `pawn`, `castling_partner`.
    pub flags: Vec<Spanned<String>>,
    /// `promotion always|if_present|never`.
    pub promotion: Option<Spanned<String>>,
    /// `numbering turn|queen_lines_reversed|by_arrival`: the order in which the reference
    /// solver generates the piece's moves (for MoveNumbers).
    pub numbering: Option<Spanned<String>>,
    /// `promotes CODE…`: for a pawn, the kinds it promotes to, in this order (instead of
    /// the problem's choices).
    pub promotes: Vec<Spanned<String>>,
    /// `home a1 h1`: game-array squares, from White's side.
    pub home: Vec<Spanned<String>>,
    /// `moves …` clauses, in order (`moves nothing` is one clause of the primitive
    /// `nothing`).
    pub moves: Vec<Clause>,
    /// `example "…" { … }` blocks.
    pub examples: Vec<Example>,
}

/// One way of moving: `[quiet|capture] primitive(lines, options…)` or `castling`.
#[derive(Clone, Debug)]
pub struct Clause {
    /// The whole clause.
    pub span: Span,
    /// `quiet` or `capture`, when the clause only moves or only captures.
    pub mode: Option<Spanned<String>>,
    /// The primitive: `leap`, `ride`, `hop`, `equihop`, `lame`, `castling` or `nothing`.
    pub primitive: Spanned<String>,
    /// The lines it moves along (absent for `castling` and `nothing`).
    pub lines: Option<Lines>,
    /// `name` or `name: value` options.
    pub options: Vec<Opt>,
}

/// The lines of a clause: a vector with all its symmetric images, or a named set,
/// optionally only those pointing forward for the side moving.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The whole lines part.
    pub span: Span,
    /// `forward` was written.
    pub forward: bool,
    /// A vector `a,b` or a name.
    pub shape: LineShape,
}

/// What the lines are.
#[derive(Clone, Debug)]
pub enum LineShape {
    /// `a,b`: all images of (a,b) under the symmetries of the board.
    Vector(Number, Number),
    /// `rook`, `bishop`, `queen`, `knight`, `any`.
    Named(Spanned<String>),
}

/// An option of a clause.
#[derive(Clone, Debug)]
pub struct Opt {
    /// The whole option.
    pub span: Span,
    /// Its name.
    pub name: Spanned<String>,
    /// Its value, if written.
    pub value: Option<Spanned<OptValue>>,
}

/// A whole number as written: its value, held within ±`i32::MAX` (a larger one is
/// out of every range the checks accept), and its text, which messages quote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number {
    /// The value, clamped to ±`i32::MAX`.
    pub value: i32,
    /// The digits (and sign) as written.
    pub written: String,
}

impl Number {
    /// The number `written` (an optional `-` and digits), however large.
    pub fn read(written: &str) -> Number {
        let negative = written.starts_with('-');
        let value = match written.parse::<i64>() {
            Ok(n) => n.clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as i32,
            Err(_) if negative => -i32::MAX,
            Err(_) => i32::MAX,
        };
        Number {
            value,
            written: written.to_string(),
        }
    }
}

/// The value of an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptValue {
    /// A number.
    Int(Number),
    /// A word.
    Word(String),
}

/// A worked example: a position, a stipulation and the expected solution.
#[derive(Clone, Debug)]
pub struct Example {
    /// Its title.
    pub title: Spanned<String>,
    /// The whole block.
    pub span: Span,
    /// Units by colour word (`white`, `black`, `neutral`, followed by the attributes of
    /// the units, ` halfneutral`, ` chameleon`), each `Ka1`-style.
    pub units: Vec<(Spanned<String>, Vec<Spanned<String>>)>,
    /// The attribute words of the placements (`chameleon` in `white chameleon Qd1`).
    pub markings: Vec<Spanned<String>>,
    /// The stipulation as the reference writes it.
    pub stipulation: Option<Spanned<String>>,
    /// Conditions, as a problem file writes them.
    pub conditions: Option<Spanned<String>>,
    /// Options, as a problem file writes them.
    pub options: Option<Spanned<String>>,
    /// The expected solution lines.
    pub solution: Option<Spanned<String>>,
}

/// `condition Name { … }`.
#[derive(Clone, Debug)]
pub struct ConditionDef {
    /// The rule's name.
    pub name: Spanned<String>,
    /// The whole block.
    pub span: Span,
    /// `names "…" …`: how problems write it.
    pub names: Vec<Spanned<String>>,
    /// `text "…"`: the definition implemented.
    pub text: Option<Spanned<String>>,
    /// `params …` statements: what a problem writes after the name, in order.
    pub params: Vec<Spanned<String>>,
    /// `side white|black`: the condition applies to that side only.
    pub side: Option<Spanned<String>>,
    /// The block is an `attribute` block: a problem gives it to units, and its
    /// statements are in force while some unit carries it.
    pub attribute: bool,
    /// `option of rebirth`: the block is an option of a base condition (the word after
    /// `of` is what it changes).
    pub option_of: Option<Spanned<String>>,
    /// `rebirth …` statements.
    pub rebirths: Vec<RebirthDef>,
    /// `paralyse when …` statements.
    pub paralyse: Vec<Spanned<BoolExpr>>,
    /// `forbid [SCOPE] when …` statements.
    pub forbid: Vec<ForbidDef>,
    /// `recolour WHO when …` statements: effects after the move.
    pub recolour: Vec<RecolourDef>,
    /// `transmute WHO along CODES when …` statements: effects after the move.
    pub transmute: Vec<TransmuteDef>,
    /// `pawns step up to N from first rank` statements (N).
    pub pawn_steps: Vec<Spanned<i64>>,
    /// `pawns never promote` statements.
    pub no_promotion: Vec<Span>,
    /// `paralysis stalemates` statements.
    pub paralysis_stalemates: Vec<Span>,
    /// `promotion may add it to CODES` statements: the statement and its codes.
    pub promotion_marks: Vec<(Span, Vec<Spanned<String>>)>,
    /// `fairy pieces refused` statements.
    pub fairy_refused: Vec<Span>,
    /// `exchange places with same walk [kings …]` statements: the statement, and the
    /// word after `kings`.
    pub exchanges: Vec<(Span, Option<Spanned<String>>)>,
    /// `select first|max|min by …` statements.
    pub select: Vec<(Spanned<String>, Spanned<String>)>,
    /// `check from …` statements (the word after `from`).
    pub check_from: Vec<Spanned<String>>,
    /// `check when flights above given` statements.
    pub check_flights: Vec<Span>,
    /// `after|before capture move as …` statements (`after` or `before`, the word after
    /// `as`).
    pub legs: Vec<(Spanned<String>, Spanned<String>)>,
    /// `move as WHOM PLACE` statements (`friend behind`, `enemy ahead`, …).
    pub lends: Vec<(Spanned<String>, Spanned<String>)>,
    /// `after capture royal becomes captured pawn as CODE`: the code.
    pub royal_changes: Vec<Spanned<String>>,
    /// `swap royals when always|checking|safe`: the word.
    pub swap_royals: Vec<Spanned<String>>,
    /// `royal moves as observers instead|too`: the word.
    pub royal_walks: Vec<Spanned<String>>,
    /// `after capture ACTION unit of SIDE like captured [neutrals included] [as
    /// promoted]` statements.
    pub strikes: Vec<StrikeDef>,
    /// `after capture remove capturer when …` truths.
    pub vanish: Vec<Spanned<BoolExpr>>,
    /// `recolour observed by …` statements (the word after `by`).
    pub recolour_observed: Vec<Spanned<String>>,
    /// `transfer WHO from SET to SET` statements (the three words).
    pub transfers: Vec<[Spanned<String>; 3]>,
    /// `holes at …` statements (the word after `at`).
    pub holes: Vec<Spanned<String>>,
    /// The rule names after `incompatible with`.
    pub incompatible: Vec<Spanned<String>>,
    /// `example "…" { … }` blocks.
    pub examples: Vec<Example>,
}

/// `after capture ACTION unit of SIDE like captured [neutrals included]`.
#[derive(Clone, Debug)]
pub struct StrikeDef {
    /// `remove` or `recolour`.
    pub action: Spanned<String>,
    /// `capturer_side` or `captured_side`.
    pub side: Spanned<String>,
    /// Whether `neutrals included` follows.
    pub neutrals: bool,
    /// Whether `as promoted` follows.
    pub promoted: bool,
}

/// `forbid [moves] when TRUTH`.
#[derive(Clone, Debug)]
pub struct ForbidDef {
    /// The word between `forbid` and `when` (`moves`), if written.
    pub scope: Option<Spanned<String>>,
    /// The truth.
    pub when: Spanned<BoolExpr>,
}

/// `transmute WHO along CODES when TRUTH`: after the move, the unit named becomes the
/// walk that follows its own in the chain when the truth holds.
#[derive(Clone, Debug)]
pub struct TransmuteDef {
    /// The unit that changes walk (`mover` or `partner`).
    pub who: Spanned<String>,
    /// The codes of the chain, in order: a unit of one becomes the next.
    pub chain: Vec<Spanned<String>>,
    /// When it happens.
    pub when: Spanned<BoolExpr>,
}

/// `recolour WHO when TRUTH`: after the move, the unit named passes to the other side
/// when the truth holds.
#[derive(Clone, Debug)]
pub struct RecolourDef {
    /// The unit that changes side (`mover`).
    pub who: Spanned<String>,
    /// The truth.
    pub when: Spanned<BoolExpr>,
}

/// `rebirth captured|capturer at SQUARE [when taken vanish|forbid] [kings
/// included|excluded] [promoting]`; an option of rebirth leaves out what it keeps.
#[derive(Clone, Debug)]
pub struct RebirthDef {
    /// The whole statement.
    pub span: Span,
    /// `captured`, `capturer` or `mover`.
    pub who: Option<Spanned<String>>,
    /// `before captures` (or `before quiet moves`): the unit goes to the square before
    /// it moves, and makes those moves from there; the words as written, one space apart.
    pub before: Option<Spanned<String>>,
    /// Where.
    pub at: Option<Spanned<SqExpr>>,
    /// `vanish` or `forbid`.
    pub when_taken: Option<Spanned<String>>,
    /// `included` or `excluded`: whether royal units are reborn.
    pub kings: Option<Spanned<String>>,
    /// `promoting` was written.
    pub promoting: bool,
    /// `forbid` or `stay`: whether a capturer reborn where the capture left it makes
    /// the capture impossible (`when in place …`).
    pub in_place: Option<Spanned<String>>,
    /// `transmuted along CODES`: the chain along which the reborn unit changes walk.
    pub transmuted: Option<Spanned<Vec<Spanned<String>>>>,
    /// `reversed for capturer` follows the chain: a reborn capturer walks it backwards.
    pub reversed_for_capturer: bool,
    /// `turned` was written: the reborn unit passes to the other side.
    pub turned: bool,
    /// `cloned` was written: the reborn unit takes the walk of the other unit of the
    /// capture.
    pub cloned: bool,
    /// `mirrored` was written: game-array squares are the other side's.
    pub mirrored: bool,
    /// `imagined` was written: the unit is not put on the square, which the capture
    /// needs free.
    pub imagined: bool,
    /// `after next move` was written: the captured unit is reborn once the next move is
    /// made.
    pub after_next_move: bool,
}

/// A square computed from a move.
#[derive(Clone, Debug)]
pub enum SqExpr {
    /// `capture`, `departure`, `arrival`.
    Word(Spanned<String>),
    /// `game_array(captured)`, `game_array(capturer, mirrored)`.
    Call(Spanned<String>, Vec<Spanned<String>>),
    /// `(A.file, B.rank)`: the file of one square and the rank of another.
    Pair(
        Box<Spanned<SqExpr>>,
        Spanned<String>,
        Box<Spanned<SqExpr>>,
        Spanned<String>,
    ),
    /// `S + (A - B)` or `S - (A - B)`.
    Shift(
        Box<Spanned<SqExpr>>,
        bool,
        Box<Spanned<SqExpr>>,
        Box<Spanned<SqExpr>>,
    ),
}

/// A truth about a unit, a move or the last move.
#[derive(Clone, Debug)]
pub enum BoolExpr {
    /// Both.
    And(Box<Spanned<BoolExpr>>, Box<Spanned<BoolExpr>>),
    /// Either.
    Or(Box<Spanned<BoolExpr>>, Box<Spanned<BoolExpr>>),
    /// Not.
    Not(Box<Spanned<BoolExpr>>),
    /// `A == B` (`true`) or `A != B` (`false`).
    Compare(Spanned<Value>, bool, Spanned<Value>),
    /// A value that is a truth itself (`unit.royal`).
    Is(Spanned<Value>),
}

/// A value in a condition: a dotted path (`unit.walk`, `last.side`, `side`) or a call
/// (`colour(departure)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// `a.b.c`.
    Path(Vec<String>),
    /// `f(x)`.
    Call(String, String),
    /// A walk named by its code: `Q`.
    Walk(String),
}
