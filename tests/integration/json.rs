//! `fairyforge solve --format json` writes documents its shipped schema
//! (`docs/solution.schema.json`) describes: the bundled problems and a sample of the
//! corpus (help, series and battle play, set play, twins, conditions, options, problems
//! that cannot be read) are solved, and every line of the output is validated against the
//! schema. The schema is checked to mean something: a document missing a move's
//! departure is refused.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const SCHEMA: &str = "docs/solution.schema.json";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The schema, compiled.
fn schema() -> (boon::Schemas, boon::SchemaIndex) {
    let text = std::fs::read_to_string(root().join(SCHEMA)).expect("the schema ships");
    let value: Value = serde_json::from_str(&text).expect("the schema is JSON");
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler
        .add_resource("file:///solution.schema.json", value)
        .expect("the schema is a resource");
    let index = compiler
        .compile("file:///solution.schema.json", &mut schemas)
        .unwrap_or_else(|e| panic!("the schema compiles: {e:#}"));
    (schemas, index)
}

/// The documents `fairyforge solve --format json ARGS FILES` writes, one a line.
fn documents(args: &[&str], files: &[PathBuf]) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(["solve", "--format", "json"])
        .args(args)
        .args(files)
        .output()
        .expect("the fairyforge binary runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Validates every document; the number of moves they hold.
fn validate_all(docs: &[Value], what: &str) -> usize {
    let (schemas, index) = schema();
    for doc in docs {
        if let Err(e) = schemas.validate(doc, index) {
            panic!("{what}: {} does not follow the schema: {e:#}", doc["file"]);
        }
    }
    docs.iter().map(moves_in).sum()
}

/// The move objects in a document (any object with `from`, `to` and `text`).
fn moves_in(v: &Value) -> usize {
    match v {
        Value::Object(o) => {
            let own = usize::from(o.contains_key("from") && o.contains_key("text"));
            own + o.values().map(moves_in).sum::<usize>()
        }
        Value::Array(a) => a.iter().map(moves_in).sum(),
        _ => 0,
    }
}

/// Removes `from` of the first move object in `v`; whether there was one.
fn break_a_move(v: &mut Value) -> bool {
    match v {
        Value::Object(o) => {
            if o.contains_key("from") && o.contains_key("text") {
                o.remove("from");
                return true;
            }
            o.values_mut().any(break_a_move)
        }
        Value::Array(a) => a.iter_mut().any(break_a_move),
        _ => false,
    }
}

#[test]
fn the_bundled_problems_follow_the_schema() {
    let docs = documents(&[], &[root().join("data/problems/showcase.inp")]);
    assert!(docs.len() >= 5, "only {} problems", docs.len());
    let moves = validate_all(&docs, "showcase");
    assert!(moves > 50, "only {moves} moves");
    // the moves carry their data beside the text
    let first = docs
        .iter()
        .find_map(|d| d["twins"][0]["solutions"][0]["tree"][0]["move"].as_object())
        .expect("a key");
    for field in ["text", "from", "to", "walk", "side", "effects", "mark"] {
        assert!(
            first.contains_key(field),
            "a move without {field}: {first:?}"
        );
    }
    // the schema refuses a move without its departure
    let (schemas, index) = schema();
    let mut broken = docs[0].clone();
    assert!(break_a_move(&mut broken));
    assert!(schemas.validate(&broken, index).is_err());
}

#[test]
fn an_unreadable_problem_is_an_error_object() {
    let path = std::env::temp_dir().join(format!("fairyforge-json-{}.inp", std::process::id()));
    std::fs::write(
        &path,
        "BeginProblem\nStipulation #2\nPieces White Kz9\nEndProblem\n",
    )
    .expect("a temporary problem file");
    let docs = documents(&[], std::slice::from_ref(&path));
    let _ = std::fs::remove_file(&path);
    validate_all(&docs, "unreadable");
    assert_eq!(docs.len(), 1);
    assert!(docs[0]["error"].is_string(), "{}", docs[0]);
}

#[test]
fn a_move_made_from_a_rebirth_square_names_it() {
    let path = std::env::temp_dir().join(format!("fairyforge-json-via-{}.inp", std::process::id()));
    std::fs::write(
        &path,
        "BeginProblem\nStipulation x1\nCondition MarsCirce\n\
         Pieces White Ka8 Rc6 Pc5 Black Kf5 Bd1 Pb2\nEndProblem\n",
    )
    .expect("a temporary problem file");
    let docs = documents(&[], std::slice::from_ref(&path));
    let _ = std::fs::remove_file(&path);
    validate_all(&docs, "via");
    let text = docs[0].to_string();
    assert!(text.contains(r#""text":"Rc6-h1*d1 x""#), "{text}");
    assert!(text.contains(r#""via":"h1""#), "{text}");
}

/// A problem cut short by its time limit in the middle of its lines, and a document
/// ended where solving failed, are still whole documents the schema describes.
#[test]
fn a_document_cut_short_stays_valid() {
    let path = std::env::temp_dir().join(format!("fairyforge-json-cut-{}.inp", std::process::id()));
    std::fs::write(
        &path,
        "BeginProblem\nPieces White Kd1 Pa2 Black HalfNeutral Kb3\nStipulation h=6\n\
         Twin Stipulation h=5\nEndProblem\n",
    )
    .expect("a temporary problem file");
    let docs = documents(&["--max-time", "0.3"], std::slice::from_ref(&path));
    let _ = std::fs::remove_file(&path);
    validate_all(&docs, "cut short");
    let twins = docs[0]["twins"].as_array().expect("twins");
    assert!(twins.iter().all(|t| t["interrupted"] == true), "{twins:?}");
    let lines = &twins[0]["solutions"][0]["lines"];
    assert!(!lines.as_array().expect("lines").is_empty());

    // (the schema allows the error a document ended by a bug says)
    let mut failed = docs[0].clone();
    failed["error"] = "internal error while solving this problem (a bug)".into();
    let (schemas, index) = schema();
    assert!(schemas.validate(&failed, index).is_ok());
}

/// Where the corpus is: `FAIRYFORGE_CORPUS`, else `shared/corpus` beside the repository.
fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("FAIRYFORGE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/corpus"));
    dir.join("popeye").is_dir().then_some(dir)
}

/// Every `step`-th problem file of `dir`, in name order.
fn every(dir: &Path, step: usize) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "inp"));
    files.sort();
    files.into_iter().step_by(step).collect()
}

#[test]
fn a_sample_of_the_corpus_follows_the_schema() {
    let Some(corpus) = corpus() else {
        println!("skipped: shared/corpus not found");
        return;
    };
    let mut files = Vec::new();
    for family in ["ortho", "pieces", "conditions", "options"] {
        files.extend(every(&corpus.join("random").join(family), 6));
    }
    files.extend(every(&corpus.join("popeye"), 23));
    let docs = documents(&["--popeye-codes", "--max-time", "1", "-j", "2"], &files);
    assert!(docs.len() >= files.len(), "{} documents", docs.len());
    let moves = validate_all(&docs, "corpus");
    let trees = docs
        .iter()
        .filter(|d| d.to_string().contains("\"tree\":[{"))
        .count();
    println!(
        "{} documents, {moves} moves, {trees} with battle play",
        docs.len()
    );
    assert!(moves > 1000 && trees > 10, "{moves} moves, {trees} trees");
}
