//! The move primitives of the rules language, one file each: `leap`, `ride`, `hop`,
//! `equihop`, `lame`, `castling`, `nothing`, `borrow`, the pawn's options (`double_step`,
//! `en_passant`) in [`pawn`], and the options that bend a path (`turn:`, `circle`) in
//! [`turn`].
//!
//! A primitive checks the options of its clauses and describes each clause as the
//! [`Path`]s it visits, one per vector ([`Primitive::lower`]). Everything else follows
//! from those paths by default: the move generator and the observation test (see
//! [`path`]), the reach, span, steps and influence tables (see [`reach`]). A primitive
//! overrides what it does faster or differently (a leap looks its targets up in a table,
//! a ride scans bitboards, castling is the engine's), from the same paths.
//! [`PRIMITIVES`] lists them; a new primitive is one new file and one line there.

pub mod borrow;
pub mod castling;
pub mod code;
pub mod equihop;
pub mod hop;
pub mod lame;
pub mod leap;
pub mod lines;
pub mod nothing;
pub mod path;
pub mod pawn;
pub mod reach;
pub mod ride;
pub mod turn;

pub use path::{End, Leg, Path, Vector};
pub use pawn::PawnMoves;
pub use reach::Influence;

use crate::ast::{self, OptValue};
use crate::diagnostic::{one_of, or_list, Diagnostic, Diagnostics, Span};
use crate::lower::{Clause, Kind, Mode};
use proc_macro2::TokenStream;
use quote::quote;

/// Every primitive, in the order diagnostics list them.
pub static PRIMITIVES: &[&dyn Primitive] = &[
    &leap::Leap,
    &ride::Ride,
    &hop::Hop,
    &equihop::Equihop,
    &lame::Lame,
    &castling::Castling,
    &nothing::Nothing,
    &borrow::Borrow,
];

/// How a rule writes a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `word(lines, options…)`.
    Call,
    /// `word` among the clauses.
    Word,
    /// `moves word`, alone.
    Statement,
}

/// A primitive: how its clauses are checked, described and emitted.
pub trait Primitive: Sync + std::fmt::Debug {
    /// The word rules write.
    fn word(&self) -> &'static str;

    /// How rules write it.
    fn form(&self) -> Form {
        Form::Call
    }

    /// Whether it reads its lines itself (a word in their place, not a vector or a named
    /// set of lines).
    fn reads_own_lines(&self) -> bool {
        false
    }

    /// Whether a unit moving by it takes its walk from other units: it could arrive on
    /// any square and observe from any on some board, and any square can decide whether
    /// it observes.
    fn borrows(&self) -> bool {
        false
    }

    /// The largest vector component its lines may have.
    fn vector_limit(&self) -> i32 {
        7
    }

    /// The options it takes, in the order diagnostics list them.
    fn options(&self) -> &'static [&'static str] {
        &[]
    }

    /// Checks a clause (its options; its lines are read) and describes it. `None` when
    /// it has errors (reported on `cx`).
    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk>;

    /// Code pushing the moves of the clause for a unit of `kind` on `from`, in order.
    fn generate(&self, kind: &Kind, clause: &Clause, _shared: &mut Shared) -> TokenStream {
        let paths = clause
            .paths
            .iter()
            .map(|p| path::generate(p, kind, clause.mode, clause.forward));
        let en_passant = pawn::en_passant(clause);
        quote! { #(#paths)* #en_passant }
    }

    /// How the observation test finds a capture of the clause (which captures).
    fn observer(&self, _clause: &Clause) -> Observer {
        Observer::Walk
    }

    /// The squares a unit on `from` could arrive on by the clause on some board, and those
    /// it always reaches when empty or holding a unit of the other side; `dir` turns a
    /// forward clause for Black.
    fn arrivals(&self, clause: &Clause, dir: i8, from: u8) -> (u64, u64) {
        let sure = clause.mode == Mode::Both;
        let mut span = pawn::double_step_arrivals(clause, dir, from);
        let mut steps = 0;
        for p in &clause.paths {
            span |= reach::arrivals(p, dir, from);
            if sure {
                steps |= reach::sure_arrival(p, dir, from);
            }
        }
        (span, steps)
    }
}

/// A clause described: its paths and the pawn moves added to them.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// One path per vector, in the order moves are generated.
    pub paths: Vec<Path>,
    /// Double steps and captures en passant.
    pub pawn: PawnMoves,
}

/// How the observation test looks for the captures of a clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Observer {
    /// In a leap table shared by every kind that leaps by the same vectors.
    Leap {
        /// The vectors.
        vectors: Vec<Vector>,
        /// They point forward for the side moving.
        forward: bool,
        /// A unit on its side's first rank observes nothing by them (`idle_on_first_rank`).
        idle: bool,
    },
    /// By one scan per direction, shared by every kind riding along it.
    Ray {
        /// The vectors.
        vectors: Vec<Vector>,
    },
    /// Walking each path back from the target, out of line.
    Walk,
    /// By the engine, from the walks lent to the unit (`borrow`).
    Borrowed,
}

/// What the emitters of the primitives share while emitting one rule set.
#[derive(Default)]
pub struct Shared {
    /// The leap tables emitted so far.
    pub leaps: leap::Tables,
}

/// The primitive rules write as `word`, in a form that `form` accepts.
pub fn find(word: &str, form: impl Fn(Form) -> bool) -> Option<&'static dyn Primitive> {
    PRIMITIVES
        .iter()
        .copied()
        .find(|p| p.word() == word && form(p.form()))
}

/// A clause being checked: what its primitive's [`Primitive::lower`] reads and reports.
pub struct ClauseCx<'a> {
    /// The clause as written.
    pub clause: &'a ast::Clause,
    /// Moves, captures or both.
    pub mode: Mode,
    /// The piece is royal.
    pub royal: bool,
    /// The piece is a pawn.
    pub pawn: bool,
    /// Its lines point forward for the side moving (`forward` written).
    pub forward: bool,
    /// The vectors of its lines (White's frame), none for a primitive without lines.
    pub vectors: Vec<Vector>,
    errors: &'a mut Diagnostics,
}

impl ClauseCx<'_> {
    /// Reports an error.
    pub fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.errors.0.push(Diagnostic::new(span, message, label));
    }

    /// The word of the clause's primitive.
    pub fn word(&self) -> &str {
        &self.clause.primitive.node
    }

    /// Reads the options in order: an option not in `valid` is reported, and so is an
    /// option given a second time; the others are handed to `read` by name.
    pub fn read_options(&mut self, valid: &[&str], mut read: impl FnMut(&mut Self, &ast::Opt)) {
        let clause = self.clause;
        for (i, o) in clause.options.iter().enumerate() {
            let name = o.name.node.as_str();
            let first = clause.options[..i].iter().find(|p| p.name.node == name);
            if let Some(first) = first.filter(|_| valid.contains(&name)) {
                let text = written(first);
                self.error(
                    o.name.span,
                    format!("option `{name}` given twice in one `{}`", self.word()),
                    format!("`{text}` is given before it: keep one"),
                );
            } else if valid.contains(&name) {
                read(self, o);
            } else {
                let label = match valid {
                    [] => format!("`{}` takes no options: remove it", clause.primitive.node),
                    _ => format!("expected {}", one_of(valid)),
                };
                self.error(
                    o.name.span,
                    format!("`{}` has no option `{name}`", clause.primitive.node),
                    label,
                );
            }
        }
    }

    /// Reports that option `o` has a bad value or none, when it needs `expected`.
    pub fn bad_value(&mut self, o: &ast::Opt, expected: &str) {
        let name = &o.name.node;
        match &o.value {
            Some(v) => {
                let written = match &v.node {
                    OptValue::Int(n) => n.written.clone(),
                    OptValue::Word(w) => w.clone(),
                };
                self.error(
                    v.span,
                    format!("bad value `{written}` for `{name}`"),
                    format!("expected {expected}"),
                );
            }
            None => self.error(
                o.span,
                format!("`{name}` needs a value"),
                format!("write `{name}: …` with {expected}"),
            ),
        }
    }
}

/// An option as written, value and all: `land: any`.
fn written(o: &ast::Opt) -> String {
    match o.value.as_ref().map(|v| &v.node) {
        Some(OptValue::Int(n)) => format!("{}: {}", o.name.node, n.written),
        Some(OptValue::Word(w)) => format!("{}: {w}", o.name.node),
        None => o.name.node.clone(),
    }
}

/// The number an option is given, if any.
pub fn int(o: &ast::Opt) -> Option<i32> {
    match o.value.as_ref().map(|v| &v.node) {
        Some(OptValue::Int(n)) => Some(n.value),
        _ => None,
    }
}

/// The word an option is given, if any.
pub fn word(o: &ast::Opt) -> Option<&str> {
    match o.value.as_ref().map(|v| &v.node) {
        Some(OptValue::Word(w)) => Some(w),
        _ => None,
    }
}

/// Checks a clause of a piece (`royal`, `pawn` say what it is) and lowers it; `text` and
/// `source` are the clause as written and where. Errors go to `errors`.
pub fn lower_clause(
    c: &ast::Clause,
    (royal, pawn): (bool, bool),
    (text, source): (String, String),
    errors: &mut Diagnostics,
) -> Option<Clause> {
    let mode = match c.mode.as_ref().map(|m| m.node.as_str()) {
        None => Mode::Both,
        Some("quiet") => Mode::Quiet,
        _ => Mode::Capture,
    };
    // written with lines, a call; else a word or statement
    let written: fn(Form) -> bool = if c.lines.is_some() {
        |f| f == Form::Call
    } else {
        |f| f != Form::Call
    };
    let Some(primitive) = find(&c.primitive.node, written) else {
        let words: Vec<String> = PRIMITIVES
            .iter()
            .filter(|p| p.form() != Form::Statement)
            .map(|p| p.word().to_string())
            .collect();
        errors.0.push(Diagnostic::new(
            c.primitive.span,
            format!("unknown move primitive `{}`", c.primitive.node),
            format!("expected {}", or_list(&words)),
        ));
        return None;
    };
    let (vectors, forward) = match &c.lines {
        Some(_) if primitive.reads_own_lines() => (Vec::new(), false),
        Some(lines) => (
            lines::read(lines, primitive.vector_limit(), errors)?,
            lines.forward,
        ),
        None => (Vec::new(), false),
    };
    let mut cx = ClauseCx {
        clause: c,
        mode,
        royal,
        pawn,
        forward,
        vectors,
        errors,
    };
    let walk = primitive.lower(&mut cx)?;
    Some(Clause {
        text,
        source,
        mode,
        forward,
        primitive,
        paths: walk.paths,
        pawn: walk.pawn,
    })
}
