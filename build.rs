//! Build script: compiles the rules under `rules/` into the rule set the engine runs.
//!
//! Reruns whenever a rule file changes. Rule errors are printed with `file:line:col`, the
//! line and a caret, and fail the build. `FAIRYFORGE_DUMP_DIR=dir` also writes the
//! generated code to `dir/rules.rs` for reading.

use fairyforge_codegen::{compile, read_rules_dir, CompileError};
use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let rules_dir = root.join("rules");
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-env-changed=FAIRYFORGE_DUMP_DIR");
    let files = match read_rules_dir(&rules_dir, &root) {
        Ok(files) => files,
        Err(e) => fail(&format!("cannot read {}: {e}", rules_dir.display())),
    };
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.path);
    }
    match compile(&files) {
        Ok(generated) => {
            write_if_changed(&out_dir.join("rules.rs"), &generated.code);
            if let Ok(dir) = std::env::var("FAIRYFORGE_DUMP_DIR") {
                let dir = root.join(dir);
                if let Err(e) = std::fs::create_dir_all(&dir) {
                    fail(&format!("cannot create {}: {e}", dir.display()));
                }
                write_if_changed(&dir.join("rules.rs"), &generated.code);
            }
        }
        Err(CompileError::Rules(diagnostics)) => {
            eprintln!("{}", diagnostics.render(&files));
            for line in diagnostics.short(&files) {
                println!("cargo:warning={line}");
            }
            fail("the rules have errors (listed above)");
        }
        Err(CompileError::InvalidRust { message, tokens }) => {
            let path = out_dir.join("rules.invalid.rs");
            write_if_changed(&path, &tokens);
            fail(&format!(
                "fairyforge-codegen emitted invalid Rust ({message}); the tokens are in {}",
                path.display()
            ));
        }
    }
}

fn write_if_changed(path: &Path, text: &str) {
    if let Err(e) = fairyforge_codegen::write_if_changed(path, text) {
        fail(&format!("cannot write {}: {e}", path.display()));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}
