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

/// The move's data, beside `text` as written.
fn move_data(names: &Names, played: &Played, text: String) -> Value {
    let mv: &Move = &played.mv;
    json!({
        "text": text,
        "side": side(played.side),
        "walk": names.code(mv.mover.kind),
        "owner": owner(mv.mover.owner),
        "half_neutral": mv.mover.half,
        "from": mv.from.to_string(),
        "to": mv.to.to_string(),
        "kind": kind(mv.kind),
        "capture": mv.captured.map(|c| placed(names, c, mv.capture_at)),
        "promotion": mv.promotion.map(|k| names.code(k)),
        "recolour": mv.recolour.map(owner),
        "castling_partner": mv.partner().map(|(from, to)| json!({ "from": from.to_string(), "to": to.to_string() })),
        "effects": mv.extras().map(|e| effect(names, e)).collect::<Vec<_>>(),
        "mark": mark(played.mark),
        "goal": played.goal.map(|g| g.symbol()),
    })
}

impl Context<'_> {
    fn played(&self, played: &Played) -> Value {
        move_data(
            self.names,
            played,
            played_text(self.names, played, self.goal),
        )
    }

    fn line(&self, line: &Line) -> Value {
        let moves: Vec<Value> = line
            .moves
            .iter()
            .map(|m| {
                let mut v = self.played(&m.played);
                v["number"] = json!(m.number);
                v["label"] = json!(match m.label {
                    Label::Number => "number",
                    Label::Ellipsis => "ellipsis",
                    Label::Bare => "bare",
                });
                v
            })
            .collect();
        json!({
            "text": line_text(self.names, line, self.goal),
            "skipped_first": line.skipped_first,
            "forced": line.forced,
            "moves": moves,
        })
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
                let numbered: Vec<Value> = moves
                    .iter()
                    .map(|m| move_data(self.names, m, progress_text(self.names, m)))
                    .collect();
                value["move_numbers"] = json!(numbered);
                value
            }
        }
    }
}

/// One problem as a JSON document on one line.
pub fn problem_json(result: &ProblemResult, file: &str, seconds: f64) -> String {
    let p = &result.problem;
    let names = &result.names;
    let twins: Vec<Value> = result
        .twins
        .iter()
        .map(|t| {
            let cx = Context {
                names,
                goal: t.goal.unwrap_or(Goal::Mate),
            };
            json!({
                "heading": t.heading.as_ref().map(|h| twin_heading(h, names)),
                "stipulation": t.stipulation,
                "solutions": t.outcome.as_ref().map(|s| s.iter().map(|s| cx.solution(s)).collect::<Vec<_>>()).ok(),
                "unsupported": t.outcome.as_ref().err(),
                "interrupted": t.stopped.is_some(),
            })
        })
        .collect();
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
        "twins": twins,
        "seconds": seconds,
    });
    format!("{doc}\n")
}

/// A problem that could not be read, as a JSON document on one line: where and why.
pub fn error_json(file: &str, line: u32, column: u32, message: &str) -> String {
    let doc = json!({ "file": file, "line": line, "column": column, "error": message });
    format!("{doc}\n")
}
