//! Perft counts from `data/perft.txt`, checked against the orthodox rule set generated from
//! `rules/`.
//!
//! Every count below the node limit is checked (2,000,000 nodes, so the test stays fast in
//! a release build; `FAIRYFORGE_PERFT_LIMIT=N` raises or lowers it); the deeper counts are
//! listed as skipped. All mismatches are reported together, each with its id and depth.

use fairyforge::engine::codes::CodeSet;
use fairyforge::engine::fen::{parse_position, BoardNotation};
use fairyforge::engine::perft::perft;
use fairyforge::Rules;
use spec_tests::perft_data::{self, Notation};

const DEFAULT_LIMIT: u64 = 2_000_000;

#[test]
fn perft_counts_of_data_perft_txt() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/perft.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let entries = perft_data::parse(&text).unwrap_or_else(|e| panic!("data/perft.txt, {e}"));
    let limit = match std::env::var("FAIRYFORGE_PERFT_LIMIT") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("FAIRYFORGE_PERFT_LIMIT={v} is not a number")),
        Err(_) => DEFAULT_LIMIT,
    };
    let (mut checked, mut skipped, mut failures) = (0, Vec::new(), Vec::new());
    for entry in &entries {
        let notation = match entry.notation {
            Notation::Fen => BoardNotation::Fen,
            Notation::Forsyth => BoardNotation::Forsyth(CodeSet::Fairyforge),
        };
        let mut pos = match parse_position(&entry.position, notation, Rules::default()) {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{} (line {}): position, {e}", entry.id, entry.line));
                continue;
            }
        };
        for &(depth, expected) in &entry.counts {
            if expected >= limit {
                skipped.push(format!("{} perft {depth} ({expected} nodes)", entry.id));
                continue;
            }
            let nodes = perft(&mut pos, depth);
            checked += 1;
            if nodes != expected {
                failures.push(format!(
                    "{} perft {depth}: expected {expected}, counted {nodes}",
                    entry.id
                ));
            }
        }
    }
    println!(
        "{checked} counts checked in {} entries, limit {limit} nodes",
        entries.len()
    );
    if !skipped.is_empty() {
        println!("skipped (at or above the limit): {}", skipped.join(", "));
    }
    assert!(
        checked > 0,
        "no count below the limit of {limit} nodes was checked"
    );
    assert!(
        failures.is_empty(),
        "{} perft mismatches:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}
