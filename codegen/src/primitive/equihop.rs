//! `equihop(lines, path: ignored|clear)`: over a hurdle standing exactly halfway, to the
//! square as far beyond it as the hurdle is from the departure (`equihop(any)`, the
//! non-stop equihopper; the lines are the half-vectors). With `path: clear`, on queen
//! lines no other unit may stand between (the English equihopper).
//!
//! Each half-vector is a path: to the hurdle and as far again, over empty squares one
//! step at a time when the way must be clear. The generator and the observation test
//! walk it.

use super::path::{End, Leg};
use super::{ClauseCx, Path, Primitive, Vector, Walk};

/// The `equihop` primitive.
#[derive(Debug)]
pub struct Equihop;

impl Primitive for Equihop {
    fn word(&self) -> &'static str {
        "equihop"
    }

    /// The half-vector reaches at most 3 squares, so that the whole move stays on the
    /// board.
    fn vector_limit(&self) -> i32 {
        3
    }

    fn options(&self) -> &'static [&'static str] {
        &["path"]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let mut clear = false;
        cx.read_options(self.options(), |cx, o| match super::word(o) {
            Some("ignored") => clear = false,
            Some("clear") => clear = true,
            _ => cx.bad_value(
                o,
                "`ignored` (non-stop) or `clear` (no other unit on queen lines)",
            ),
        });
        let paths = cx.vectors.iter().map(|&v| path(v, clear)).collect();
        Some(Walk {
            paths,
            ..Walk::default()
        })
    }
}

/// The squares an equihop by the half-vector `v` visits.
fn path(v: Vector, clear: bool) -> Path {
    let (dx, dy) = v;
    let k = dx.abs().max(dy.abs()) as u8;
    let queen_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if clear && queen_line && k > 1 {
        // one step at a time, every square but the hurdle's empty
        let u = (dx.signum(), dy.signum());
        let empty = Leg::Empty {
            by: u,
            count: k - 1,
        };
        let hurdle = Leg::Hurdle {
            by: u,
            adjacent: true,
        };
        Path::new(vec![empty, hurdle, empty], End::Step(u))
    } else {
        let hurdle = Leg::Hurdle {
            by: v,
            adjacent: true,
        };
        Path::new(vec![hurdle], End::Step(v))
    }
}
