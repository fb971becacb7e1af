//! `lame(lines, via: rook|bishop)`: a leap whose way must be clear — the square one
//! orthogonal step towards the longer component (`via: rook`, the Mao), or one diagonal
//! step (`via: bishop`, the Moa), must be empty.
//!
//! Each vector is a path: the step onto the square that must be empty, then the rest of
//! the leap. The generator and the observation test walk it.

use super::path::{End, Leg};
use super::{ClauseCx, Path, Primitive, Vector, Walk};

/// The `lame` primitive.
#[derive(Debug)]
pub struct Lame;

impl Primitive for Lame {
    fn word(&self) -> &'static str {
        "lame"
    }

    fn options(&self) -> &'static [&'static str] {
        &["via"]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let mut diagonal = false;
        cx.read_options(self.options(), |cx, o| match super::word(o) {
            Some("rook") => diagonal = false,
            Some("bishop") => diagonal = true,
            _ => cx.bad_value(o, "`rook` or `bishop`"),
        });
        let paths = cx.vectors.iter().map(|&v| path(v, diagonal)).collect();
        Some(Walk {
            paths,
            ..Walk::default()
        })
    }
}

/// The squares a lame leap by `v` visits: the first step (diagonal, or orthogonal towards
/// the longer component), which must be empty, then the rest of the leap.
fn path(v: Vector, diagonal: bool) -> Path {
    let (x, y) = v;
    let (sx, sy) = (x.signum(), y.signum());
    let first = match diagonal {
        true => (sx, sy),
        false if x.abs() > y.abs() => (sx, 0),
        false => (0, sy),
    };
    let rest = (x - first.0, y - first.1);
    Path::new(
        vec![Leg::Empty {
            by: first,
            count: 1,
        }],
        End::Step(rest),
    )
}
