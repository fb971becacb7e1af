//! `rules_str!`: the error points at the literal and its message names the line and
//! column inside it.

fairyforge_macros::rules_str!(
    r#"
    piece Knight {
        codes S
        text "Leaps to the squares a (1,2) jump away."
        moves leap(1,2, max: 3)
    }
"#
);

fn main() {}
