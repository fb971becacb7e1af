//! `leap(lines)`: one jump by each vector, to a square that is empty or holds a unit of
//! the other side (`leap(1,2)`, the knight). Options: the pawn's `double_step`,
//! `en_passant` and `idle_on_first_rank` ([`super::pawn`]).
//!
//! Each vector is a path of one step. The generator and the observation test read the
//! targets of all the vectors at once from a constant table by square, built from those
//! paths; kinds leaping by the same vectors share one table and one lookup in the
//! observation test.

use super::code::{bitboard_literal, kind_set, push, show_vectors, units_of};
use super::{pawn, ClauseCx, Observer, Path, PawnMoves, Primitive, Shared, Vector, Walk};
use crate::lower::{Clause, Kind};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// The `leap` primitive.
#[derive(Debug)]
pub struct Leap;

impl Primitive for Leap {
    fn word(&self) -> &'static str {
        "leap"
    }

    fn options(&self) -> &'static [&'static str] {
        &["double_step", "en_passant", "idle_on_first_rank"]
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let mut pawn = PawnMoves::default();
        cx.read_options(self.options(), |cx, o| pawn.read(cx, o));
        let paths = cx.vectors.iter().map(|&v| Path::leap(v)).collect();
        Some(Walk { paths, pawn })
    }

    fn generate(&self, kind: &Kind, clause: &Clause, shared: &mut Shared) -> TokenStream {
        let id = shared.leaps.id(&vectors(clause), clause.forward);
        let targets = if clause.forward {
            quote!(Bitboard(#id[side.index()][from.index()]))
        } else {
            quote!(Bitboard(#id[from.index()]))
        };
        let mut code = quote! { let targets = #targets; };
        if clause.mode.quiet() {
            let p = push(kind, quote!(Move::quiet(from, to, piece)));
            code.extend(quote! { for to in targets & !board.occupied() { #p } });
        }
        if clause.mode.captures() {
            let p = push(kind, quote!(Move::capture(from, to, piece, board.unit(to))));
            code.extend(quote! { for to in targets & board.capturable_by(side) { #p } });
        }
        code.extend(pawn::double_step(clause));
        code.extend(pawn::en_passant(clause));
        if clause.pawn.idle {
            // (from the first rank, only where a condition lets pawns step there, or for
            // a unit borrowing the walk, an Orphan)
            code = quote! {
                if from.rank() != side.relative_rank(0)
                    || pos.rules().first_rank_steps(side) > 0
                    || pos.board().get(from).is_some_and(|u| Rules::KINDS[u.kind.index()].borrows)
                {
                    #code
                }
            };
        }
        code
    }

    fn observer(&self, clause: &Clause) -> Observer {
        Observer::Leap {
            vectors: vectors(clause),
            forward: clause.forward,
            idle: clause.pawn.idle,
        }
    }
}

/// The vectors of a leap's paths.
fn vectors(clause: &Clause) -> Vec<Vector> {
    let vectors = clause
        .paths
        .iter()
        .map(|p| p.single_step().expect("a leap"));
    vectors.collect()
}

/// A leap table's identity: its vectors, sorted, and whether they point forward.
type Key = (Vec<Vector>, bool);

/// The constant leap tables of a rule set: targets by departure square (and by side for
/// forward vectors), one per set of vectors, emitted once however many clauses use it.
#[derive(Default)]
pub struct Tables {
    ids: BTreeMap<Key, Ident>,
    /// The tables' items.
    pub items: TokenStream,
}

impl Tables {
    /// The name of the table of `vectors`, emitting it the first time.
    pub fn id(&mut self, vectors: &[Vector], forward: bool) -> Ident {
        let mut key: Vec<Vector> = vectors.to_vec();
        key.sort();
        if let Some(id) = self.ids.get(&(key.clone(), forward)) {
            return id.clone();
        }
        let id = format_ident!("LEAP_{}", self.ids.len());
        let doc = format!(
            "Leap targets by departure square for the vectors {}.",
            show_vectors(vectors)
        );
        if forward {
            let white = targets(vectors, 1);
            let black = targets(vectors, -1);
            self.items.extend(quote! {
                #[doc = #doc]
                #[doc = "Indexed by side (vectors point forward for that side), then square."]
                static #id: [[u64; 64]; 2] = [[#(#white),*], [#(#black),*]];
            });
        } else {
            let t = targets(vectors, 1);
            self.items.extend(quote! {
                #[doc = #doc]
                static #id: [u64; 64] = [#(#t),*];
            });
        }
        self.ids.insert((key, forward), id.clone());
        id
    }
}

/// Targets of the leaps by each departure square; `dir` = -1 turns the ranks for Black.
fn targets(vectors: &[Vector], dir: i8) -> Vec<syn::LitInt> {
    (0..64u8)
        .map(|from| {
            let paths = vectors.iter().map(|&v| Path::leap(v));
            paths.fold(0, |bits, p| bits | super::reach::arrivals(&p, dir, from))
        })
        .map(bitboard_literal)
        .collect()
}

/// The observation test of each group of leaps sharing their vectors: the kinds that
/// leap so and the block that looks for them, guarded by their presence.
/// With `idle` (pawns `idle_on_first_rank`), a unit on its side's first rank observes
/// nothing unless the conditions let pawns step from there.
pub fn observe_all(
    leaps: &BTreeMap<Key, Vec<u8>>,
    tables: &mut Tables,
    idle: bool,
) -> Vec<(Vec<u8>, TokenStream)> {
    let awake = match idle {
        true => quote! {
            & if pos.rules().first_rank_steps(side) > 0 {
                Bitboard(!0)
            } else {
                Bitboard(!(0xFF_u64 << (8 * side.relative_rank(0) as u32)))
            }
        },
        false => TokenStream::new(),
    };
    let mut blocks = Vec::new();
    for ((vectors, forward), kinds) in leaps {
        let id = tables.id(vectors, *forward);
        let lookup = if *forward {
            // attackers stand a forward vector (for them) behind the target
            quote!(Bitboard(#id[side.opponent().index()][target.index()]))
        } else {
            quote!(Bitboard(#id[target.index()]))
        };
        let mask = kind_set(kinds);
        let units = units_of(kinds);
        let block = quote! {
            if present.intersects(#mask) {
                let candidates = #lookup & #units & attackers #awake;
                if candidates.non_empty() {
                    if !filter {
                        return true;
                    }
                    for from in candidates {
                        if self.observation_ok(pos, from, board.unit(from), target, target, side) {
                            return true;
                        }
                    }
                }
            }
        };
        blocks.push((kinds.clone(), block));
    }
    blocks
}

/// The key under which the observation test files a leap's vectors.
pub fn key(vectors: &[Vector], forward: bool) -> Key {
    let mut sorted = vectors.to_vec();
    sorted.sort();
    (sorted, forward)
}
