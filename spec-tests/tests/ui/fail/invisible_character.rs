//! A character that takes no room (here a zero-width space after the clause) is shown
//! as a visible sign, with a caret under it, and named in the message.

fairyforge_macros::include_rules!("rules/invisible.rules");

fn main() {}
