//! The command line as a user runs it: the built binary, its output and exit status, for
//! `fairyforge rules` and `fairyforge check-rules`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root (the root package's folder).
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `fairyforge ARGS` in the repository root.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the fairyforge binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh folder of rule files for one test, removed when dropped.
struct RulesDir(PathBuf);

impl RulesDir {
    fn new(name: &str, files: &[(&str, &str)]) -> RulesDir {
        let dir =
            std::env::temp_dir().join(format!("fairyforge-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        RulesDir(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary folder")
    }
}

impl Drop for RulesDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn rules_lists_every_piece_and_condition() {
    let out = run(&["rules"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("Pieces ("), "{text}");
    let line = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?} in\n{text}"))
            .to_string()
    };
    let g = line("  Grasshopper ");
    assert!(
        g.contains(" G ") && g.contains("Moves along Q-lines"),
        "{g}"
    );
    // the reference's codes where they differ from fairyforge's
    let eq = line("  Equihopper ");
    assert!(eq.contains("EQ NE  NE "), "{eq}");
    let ea = line("  EnglishEquihopper ");
    assert!(ea.contains("EA     EQ "), "{ea}");
    assert!(text.contains("\nConditions ("), "{text}");
    let circe = line("  CirceFile ");
    assert!(circe.contains("Circe File, FileCirce"), "{circe}");
    assert!(line("  Disparate ").contains("If one side makes a move"));
}

#[test]
fn rules_grasshopper_shows_definition_examples_and_moves() {
    let out = run(&["rules", "Grasshopper"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Piece Grasshopper (rules/pieces/"),
        "{text}"
    );
    assert!(text.contains("  codes: G\n"), "{text}");
    assert!(
        text.contains("Moves along Q-lines over another unit"),
        "{text}"
    );
    // an empty board gives it nothing; the hurdles do
    assert!(
        text.contains("Where a white Grasshopper on d4 can go"),
        "{text}"
    );
    assert!(text.contains("Among units in the way"), "{text}");
    assert!(text.contains("Gd4*d7") && text.contains("Gd4-g7"), "{text}");
    assert!(text.contains("Examples ("), "{text}");
    assert!(
        text.contains("expected solution:\n      1.Gf1*h1 # !"),
        "{text}"
    );
    // a code and any case find it too
    assert_eq!(stdout(&run(&["rules", "g"])), text);
    assert_eq!(stdout(&run(&["rules", "GRASSHOPPER"])), text);
}

#[test]
fn rules_shows_a_condition_and_refuses_unknown_names() {
    let out = run(&["rules", "circe file"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Condition CirceFile (rules/conditions/"),
        "{text}"
    );
    assert!(text.contains("[+bRc8]"), "{text}");
    let out = run(&["rules", "Circ"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("no piece or condition is called `Circ`"),
        "{err}"
    );
    assert!(err.contains("CirceFile"), "{err}");
}

#[test]
fn check_rules_reports_rule_errors_with_their_place() {
    let dir = RulesDir::new(
        "bad",
        &[(
            "pieces/rook.rules",
            "piece Rook {\n    codes R\n    text \"Moves along ranks and files.\"\n    \
             moves ride(rook, land: any)\n}\n",
        )],
    );
    let out = run(&["check-rules", dir.path()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let place = format!("{}/pieces/rook.rules:4:22", dir.path());
    assert!(err.contains(&place), "{err}");
    assert!(err.contains("error: `ride` has no option `land`"), "{err}");
    assert!(err.contains("^^^^ expected `max`"), "{err}");
    assert!(err.contains("1 error in the rules"), "{err}");
    assert!(!stdout(&out).contains("passed"), "{}", stdout(&out));
}

#[test]
fn check_rules_runs_and_judges_the_examples_of_a_folder() {
    let example = |title: &str, solution: &str| {
        format!(
            "    example \"{title}\" {{\n        white Kc8 Qh2\n        black Ka8 Pb7 Pa7\n        \
             stipulation \"#1\"\n        solution \"{solution}\"\n    }}\n"
        )
    };
    let rules = format!(
        "piece King {{ codes K text \"Moves one square in any direction.\" royal \
         moves leap(1,0) leap(1,1) }}\n\
         piece Pawn {{ codes P text \"Moves one square forward.\" pawn \
         moves quiet leap(forward 0,1) capture leap(forward 1,1) }}\n\
         piece Queen {{\n    codes Q\n    text \"Moves along queen lines.\"\n    \
         moves ride(queen)\n{}{}}}\n",
        example("mates on b8", "1.Qh2-b8 # !"),
        example("a wrong key", "1.Qh2-h8 # !"),
    );
    let dir = RulesDir::new("examples", &[("orthodox.rules", &rules)]);
    let out = run(&["check-rules", dir.path()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("ok    "), "{text}");
    assert!(text.contains("Queen: mates on b8\n"), "{text}");
    let fail = format!("FAIL  {}/orthodox.rules:", dir.path());
    assert!(text.contains(&fail), "{text}");
    assert!(
        text.contains("-1.Qh2-h8 # !") && text.contains("+1.Qh2-b8 # !"),
        "{text}"
    );
    assert!(text.ends_with("\n1 passed, 1 failed\n"), "{text}");
    // the folder's rules are not the built-in ones: a note says so
    assert!(
        stderr(&out).contains("note: these rules differ"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_rules_passes_on_the_rules_folder() {
    let n = fairyforge::rules::EXAMPLES.len();
    for args in [&["check-rules", "rules"][..], &["check-rules"][..]] {
        let out = run(args);
        assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
        let text = stdout(&out);
        assert!(text.starts_with("rules: "), "{text}");
        assert!(
            text.ends_with(&format!("\n{n} passed, 0 failed\n")),
            "{text}"
        );
        assert_eq!(text.lines().filter(|l| l.starts_with("ok    ")).count(), n);
        assert!(!stderr(&out).contains("differ"), "{}", stderr(&out));
    }
}

#[test]
fn check_rules_help_says_which_engine_runs_the_examples() {
    let out = run(&["help", "check-rules"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("built into this binary"), "{text}");
    assert!(text.contains("cargo test"), "{text}");
}
