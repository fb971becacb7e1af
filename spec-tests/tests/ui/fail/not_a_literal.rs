//! `rules_str!` takes one string literal.

fairyforge_macros::rules_str!(piece Knight {});

fn main() {}
