//! A worker of a shared search handing its lines on before its piece of work is done,
//! so that a piece with many lines never holds them all: the worker of the earliest
//! piece not done hands its lines on as it finds them (they are written at once); a
//! worker of a later piece holds at most [`HOLD`] lines, then waits for its piece's
//! turn. The earliest piece's worker never waits, so every piece ends.

use super::help::FLUSH_FOUND;
use super::FLUSH_EVERY;
use crate::moves::Move;
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// The most lines a worker holds for a piece whose turn has not come.
const HOLD: usize = 1 << 14;

/// What a worker hands on: lines of a piece, then the rest of them when it is done.
pub(super) enum Handed {
    /// Lines of the piece whose turn it is, found so far.
    Part(Vec<Vec<Move>>),
    /// The piece is done: its lines not handed on yet.
    Done(usize, Vec<Vec<Move>>),
}

/// Whose turn it is: the earliest piece not done, whose lines are written as found.
#[derive(Default)]
pub(super) struct Turn {
    piece: Mutex<usize>,
    changed: Condvar,
}

impl Turn {
    fn lock(&self) -> MutexGuard<'_, usize> {
        self.piece.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn is(&self, piece: usize) -> bool {
        *self.lock() == piece
    }

    /// Waits until it is `piece`'s turn (or the search is abandoned).
    fn wait_for(&self, piece: usize) {
        let mut turn = self.lock();
        while *turn < piece {
            turn = self.changed.wait(turn).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// It is now `piece`'s turn.
    pub(super) fn pass_to(&self, piece: usize) {
        *self.lock() = piece;
        self.changed.notify_all();
    }

    /// Every waiting worker goes on (a worker failed: the search is lost anyway).
    pub(super) fn abandon(&self) {
        self.pass_to(usize::MAX);
    }
}

/// A worker's relay for one piece.
pub(super) struct Relay {
    piece: usize,
    turn: Arc<Turn>,
    to: mpsc::SyncSender<Handed>,
    handed_at: Option<Instant>,
}

impl Relay {
    /// The relay of `piece`, handing lines `to` the search that shares the work.
    pub(super) fn new(piece: usize, turn: Arc<Turn>, to: mpsc::SyncSender<Handed>) -> Self {
        Relay {
            piece,
            turn,
            to,
            handed_at: None,
        }
    }

    /// Whether the `pending` lines found are to be handed on now.
    pub(super) fn due(&mut self, pending: usize) -> bool {
        if pending >= HOLD {
            return true;
        }
        if pending == 0 || !self.turn.is(self.piece) {
            return false;
        }
        let now = Instant::now();
        let due = pending >= FLUSH_FOUND || self.handed_at.is_none_or(|t| now - t >= FLUSH_EVERY);
        if due {
            self.handed_at = Some(now);
        }
        due
    }

    /// Hands `lines` on, once it is the piece's turn.
    pub(super) fn hand(&mut self, lines: Vec<Vec<Move>>) {
        self.turn.wait_for(self.piece);
        let _ = self.to.send(Handed::Part(lines));
    }
}
