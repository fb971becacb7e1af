//! `lame(lines, via: rook|bishop, over: empty|unit, ride)`: a leap by way of one square —
//! one orthogonal step towards the longer component (`via: rook`, the Mao), or one diagonal
//! step (`via: bishop`, the Moa) — which must be empty (`over: empty`, the default) or
//! occupied by a unit of either side, which is not affected (`over: unit`, the Maohopper
//! and Moahopper). With `ride`, the lame leap is repeated along its line while both
//! squares of each leap are empty (the Maorider and Moarider); it stops on the first
//! occupied arrival, which it may capture.
//!
//! Each vector is a path per number of leaps: the steps onto the squares passed, which must
//! be empty (or hold the hurdle), and the arrivals on the way, then the rest of the last
//! leap. The generator and the observation test walk it.

use super::path::{End, Leg};
use super::{ClauseCx, Path, Primitive, Vector, Walk};

/// The `lame` primitive.
#[derive(Debug)]
pub struct Lame;

/// The options of a lame clause as read.
#[derive(Clone, Copy, Default)]
struct Options {
    diagonal: bool,
    over_unit: bool,
    ride: bool,
}

impl Primitive for Lame {
    fn word(&self) -> &'static str {
        "lame"
    }

    fn options(&self) -> &'static [&'static str] {
        &["via", "over", "ride"]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let mut opts = Options::default();
        let mut ok = true;
        cx.read_options(self.options(), |cx, o| match o.name.node.as_str() {
            "via" => match super::word(o) {
                Some("rook") => opts.diagonal = false,
                Some("bishop") => opts.diagonal = true,
                _ => cx.bad_value(o, "`rook` or `bishop`"),
            },
            "over" => match super::word(o) {
                Some("empty") => opts.over_unit = false,
                Some("unit") => opts.over_unit = true,
                _ => cx.bad_value(o, "`empty` or `unit` (a hurdle of either side)"),
            },
            _ => match o.value {
                None => opts.ride = true,
                Some(_) => {
                    cx.error(
                        o.span,
                        "`ride` takes no value",
                        "write `ride` alone: the leap repeats while its squares are empty",
                    );
                    ok = false;
                }
            },
        });
        if opts.ride && opts.over_unit {
            cx.error(
                cx.clause.span,
                "a lame rider passes over empty squares only",
                "remove `ride`, or `over: unit`",
            );
            ok = false;
        }
        let paths = cx.vectors.iter().flat_map(|&v| paths(v, opts)).collect();
        ok.then_some(Walk {
            paths,
            ..Walk::default()
        })
    }
}

/// The square passed on a lame leap by `v` (diagonal, or orthogonal towards the longer
/// component), and the rest of the leap.
fn split(v: Vector, diagonal: bool) -> (Vector, Vector) {
    let (x, y) = v;
    let (sx, sy) = (x.signum(), y.signum());
    let first = match diagonal {
        true => (sx, sy),
        false if x.abs() > y.abs() => (sx, 0),
        false => (0, sy),
    };
    (first, (x - first.0, y - first.1))
}

/// The paths of a lame clause by `v`: one leap, or with `ride` one path per number of
/// leaps that fits on the board.
fn paths(v: Vector, opts: Options) -> Vec<Path> {
    let (first, rest) = split(v, opts.diagonal);
    let passed = if opts.over_unit {
        Leg::Hurdle {
            by: first,
            adjacent: true,
        }
    } else {
        Leg::Empty {
            by: first,
            count: 1,
        }
    };
    let longest = if opts.ride {
        7 / v.0.abs().max(v.1.abs())
    } else {
        1
    };
    (1..=longest)
        .map(|leaps| {
            let mut legs = Vec::new();
            for _ in 1..leaps {
                legs.push(passed);
                legs.push(Leg::Empty { by: rest, count: 1 });
            }
            legs.push(passed);
            Path::new(legs, End::Step(rest))
        })
        .collect()
}
