//! `hop(lines, options…)`: along each vector over a hurdle (an occupied square of either
//! side) to a square beyond it (`hop(queen)`, the grasshopper). Options: `hurdles: n`
//! (over that many), `land: next|any|first|n` (where beyond the last hurdle), `hurdle:
//! adjacent|along` (the hurdle on the first step, as the Kinghopper's, or anywhere along the
//! line, the default), `take: hurdle|adjacent` (the hurdle is captured, the landing square
//! right beyond it empty; the hurdle on the first step with `adjacent`), and the pawn's
//! `en_passant`.
//!
//! Each vector is a path: the hurdle legs, then the landing. The generator and the
//! observation test walk it.

use super::path::{End, Leg};
use super::{ClauseCx, Path, PawnMoves, Primitive, Vector, Walk};
use crate::lower::Mode;

/// The `hop` primitive.
#[derive(Debug)]
pub struct Hop;

/// Where a hopper lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Land {
    /// On the square right beyond the (last) hurdle.
    Next,
    /// On any square beyond, up to and including the first occupied one.
    Any,
    /// On the first occupied square beyond (capturing there), over empty squares.
    First,
    /// On the n-th square beyond, the squares before it empty.
    At(u8),
}

/// The options of a hop clause as read.
struct Options {
    hurdles: u8,
    land: Land,
    take_hurdle: bool,
    adjacent: bool,
    pawn: PawnMoves,
}

impl Primitive for Hop {
    fn word(&self) -> &'static str {
        "hop"
    }

    fn options(&self) -> &'static [&'static str] {
        &["land", "hurdles", "hurdle", "take", "en_passant"]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let mut opts = Options {
            hurdles: 1,
            land: Land::Next,
            take_hurdle: false,
            adjacent: false,
            pawn: PawnMoves::default(),
        };
        cx.read_options(self.options(), |cx, o| read(cx, o, &mut opts));
        let span = cx.clause.span;
        let mut ok = true;
        if opts.pawn.en_passant && !(opts.adjacent && opts.take_hurdle) {
            cx.error(
                span,
                "only a hop over the adjacent square takes en passant",
                "write `capture hop(…, take: adjacent, en_passant)`",
            );
            ok = false;
        }
        if opts.adjacent && opts.hurdles > 1 {
            cx.error(
                span,
                "a hop over the adjacent square passes over one hurdle",
                "remove `hurdles:`, or let the hurdles stand anywhere along the line",
            );
            ok = false;
        }
        if opts.take_hurdle && cx.mode != Mode::Capture {
            cx.error(
                span,
                "a hop that takes its hurdle only captures",
                "write `capture hop(…, take: hurdle)`",
            );
            ok = false;
        }
        let paths = cx.vectors.iter().map(|&v| path(v, &opts)).collect();
        ok.then_some(Walk {
            paths,
            pawn: opts.pawn,
        })
    }
}

fn read(cx: &mut ClauseCx<'_>, o: &crate::ast::Opt, opts: &mut Options) {
    match o.name.node.as_str() {
        "hurdles" => match super::int(o) {
            Some(n) if (1..=3).contains(&n) => opts.hurdles = n as u8,
            _ => cx.bad_value(o, "a number of hurdles from 1 to 3"),
        },
        "land" => match (super::int(o), super::word(o)) {
            (Some(1), _) | (_, Some("next")) => opts.land = Land::Next,
            (Some(n), _) if (2..=6).contains(&n) => opts.land = Land::At(n as u8),
            (_, Some("any")) => opts.land = Land::Any,
            (_, Some("first")) => opts.land = Land::First,
            _ => cx.bad_value(o, "`next`, `any`, `first` or a distance from 1 to 6"),
        },
        "hurdle" => match super::word(o) {
            Some("adjacent") => opts.adjacent = true,
            Some("along") => opts.adjacent = false,
            _ => cx.bad_value(
                o,
                "`adjacent` (on the first step) or `along` (anywhere on the line)",
            ),
        },
        "take" => match super::word(o) {
            Some("hurdle") => opts.take_hurdle = true,
            Some("adjacent") => {
                opts.take_hurdle = true;
                opts.adjacent = true;
            }
            _ => cx.bad_value(o, "`hurdle` or `adjacent` (the hurdle on the first step)"),
        },
        _ => opts.pawn.read(cx, o),
    }
}

/// The squares a hop by `v` visits: over the hurdles, then to its landing.
fn path(v: Vector, opts: &Options) -> Path {
    let hurdle = Leg::Hurdle {
        by: v,
        adjacent: opts.adjacent,
    };
    let mut legs = if opts.adjacent {
        vec![hurdle]
    } else {
        vec![hurdle; usize::from(opts.hurdles)]
    };
    if opts.take_hurdle {
        return Path::taking_hurdle(legs, v);
    }
    match opts.land {
        Land::Next => Path::new(legs, End::Step(v)),
        Land::At(n) => {
            legs.push(Leg::Empty {
                by: v,
                count: n - 1,
            });
            Path::new(legs, End::Step(v))
        }
        Land::Any => Path::new(legs, End::Run { by: v, max: None }),
        Land::First => Path::new(legs, End::FirstUnit(v)),
    }
}
