//! The JSON form of a solved problem: the same content as the text output, as data for
//! tools (problem, twins, solution trees), every move both as the reference writes it
//! and as data: departure, arrival, walk, side and owner, capture, promotion, each
//! further effect, and its marks. `docs/solution.schema.json` describes the document.

use fairyforge_engine::moves::{Effect, Move, MoveKind};
use fairyforge_engine::output::layout::twin_heading;
use fairyforge_engine::output::names::Names;
use fairyforge_engine::output::notation::{line_text, played_text, progress_text};
use fairyforge_engine::output::solution::remark_text;
use fairyforge_engine::problem::{replay, ProblemResult, Report};
use fairyforge_engine::solution::{
    Attack, Defence, Label, Line, Mark, Phase, PlaySink, Played, Sink, Solution, Threat, Verdict,
};
use fairyforge_engine::solve::Stop;
use fairyforge_engine::stipulation::Goal;
use fairyforge_engine::{Owner, Piece, Side, Square};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{json, Value};
use std::io::Write;
use std::time::Instant;

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
        Effect::Remove { at, piece, .. } => {
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
        Effect::Recolour { at, from, to, .. } => json!({
            "effect": "recolour",
            "square": at.to_string(),
            "from": unit(names, *from),
            "to": unit(names, *to),
        }),
        Effect::Swap { at, units } => json!({
            "effect": "swap",
            "units": [placed(names, units[0], at[0]), placed(names, units[1], at[1])],
        }),
        Effect::RecolourAll { units } => json!({
            "effect": "recolour_all",
            "units": units
                .iter()
                .map(|(at, o)| json!({ "square": at.to_string(), "owner": owner(o) }))
                .collect::<Vec<_>>(),
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
        MoveKind::Exchange { .. } => "exchange",
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
    #[serde(skip_serializing_if = "Option::is_none")]
    via: Option<String>,
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
        via: mv.via.map(|sq| sq.to_string()),
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

/// One problem as a JSON document on one line.
pub fn problem_json(result: &ProblemResult, file: &str, seconds: f64) -> String {
    let mut out = Vec::new();
    let mut json = JsonReport::new(&mut out, file, Clock::Took(seconds));
    replay(result, &mut json);
    String::from_utf8(out).unwrap_or_default()
}

/// The seconds the document gives.
#[derive(Clone, Copy, Debug)]
pub enum Clock {
    /// Since solving began.
    Since(Instant),
    /// Already measured.
    Took(f64),
}

/// A problem written as one JSON document as solving reports it ([`Report`]): its
/// fields first, then each twin, each line or key of its play as soon as it is found,
/// the seconds last. The document stays valid when solving is cut short
/// ([`JsonReport::abort`]). What cannot be written (a closed output) is dropped.
pub struct JsonReport<'w> {
    out: &'w mut dyn Write,
    file: String,
    clock: Clock,
    problem: Option<ProblemResult>,
    twin: usize,
    /// What is open: the twins' array, a twin's solutions, a phase's lines or keys.
    open: Open,
    /// Whether the next element of the innermost array open is its first.
    first: bool,
}

/// How deep the document is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Open {
    /// Nothing: the document is not begun, or ended.
    Nothing,
    /// The array of twins.
    Twins,
    /// A twin's object.
    Twin,
    /// A twin's array of solutions.
    Solutions,
    /// A phase's object and its array of lines or keys.
    Phase,
}

impl<'w> JsonReport<'w> {
    /// A document about a problem of `file`, written to `out`.
    pub fn new(out: &'w mut dyn Write, file: &str, clock: Clock) -> Self {
        JsonReport {
            out,
            file: file.to_string(),
            clock,
            problem: None,
            twin: 0,
            open: Open::Nothing,
            first: true,
        }
    }

    fn write(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    /// Writes `value` as the next element of the innermost array open.
    fn element(&mut self, value: &impl Serialize) {
        if !std::mem::take(&mut self.first) {
            self.write(",");
        }
        let written = serde_json::to_vec(value)
            .unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string().into_bytes());
        let _ = self.out.write_all(&written);
    }

    /// What a move of the twin under way is written with.
    fn context(&self) -> Option<Context<'_>> {
        let problem = self.problem.as_ref()?;
        let twin = problem.twins.get(self.twin)?;
        Some(Context {
            names: &problem.names,
            goal: twin.goal.unwrap_or(Goal::Mate),
        })
    }

    /// Closes what is open down to `level`, a twin closed as `interrupted` or not.
    fn close_to(&mut self, level: Open, interrupted: bool) {
        while self.open > level {
            let (text, up) = match self.open {
                Open::Phase => ("]}".to_string(), Open::Solutions),
                Open::Solutions => ("]".to_string(), Open::Twin),
                Open::Twin => (format!(",\"interrupted\":{interrupted}}}"), Open::Twins),
                Open::Twins | Open::Nothing => ("]".to_string(), Open::Nothing),
            };
            self.write(&text);
            self.open = up;
            self.first = false;
        }
    }

    /// Opens `level` (one deeper than what is open) with `text`, as the next element of
    /// what is open when it is an array.
    fn open(&mut self, level: Open, text: &str) {
        if self.open != Open::Twin && !std::mem::take(&mut self.first) {
            self.write(",");
        }
        self.write(text);
        self.open = level;
        self.first = true;
    }

    /// Ends the document where solving was cut short (a bug), saying why; a document
    /// not begun or already ended is left as it is.
    pub fn abort(&mut self, message: &str) {
        if self.open == Open::Nothing {
            return;
        }
        self.close_to(Open::Nothing, true);
        let error = serde_json::to_string(message).unwrap_or_default();
        let seconds = json!(self.seconds());
        self.write(&format!(",\"error\":{error},\"seconds\":{seconds}}}\n"));
    }

    /// The seconds solving took, so far.
    fn seconds(&self) -> f64 {
        match self.clock {
            Clock::Since(start) => start.elapsed().as_secs_f64(),
            Clock::Took(seconds) => seconds,
        }
    }
}

impl Sink for JsonReport<'_> {
    fn line(&mut self, line: Line) {
        let Some(doc) = self
            .context()
            .map(|cx| serde_json::to_value(cx.line(&line)))
        else {
            return;
        };
        self.element(&doc.unwrap_or_default());
    }

    fn attack(&mut self, attack: Attack) {
        let Some(doc) = self.context().map(|cx| cx.attack(&attack)) else {
            return;
        };
        self.element(&doc);
    }
}

impl PlaySink for JsonReport<'_> {
    fn phase(&mut self, phase: Phase) {
        let name = match phase {
            Phase::Whole(solution) => {
                let Some(doc) = self.context().map(|cx| {
                    let written = Written {
                        cx: &cx,
                        solution: &solution,
                    };
                    serde_json::to_value(&written)
                }) else {
                    return;
                };
                self.element(&doc.unwrap_or_default());
                return;
            }
            Phase::Lines => "lines",
            Phase::Tree => "tree",
        };
        self.open(Open::Phase, &format!("{{\"{name}\":["));
    }

    fn phase_end(&mut self) {
        self.close_to(Open::Solutions, false);
    }
}

impl Report for JsonReport<'_> {
    fn begin(&mut self, result: &ProblemResult) {
        let p = &result.problem;
        let doc = json!({
            "file": self.file,
            "line": p.line,
            "language": p.language.name(),
            "authors": p.texts.authors,
            "origins": p.texts.origins,
            "stipulation": result.stipulation,
            "pieces": p.pieces.iter().map(|u| u.to_string()).collect::<Vec<_>>(),
            "conditions": p.conditions.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "options": p.options.iter().map(|o| o.to_string()).collect::<Vec<_>>(),
        });
        // (the fields, the object left open for the twins)
        let fields = doc.to_string();
        self.problem = Some(result.clone());
        self.open(
            Open::Twins,
            &format!("{},\"twins\":[", &fields[..fields.len() - 1]),
        );
    }

    fn twin(&mut self, index: usize) {
        self.twin = index;
        let Some(problem) = &self.problem else {
            return;
        };
        let Some(t) = problem.twins.get(index) else {
            return;
        };
        let head = json!({
            "heading": t.heading.as_ref().map(|h| twin_heading(h, &problem.names)),
            "stipulation": t.stipulation,
            "unsupported": t.outcome.as_ref().err(),
        })
        .to_string();
        let solvable = t.outcome.is_ok();
        self.open(Open::Twin, &head[..head.len() - 1]);
        if solvable {
            self.open(Open::Solutions, ",\"solutions\":[");
        } else {
            self.write(",\"solutions\":null");
        }
    }

    fn twin_end(&mut self, stopped: Option<Stop>) {
        self.close_to(Open::Twins, stopped.is_some());
    }

    fn end(&mut self) {
        if self.open == Open::Nothing {
            return;
        }
        self.close_to(Open::Nothing, false);
        let seconds = json!(self.seconds());
        self.write(&format!(",\"seconds\":{seconds}}}\n"));
    }
}

/// A problem that could not be read, as a JSON document on one line: where and why.
pub fn error_json(file: &str, line: u32, column: u32, message: &str) -> String {
    let doc = json!({ "file": file, "line": line, "column": column, "error": message });
    format!("{doc}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use fairyforge_engine::problem::{read_problems, solve_problem, Settings};

    /// A document ended in the middle of a phase's lines closes everything open, marks
    /// the twin interrupted and says why.
    #[test]
    fn a_document_ended_by_a_failure_is_whole() {
        let text = "BeginProblem\nPieces White Kc1 Rd1 Black Ka1\nStipulation h#1\nEndProblem\n";
        let problem = read_problems::<Rules>(text).remove(0).expect("readable");
        let result = solve_problem::<Rules>(&problem, &Settings::default());
        let mut out = Vec::new();
        let mut json = JsonReport::new(&mut out, "f.inp", Clock::Took(0.5));
        json.begin(&result);
        json.twin(0);
        json.phase(Phase::Lines);
        json.abort("a failure");
        let doc: Value = serde_json::from_slice(&out).expect("one JSON document");
        assert_eq!(doc["error"], "a failure");
        assert_eq!(doc["twins"][0]["interrupted"], true);
        assert_eq!(doc["twins"][0]["solutions"][0]["lines"], json!([]));
        assert_eq!(doc["seconds"], 0.5);
    }
}
