//! `hop(lines, options…)`: along each vector over a hurdle (an occupied square of either
//! side) to a square beyond it (`hop(queen)`, the grasshopper). Options: `hurdles: n`
//! (over that many), `land: next|any|first|n` (where beyond the last hurdle), `hurdle:
//! adjacent|along` (the hurdle on the first step, as the Kinghopper's, or anywhere along the
//! line, the default), `take: hurdle|adjacent` (the hurdle is captured, the landing square
//! right beyond it empty; the hurdle on the first step with `adjacent`), `turn: 45|90|135`
//! (the landing turned by the angle either way, as the Moose's; right back, the Hamster's), `circle` (along the
//! Rose's octagons, see [`super::turn`]) and the pawn's `en_passant`.
//!
//! Each vector is a path: the hurdle legs, then the landing (each turn of the landing, a
//! path of its own). A circle is cut into one path per hurdle square and landing square.
//! The generator and the observation test walk them.

use super::path::{End, Leg};
use super::turn;
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
    turn: Option<i32>,
    circle: bool,
    pawn: PawnMoves,
}

impl Primitive for Hop {
    fn word(&self) -> &'static str {
        "hop"
    }

    fn options(&self) -> &'static [&'static str] {
        &[
            "land",
            "hurdles",
            "hurdle",
            "take",
            "turn",
            "circle",
            "en_passant",
        ]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let mut opts = Options {
            hurdles: 1,
            land: Land::Next,
            take_hurdle: false,
            adjacent: false,
            turn: None,
            circle: false,
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
        // paths are made of checked options only
        if !(check_turns(cx, &opts) && ok) {
            return None;
        }
        let paths = if opts.circle {
            turn::circles(&cx.vectors)
                .iter()
                .flat_map(|c| circle_paths(c, &opts))
                .collect()
        } else {
            cx.vectors
                .iter()
                .flat_map(|&v| {
                    let opts = &opts;
                    landings(v, opts).into_iter().map(move |l| path(v, l, opts))
                })
                .collect()
        };
        Some(Walk {
            paths,
            pawn: opts.pawn,
        })
    }
}

fn read(cx: &mut ClauseCx<'_>, o: &crate::ast::Opt, opts: &mut Options) {
    match o.name.node.as_str() {
        "hurdles" => match super::int(o) {
            Some(n) if (1..=4).contains(&n) => opts.hurdles = n as u8,
            _ => cx.bad_value(o, "a number of hurdles from 1 to 4"),
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
        "turn" => match super::int(o) {
            Some(a) if turn::ANGLES.contains(&a) => opts.turn = Some(a),
            _ => cx.bad_value(o, "an angle of 45, 90, 135 or 180 (degrees)"),
        },
        "circle" if o.value.is_some() => cx.bad_value(o, "nothing: write `circle` alone"),
        "circle" => opts.circle = true,
        _ => opts.pawn.read(cx, o),
    }
}

/// Reports the misuses of `turn:` and `circle`; false when there is one.
fn check_turns(cx: &mut ClauseCx<'_>, opts: &Options) -> bool {
    let span = cx.clause.span;
    let mut ok = true;
    if opts.turn.is_some() && !cx.vectors.iter().all(|&v| turn::is_king_step(v)) {
        cx.error(
            span,
            "`turn:` turns lines along ranks, files and diagonals",
            "use the lines `rook`, `bishop` or `queen` (or the vectors 1,0 and 1,1)",
        );
        ok = false;
    }
    if opts.turn == Some(180) && cx.mode != Mode::Quiet {
        // it lands where it passed: an occupied landing square would be its hurdle
        cx.error(
            span,
            "a hop turning right back never captures",
            "write `quiet hop(…, turn: 180)`",
        );
        ok = false;
    }
    if opts.circle {
        ok &= super::ride::check_circle(cx);
        let (why, help) = if opts.turn.is_some() {
            ("a hop along circles turns at every step", "remove `turn:`")
        } else if opts.hurdles > 1 {
            (
                "a hop along circles passes over one hurdle",
                "remove `hurdles:`",
            )
        } else if opts.land == Land::First && cx.mode != Mode::Capture {
            (
                "a hop along circles to the first unit beyond only captures",
                "write `capture hop(…, circle, land: first)`",
            )
        } else {
            return ok;
        };
        cx.error(span, why, help);
        ok = false;
    }
    ok
}

/// The vectors a hop along `v` lands by: `v`, or its two turns (one when it turns right
/// back).
fn landings(v: Vector, opts: &Options) -> Vec<Vector> {
    match opts.turn {
        Some(180) => vec![turn::turned(v, 180)[0]],
        Some(angle) => turn::turned(v, angle).to_vec(),
        None => vec![v],
    }
}

/// The paths of a hop along the circle `steps`: one per hurdle square, and per landing
/// square beyond it, each square on the way empty.
fn circle_paths(steps: &[Vector], opts: &Options) -> Vec<Path> {
    let empty =
        |s: &[Vector]| -> Vec<Leg> { s.iter().map(|&by| Leg::Empty { by, count: 1 }).collect() };
    let mut out = Vec::new();
    let hurdles = if opts.adjacent { 1 } else { steps.len() };
    for h in 0..hurdles.min(steps.len()) {
        let mut legs = empty(&steps[..h]);
        legs.push(Leg::Hurdle {
            by: steps[h],
            adjacent: true,
        });
        let beyond = h + 1..steps.len();
        let lands: Vec<usize> = match opts.land {
            _ if opts.take_hurdle => beyond.take(1).collect(),
            Land::Next => beyond.take(1).collect(),
            Land::At(n) => beyond.skip(usize::from(n) - 1).take(1).collect(),
            Land::Any | Land::First => beyond.collect(),
        };
        for l in lands {
            if opts.take_hurdle {
                out.push(Path::taking_hurdle(legs.clone(), steps[l]));
            } else {
                let mut legs = legs.clone();
                legs.extend(empty(&steps[h + 1..l]));
                out.push(Path::new(legs, End::Step(steps[l])));
            }
        }
    }
    out
}

/// The squares a hop by `v` visits: over the hurdles, then to its landing by `l` (`v`
/// unless the landing turns).
fn path(v: Vector, l: Vector, opts: &Options) -> Path {
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
        return Path::taking_hurdle(legs, l);
    }
    match opts.land {
        Land::Next => Path::new(legs, End::Step(l)),
        Land::At(n) => {
            legs.push(Leg::Empty {
                by: l,
                count: n - 1,
            });
            Path::new(legs, End::Step(l))
        }
        Land::Any => Path::new(legs, End::Run { by: l, max: None }),
        Land::First => Path::new(legs, End::FirstUnit(l)),
    }
}
