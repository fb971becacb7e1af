//! `borrow(enemy)`: a unit without a walk of its own, which moves and captures by the
//! walk of every unit of the other side observing it (the Orphan). A unit of the same
//! kind observed by such a walk hands it on: it observes by that walk in turn, so a
//! chain of them, alternating sides, can pass a walk along; no unit appears twice in a
//! chain.
//!
//! The engine plays it (`Position::push_borrowed_moves` and
//! `Position::borrowed_observes`), from the walks on the board. It has no paths: on some
//! board it could arrive on any square and observe from any, and whether it observes
//! depends on every square (see [`Primitive::borrows`]).

use super::{ClauseCx, Observer, Primitive, Shared, Walk};
use crate::ast::LineShape;
use crate::lower::{Clause, Kind, Mode};
use proc_macro2::TokenStream;
use quote::quote;

/// The `borrow` primitive.
#[derive(Debug)]
pub struct Borrow;

impl Primitive for Borrow {
    fn word(&self) -> &'static str {
        "borrow"
    }

    fn reads_own_lines(&self) -> bool {
        true
    }

    fn borrows(&self) -> bool {
        true
    }

    fn lower(&self, cx: &mut ClauseCx<'_>) -> Option<Walk> {
        let lines = cx.clause.lines.as_ref()?;
        let whose =
            matches!(&lines.shape, LineShape::Named(n) if n.node == "enemy" && !lines.forward);
        if !whose {
            cx.error(
                lines.span,
                "`borrow` takes the walks of the units observing the piece",
                "expected `enemy`: `borrow(enemy)`",
            );
        }
        if cx.mode != Mode::Both {
            let span = cx.clause.mode.as_ref().map_or(cx.clause.span, |m| m.span);
            cx.error(
                span,
                "a borrowed walk moves and captures as its lender does",
                "remove `quiet` or `capture`",
            );
        }
        cx.read_options(&[], |_, _| {});
        (whose && cx.mode == Mode::Both).then(Walk::default)
    }

    fn generate(&self, _kind: &Kind, _clause: &Clause, _shared: &mut Shared) -> TokenStream {
        quote! { pos.push_borrowed_moves(from, piece, side, out); }
    }

    fn observer(&self, _clause: &Clause) -> Observer {
        Observer::Borrowed
    }

    fn arrivals(&self, _clause: &Clause, _dir: i8, _from: u8) -> (u64, u64) {
        (u64::MAX, 0)
    }
}
