//! What the integration tests share: a tiny reproducible random number generator, and
//! running `fairyforge solve` on a problem given as text.

// (each test uses a part of this)
#![allow(dead_code)]

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
