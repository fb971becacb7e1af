//! Rust from the checked rules: one move generator per kind, strung together from its
//! clauses' primitives ([`crate::primitive`]); the observation test (`emit/observation.rs`);
//! the tables that answer from compile time (`emit/tables.rs`); the description of the
//! kinds (`emit/kinds.rs`) and the conditions' hooks (`emit/conditions.rs`). Emitted with
//! `quote`, checked by parsing with `syn`, printed with `prettyplease`.
//!
//! Generated code meets the engine through the `RuleSet` trait it implements and the
//! engine's `support` module, its only `use`. Every item carries a doc comment quoting
//! its rule and naming `file:line`, so a reader of the generated code can always find the
//! rule behind it.

mod conditions;
mod kinds;
mod observation;
mod tables;
mod transmute;

use crate::lower::{Kind, Rules};
use crate::primitive::Shared;
use crate::primitive::{reach, Leg, Path};
use crate::snake;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The generated module as tokens (not yet checked or printed).
pub fn emit(rules: &Rules) -> TokenStream {
    let mut shared = Shared::default();
    let mut generators = TokenStream::new();
    let mut arms = TokenStream::new();
    for (index, kind) in rules.kinds.iter().enumerate() {
        let fname = format_ident!("generate_{}", snake(&kind.name));
        generators.extend(generator(kind, &fname, &mut shared));
        let i = index as u8;
        arms.extend(quote! { #i => Rules::#fname(pos, from, piece, side, out), });
    }
    let (observation, observers) = observation::emit(rules, &mut shared);
    let influence = tables::influence(rules);
    let tables = tables::reach_span_steps(rules);
    let kind_infos = rules.kinds.iter().map(kinds::info);
    let borrowing: Vec<u8> = (0..rules.kinds.len() as u8)
        .filter(|&k| {
            let clauses = &rules.kinds[usize::from(k)].clauses;
            clauses.iter().any(|c| c.primitive.borrows())
        })
        .collect();
    let borrowing = crate::primitive::code::kind_set(&borrowing);
    let kind_consts = kinds::consts(rules);
    let examples = kinds::examples(rules);
    let condition_infos = conditions::infos(rules);
    let (condition_helpers, condition_hooks) = conditions::hooks(rules);
    let active_words = proc_macro2::Literal::usize_unsuffixed(conditions::active_words(rules));
    let square_slots =
        proc_macro2::Literal::usize_unsuffixed(conditions::square_slots(rules).len().max(1));
    let leap_tables = shared.leaps.items;

    quote! {
        use ::fairyforge_engine::support::*;

        /// The rule set generated from `rules/`: every kind of unit and every condition.
        /// A value holds the conditions in force in one problem.
        #[derive(Clone, Debug)]
        pub struct Rules {
            /// Bit `i % 64` of word `i / 64` set: the condition `CONDITIONS[i]` is in force.
            active: [u64; #active_words],
            /// The defending side of the play, for conditions bound to it.
            defender: Option<Side>,
            /// The squares a problem gave after the name of each condition that reads
            /// squares (`params squares`), by its slot.
            squares: [Bitboard; #square_slots],
            /// The numbers, White's and Black's, a problem gave after the name of the
            /// condition in force that reads them (`params side_numbers`).
            numbers: [u32; 2],
        }

        impl Default for Rules {
            fn default() -> Self {
                Rules { active: [0; #active_words], defender: None, squares: [Bitboard::EMPTY; #square_slots], numbers: [0; 2] }
            }
        }

        /// The kinds, by rule name.
        pub mod kinds {
            use ::fairyforge_engine::support::Kind;
            #kind_consts
        }

        /// Every worked example written in `rules/`, in file order.
        pub static EXAMPLES: &[RuleExample] = &[ #examples ];

        #leap_tables

        impl Rules {
            #generators
            #observers
            #condition_helpers
        }

        impl RuleSet for Rules {
            const KINDS: &'static [KindInfo] = &[ #(#kind_infos),* ];
            const CONDITIONS: &'static [ConditionInfo] = &[ #(#condition_infos),* ];
            const BORROWING: KindSet = #borrowing;

            #condition_hooks

            #[inline]
            fn generate(&self, pos: &Position<Self>, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
                match piece.kind.0 {
                    #arms
                    _ => {}
                }
            }

            #observation

            #influence

            #tables
        }
    }
}

/// The move generator of a kind: its clauses' code, in order.
fn generator(kind: &Kind, fname: &proc_macro2::Ident, shared: &mut Shared) -> TokenStream {
    let mut body = TokenStream::new();
    let mut clause_docs = Vec::new();
    for clause in &kind.clauses {
        clause_docs.push(format!(" - `{}` — {}", clause.text, clause.source));
        let code = clause.primitive.generate(kind, clause, shared);
        body.extend(quote! { { #code } });
    }
    // a walk that can reach one square along two paths makes each move once
    if may_repeat(kind) {
        body = quote! {
            let start = out.len();
            #body
            remove_repeats(out, start);
        };
    }
    if kind.idle_on_first_rank {
        body = quote! {
            // a pawn on its first rank moves only where a condition lets pawns step there
            // (a unit borrowing a pawn's walk, an Orphan, moves by it from there)
            if from.rank() == side.relative_rank(0)
                && pos.rules().first_rank_steps(side) == 0
                && !pos.board().get(from).is_some_and(|u| Rules::KINDS[u.kind.index()].borrows)
            {
                return;
            }
            #body
        };
    }
    let doc_head = format!(" Moves of the {} ({}).", kind.name, kind.source);
    let doc_text = format!(" > {}", kind.text);
    quote! {
        #[doc = #doc_head]
        #[doc = ""]
        #[doc = #doc_text]
        #[doc = ""]
        #(#[doc = #clause_docs])*
        #[inline(never)]
        fn #fname(pos: &Position<Rules>, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
            let board = pos.board();
            let own = side.owner();
            let _ = (board, own, &out, piece);
            #body
        }
    }
}

/// Whether two paths of a kind can arrive on one square from one departure (the Rose's
/// two ways round an octagon, the Moose's turns off two lines), so that its generator
/// must drop the moves it makes twice. Two paths straight along one vector that pass over
/// different numbers of units (a ride and a hop, the Dolphin's one hurdle and two) never
/// make the same move.
fn may_repeat(kind: &Kind) -> bool {
    let paths: Vec<(&Path, bool)> = kind
        .clauses
        .iter()
        .flat_map(|c| c.paths.iter().map(move |p| (p, c.forward)))
        .collect();
    // the arrivals of each path from each square, for White and for Black
    let arrivals: Vec<Vec<u64>> = paths
        .iter()
        .map(|&(p, forward)| {
            let black = if forward { -1 } else { 1 };
            (0..64u8)
                .map(|from| reach::arrivals(p, 1, from) | reach::arrivals(p, black, from))
                .collect()
        })
        .collect();
    (0..paths.len()).any(|i| {
        (0..i).any(|j| {
            !apart(paths[i].0, paths[j].0) && (0..64).any(|f| arrivals[i][f] & arrivals[j][f] != 0)
        })
    })
}

/// Whether two paths go straight along one vector over different numbers of units.
fn apart(p: &Path, q: &Path) -> bool {
    let straight = |p: &Path| {
        let v = p.end.vector();
        p.legs.iter().all(|l| l.vector() == v).then_some(v)
    };
    let hurdles = |p: &Path| {
        p.legs
            .iter()
            .filter(|l| matches!(l, Leg::Hurdle { .. }))
            .count()
    };
    straight(p).is_some() && straight(p) == straight(q) && hurdles(p) != hurdles(q)
}
