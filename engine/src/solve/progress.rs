//! What a search is doing, for a display on a terminal: the first move under way, how
//! deep the search is below it, the length sought, the solutions found and the positions
//! visited. The search reports every 1,024 positions, when it looks at the clock (a
//! lock taken that rarely costs nothing measurable); whoever displays it reads a
//! [`Snapshot`] when it likes.

use crate::square::Square;
use std::sync::Mutex;

/// A search's last report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// The first move of the line under way: its departure and arrival.
    pub first: Option<(Square, Square)>,
    /// Half-moves played below the diagram in the line under way.
    pub depth: usize,
    /// The length (in moves) the search is trying.
    pub length: u32,
    /// Solutions found so far by the search reporting.
    pub solutions: usize,
    /// Positions visited by all the searches of the problem so far.
    pub nodes: u64,
}

/// Where the searches of one problem report (shared by its threads and twins).
#[derive(Debug, Default)]
pub struct Progress {
    last: Mutex<Snapshot>,
}

/// Positions between two reports (the search looks at the clock as often).
pub const REPORT_EVERY: u64 = 1 << 10;

impl Progress {
    /// The last report.
    pub fn snapshot(&self) -> Snapshot {
        *self.last.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A search's report: `visited` more positions, now at `now` (whose `nodes` is
    /// ignored).
    pub fn report(&self, now: Snapshot, visited: u64) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let nodes = last.nodes + visited;
        *last = Snapshot { nodes, ..now };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_add_up_their_positions_and_keep_the_last_line() {
        let progress = Progress::default();
        let a = Square::from_coords(4, 1).unwrap();
        let b = Square::from_coords(4, 3).unwrap();
        progress.report(
            Snapshot {
                length: 2,
                ..Snapshot::default()
            },
            10,
        );
        let now = Snapshot {
            first: Some((a, b)),
            depth: 3,
            length: 3,
            solutions: 1,
            nodes: 0,
        };
        progress.report(now, 5);
        assert_eq!(progress.snapshot(), Snapshot { nodes: 15, ..now });
    }
}
