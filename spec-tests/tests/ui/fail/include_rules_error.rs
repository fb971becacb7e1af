//! `include_rules!`: the message names the rule file, line and column.

fairyforge_macros::include_rules!("rules/bad.rules");

fn main() {}
