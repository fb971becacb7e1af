//! Writing the problems of a run as they are solved: each problem's output is written as
//! soon as it and every problem before it are done, in the order of the input, whichever
//! worker finished first; and the run's interruption (Ctrl-C, SIGTERM): the first stops
//! every search, keeping what was found, the second ends the process at once.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What one problem writes: on stdout, on stderr, and whether it was read and solved.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// Its text or JSON.
    pub out: String,
    /// Its errors and warnings, `file:line:col` each.
    pub err: String,
    /// Whether it was read and solved.
    pub ok: bool,
}

/// The outputs of a run's problems, written in input order as soon as they can be.
pub struct InOrder<O: Write, E: Write> {
    state: Mutex<State<O, E>>,
}

struct State<O, E> {
    next: usize,
    waiting: BTreeMap<usize, Written>,
    out: O,
    err: E,
    all_ok: bool,
}

impl<O: Write, E: Write> InOrder<O, E> {
    /// A writer to `out` and `err`, the first problem numbered 0.
    pub fn new(out: O, err: E) -> Self {
        InOrder {
            state: Mutex::new(State {
                next: 0,
                waiting: BTreeMap::new(),
                out,
                err,
                all_ok: true,
            }),
        }
    }

    /// Problem `index` is done: writes it, and those after it that wait, as far as every
    /// problem before them is written.
    pub fn done(&self, index: usize, written: Written) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.waiting.insert(index, written);
        loop {
            let next = state.next;
            let Some(w) = state.waiting.remove(&next) else {
                break;
            };
            // (a closed stdout, as in `| head`, is no reason to stop solving)
            let _ = state.err.write_all(w.err.as_bytes());
            let _ = state.out.write_all(w.out.as_bytes());
            let _ = state.out.flush();
            state.all_ok &= w.ok;
            state.next += 1;
        }
    }

    /// Whether every problem written was read and solved.
    pub fn all_ok(&self) -> bool {
        self.state.lock().is_ok_and(|s| s.all_ok)
    }
}

/// Installs the run's interruption: the first Ctrl-C (or SIGTERM, SIGHUP) raises the
/// flag returned, which stops every search and keeps what was found; a second ends the
/// process at once, with status 130. Returns a flag that is never raised when no handler
/// could be installed (the signals then act as they do by default).
pub fn interruption() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = flag.clone();
    let installed = ctrlc::set_handler(move || {
        if raised.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("interrupted: writing what was found (interrupt again to quit at once)");
    });
    if let Err(e) = installed {
        eprintln!("warning: Ctrl-C will end the run without its output ({e})");
    }
    flag
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Written {
        Written {
            out: format!("{text}\n"),
            err: String::new(),
            ok: true,
        }
    }

    #[test]
    fn problems_are_written_in_input_order_as_soon_as_those_before_are() {
        let order = InOrder::new(Vec::new(), Vec::new());
        order.done(1, written("second"));
        assert!(order.state.lock().unwrap().out.is_empty());
        order.done(0, written("first"));
        assert_eq!(order.state.lock().unwrap().out, b"first\nsecond\n");
        order.done(3, written("fourth"));
        order.done(
            2,
            Written {
                ok: false,
                ..written("third")
            },
        );
        let state = order.state.lock().unwrap();
        assert_eq!(state.out, b"first\nsecond\nthird\nfourth\n");
        assert!(!state.all_ok);
    }
}
