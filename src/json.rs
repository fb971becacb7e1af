//! The JSON form of a solved problem: the same content as the text output, as data for
//! tools (problem, twins, solution trees), every move both as the reference writes it
//! and as data: departure, arrival, walk, side and owner, capture, promotion, each
//! further effect, and its marks. `docs/solution.schema.json` describes the document.

use fairyforge_engine::moves::{Effect, Move, MoveKind};
use fairyforge_engine::output::layout::twin_heading;
use fairyforge_engine::output::names::Names;
use fairyforge_engine::output::notation::{line_text, played_text, progress_text};
use fairyforge_engine::output::solution::remark_text;
use fairyforge_engine::problem::ProblemResult;
use fairyforge_engine::solution::{
    Attack, Defence, Label, Line, Mark, Played, Solution, Threat, Verdict,
};
use fairyforge_engine::stipulation::Goal;
use fairyforge_engine::{Owner, Piece, Side, Square};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{json, Value};

/// What the JSON of a solution is written with.
struct Context<'a> {
    names: &'a Names,
    goal: Goal,
}

fn side(s: Side) -> &'static str {
    match s {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn owner(o: Owner) -> &'static str {
    match o {
        Owner::White => "white",
        Owner::Black => "black",
        Owner::Neutral => "neutral",
    }
}

/// A unit: its walk (code), owner, half-neutrality.
fn unit(names: &Names, p: Piece) -> Value {
    json!({ "walk": names.code(p.kind), "owner": owner(p.owner), "half_neutral": p.half })
}

/// A unit on a square.
fn placed(names: &Names, p: Piece, at: Square) -> Value {
    let mut v = unit(names, p);
    v["square"] = json!(at.to_string());
    v
}

fn effect(names: &Names, e: &Effect) -> Value {
    match e {
        Effect::Add { at, piece } => {
            let mut v = placed(names, *piece, *at);
            v["effect"] = json!("add");
            v
        }
        Effect::Remove { at, piece } => {
            let mut v = placed(names, *piece, *at);
            v["effect"] = json!("remove");
            v
        }
        Effect::Promote { at, from, to } => json!({
            "effect": "promote",
            "square": at.to_string(),
            "from": unit(names, *from),
            "to": unit(names, *to),
        }),
    }
}

fn kind(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Normal => "normal",
        MoveKind::DoubleStep { .. } => "double_step",
        MoveKind::EnPassant => "en_passant",
        MoveKind::CastleShort => "castle_short",
        MoveKind::CastleLong => "castle_long",
    }
}

fn mark(m: Mark) -> Value {
    match m {
        Mark::None => Value::Null,
        Mark::Check => json!("check"),
        Mark::Mate => json!("mate"),
        Mark::Stalemate => json!("stalemate"),
        Mark::DoubleStalemate => json!("double_stalemate"),
    }
}

/// A move as data, beside its text as written (fields in the order of their names, as
/// every object of the document).
#[derive(Serialize)]
struct MoveDoc<'a> {
    capture: Option<Value>,
    castling_partner: Option<Value>,
    effects: Vec<Value>,
    from: String,
    goal: Option<String>,
    half_neutral: bool,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    mark: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u32>,
    owner: &'static str,
    promotion: Option<&'a str>,
    recolour: Option<&'static str>,
    side: &'static str,
    text: String,
    to: String,
    walk: &'a str,
}

/// The move's data, beside `text` as written.
fn move_data<'a>(names: &'a Names, played: &Played, text: String) -> MoveDoc<'a> {
    let mv: &Move = &played.mv;
    MoveDoc {
        capture: mv.captured.map(|c| placed(names, c, mv.capture_at)),
        castling_partner: mv
            .partner()
            .map(|(from, to)| json!({ "from": from.to_string(), "to": to.to_string() })),
        effects: mv.extras().map(|e| effect(names, e)).collect(),
        from: mv.from.to_string(),
        goal: played.goal.map(|g| g.symbol()),
        half_neutral: mv.mover.half,
        kind: kind(mv.kind),
        label: None,
        mark: mark(played.mark),
        number: None,
        owner: owner(mv.mover.owner),
        promotion: mv.promotion.map(|k| names.code(k)),
        recolour: mv.recolour.map(owner),
        side: side(played.side),
        text,
        to: mv.to.to_string(),
        walk: names.code(mv.mover.kind),
    }
}

/// A line of play as data.
#[derive(Serialize)]
struct LineDoc<'a> {
    forced: bool,
    moves: Vec<MoveDoc<'a>>,
    skipped_first: bool,
    text: String,
}

impl Context<'_> {
    fn played(&self, played: &Played) -> MoveDoc<'_> {
        move_data(
            self.names,
            played,
            played_text(self.names, played, self.goal),
        )
    }

    fn line(&self, line: &Line) -> LineDoc<'_> {
        let moves = line
            .moves
            .iter()
            .map(|m| MoveDoc {
                number: Some(m.number),
                label: Some(match m.label {
                    Label::Number => "number",
                    Label::Ellipsis => "ellipsis",
                    Label::Bare => "bare",
                }),
                ..self.played(&m.played)
            })
            .collect();
        LineDoc {
            forced: line.forced,
            moves,
            skipped_first: line.skipped_first,
            text: line_text(self.names, line, self.goal),
        }
    }

    fn attack(&self, a: &Attack) -> Value {
        json!({
            "number": a.number,
            "move": a.played.as_ref().map(|p| self.played(p)),
            "mark": a.verdict.map(|v| match v {
                Verdict::Key => "!",
                Verdict::Try => "?",
                Verdict::Forced => "?!?",
            }),
            "threat": match &a.threat {
                Threat::None => Value::Null,
                Threat::Zugzwang => json!("zugzwang"),
                Threat::Moves(m) => Value::Array(m.iter().map(|t| self.attack(t)).collect()),
            },
            "variations": a.defences.iter().map(|d| self.defence(d)).collect::<Vec<_>>(),
            "refutations": a.refutations.iter().map(|d| self.defence(d)).collect::<Vec<_>>(),
        })
    }

    fn defence(&self, d: &Defence) -> Value {
        json!({
            "number": d.number,
            "move": self.played(&d.played),
            "refutes": d.refutes,
            "answers": d.answers.iter().map(|a| self.attack(a)).collect::<Vec<_>>(),
        })
    }

    fn solution(&self, s: &Solution) -> Value {
        match s {
            Solution::Lines(lines) => {
                json!({ "lines": lines.iter().map(|l| self.line(l)).collect::<Vec<_>>() })
            }
            Solution::Remark(remark) => json!({ "remark": remark_text(*remark) }),
            Solution::SetPlay(set) => {
                json!({ "set_play": set.iter().map(|d| self.defence(d)).collect::<Vec<_>>() })
            }
            Solution::PostKey(play) => json!({ "post_key": self.attack(play) }),
            Solution::Tree(keys) => {
                json!({ "tree": keys.iter().map(|a| self.attack(a)).collect::<Vec<_>>() })
            }
            Solution::Numbered { moves, play, .. } => {
                // the first moves in the reference's order, then the play as without the
                // option
                let mut value = self.solution(play);
                let numbered: Vec<MoveDoc> = moves
                    .iter()
                    .map(|m| move_data(self.names, m, progress_text(self.names, m)))
                    .collect();
                value["move_numbers"] = json!(numbered);
                value
            }
        }
    }
}

/// A sequence written as it is made: each element built, written and dropped in turn,
/// so a problem with millions of lines never holds them all as JSON values at once.
struct Streamed<F>(F);

impl<F, I> Serialize for Streamed<F>
where
    F: Fn() -> I,
    I: IntoIterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

/// A solution written as it is made (its lines one by one).
struct Written<'a> {
    cx: &'a Context<'a>,
    solution: &'a Solution,
}

impl Written<'_> {
    /// The solution's entries: its lines streamed, the rest as values; the first
    /// moves of `Numbered` after the entries of its play.
    fn entries<M: SerializeMap>(&self, s: &Solution, map: &mut M) -> Result<(), M::Error> {
        match s {
            Solution::Lines(lines) => {
                map.serialize_entry("lines", &Streamed(|| lines.iter().map(|l| self.cx.line(l))))
            }
            Solution::Numbered { moves, play, .. } => {
                self.entries(play, map)?;
                let numbered = Streamed(|| {
                    moves
                        .iter()
                        .map(|m| move_data(self.cx.names, m, progress_text(self.cx.names, m)))
                });
                map.serialize_entry("move_numbers", &numbered)
            }
            other => match self.cx.solution(other) {
                Value::Object(entries) => entries
                    .iter()
                    .try_for_each(|(k, v)| map.serialize_entry(k, v)),
                value => map.serialize_entry("value", &value),
            },
        }
    }
}

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.entries(self.solution, &mut map)?;
        map.end()
    }
}

/// One twin: its heading, stipulation, and solutions written as they are made.
#[derive(Serialize)]
struct TwinDoc<'a, S: Serialize> {
    heading: Option<String>,
    stipulation: &'a str,
    solutions: Option<S>,
    unsupported: Option<&'a String>,
    interrupted: bool,
}

/// One problem as a JSON document on one line.
pub fn problem_json(result: &ProblemResult, file: &str, seconds: f64) -> String {
    let p = &result.problem;
    let names = &result.names;
    let contexts: Vec<Context> = result
        .twins
        .iter()
        .map(|t| Context {
            names,
            goal: t.goal.unwrap_or(Goal::Mate),
        })
        .collect();
    let twins = Streamed(|| {
        result.twins.iter().zip(&contexts).map(|(t, cx)| TwinDoc {
            heading: t.heading.as_ref().map(|h| twin_heading(h, names)),
            stipulation: &t.stipulation,
            solutions: t.outcome.as_ref().ok().map(|solutions| {
                Streamed(move || {
                    solutions
                        .iter()
                        .map(move |solution| Written { cx, solution })
                })
            }),
            unsupported: t.outcome.as_ref().err(),
            interrupted: t.stopped.is_some(),
        })
    });
    let doc = json!({
        "file": file,
        "line": p.line,
        "language": p.language.name(),
        "authors": p.texts.authors,
        "origins": p.texts.origins,
        "stipulation": result.stipulation,
        "pieces": p.pieces.iter().map(|u| u.to_string()).collect::<Vec<_>>(),
        "conditions": p.conditions.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "options": p.options.iter().map(|o| o.to_string()).collect::<Vec<_>>(),
        "seconds": seconds,
    });
    // the problem's fields, then its twins written one solution line at a time
    let mut out = Vec::new();
    let mut writer = serde_json::Serializer::new(&mut out);
    let written = (|| {
        let mut map = writer.serialize_map(None)?;
        if let Value::Object(fields) = &doc {
            fields
                .iter()
                .try_for_each(|(k, v)| map.serialize_entry(k, v))?;
        }
        map.serialize_entry("twins", &twins)?;
        map.end()
    })();
    if let Err(e) = written {
        return error_json(
            file,
            p.line,
            1,
            &format!("cannot write the solution as JSON: {e}"),
        );
    }
    out.push(b'\n');
    String::from_utf8(out).unwrap_or_default()
}

/// A problem that could not be read, as a JSON document on one line: where and why.
pub fn error_json(file: &str, line: u32, column: u32, message: &str) -> String {
    let doc = json!({ "file": file, "line": line, "column": column, "error": message });
    format!("{doc}\n")
}
