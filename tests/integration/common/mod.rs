//! What the integration tests share: a tiny reproducible random number generator, kinds
//! by code, random placement of units and random positions, and running `fairyforge
//! solve` on a problem given as text.

// (each test uses a part of this)
#![allow(dead_code)]

use fairyforge::engine::{Board, Castling, Kind, Owner, Piece, Position, RuleSet, Side, Square};
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

/// A random position, `side` to move: both kings, each one time in `castling_one_in` on
/// its game-array square with rooks in the corners and castling rights, then two to
/// `2 + more - 1` units of the `codes` given (a code listed twice comes twice as often).
pub fn random_position(
    rng: &mut XorShift,
    side: Side,
    codes: &[&str],
    castling_one_in: usize,
    more: usize,
) -> Position<Rules> {
    let mut board = Board::empty();
    let mut castling = Castling::NONE;
    for (owner, s) in [(Owner::White, Side::White), (Owner::Black, Side::Black)] {
        let rank = s.relative_rank(0);
        let at = |file| Square::from_coords(file, rank).expect("on the board");
        if rng.below(castling_one_in) == 0 && [0, 4, 7].iter().all(|&f| board.is_empty(at(f))) {
            board.put(at(4), Piece::new(kind("K"), owner));
            board.put(at(0), Piece::new(kind("R"), owner));
            board.put(at(7), Piece::new(kind("R"), owner));
            castling.set_short(s, true);
            castling.set_long(s, true);
        } else {
            place(&mut board, rng, Piece::new(kind("K"), owner));
        }
    }
    for _ in 0..2 + rng.below(more) {
        let owner = if rng.below(2) == 0 {
            Owner::White
        } else {
            Owner::Black
        };
        let code = codes[rng.below(codes.len())];
        place(&mut board, rng, Piece::new(kind(code), owner));
    }
    Position::new(board, side, castling, None, Rules::default())
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

/// Lines of help or series play as written (fairyforge's codes, English), sorted.
pub fn written_lines(
    lines: &[fairyforge::engine::solution::Line],
    goal: fairyforge::engine::stipulation::Goal,
) -> Vec<String> {
    use fairyforge::engine::codes::CodeSet;
    use fairyforge::engine::input::Language;
    use fairyforge::engine::output::{names::Names, notation::line_text};
    let names = Names::new(
        <Rules as RuleSet>::KINDS,
        CodeSet::Fairyforge,
        Language::English,
    );
    let mut written: Vec<String> = lines.iter().map(|l| line_text(&names, l, goal)).collect();
    written.sort();
    written
}
