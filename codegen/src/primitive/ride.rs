//! `ride(lines, max: n)`: repeated steps by each vector over empty squares, moving to each
//! and capturing on the first occupied one (`ride(rook)`, the rook; `max` stops after `n`
//! steps; `edge: cross` arrives only across the edge of the board, the Edgehog's;
//! `circle` turns every step to the next vector of the lines, along the Rose's
//! octagons, see [`super::turn`]).
//!
//! Each vector is a path of one run. An unbounded ride that does not point forward is
//! generated and observed on bitboards: the ray from the square up to its first unit,
//! found with one bit scan; the observation test scans each direction once for every kind
//! riding along it. Other rides walk their paths; a ride along circles is cut into one
//! path per square it can arrive on, each square before it empty.

use super::code::{kind_set, ray_table};
use super::{path, turn, ClauseCx, End, Leg, Observer, Path, Primitive, Shared, Vector, Walk};
use crate::lower::{Clause, Kind};
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeMap;

/// The `ride` primitive.
#[derive(Debug)]
pub struct Ride;

impl Primitive for Ride {
    fn word(&self) -> &'static str {
        "ride"
    }

    fn options(&self) -> &'static [&'static str] {
        &["max", "circle", "edge"]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let (mut max, mut circle, mut across) = (None, false, false);
        cx.read_options(self.options(), |cx, o| {
            match (o.name.node.as_str(), super::int(o)) {
                ("circle", _) if o.value.is_some() => {
                    cx.bad_value(o, "nothing: write `circle` alone")
                }
                ("circle", _) => circle = true,
                ("edge", _) if super::word(o) == Some("cross") => across = true,
                ("edge", _) => cx.bad_value(o, "`cross` (arriving only across the edge)"),
                (_, Some(n)) if (1..=7).contains(&n) => max = Some(n as u8),
                _ => cx.bad_value(o, "a number of steps from 1 to 7"),
            }
        });
        let paths: Vec<Path> = if circle {
            if !check_circle(cx) {
                return None;
            }
            let steps = usize::from(max.unwrap_or(7));
            turn::circles(&cx.vectors)
                .iter()
                .flat_map(|c| (1..=c.len().min(steps)).map(move |n| circle_path(&c[..n])))
                .collect()
        } else {
            let runs = cx.vectors.iter();
            runs.map(|&by| Path::new(Vec::new(), End::Run { by, max }))
                .collect()
        };
        let paths = if across {
            paths.into_iter().map(Path::crossing_edge).collect()
        } else {
            paths
        };
        Some(Walk {
            paths,
            ..Walk::default()
        })
    }

    fn generate(&self, kind: &Kind, clause: &Clause, _shared: &mut Shared) -> TokenStream {
        match unbounded(clause) {
            Some(vectors) if !kind.pawn => on_bitboards(&vectors, clause),
            _ => {
                let paths = clause
                    .paths
                    .iter()
                    .map(|p| path::generate(p, kind, clause.mode, clause.forward));
                quote! { #(#paths)* }
            }
        }
    }

    fn observer(&self, clause: &Clause) -> Observer {
        match unbounded(clause) {
            Some(vectors) => Observer::Ray { vectors },
            None => Observer::Walk,
        }
    }
}

/// Reports lines that cannot make circles; false when they cannot.
pub(super) fn check_circle(cx: &mut ClauseCx<'_>) -> bool {
    let ok = turn::circle_ready(&cx.vectors) && cx.vectors.len() <= 8;
    if !ok {
        cx.error(
            cx.clause.span,
            "these lines make no circles",
            "a circle turns through three to eight vectors of different directions (`knight`, `queen`, `rook`)",
        );
    }
    ok
}

/// The path along the first steps of a circle: over empty squares to the last step's
/// square.
fn circle_path(steps: &[Vector]) -> Path {
    let (last, before) = steps.split_last().expect("a step");
    let legs = before.iter().map(|&by| Leg::Empty { by, count: 1 });
    Path::new(legs.collect(), End::Step(*last))
}

/// The vectors of a ride without a limit that does not point forward.
fn unbounded(clause: &Clause) -> Option<Vec<Vector>> {
    if clause.forward {
        return None;
    }
    let runs = clause.paths.iter().map(|p| match p.single_run() {
        Some((v, None)) if !p.crosses_edge => Some(v),
        _ => None,
    });
    runs.collect()
}

/// The generator on bitboards (for a unit that is no pawn, so never promotes): per
/// vector, the ray up to its first unit.
fn on_bitboards(vectors: &[Vector], clause: &Clause) -> TokenStream {
    let mode = clause.mode;
    let rays = vectors.iter().map(|&(dx, dy)| {
        let table = ray_table(dx, dy);
        let first = if 8 * dy + dx > 0 {
            quote!(blockers.trailing_zeros())
        } else {
            quote!(63 - blockers.leading_zeros())
        };
        let quiet = mode.quiet().then(|| {
            quote! {
                for to in Bitboard(open & !occupied) {
                    out.push(Move::quiet(from, to, piece));
                }
            }
        });
        let capture = if mode.captures() {
            quote! {
                // (no unit on a hole: the ride ends at it)
                if let Some(victim) = board.get(to) {
                    if victim.owner != own {
                        out.push(Move::capture(from, to, piece, victim));
                    }
                }
            }
        } else {
            quote!(let _ = to;)
        };
        quote! {
            {
                static RAY: [u64; 64] = [#(#table),*];
                let ray = RAY[from.index()];
                let blockers = ray & occupied;
                let open = if blockers == 0 {
                    ray
                } else {
                    let to = Square::new((#first) as u8);
                    #capture
                    ray & !RAY[to.index()]
                };
                let _ = open;
                #quiet
            }
        }
    });
    quote! {
        let occupied = board.occupied().0;
        #(#rays)*
    }
}

/// The observation test of every unbounded ride of the rule set: per direction, the
/// kinds riding along it and the block that finds the nearest unit looking back from
/// the target, if it is of one of them. `rides` maps each vector to those kinds.
pub fn observe_all(rides: &BTreeMap<Vector, Vec<u8>>) -> Vec<(Vec<u8>, TokenStream)> {
    let scan = |&(dx, dy): &Vector, kinds: &Vec<u8>| {
        let mask = kind_set(kinds);
        // the squares seen from the target, looking back along the vector: their
        // indices change monotonically, so the nearest unit is the lowest or the
        // highest set bit
        let (rx, ry) = (-dx, -dy);
        let ray = ray_table(rx, ry);
        let nearest = if ry * 8 + rx > 0 {
            quote!(blockers.trailing_zeros())
        } else {
            quote!(63 - blockers.leading_zeros())
        };
        // the nearest unit along the ray, whatever it is: a bit scan costs less than
        // gathering the units of every kind riding this way
        let block = quote! {
            if present.intersects(#mask) {
                static RAY: [u64; 64] = [#(#ray),*];
                let blockers = RAY[target.index()] & board.occupied().0;
                if blockers != 0 {
                    let s = Square::new((#nearest) as u8);
                    if attackers.contains(s) {
                        let p = board.unit(s);
                        if #mask.contains(p.kind) && (!filter || self.observation_ok(pos, s, p, target, target, side)) {
                            return true;
                        }
                    }
                }
            }
        };
        (kinds.clone(), block)
    };
    rides.iter().map(|(v, kinds)| scan(v, kinds)).collect()
}
