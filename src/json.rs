//! The JSON form of a solved problem: the same content as the text output, as data for
//! tools (problem, twins, solution trees).

use fairyforge_engine::problem::ProblemResult;
use fairyforge_engine::solve::{Attack, Defence, Solution, Threat};
use serde_json::{json, Value};

fn attack(a: &Attack) -> Value {
    json!({
        "number": a.number,
        "move": a.text,
        "mark": a.mark,
        "threat": match &a.threat {
            Threat::None => Value::Null,
            Threat::Zugzwang => json!("zugzwang"),
            Threat::Moves(m) => Value::Array(m.iter().map(attack).collect()),
        },
        "variations": a.defences.iter().map(defence).collect::<Vec<_>>(),
        "refutations": a.refutations.iter().map(defence).collect::<Vec<_>>(),
    })
}

fn defence(d: &Defence) -> Value {
    json!({ "number": d.number, "move": d.text, "refutes": d.refutes, "answers": d.answers.iter().map(attack).collect::<Vec<_>>() })
}

fn solution(s: &Solution) -> Value {
    match s {
        Solution::Lines(lines) => json!({ "lines": lines }),
        Solution::Remark(text) => json!({ "remark": text }),
        Solution::SetPlay(set) => {
            json!({ "set_play": set.iter().map(defence).collect::<Vec<_>>() })
        }
        Solution::PostKey(play) => json!({ "post_key": attack(play) }),
        Solution::Tree(keys) => json!({ "tree": keys.iter().map(attack).collect::<Vec<_>>() }),
        Solution::Numbered { moves, play, .. } => {
            // the first moves in the reference's order, then the play as without the option
            let mut value = solution(play);
            value["move_numbers"] = json!(moves);
            value
        }
    }
}

/// One problem as a JSON document on one line.
pub fn problem_json(result: &ProblemResult, file: &str, seconds: f64) -> String {
    let p = &result.problem;
    let twins: Vec<Value> = result
        .twins
        .iter()
        .map(|t| {
            json!({
                "heading": t.heading,
                "stipulation": t.stipulation,
                "solutions": t.outcome.as_ref().map(|s| s.iter().map(solution).collect::<Vec<_>>()).ok(),
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
