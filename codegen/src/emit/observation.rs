//! The observation test of the rule set: whether a unit of a side could capture on a
//! target, looking back from the target. Each capturing clause says how its primitive
//! finds it ([`Observer`]): leaps of all kinds by the same vectors share one table
//! lookup, unbounded rides along the same direction one scan, and every other clause
//! walks its paths back from the target in a function of its own, out of line, so a
//! problem without such walks pays one bit test for them all.

use crate::lower::{Clause, Kind, Rules};
use crate::primitive::code::kind_set;
use crate::primitive::{leap, path, ride, Observer, Shared, Vector};
use crate::snake;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// The `RuleSet` methods `observes` and `observes_by_kind`, and the inherent helpers of
/// `Rules` they call.
pub fn emit(rules: &Rules, shared: &mut Shared) -> (TokenStream, TokenStream) {
    let mut leaps: BTreeMap<(Vec<Vector>, bool), Vec<u8>> = BTreeMap::new();
    // (pawns idle on their first rank: their own groups, masked)
    let mut idle_leaps: BTreeMap<(Vec<Vector>, bool), Vec<u8>> = BTreeMap::new();
    let mut rides: BTreeMap<Vector, Vec<u8>> = BTreeMap::new();
    let mut walkers = TokenStream::new();
    let mut walks: Vec<(Vec<u8>, TokenStream)> = Vec::new();
    let mut walking_kinds: Vec<u8> = Vec::new();
    let mut count = 0usize;
    for (i, kind) in rules.kinds.iter().enumerate() {
        let k = i as u8;
        for clause in kind.clauses.iter().filter(|c| c.mode.captures()) {
            match clause.primitive.observer(clause) {
                Observer::Leap {
                    vectors,
                    forward,
                    idle,
                } => {
                    let groups = match kind.idle_on_first_rank || idle {
                        true => &mut idle_leaps,
                        false => &mut leaps,
                    };
                    groups
                        .entry(leap::key(&vectors, forward))
                        .or_default()
                        .push(k);
                }
                Observer::Ray { vectors } => {
                    for v in vectors {
                        rides.entry(v).or_default().push(k);
                    }
                }
                Observer::Borrowed => {
                    walks.push((vec![k], borrowed(k)));
                    walking_kinds.push(k);
                }
                Observer::Walk if clause.paths.is_empty() => {}
                Observer::Walk => {
                    let (walker, call) = walker(kind, k, clause, count);
                    count += 1;
                    walkers.extend(walker);
                    walks.push((vec![k], call));
                    walking_kinds.push(k);
                }
            }
        }
    }
    let mut blocks = leap::observe_all(&leaps, &mut shared.leaps, false);
    blocks.extend(leap::observe_all(&idle_leaps, &mut shared.leaps, true));
    blocks.extend(ride::observe_all(&rides));
    let mut body = in_groups(blocks);
    if !walking_kinds.is_empty() {
        let walking_kinds = kind_set(&walking_kinds);
        body.extend(quote! {
            if present.intersects(#walking_kinds) && self.observes_by_other_walks(pos, target, side, attackers, present, filter) {
                return true;
            }
        });
    }
    let walks = in_groups(walks);
    let helpers = quote! {
        #walkers

        /// Whether a unit of `side` observes `target` by a walk other than a leap or an
        /// unbounded ride.
        #[inline(never)]
        fn observes_by_other_walks(&self, pos: &Position<Rules>, target: Square, side: Side, attackers: Bitboard, present: KindSet, filter: bool) -> bool {
            let board = pos.board();
            let _ = attackers;
            #walks
            false
        }

        /// Whether one of `attackers` (units `side` may move, of the kinds in
        /// `present`) observes `target`, through the conditions' filter when `filter`.
        #[inline(always)]
        fn observes_among(&self, pos: &Position<Rules>, target: Square, side: Side, attackers: Bitboard, present: KindSet, filter: bool) -> bool {
            let board = pos.board();
            let enemy = side.opponent().owner();
            let _ = enemy;
            #body
            false
        }
    };
    (methods(), helpers)
}

/// The kinds of a group of blocks: blocks whose first kind lies among the same
/// `GROUP` kinds share one presence test, so a problem pays one bit test for each
/// group of walks it does not use, not one for each walk.
const GROUP: u8 = 8;

/// `blocks` (each with the kinds it looks for), grouped by their first kind in the
/// order the rules list the kinds, each group behind the test of its kinds' presence.
fn in_groups(mut blocks: Vec<(Vec<u8>, TokenStream)>) -> TokenStream {
    let first = |kinds: &[u8]| kinds.iter().min().copied().unwrap_or(0);
    blocks.sort_by_key(|(kinds, _)| first(kinds));
    let mut groups: BTreeMap<u8, (Vec<u8>, TokenStream)> = BTreeMap::new();
    for (kinds, block) in blocks {
        let group = groups.entry(first(&kinds) / GROUP).or_default();
        group.0.extend(kinds);
        group.1.extend(block);
    }
    groups
        .into_values()
        .map(|(mut kinds, blocks)| {
            kinds.sort();
            kinds.dedup();
            let mask = kind_set(&kinds);
            quote! {
                if present.intersects(#mask) {
                    #blocks
                }
            }
        })
        .collect()
}

/// The observation test of a clause of `kind` (index `k`) that walks its paths back from
/// the target: a function of `Rules` (the `count`-th such), and its call, guarded by the
/// kind's presence among the attackers.
fn walker(kind: &Kind, k: u8, clause: &Clause, count: usize) -> (TokenStream, TokenStream) {
    // (a pawn idle on its first rank observes nothing from there, as it moves nowhere)
    let awake = match kind.idle_on_first_rank {
        true => {
            quote!(&&(at.rank() != side.relative_rank(0) || pos.rules().first_rank_steps(side) > 0))
        }
        false => TokenStream::new(),
    };
    let is_attacker = quote! {
        p.kind == kind && attackers.contains(at) #awake && (!filter || self.observation_ok(pos, at, p, target, arrival, side))
    };
    let scans = clause
        .paths
        .iter()
        .map(|p| path::observe(p, clause.forward, &is_attacker));
    let doc = format!(
        " Whether a {} of `side` observes `target` by `{}` ({}).",
        kind.name, clause.text, clause.source
    );
    let fname = format_ident!("observes_{}_{}", snake(&kind.name), count);
    let walker = quote! {
        #[doc = #doc]
        #[inline(always)]
        fn #fname(&self, pos: &Position<Rules>, target: Square, side: Side, attackers: Bitboard, filter: bool) -> bool {
            let board = pos.board();
            let kind = Kind(#k);
            #(#scans)*
            false
        }
    };
    let call = quote! {
        if present.contains(Kind(#k)) && (board.of_kind(Kind(#k)) & attackers).non_empty() && self.#fname(pos, target, side, attackers, filter) {
            return true;
        }
    };
    (walker, call)
}

/// The observation test of a kind (index `k`) that borrows its walks: the engine's, for
/// its units among the attackers.
fn borrowed(k: u8) -> TokenStream {
    quote! {
        if present.contains(Kind(#k)) {
            let units = board.of_kind(Kind(#k)) & attackers;
            if units.non_empty() && pos.borrowed_observes(target, side, units, filter) {
                return true;
            }
        }
    }
}

/// `observes` (every unit of the side, through the conditions' filter) and
/// `observes_by_kind` (the units of one kind, by their rule alone), both asking
/// `observes_among`.
fn methods() -> TokenStream {
    quote! {
        #[inline]
        fn observes(&self, pos: &Position<Self>, target: Square, side: Side) -> bool {
            let board = pos.board();
            // the kinds on the board: a test for an absent kind costs one bit test
            self.observes_among(pos, target, side, board.movable_by(side), board.kinds_present(), self.has_observation_filter())
        }

        #[inline]
        fn observes_by_units(&self, pos: &Position<Self>, target: Square, side: Side, attackers: Bitboard, filter: bool) -> bool {
            let board = pos.board();
            self.observes_among(pos, target, side, board.movable_by(side) & attackers, board.kinds_present(), filter)
        }

        #[inline]
        fn observes_by_kind(&self, pos: &Position<Self>, target: Square, side: Side, kind: Kind) -> bool {
            let board = pos.board();
            let present = board.kinds_present().only(kind);
            present != KindSet::EMPTY
                && self.observes_among(pos, target, side, board.movable_by(side) & board.of_kind(kind), present, false)
        }
    }
}
