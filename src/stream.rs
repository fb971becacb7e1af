//! Writing the problems of a run as they are solved, in the order of the input, whichever
//! worker finishes first: the first problem not yet done writes as it goes, each of the
//! others as soon as every problem before it is done; and the run's interruption
//! (Ctrl-C, SIGTERM): the first stops every search, keeping what was found, the second
//! ends the process at once.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The outputs of a run's problems, written in input order: the first problem not yet
/// done writes straight through as it goes, the others are held until every problem
/// before them is done.
pub struct InOrder<O: Write, E: Write> {
    state: Mutex<State<O, E>>,
}

/// Which of a problem's two outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Its text or JSON (stdout).
    Out,
    /// Its errors and warnings, `file:line:col` each (stderr).
    Err,
}

struct State<O, E> {
    /// The first problem not yet done: the one that writes straight through.
    next: usize,
    /// What the problems after it wrote, and whether they are done (and solved).
    held: BTreeMap<usize, Held>,
    out: O,
    err: E,
    all_ok: bool,
}

#[derive(Default)]
struct Held {
    out: Vec<u8>,
    err: Vec<u8>,
    /// Done, and whether it was read and solved.
    done: Option<bool>,
}

impl<O: Write, E: Write> InOrder<O, E> {
    /// A writer to `out` and `err`, the first problem numbered 0.
    pub fn new(out: O, err: E) -> Self {
        InOrder {
            state: Mutex::new(State {
                next: 0,
                held: BTreeMap::new(),
                out,
                err,
                all_ok: true,
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State<O, E>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Problem `index` writes `bytes` to `stream`: at once when every problem before it
    /// is done, else held.
    pub fn write(&self, index: usize, stream: Stream, bytes: &[u8]) {
        let mut state = self.state();
        if index == state.next {
            state.put(stream, bytes);
        } else {
            let held = state.held.entry(index).or_default();
            match stream {
                Stream::Out => held.out.extend_from_slice(bytes),
                Stream::Err => held.err.extend_from_slice(bytes),
            }
        }
    }

    /// A writer of problem `index`'s `stream`.
    pub fn channel(&self, index: usize, stream: Stream) -> Channel<'_, O, E> {
        Channel {
            order: self,
            index,
            stream,
        }
    }

    /// Problem `index` is done (`ok`: read and solved): the problems after it write
    /// what they held, as far as every problem before them is done, and the first not
    /// done writes straight through from now on.
    pub fn done(&self, index: usize, ok: bool) {
        let mut state = self.state();
        state.held.entry(index).or_default().done = Some(ok);
        loop {
            let next = state.next;
            let held = state.held.remove(&next).unwrap_or_default();
            state.put(Stream::Err, &held.err);
            state.put(Stream::Out, &held.out);
            let Some(ok) = held.done else { break };
            state.all_ok &= ok;
            state.next += 1;
        }
        let _ = state.out.flush();
        let _ = state.err.flush();
    }

    /// Whether every problem written was read and solved.
    pub fn all_ok(&self) -> bool {
        self.state().all_ok
    }
}

impl<O: Write, E: Write> State<O, E> {
    /// Writes `bytes` through (a closed stdout, as in `| head`, is no reason to stop
    /// solving).
    fn put(&mut self, stream: Stream, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let _ = match stream {
            Stream::Out => self.out.write_all(bytes),
            Stream::Err => self.err.write_all(bytes),
        };
    }
}

/// One problem's stdout or stderr in an [`InOrder`].
pub struct Channel<'o, O: Write, E: Write> {
    order: &'o InOrder<O, E>,
    index: usize,
    stream: Stream,
}

impl<O: Write, E: Write> Write for Channel<'_, O, E> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.order.write(self.index, self.stream, bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
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

    fn out(order: &InOrder<Vec<u8>, Vec<u8>>) -> String {
        String::from_utf8(order.state().out.clone()).unwrap()
    }

    #[test]
    fn problems_are_written_in_input_order_as_soon_as_those_before_are() {
        let order = InOrder::new(Vec::new(), Vec::new());
        order.write(1, Stream::Out, b"second\n");
        order.done(1, true);
        assert_eq!(out(&order), "");
        order.write(0, Stream::Out, b"first\n");
        order.done(0, true);
        assert_eq!(out(&order), "first\nsecond\n");
        order.write(3, Stream::Out, b"fourth\n");
        order.done(3, true);
        order.write(2, Stream::Out, b"third\n");
        order.done(2, false);
        assert_eq!(out(&order), "first\nsecond\nthird\nfourth\n");
        assert!(!order.all_ok());
    }

    #[test]
    fn the_first_problem_not_done_writes_straight_through() {
        let order = InOrder::new(Vec::new(), Vec::new());
        order.write(0, Stream::Out, b"a1\n");
        assert_eq!(out(&order), "a1\n");
        order.write(1, Stream::Out, b"b1\n");
        order.write(0, Stream::Out, b"a2\n");
        assert_eq!(out(&order), "a1\na2\n");
        // the second problem, held so far, writes what it held and then goes on through
        order.done(0, true);
        assert_eq!(out(&order), "a1\na2\nb1\n");
        writeln!(order.channel(1, Stream::Out), "b2").unwrap();
        assert_eq!(out(&order), "a1\na2\nb1\nb2\n");
        order.write(1, Stream::Err, b"warning\n");
        assert_eq!(order.state().err, b"warning\n");
    }
}
