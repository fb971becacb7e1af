//! `castling`: the royal unit's castling with its partner, as the engine plays it
//! (`Position::push_castlings`: the partner on a corner, the squares between empty, the
//! rights intact, the royal unit not observed on its way).
//!
//! It has no paths: it captures nothing, so it has no observation test and adds to no
//! reach or influence; it may arrive anywhere on its rank.

use super::{ClauseCx, Form, Primitive, Shared, Walk};
use crate::lower::{Clause, Kind};
use proc_macro2::TokenStream;
use quote::quote;

/// The `castling` primitive.
#[derive(Debug)]
pub struct Castling;

impl Primitive for Castling {
    fn word(&self) -> &'static str {
        "castling"
    }

    fn form(&self) -> Form {
        Form::Word
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        if !cx.royal {
            cx.error(
                cx.clause.primitive.span,
                "`castling` is for royal pieces",
                "mark the piece `royal`, or remove `castling`",
            );
            return None;
        }
        Some(Walk::default())
    }

    fn generate(&self, _kind: &Kind, _clause: &Clause, _shared: &mut Shared) -> TokenStream {
        quote! { pos.push_castlings(from, piece, side, out); }
    }

    fn arrivals(&self, _clause: &Clause, _dir: i8, from: u8) -> (u64, u64) {
        let rank = 0xffu64 << (from / 8 * 8);
        (rank, 0)
    }
}
