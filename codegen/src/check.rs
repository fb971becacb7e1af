//! Semantic checks: what the grammar cannot see. Unknown primitives, line names and
//! options; vectors that cannot move on an 8×8 board; duplicate names and codes; options
//! used where they cannot apply; examples whose position is illegal. Every error of every
//! file is collected; on success the rules are lowered to the [`lower`](crate::lower) form.

use crate::ast::{self, LineShape, OptValue, PieceDef, Spanned};
use crate::diagnostic::{line_col, Diagnostic, Diagnostics, SourceFile, Span};
use crate::lower::{self, images, named_lines, Land, Mode, Numbering, Promotion, Walk};
use std::collections::HashMap;

const PRIMITIVES: &str = "leap, ride, hop, equihop, lame or castling";

/// Checks the parsed files and lowers them. `parsed[i]` comes from `files[i]`.
pub fn check(files: &[SourceFile], parsed: &[ast::RuleFile]) -> Result<lower::Rules, Diagnostics> {
    let mut cx = Checker {
        files,
        errors: Diagnostics::default(),
    };
    let mut kinds = Vec::new();
    for file in parsed {
        for piece in &file.pieces {
            kinds.push(cx.piece(piece));
        }
    }
    cx.duplicates(parsed);
    let mut kinds: Vec<lower::Kind> = kinds.into_iter().flatten().collect();
    // a pawn's own promotion choices, named by code
    for piece in parsed.iter().flat_map(|f| &f.pieces) {
        let mut to = Vec::new();
        for code in &piece.promotes {
            match kinds.iter().position(|k| k.codes.contains(&code.node)) {
                Some(i) => to.push(i as u8),
                None => cx.error(
                    code.span,
                    format!("unknown piece code `{}` to promote to", code.node),
                    "expected a code given by some piece's `codes`",
                ),
            }
        }
        if !piece.promotes.is_empty() && !piece.flags.iter().any(|f| f.node == "pawn") {
            cx.error(
                piece.name.span,
                format!("the piece `{}` promotes but is not a pawn", piece.name.node),
                "add `pawn`, or remove `promotes`",
            );
        }
        if let Some(k) = kinds.iter_mut().find(|k| k.name == piece.name.node) {
            k.promotes_to = to;
        }
    }
    // Examples are read against every piece written, also those with errors of their own,
    // so that one error does not make its codes look unknown.
    let written: Vec<(Vec<String>, bool)> = parsed
        .iter()
        .flat_map(|f| &f.pieces)
        .map(|p| {
            (
                p.codes.iter().map(|c| c.node.clone()).collect(),
                p.flags.iter().any(|f| f.node == "pawn"),
            )
        })
        .collect();
    for file in parsed {
        for piece in &file.pieces {
            for ex in &piece.examples {
                cx.example_units(ex, &written);
            }
        }
    }
    let all_conditions: Vec<&ast::ConditionDef> =
        parsed.iter().flat_map(|f| &f.conditions).collect();
    let mut conditions = Vec::new();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for c in &all_conditions {
        if let Some(first) = seen.insert(&c.name.node, c.name.span) {
            let at = cx.source(first);
            cx.error(
                c.name.span,
                format!("the condition `{}` is defined twice", c.name.node),
                format!("first defined at {at}"),
            );
        }
        conditions.extend(cx.condition(c));
        for ex in &c.examples {
            cx.example_units(ex, &written);
        }
    }
    // every example names conditions some rule defines
    let known: Vec<String> = all_conditions
        .iter()
        .flat_map(|c| c.names.iter().map(|n| normal_name(&n.node)))
        .collect();
    let examples = parsed
        .iter()
        .flat_map(|f| f.pieces.iter().flat_map(|p| &p.examples))
        .chain(all_conditions.iter().flat_map(|c| &c.examples));
    for ex in examples {
        if let Some(c) = &ex.conditions {
            if !known.contains(&normal_name(&c.node)) {
                cx.error(
                    c.span,
                    format!("unknown condition `{}` in an example", c.node.trim()),
                    "expected a name given by some condition's `names`",
                );
            }
        }
    }
    if cx.errors.is_empty() {
        Ok(lower::Rules {
            kinds,
            conditions,
            files: files.iter().map(|f| f.path.clone()).collect(),
        })
    } else {
        Err(cx.errors)
    }
}

/// A condition name with case and white space folded, for comparing names.
fn normal_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

struct Checker<'a> {
    files: &'a [SourceFile],
    errors: Diagnostics,
}

impl Checker<'_> {
    fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.errors.0.push(Diagnostic::new(span, message, label));
    }

    fn source(&self, span: Span) -> String {
        let f = &self.files[span.file];
        let (line, _) = line_col(&f.text, span.start);
        format!("{}:{line}", f.path)
    }

    fn text(&self, span: Span) -> String {
        self.files[span.file].text[span.start..span.end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn duplicates(&mut self, parsed: &[ast::RuleFile]) {
        let pieces: Vec<&PieceDef> = parsed.iter().flat_map(|f| &f.pieces).collect();
        let mut names: HashMap<&str, Span> = HashMap::new();
        for p in &pieces {
            if let Some(first) = names.insert(&p.name.node, p.name.span) {
                let at = self.source(first);
                self.error(
                    p.name.span,
                    format!("the piece `{}` is defined twice", p.name.node),
                    format!("first defined at {at}"),
                );
            }
        }
        let lists: [(&str, CodeList); 4] = [
            ("code", |p| &p.codes),
            ("reference code", |p| &p.popeye),
            ("German code", |p| &p.german),
            ("French code", |p| &p.french),
        ];
        for (what, list) in lists {
            let mut seen: HashMap<&str, (Span, &str)> = HashMap::new();
            for p in &pieces {
                for c in list(p) {
                    match seen.get(c.node.as_str()) {
                        Some(&(first, owner)) if owner != p.name.node => {
                            let at = self.source(first);
                            self.error(
                                c.span,
                                format!("duplicate {what} `{}`: `{owner}` already uses it", c.node),
                                format!("first used at {at}"),
                            );
                        }
                        _ => {
                            seen.insert(&c.node, (c.span, &p.name.node));
                        }
                    }
                }
            }
        }
    }

    fn piece(&mut self, p: &PieceDef) -> Option<lower::Kind> {
        let errors_before = self.errors.0.len();
        if p.codes.is_empty() {
            self.error(
                p.name.span,
                format!("the piece `{}` has no `codes`", p.name.node),
                "add `codes XY`",
            );
        }
        let text = match &p.text {
            Some(t) if !t.node.trim().is_empty() => {
                t.node.split_whitespace().collect::<Vec<_>>().join(" ")
            }
            _ => {
                self.error(
                    p.name.span,
                    format!("the piece `{}` has no definition text", p.name.node),
                    "add `text \"…\"` quoting the definition it implements",
                );
                String::new()
            }
        };
        let flag = |name: &str| p.flags.iter().any(|f| f.node == name);
        let (royal, pawn, castling_partner) =
            (flag("royal"), flag("pawn"), flag("castling_partner"));
        let unlettered = flag("unlettered");
        let promotion = match p.promotion.as_ref().map(|w| (w.node.as_str(), w.span)) {
            None if royal || pawn => Promotion::Never,
            None => Promotion::IfPresent,
            Some(("always", _)) => Promotion::Always,
            Some(("if_present", _)) => Promotion::IfPresent,
            Some(("never", _)) => Promotion::Never,
            Some((w, span)) => {
                self.error(
                    span,
                    format!("unknown promotion choice `{w}`"),
                    "expected `always`, `if_present` or `never`",
                );
                Promotion::Never
            }
        };
        let numbering = match p.numbering.as_ref().map(|w| (w.node.as_str(), w.span)) {
            None | Some(("turn", _)) => Numbering::Turn,
            Some(("queen_lines_reversed", _)) => Numbering::QueenLinesReversed,
            Some(("by_arrival", _)) => Numbering::ByArrival,
            Some(("captures_first", _)) => Numbering::CapturesFirst,
            Some((w, span)) => {
                self.error(
                    span,
                    format!("unknown numbering `{w}`"),
                    "expected `turn`, `queen_lines_reversed`, `by_arrival` or `captures_first`",
                );
                Numbering::Turn
            }
        };
        let mut home = Vec::new();
        for sq in &p.home {
            let b = sq.node.as_bytes();
            let (f, r) = (b[0] as i8 - b'a' as i8, b[1] as i8 - b'1' as i8);
            if (0..8).contains(&f) && (0..8).contains(&r) {
                home.push((f, r));
            } else {
                self.error(
                    sq.span,
                    format!("`{}` is not a square of the board", sq.node),
                    "expected a square from a1 to h8",
                );
            }
        }
        if p.moves.is_empty() && !p.immobile {
            self.error(
                p.name.span,
                format!("the piece `{}` has no `moves`", p.name.node),
                "add `moves …` (`moves nothing` for a piece that never moves)",
            );
        }
        let mut clauses = Vec::new();
        for c in &p.moves {
            if let Some(cl) = self.clause(c, royal, pawn) {
                clauses.push(cl);
            }
        }
        let examples = p.examples.iter().filter_map(|e| self.example(e)).collect();
        let codes = |l: &Vec<Spanned<String>>| l.iter().map(|c| c.node.clone()).collect::<Vec<_>>();
        let own = codes(&p.codes);
        let or_own = |l: &Vec<Spanned<String>>| if l.is_empty() { own.clone() } else { codes(l) };
        (self.errors.0.len() == errors_before).then(|| lower::Kind {
            name: p.name.node.clone(),
            source: self.source(p.name.span),
            text,
            codes: own.clone(),
            popeye: or_own(&p.popeye),
            german: or_own(&p.german),
            french: or_own(&p.french),
            royal,
            pawn,
            castling_partner,
            unlettered,
            promotion,
            numbering,
            promotes_to: Vec::new(),
            home,
            clauses,
            examples,
        })
    }

    fn clause(&mut self, c: &ast::Clause, royal: bool, pawn: bool) -> Option<lower::Clause> {
        let mode = match c.mode.as_ref().map(|m| m.node.as_str()) {
            None => Mode::Both,
            Some("quiet") => Mode::Quiet,
            _ => Mode::Capture,
        };
        let prim = c.primitive.node.as_str();
        let source = self.source(c.span);
        let text = self.text(c.span);
        if prim == "castling" {
            if !royal {
                self.error(
                    c.primitive.span,
                    "`castling` is for royal pieces",
                    "mark the piece `royal`, or remove `castling`",
                );
                return None;
            }
            return Some(lower::Clause {
                text,
                source,
                mode,
                forward: false,
                walk: Walk::Castling,
            });
        }
        if !matches!(prim, "leap" | "ride" | "hop" | "equihop" | "lame") {
            self.error(
                c.primitive.span,
                format!("unknown move primitive `{prim}`"),
                format!("expected {PRIMITIVES}"),
            );
            return None;
        }
        let lines = c.lines.as_ref().expect("a primitive has lines");
        let vectors = match &lines.shape {
            LineShape::Vector(a, b) => {
                let limit = if prim == "equihop" { 3 } else { 7 };
                if (*a == 0 && *b == 0) || a.abs() > limit || b.abs() > limit {
                    let why = if *a == 0 && *b == 0 {
                        "the vector 0,0 does not move".to_string()
                    } else {
                        format!("the vector {a},{b} cannot move on an 8×8 board")
                    };
                    self.error(
                        lines.span,
                        why,
                        format!("expected components from -{limit} to {limit}, not both 0"),
                    );
                    return None;
                }
                images(*a as i8, *b as i8)
            }
            LineShape::Named(n) => {
                match named_lines(&n.node) {
                    Some(v) => v,
                    None => {
                        self.error(n.span, format!("unknown lines `{}`", n.node), "expected `rook`, `bishop`, `queen`, `knight`, `any` or a vector like 1,2");
                        return None;
                    }
                }
            }
        };
        let vectors: Vec<(i8, i8)> = if lines.forward {
            vectors.into_iter().filter(|v| v.1 > 0).collect()
        } else {
            vectors
        };
        if vectors.is_empty() {
            self.error(
                lines.span,
                "no vector of these lines points forward",
                "a forward vector needs a positive second component",
            );
            return None;
        }
        let mut opts = Options::default();
        for o in &c.options {
            self.option(prim, o, mode, pawn, &mut opts);
        }
        let walk = match prim {
            "leap" => Walk::Leap {
                vectors,
                double_step: opts.double_step,
                en_passant: opts.en_passant,
            },
            "ride" => Walk::Ride {
                vectors,
                max: opts.max,
            },
            "hop" => Walk::Hop {
                vectors,
                hurdles: opts.hurdles.unwrap_or(1),
                land: opts.land.unwrap_or(Land::Next),
                take_hurdle: opts.take_hurdle,
                adjacent: opts.adjacent,
                en_passant: opts.en_passant,
            },
            "equihop" => Walk::Equihop {
                vectors,
                english: opts.english,
            },
            _ => {
                let via = opts.via.unwrap_or("rook");
                let steps = vectors
                    .iter()
                    .map(|&(x, y)| {
                        let (sx, sy) = (x.signum(), y.signum());
                        let mid = match via {
                            // the orthogonal step towards the longer component
                            "rook" if x.abs() > y.abs() => (sx, 0),
                            "rook" => (0, sy),
                            _ => (sx, sy),
                        };
                        ((x, y), mid)
                    })
                    .collect();
                Walk::Lame { steps }
            }
        };
        if let Walk::Hop {
            en_passant: true,
            adjacent: false,
            ..
        } = walk
        {
            self.error(
                c.span,
                "only a hop over the adjacent square takes en passant",
                "write `capture hop(…, take: adjacent, en_passant)`",
            );
        }
        if let Walk::Hop {
            take_hurdle: true, ..
        } = walk
        {
            if mode != Mode::Capture {
                self.error(
                    c.span,
                    "a hop that takes its hurdle only captures",
                    "write `capture hop(…, take: hurdle)`",
                );
            }
        }
        Some(lower::Clause {
            text,
            source,
            mode,
            forward: lines.forward,
            walk,
        })
    }

    fn option(&mut self, prim: &str, o: &ast::Opt, mode: Mode, pawn: bool, opts: &mut Options) {
        let name = o.name.node.as_str();
        let value = o.value.as_ref();
        let int = |v: Option<&Spanned<OptValue>>| match v.map(|v| &v.node) {
            Some(OptValue::Int(n)) => Some(*n),
            _ => None,
        };
        let word = |v: Option<&Spanned<OptValue>>| match v.map(|v| &v.node) {
            Some(OptValue::Word(w)) => Some(w.clone()),
            _ => None,
        };
        let valid: &[&str] = match prim {
            "leap" => &["double_step", "en_passant"],
            "ride" => &["max"],
            "hop" => &["land", "hurdles", "take", "en_passant"],
            "equihop" => &["path"],
            _ => &["via"],
        };
        if !valid.contains(&name) {
            self.error(
                o.name.span,
                format!("`{prim}` has no option `{name}`"),
                format!("expected {}", one_of(valid)),
            );
            return;
        }
        let bad = |me: &mut Self, expected: &str| match value {
            Some(v) => {
                let written = match &v.node {
                    OptValue::Int(n) => n.to_string(),
                    OptValue::Word(w) => w.clone(),
                };
                me.error(
                    v.span,
                    format!("bad value `{written}` for `{name}`"),
                    format!("expected {expected}"),
                );
            }
            None => me.error(
                o.span,
                format!("`{name}` needs a value"),
                format!("write `{name}: …` with {expected}"),
            ),
        };
        match name {
            "double_step" | "en_passant" => {
                if value.is_some() {
                    bad(self, "no value");
                } else if !pawn {
                    self.error(
                        o.span,
                        format!("`{name}` is for pawns"),
                        "mark the piece `pawn`, or remove the option",
                    );
                } else if name == "double_step" && mode != Mode::Quiet {
                    self.error(
                        o.span,
                        "`double_step` applies to quiet moves",
                        "write `quiet leap(…, double_step)`",
                    );
                } else if name == "en_passant" && mode != Mode::Capture {
                    self.error(
                        o.span,
                        "`en_passant` applies to captures",
                        format!("write `capture {prim}(…, en_passant)`"),
                    );
                } else if name == "double_step" {
                    opts.double_step = true;
                } else {
                    opts.en_passant = true;
                }
            }
            "max" => match int(value) {
                Some(n) if (1..=7).contains(&n) => opts.max = Some(n as u8),
                _ => bad(self, "a number of steps from 1 to 7"),
            },
            "hurdles" => match int(value) {
                Some(n) if (1..=3).contains(&n) => opts.hurdles = Some(n as u8),
                _ => bad(self, "a number of hurdles from 1 to 3"),
            },
            "land" => match (int(value), word(value).as_deref()) {
                (Some(n), _) if (1..=6).contains(&n) => {
                    opts.land = Some(if n == 1 {
                        Land::Next
                    } else {
                        Land::At(n as u8)
                    })
                }
                (_, Some("next")) => opts.land = Some(Land::Next),
                (_, Some("any")) => opts.land = Some(Land::Any),
                (_, Some("first")) => opts.land = Some(Land::First),
                _ => bad(self, "`next`, `any`, `first` or a distance from 1 to 6"),
            },
            "take" => match word(value).as_deref() {
                Some("hurdle") => opts.take_hurdle = true,
                Some("adjacent") => {
                    opts.take_hurdle = true;
                    opts.adjacent = true;
                }
                _ => bad(
                    self,
                    "`hurdle` or `adjacent` (the hurdle on the first step)",
                ),
            },
            "path" => match word(value).as_deref() {
                Some("ignored") => opts.english = false,
                Some("clear") => opts.english = true,
                _ => bad(
                    self,
                    "`ignored` (non-stop) or `clear` (no other unit on queen lines)",
                ),
            },
            _ => match word(value).as_deref() {
                Some("rook") => opts.via = Some("rook"),
                Some("bishop") => opts.via = Some("bishop"),
                _ => bad(self, "`rook` or `bishop`"),
            },
        }
    }

    fn example(&mut self, e: &ast::Example) -> Option<lower::Example> {
        let before = self.errors.0.len();
        let Some(stip) = &e.stipulation else {
            self.error(
                e.title.span,
                format!("the example \"{}\" has no stipulation", e.title.node),
                "add `stipulation \"#2\"`",
            );
            return None;
        };
        let Some(solution) = &e.solution else {
            self.error(
                e.title.span,
                format!("the example \"{}\" has no solution", e.title.node),
                "add `solution \"…\"` with the expected lines",
            );
            return None;
        };
        let mut problem = String::from("BeginProblem\nPieces");
        for (colour, units) in &e.units {
            problem.push(' ');
            problem.push_str(colour.node.as_str());
            for u in units {
                problem.push(' ');
                problem.push_str(&u.node);
            }
        }
        problem.push_str(&format!("\nStipulation {}\n", stip.node.trim()));
        if let Some(c) = &e.conditions {
            problem.push_str(&format!("Condition {}\n", c.node.trim()));
        }
        if let Some(o) = &e.options {
            problem.push_str(&format!("Option {}\n", o.node.trim()));
        }
        problem.push_str("EndProblem\n");
        let solution = solution
            .node
            .lines()
            .map(str::trim_end)
            .skip_while(|l| l.trim().is_empty())
            .collect::<Vec<_>>();
        let indent = solution
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0);
        let solution = solution
            .iter()
            .map(|l| {
                if l.len() >= indent {
                    &l[indent..]
                } else {
                    l.trim()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        (self.errors.0.len() == before).then(|| lower::Example {
            title: e.title.node.clone(),
            source: self.source(e.title.span),
            problem,
            solution: solution.trim_end().to_string(),
        })
    }

    /// The units of an example must name known codes on distinct squares, with no pawn on
    /// its first or last rank.
    fn example_units(&mut self, e: &ast::Example, pieces: &[(Vec<String>, bool)]) {
        let mut taken: HashMap<(u8, u8), Span> = HashMap::new();
        for (colour, units) in &e.units {
            for u in units {
                let text = u.node.as_str();
                let letters = text
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                    .count();
                let letters = if letters > 2 { 2 } else { letters };
                let (code, squares) = text.split_at(letters);
                let Some(&(_, pawn)) = pieces
                    .iter()
                    .find(|(codes, _)| codes.iter().any(|c| c == code))
                else {
                    self.error(
                        u.span,
                        format!("unknown piece code `{code}` in an example"),
                        "expected a code given by some piece's `codes`",
                    );
                    continue;
                };
                for sq in squares.as_bytes().chunks(2) {
                    let (f, r) = (
                        sq[0].wrapping_sub(b'a'),
                        sq.get(1).map_or(99, |r| r.wrapping_sub(b'1')),
                    );
                    if f >= 8 || r >= 8 {
                        self.error(
                            u.span,
                            format!("`{text}` names a square off the board"),
                            "expected squares from a1 to h8",
                        );
                        continue;
                    }
                    if let Some(first) = taken.insert((f, r), u.span) {
                        let at = self.source(first);
                        self.error(
                            u.span,
                            format!(
                                "illegal example position: two units on {}{}",
                                (b'a' + f) as char,
                                r + 1
                            ),
                            format!("the square is already taken at {at}"),
                        );
                    }
                    if pawn && (r == 0 || r == 7) && !colour.node.starts_with("neutral") {
                        self.error(
                            u.span,
                            format!(
                                "illegal example position: a pawn on {}{}",
                                (b'a' + f) as char,
                                r + 1
                            ),
                            "pawns cannot stand on the first or last rank",
                        );
                    }
                }
            }
        }
    }
}

#[derive(Default)]
struct Options {
    double_step: bool,
    en_passant: bool,
    max: Option<u8>,
    hurdles: Option<u8>,
    land: Option<Land>,
    take_hurdle: bool,
    adjacent: bool,
    english: bool,
    via: Option<&'static str>,
}

/// `a`, `b` or `c`.
fn one_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// Where a truth is evaluated: what it may look at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// `paralyse when`: a unit (`unit`, `side`, `last`).
    Unit,
    /// `forbid when`: a move (also `departure`, `arrival`, `capture`).
    Move,
}

/// One of a piece's lists of codes, by name.
type CodeList = fn(&PieceDef) -> &Vec<Spanned<String>>;

/// The type of a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Type {
    Walk,
    Side,
    Colour,
    Bool,
}

impl Type {
    /// The type in words, with its article.
    fn words(self) -> &'static str {
        match self {
            Type::Walk => "a kind of unit",
            Type::Side => "a side",
            Type::Colour => "a square colour",
            Type::Bool => "a truth",
        }
    }
}

impl Checker<'_> {
    fn condition(&mut self, c: &ast::ConditionDef) -> Option<lower::Condition> {
        let before = self.errors.0.len();
        if c.names.is_empty() {
            self.error(
                c.name.span,
                format!("the condition `{}` has no `names`", c.name.node),
                "add `names \"…\"` as problems write it",
            );
        }
        let text = match &c.text {
            Some(t) if !t.node.trim().is_empty() => {
                t.node.split_whitespace().collect::<Vec<_>>().join(" ")
            }
            _ => {
                self.error(
                    c.name.span,
                    format!("the condition `{}` has no definition text", c.name.node),
                    "add `text \"…\"` quoting the definition it implements",
                );
                String::new()
            }
        };
        let side = c.side.as_ref().map(|s| (s.node.as_str(), s.span));
        let defender = matches!(side, Some(("defender", _)));
        let white_only = match side {
            None | Some(("defender", _)) => None,
            Some(("white", _)) => Some(true),
            Some(("black", _)) => Some(false),
            Some((w, span)) => {
                self.error(
                    span,
                    format!("unknown side `{w}`"),
                    "expected `white`, `black` or `defender`",
                );
                None
            }
        };
        if c.rebirths.len() > 1 {
            self.error(
                c.rebirths[1].span,
                "a condition has at most one rebirth",
                "remove this `rebirth`, or write another condition",
            );
        }
        let rebirth = c.rebirths.first().and_then(|r| {
            let capturer = match r.who.node.as_str() {
                "captured" => false,
                "capturer" => true,
                w => {
                    self.error(
                        r.who.span,
                        format!("unknown unit `{w}` to rebirth"),
                        "expected `captured` or `capturer`",
                    );
                    return None;
                }
            };
            let forbid_when_taken = match r.when_taken.as_ref().map(|w| (w.node.as_str(), w.span)) {
                None | Some(("vanish", _)) => false,
                Some(("forbid", _)) => true,
                Some((w, span)) => {
                    self.error(
                        span,
                        format!("unknown consequence `{w}`"),
                        "expected `vanish` (the unit disappears) or `forbid` (no capture)",
                    );
                    false
                }
            };
            if r.promoting && capturer {
                self.error(
                    r.span,
                    "`promoting` applies to a reborn captured pawn",
                    "remove `promoting`, or rebirth `captured`",
                );
            }
            let at = self.sq(&r.at)?;
            Some(lower::Rebirth {
                capturer,
                at,
                forbid_when_taken,
                promoting: r.promoting,
                text: self.text(r.span),
            })
        });
        let paralyse: Vec<lower::Cond> = c
            .paralyse
            .iter()
            .filter_map(|e| self.cond(e, Place::Unit))
            .collect();
        let forbid: Vec<lower::Cond> = c
            .forbid
            .iter()
            .filter_map(|e| self.cond(e, Place::Move))
            .collect();
        if c.select.len() > 1 {
            self.error(
                c.select[1].0.span,
                "a condition selects at most once",
                "remove this `select`",
            );
        }
        let select =
            c.select
                .first()
                .and_then(|(how, by)| match (how.node.as_str(), by.node.as_str()) {
                    ("first", "alphabetic") => Some(lower::Select::FirstAlphabetic),
                    ("max", "length") => Some(lower::Select::MaxLength),
                    ("min", "length") => Some(lower::Select::MinLength),
                    ("first", _) => {
                        self.error(
                            by.span,
                            format!("unknown order `{}`", by.node),
                            "expected `alphabetic` (a1, a2 … a8, b1 … h8)",
                        );
                        None
                    }
                    ("max" | "min", _) => {
                        self.error(
                            by.span,
                            format!("unknown measure `{}`", by.node),
                            "expected `length`",
                        );
                        None
                    }
                    _ => {
                        self.error(
                            how.span,
                            format!("unknown selection `{}`", how.node),
                            "expected `first`, `max` or `min`",
                        );
                        None
                    }
                });
        if rebirth.is_none()
            && paralyse.is_empty()
            && forbid.is_empty()
            && select.is_none()
            && self.errors.0.len() == before
        {
            self.error(
                c.name.span,
                format!("the condition `{}` does nothing", c.name.node),
                "add a `rebirth`, `paralyse`, `forbid` or `select` statement",
            );
        }
        let uses_last = paralyse.iter().chain(&forbid).any(uses_last);
        let examples = c.examples.iter().filter_map(|e| self.example(e)).collect();
        (self.errors.0.len() == before).then(|| lower::Condition {
            name: c.name.node.clone(),
            source: self.source(c.name.span),
            text,
            names: c.names.iter().map(|n| n.node.clone()).collect(),
            white_only,
            defender,
            rebirth,
            paralyse,
            forbid,
            select,
            uses_last,
            examples,
        })
    }

    fn sq(&mut self, e: &Spanned<ast::SqExpr>) -> Option<lower::Sq> {
        use ast::SqExpr;
        Some(match &e.node {
            SqExpr::Word(w) => match w.node.as_str() {
                "capture" => lower::Sq::Capture,
                "departure" => lower::Sq::Departure,
                "arrival" => lower::Sq::Arrival,
                "partner_departure" => lower::Sq::PartnerDeparture,
                "partner_arrival" => lower::Sq::PartnerArrival,
                other => {
                    self.error(w.span, format!("unknown square `{other}`"), "expected `capture`, `departure`, `arrival`, `partner_departure`, `partner_arrival`, `game_array(…)` or `(A.file, B.rank)`");
                    return None;
                }
            },
            SqExpr::Call(f, args) => {
                if f.node != "game_array" {
                    self.error(
                        f.span,
                        format!("unknown square function `{}`", f.node),
                        "expected `game_array(captured|capturer[, mirrored])`",
                    );
                    return None;
                }
                let capturer = match args.first().map(|a| a.node.as_str()) {
                    Some("captured") => false,
                    Some("capturer") => true,
                    _ => {
                        self.error(
                            e.span,
                            "`game_array` needs the unit",
                            "expected `game_array(captured)` or `game_array(capturer)`",
                        );
                        return None;
                    }
                };
                let mirrored = match args.get(1).map(|a| (a.node.as_str(), a.span)) {
                    None => false,
                    Some(("mirrored", _)) => true,
                    Some((w, span)) => {
                        self.error(
                            span,
                            format!("unknown option `{w}` of `game_array`"),
                            "expected `mirrored`",
                        );
                        return None;
                    }
                };
                lower::Sq::GameArray { capturer, mirrored }
            }
            SqExpr::Pair(a, fa, b, rb) => {
                if fa.node != "file" {
                    self.error(
                        fa.span,
                        format!("expected `file`, found `{}`", fa.node),
                        "the first part of a pair is a file: `A.file`",
                    );
                }
                if rb.node != "rank" {
                    self.error(
                        rb.span,
                        format!("expected `rank`, found `{}`", rb.node),
                        "the second part of a pair is a rank: `B.rank`",
                    );
                }
                lower::Sq::Pair(Box::new(self.sq(a)?), Box::new(self.sq(b)?))
            }
            SqExpr::Shift(s, plus, a, b) => lower::Sq::Shift(
                Box::new(self.sq(s)?),
                *plus,
                Box::new(self.sq(a)?),
                Box::new(self.sq(b)?),
            ),
        })
    }

    fn cond(&mut self, e: &Spanned<ast::BoolExpr>, place: Place) -> Option<lower::Cond> {
        use ast::BoolExpr;
        Some(match &e.node {
            // Both sides are checked before giving up, so every error is reported.
            BoolExpr::And(a, b) => {
                let (a, b) = (self.cond(a, place), self.cond(b, place));
                lower::Cond::And(Box::new(a?), Box::new(b?))
            }
            BoolExpr::Or(a, b) => {
                let (a, b) = (self.cond(a, place), self.cond(b, place));
                lower::Cond::Or(Box::new(a?), Box::new(b?))
            }
            BoolExpr::Not(a) => lower::Cond::Not(Box::new(self.cond(a, place)?)),
            BoolExpr::Compare(a, eq, b) => {
                let (a, b) = (self.value(a, place), self.value(b, place));
                let ((va, ta), (vb, tb)) = (a?, b?);
                if ta != tb || ta == Type::Bool {
                    self.error(
                        e.span,
                        format!("cannot compare {} with {}", ta.words(), tb.words()),
                        "compare values of one type: walks, sides or colours",
                    );
                    return None;
                }
                lower::Cond::Compare(va, *eq, vb)
            }
            BoolExpr::Is(v) => {
                let (val, t) = self.value(v, place)?;
                if t != Type::Bool {
                    self.error(
                        v.span,
                        format!("{} is not a truth", t.words()),
                        "compare it: `A == B` or `A != B`",
                    );
                    return None;
                }
                lower::Cond::Is(val)
            }
        })
    }

    fn value(&mut self, v: &Spanned<ast::Value>, place: Place) -> Option<(lower::Val, Type)> {
        use lower::Val;
        let found = match &v.node {
            ast::Value::Path(p) => {
                match p.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                    ["unit", "walk"] => Some((Val::UnitWalk, Type::Walk)),
                    ["unit", "royal"] => Some((Val::UnitRoyal, Type::Bool)),
                    ["unit", "observed_by_same_walk"] => {
                        Some((Val::UnitObservedBySameWalk, Type::Bool))
                    }
                    ["last", "walk"] => Some((Val::LastWalk, Type::Walk)),
                    ["last", "side"] => Some((Val::LastSide, Type::Side)),
                    ["side"] => Some((Val::Side, Type::Side)),
                    _ => None,
                }
            }
            ast::Value::Call(f, x) if f == "colour" => {
                let sq = match x.as_str() {
                    "departure" => Some(lower::Sq::Departure),
                    "arrival" => Some(lower::Sq::Arrival),
                    "partner_departure" => Some(lower::Sq::PartnerDeparture),
                    "partner_arrival" => Some(lower::Sq::PartnerArrival),
                    _ => None,
                };
                match sq {
                    Some(_) if place == Place::Unit => {
                        self.error(v.span, format!("`colour({x})` cannot apply in `paralyse`: a unit has no move there"), "use it in `forbid when …`");
                        return None;
                    }
                    Some(sq) => Some((Val::Colour(sq), Type::Colour)),
                    None => None,
                }
            }
            _ => None,
        };
        if found.is_none() {
            self.error(
                v.span,
                format!("unknown value `{}`", self.text(v.span)),
                "expected unit.walk, unit.royal, unit.observed_by_same_walk, last.walk, last.side, side or colour(departure|arrival|partner_departure|partner_arrival)",
            );
        }
        found
    }
}

fn uses_last(c: &lower::Cond) -> bool {
    use lower::{Cond, Val};
    match c {
        Cond::And(a, b) | Cond::Or(a, b) => uses_last(a) || uses_last(b),
        Cond::Not(a) => uses_last(a),
        Cond::Compare(a, _, b) => [a, b]
            .iter()
            .any(|v| matches!(v, Val::LastWalk | Val::LastSide)),
        Cond::Is(_) => false,
    }
}
