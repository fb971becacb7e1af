//! Progress on a terminal: while problems are solved, a line on stderr for each problem
//! under way — where it is, the length sought, the first move tried, how deep below it,
//! the solutions and positions so far and the time spent — redrawn five times a second.
//! Shown only when stderr is a terminal; the output written meanwhile goes through
//! [`Display::writer`], which lifts the lines out of the way first.

use fairyforge_engine::solve::progress::{Progress, Snapshot};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A problem under way: its line, what its searches report, and its name.
struct Shown {
    bar: ProgressBar,
    progress: Arc<Progress>,
    name: String,
}

/// The progress lines of a run.
pub struct Display {
    bars: MultiProgress,
    shown: Mutex<Vec<Shown>>,
    over: AtomicBool,
}

impl Display {
    /// A display on stderr, when it is a terminal.
    pub fn on_terminal() -> Option<Arc<Display>> {
        std::io::stderr().is_terminal().then(|| {
            Arc::new(Display {
                bars: MultiProgress::with_draw_target(ProgressDrawTarget::stderr_with_hz(5)),
                shown: Mutex::new(Vec::new()),
                over: AtomicBool::new(false),
            })
        })
    }

    /// Starts the line of a problem called `name`; its searches report to the result.
    pub fn start(&self, name: String) -> Arc<Progress> {
        let progress = Arc::new(Progress::default());
        let bar = self.bars.add(ProgressBar::new_spinner());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(name.clone());
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        shown.push(Shown {
            bar,
            progress: progress.clone(),
            name,
        });
        progress
    }

    /// Ends the line of the problem whose searches report to `progress`.
    pub fn finish(&self, progress: &Arc<Progress>) {
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = shown
            .iter()
            .position(|s| Arc::ptr_eq(&s.progress, progress))
        {
            let s = shown.remove(i);
            s.bar.finish_and_clear();
            self.bars.remove(&s.bar);
        }
    }

    /// Redraws every line five times a second until [`Display::stop`].
    pub fn run(&self) {
        while !self.over.load(Ordering::Relaxed) {
            for s in self.shown.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                s.bar.set_message(message(&s.name, s.progress.snapshot()));
                s.bar.tick();
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Ends [`Display::run`].
    pub fn stop(&self) {
        self.over.store(true, Ordering::Relaxed);
    }

    /// `inner` (stdout or stderr) written with the progress lines lifted out of the way.
    pub fn writer<W: Write>(self: &Arc<Self>, inner: W) -> Lifted<W> {
        Lifted {
            display: self.clone(),
            inner,
        }
    }
}

/// A problem's line: its name, the length sought, the first move and depth of the line
/// under way, the solutions and positions so far.
fn message(name: &str, now: Snapshot) -> String {
    let first = match now.first {
        Some((from, to)) => format!("  first move {from}-{to}, {} half-moves deep", now.depth),
        None => String::new(),
    };
    format!(
        "{name}  length {}{first}  {} solutions  {:.1} M positions",
        now.length,
        now.solutions,
        now.nodes as f64 / 1e6
    )
}

/// A writer that lifts the progress lines out of the way before each write.
pub struct Lifted<W> {
    display: Arc<Display>,
    inner: W,
}

impl<W: Write> Write for Lifted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let inner = &mut self.inner;
        self.display.bars.suspend(|| inner.write(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairyforge_engine::Square;

    #[test]
    fn a_line_says_the_first_move_and_the_counts() {
        let e2 = Square::from_coords(4, 1).unwrap();
        let e4 = Square::from_coords(4, 3).unwrap();
        let now = Snapshot {
            first: Some((e2, e4)),
            depth: 3,
            length: 2,
            solutions: 7,
            nodes: 2_500_000,
        };
        assert_eq!(
            message("a.inp:1", now),
            "a.inp:1  length 2  first move e2-e4, 3 half-moves deep  7 solutions  2.5 M positions"
        );
        let start = message("a.inp:1", Snapshot::default());
        assert_eq!(start, "a.inp:1  length 0  0 solutions  0.0 M positions");
    }
}
