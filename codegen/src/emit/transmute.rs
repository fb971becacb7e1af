//! Rust for the conditions' words on walks and pawns: the `RuleSet` hooks saying whether
//! units exchange places with units of their walk (`exchange places with same walk`),
//! which walk a moved unit or a castling partner becomes (`transmute … along … when …`), how
//! far a pawn steps from its first rank (`pawns step up to N from first rank`), and
//! whether pawns promote (`pawns never promote`). Each is a chain of `if` blocks over the
//! active conditions, the first that applies deciding.

use super::conditions::{active, cond, square_slots};
use crate::lower::{Cond, Condition, Rules};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The hook methods of the `RuleSet` impl.
pub fn hooks(rules: &Rules) -> TokenStream {
    let mover = chains(rules, |c| &c.transmute);
    let partner = chains(rules, |c| &c.transmute_partner);
    let steps = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let n = Literal::u8_suffixed(c.first_rank_steps?);
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return #n; }))
    });
    let barring = rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.no_promotion);
    let barring = barring.map(|(i, c)| {
        let on = active(i, c, quote!(side));
        quote!(if #on { return false; })
    });
    let exchanging = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let kings = c.exchanges?;
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return Some(#kings); }))
    });
    quote! {
        #[inline(always)]
        fn exchanges(&self, side: Side) -> Option<bool> {
            let _ = side;
            #(#exchanging)*
            None
        }

        #[inline]
        fn transmutes_mover(&self, pos: &Position<Self>, mv: &Move, unit: Piece) -> Option<Kind> {
            let (piece, side, last) = (mv.mover, pos.side(), pos.last_move());
            let _ = (&last, piece, side, unit);
            #(#mover)*
            None
        }

        #[inline]
        fn transmutes_partner(&self, pos: &Position<Self>, mv: &Move, partner: Piece) -> Option<Kind> {
            let (piece, unit, side, last) = (partner, partner, pos.side(), pos.last_move());
            let _ = (&last, piece, side, unit);
            #(#partner)*
            None
        }

        #[inline(always)]
        fn first_rank_steps(&self, side: Side) -> u8 {
            let _ = side;
            #(#steps)*
            0
        }

        #[inline(always)]
        fn promotes(&self, side: Side) -> bool {
            let _ = side;
            #(#barring)*
            true
        }
    }
}

/// For each chain of the active conditions (`unit` the unit as it arrives, `piece` the
/// unit the truth looks at): when its truth holds and the unit's walk is in it before
/// the last place, the walk that follows.
fn chains<'a>(
    rules: &'a Rules,
    of: impl Fn(&'a Condition) -> &'a Vec<(Cond, Vec<u8>)> + 'a,
) -> impl Iterator<Item = TokenStream> + 'a {
    let slots = square_slots(rules);
    rules.conditions.iter().enumerate().flat_map(move |(i, c)| {
        let on = active(i, c, quote!(side));
        // the squares the problem gave after the condition's name, for `given(…)`
        let given = slots
            .iter()
            .find(|&&(index, _)| index == i)
            .map(|&(_, slot)| {
                let slot = Literal::usize_unsuffixed(slot);
                quote!(let given = self.squares[#slot];)
            });
        of(c).iter().map(move |(when, chain)| {
            let when = cond(when);
            let (from, to) = steps(chain);
            quote! {
                if #on && { #given #on && #when } {
                    let next = match unit.kind.0 {
                        #(#from => Some(Kind(#to)),)*
                        _ => None,
                    };
                    if next.is_some() {
                        return next;
                    }
                }
            }
        })
    })
}

/// The steps of a chain: each walk with the walk that follows it (a walk written twice,
/// as in a cycle, follows its first place).
pub(super) fn steps(chain: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut pairs: Vec<(u8, u8)> = Vec::new();
    for w in chain.windows(2) {
        if !pairs.iter().any(|&(f, _)| f == w[0]) {
            pairs.push((w[0], w[1]));
        }
    }
    pairs.into_iter().unzip()
}
