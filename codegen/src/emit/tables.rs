//! The `RuleSet` methods that answer from constant tables built at compile time, each
//! from the clauses' paths on an empty board: `reach` (where a unit could observe a
//! target from), `span` and `steps` (where it could arrive, and where it always can),
//! and `influence` (which squares can decide an observation).

use crate::lower::{Kind, Rules};
use crate::primitive::code::{bitboard_literal, kind_set, ray, ray_table, units_of};
use crate::primitive::{reach, Influence, Vector};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// A table by side and square.
type Table = [[u64; 64]; 2];

/// `dir` for side index `side` of a clause: -1 turns a forward clause for Black.
fn dir(forward: bool, side: usize) -> i8 {
    if forward && side == 1 {
        -1
    } else {
        1
    }
}

/// Squares from which a unit of `kind` of each side could observe each target on some
/// board. `[side][target]`.
fn reach_table(kind: &Kind) -> Table {
    let mut table = [[0u64; 64]; 2];
    if kind.clauses.iter().any(|c| c.primitive.borrows()) {
        return [[u64::MAX; 64]; 2];
    }
    for clause in kind.clauses.iter().filter(|c| c.mode.captures()) {
        for (side, bits) in table.iter_mut().enumerate() {
            let dir = dir(clause.forward, side);
            for (target, b) in bits.iter_mut().enumerate() {
                for p in &clause.paths {
                    *b |= reach::departures(p, dir, target as u8);
                }
            }
        }
    }
    table
}

/// For each side and departure square, every square some move of a unit of `kind` could
/// reach on some board (`span`), and the squares a move reaches whenever they are empty
/// or hold a unit of the other side and the move is legal (`steps`). `[side][from]` each.
fn span_tables(kind: &Kind) -> (Table, Table) {
    let mut span = [[0u64; 64]; 2];
    let mut steps = [[0u64; 64]; 2];
    for clause in &kind.clauses {
        for side in 0..2 {
            let dir = dir(clause.forward, side);
            for from in 0..64 {
                let (s, t) = clause.primitive.arrivals(clause, dir, from as u8);
                span[side][from] |= s;
                steps[side][from] |= t;
            }
        }
    }
    (span, steps)
}

/// `reach`, `span` and `steps`.
pub fn reach_span_steps(rules: &Rules) -> TokenStream {
    let reach: Vec<Table> = rules.kinds.iter().map(reach_table).collect();
    let (spans, steps): (Vec<_>, Vec<_>) = rules.kinds.iter().map(span_tables).unzip();
    let reach = table_method("reach", "target", &reach, u64::MAX);
    let span = table_method("span", "from", &spans, u64::MAX);
    let steps = table_method("steps", "from", &steps, 0);
    quote! {
        #reach

        #span

        #steps
    }
}

/// A `RuleSet` method `name(kind, <square>, side)` answering from a constant table per
/// kind, side and square, and with `fallback` for a kind beyond the table.
fn table_method(name: &str, square: &str, tables: &[Table], fallback: u64) -> TokenStream {
    let kinds = tables.iter().map(|[w, b]| {
        let (w, b) = (
            w.iter().map(|&x| bitboard_literal(x)),
            b.iter().map(|&x| bitboard_literal(x)),
        );
        quote!([[#(#w),*], [#(#b),*]])
    });
    let n = tables.len();
    let (fname, sq) = (format_ident!("{name}"), format_ident!("{square}"));
    let table = format_ident!("{}", name.to_uppercase());
    let fallback = if fallback == u64::MAX {
        quote!(u64::MAX)
    } else {
        let f = syn::LitInt::new(&fallback.to_string(), Span::call_site());
        quote!(#f)
    };
    quote! {
        #[inline]
        fn #fname(&self, kind: Kind, #sq: Square, side: Side) -> Bitboard {
            static #table: [[[u64; 64]; 2]; #n] = [#(#kinds),*];
            match #table.get(kind.index()) {
                Some(t) => Bitboard(t[side.index()][#sq.index()]),
                None => Bitboard(#fallback),
            }
        }
    }
}

/// The lines along which a unit of `kind` observes (a forward clause's for both sides),
/// each with whether the square beyond the target counts; `None` when some capture
/// depends on squares off its lines.
fn influence_lines(kind: &Kind) -> Option<Vec<(Vector, bool)>> {
    let mut lines: Vec<(Vector, bool)> = Vec::new();
    for clause in kind.clauses.iter().filter(|c| c.mode.captures()) {
        if clause.primitive.borrows() {
            return None;
        }
        for p in &clause.paths {
            let (line, beyond) = match reach::influence(p) {
                Influence::Nothing => continue,
                Influence::Elsewhere => return None,
                Influence::Line(line, beyond) => (line, beyond),
            };
            let (x, y) = line;
            // a forward walk is mirrored for Black
            let mirrored = if clause.forward && x != 0 && y != 0 {
                vec![(x, y), (x, -y)]
            } else {
                vec![(x, y)]
            };
            for line in mirrored {
                match lines.iter_mut().find(|(l, _)| *l == line) {
                    Some((_, b)) => *b |= beyond,
                    None => lines.push((line, beyond)),
                }
            }
        }
    }
    Some(lines)
}

/// The kinds (indices) observing along one line, and those of them needing the square
/// beyond the target.
type LineKinds = (Vec<u8>, Vec<u8>);

/// `influence`: on each half-line from the target that holds a rider or hopper of `side`
/// moving along it, the squares up to the farthest of them (the whole line for a unit
/// that captures its hurdle, which needs the square beyond the target empty), and every
/// square when `side` has a unit whose observation depends on squares off its lines.
/// Lines observed by the same kinds are tested together.
pub fn influence(rules: &Rules) -> TokenStream {
    let mut anywhere: Vec<u8> = Vec::new();
    let mut by_line: BTreeMap<Vector, LineKinds> = BTreeMap::new();
    for (i, kind) in rules.kinds.iter().enumerate() {
        let k = i as u8;
        match influence_lines(kind) {
            None => anywhere.push(k),
            Some(lines) => {
                for (line, beyond) in lines {
                    let entry = by_line.entry(line).or_default();
                    entry.0.push(k);
                    if beyond {
                        entry.1.push(k);
                    }
                }
            }
        }
    }
    let mut groups: BTreeMap<LineKinds, Vec<Vector>> = BTreeMap::new();
    for (line, kinds) in by_line {
        groups.entry(kinds).or_default().push(line);
    }
    let mut body = TokenStream::new();
    if !anywhere.is_empty() {
        let (mask, units) = (kind_set(&anywhere), units_of(&anywhere));
        body.extend(quote! {
            if present.intersects(#mask) && (#units & attackers).non_empty() {
                return Bitboard(u64::MAX);
            }
        });
    }
    for ((kinds, beyond), lines) in &groups {
        body.extend(group(kinds, beyond, lines));
    }
    quote! {
        #[inline]
        fn influence(&self, pos: &Position<Self>, target: Square, side: Side) -> Bitboard {
            let board = pos.board();
            let attackers = board.movable_by(side);
            let present = board.kinds_present();
            let mut mask = 0u64;
            #body
            Bitboard(mask)
        }
    }
}

/// The influence of `lines`, all observed by the units of `kinds` (those of `beyond`
/// needing the square beyond the target).
fn group(kinds: &[u8], beyond: &[u8], lines: &[Vector]) -> TokenStream {
    let (present, units) = (kind_set(kinds), units_of(kinds));
    let mut code = TokenStream::new();
    for &(dx, dy) in lines {
        if !beyond.is_empty() {
            // a unit that captures its hurdle needs the square beyond the target
            // empty: the whole line counts
            let table = (0..64i8).map(|sq| bitboard_literal(ray(sq, dx, dy) | ray(sq, -dx, -dy)));
            let beyond = units_of(beyond);
            code.extend(quote! {
                {
                    static LINE: [u64; 64] = [#(#table),*];
                    let line = LINE[target.index()];
                    if line & (#beyond & attackers).0 != 0 {
                        mask |= line;
                    }
                }
            });
        }
        // each half of the line on its own: only the squares from the target to the
        // farthest attacker on that half can open or close it
        for (x, y) in [(dx, dy), (-dx, -dy)] {
            let table = ray_table(x, y);
            let farthest = if 8 * y + x > 0 {
                quote!(63 - on_ray.leading_zeros())
            } else {
                quote!(on_ray.trailing_zeros())
            };
            code.extend(quote! {
                {
                    static RAY: [u64; 64] = [#(#table),*];
                    let ray = RAY[target.index()];
                    let on_ray = ray & movers;
                    if on_ray != 0 {
                        mask |= ray & !RAY[(#farthest) as usize];
                    }
                }
            });
        }
    }
    quote! {
        if present.intersects(#present) {
            let movers = (#units & attackers).0;
            if movers != 0 {
                #code
            }
        }
    }
}
