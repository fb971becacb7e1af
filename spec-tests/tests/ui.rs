//! The procedural macro path of the rules language, pinned with trybuild: the rule sets
//! under `ui/pass` compile and run; each file under `ui/fail` is a class of rule error whose
//! message and span are pinned in the `.stderr` beside it (`TRYBUILD=overwrite` rewrites
//! them; read every one before committing).
//!
//! One file per class of error: syntax, unknown primitive, unknown lines, duplicate code,
//! duplicate piece, vectors that cannot move, an option the primitive does not take, a bad
//! option value, an option given twice, a number beyond 32 bits (quoted as written), a
//! character that takes no room (shown visibly under its caret), options that contradict each other (`hurdles:` over an adjacent hurdle,
//! a lame `ride` over units), `castling` without `royal`, `double_step` without `pawn`, illegal example
//! positions, unknown codes in examples, pieces without codes or text; and the errors of
//! the `rules_str!` and `include_rules!` forms; and for conditions, an example naming an
//! unknown condition and a truth with an unknown value.

#[test]
fn rules_macro_ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
