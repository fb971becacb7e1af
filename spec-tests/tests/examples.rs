//! Every worked example written in `rules/` is a test: `build.rs` generates one `#[test]`
//! per example (named `<rule>__<title>`, e.g.
//! `disparate__the_mate_is_possible_also_with_the_neutral_queen`), each solving the
//! example's problem with the built-in rule set and comparing the solution with the
//! expected one. A failure names the example's `file:line` and shows the diff.

// The generated test names join the rule and the title with `__`.
#![allow(non_snake_case)]

use fairyforge::examples::{check_example, Example};

/// Checks one example, panicking with the report when it fails.
fn check(example: &Example) {
    if let Err(report) = check_example(*example) {
        panic!("{report}");
    }
}

include!(concat!(env!("OUT_DIR"), "/examples.rs"));

/// The examples turned into tests are exactly those of the built-in rule set, so the
/// tests above check what `fairyforge` was built from.
#[test]
fn every_built_in_example_has_a_test() {
    let built_in: Vec<&str> = fairyforge::rules::EXAMPLES
        .iter()
        .map(|e| e.source)
        .collect();
    assert_eq!(built_in, SOURCES);
    assert!(!SOURCES.is_empty());
}
