//! What the integration tests share: a tiny reproducible random number generator, kinds
//! by code and random placement of units, and running `fairyforge solve` on a problem
//! given as text.

// (each test uses a part of this)
#![allow(dead_code)]

use fairyforge::engine::{Board, Kind, Piece, RuleSet, Square};
use fairyforge::Rules;

/// A xorshift64* generator: reproducible random numbers without a dependency.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The kind with the code `code` in fairyforge's codes.
pub fn kind(code: &str) -> Kind {
    let kinds = <Rules as RuleSet>::KINDS;
    let k = kinds
        .iter()
        .position(|k| k.codes.contains(&code))
        .unwrap_or_else(|| panic!("no kind has the code {code}"));
    Kind(k as u8)
}

/// Places `piece` on a random empty square it may stand on (no pawn on its first or
/// last rank). Gives up quietly on a crowded board.
pub fn place(board: &mut Board, rng: &mut XorShift, piece: Piece) {
    let pawn = <Rules as RuleSet>::KINDS[piece.kind.index()].pawn;
    for _ in 0..64 {
        let sq = Square::new(rng.below(64) as u8);
        if board.is_empty(sq) && !(pawn && (sq.rank() == 0 || sq.rank() == 7)) {
            board.put(sq, piece);
            return;
        }
    }
}

/// Runs `fairyforge solve ARGS` on `problem` (written to a temporary file named after
/// `name` and numbered, so that tests running at once keep apart) and returns what it did.
pub fn run_solve(name: &str, problem: &str, args: &[&str]) -> std::process::Output {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "fairyforge-test-{}-{name}-{call}.inp",
        std::process::id()
    ));
    std::fs::write(&path, problem).expect("a temporary problem file");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .arg("solve")
        .args(args)
        .arg(&path)
        .output()
        .expect("the fairyforge binary runs");
    let _ = std::fs::remove_file(&path);
    out
}

/// What `fairyforge solve ARGS` writes for `problem`; it must succeed.
pub fn solve(name: &str, problem: &str, args: &[&str]) -> String {
    let out = run_solve(name, problem, args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
