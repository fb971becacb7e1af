//! The procedural macro path of the rules language, pinned with trybuild: the rule sets
//! under `ui/pass` compile and run; each file under `ui/fail` is a class of rule error whose
//! message and span are pinned in the `.stderr` beside it (`TRYBUILD=overwrite` rewrites
//! them; read every one before committing).

#[test]
fn rules_macro_ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
