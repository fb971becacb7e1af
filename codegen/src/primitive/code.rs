//! Small pieces of generated code the primitives' emitters share: a step as offsets, the
//! push of a move, the arrival on a square, bitboard literals and ray tables.
//!
//! Generated generators have in scope `pos`, `board`, `from`, `piece`, `side`, `own` (the
//! mover's owner) and `out`; generated observation tests `pos`, `board`, `target`,
//! `side`, `enemy`, `kind` and `filter`.

use super::path::Vector;
use crate::lower::{Kind, Mode};
use proc_macro2::{Span, TokenStream};
use quote::quote;

/// The offsets of a step by `v` as arguments of `Square::offset`: the rank component
/// turned for the side moving when the clause is `forward`.
pub fn offset(v: Vector, forward: bool) -> (TokenStream, TokenStream) {
    let (dx, dy) = v;
    let dy = if forward {
        match dy {
            0 => quote!(0i8),
            1 => quote!(side.forward()),
            -1 => quote!(-side.forward()),
            _ => quote!(#dy * side.forward()),
        }
    } else {
        quote!(#dy)
    };
    (quote!(#dx), dy)
}

/// Code pushing `mv`: through promotion for pawns, straight onto the list otherwise.
pub fn push(kind: &Kind, mv: TokenStream) -> TokenStream {
    if kind.pawn {
        quote! { pos.push_pawn_move(#mv, side, out); }
    } else {
        quote! { out.push(#mv); }
    }
}

/// Code for arriving on the square in `to`: a quiet move when empty, a capture when it
/// holds a unit of the other side — each only when the mode allows; with `then_break`,
/// an occupied square ends the enclosing loop.
pub fn arrive(kind: &Kind, mode: Mode, then_break: bool) -> TokenStream {
    let quiet = if mode.quiet() {
        push(kind, quote!(Move::quiet(from, to, piece)))
    } else {
        quote!()
    };
    let capture = if mode.captures() {
        let p = push(kind, quote!(Move::capture(from, to, piece, victim)));
        quote! { if victim.owner != own { #p } }
    } else {
        quote! { let _ = victim; }
    };
    let brk = if then_break { quote!(break;) } else { quote!() };
    quote! {
        match board.get(to) {
            None if board.is_empty(to) => { #quiet }
            // a hole: off the board
            None => { #brk }
            Some(victim) => { #capture #brk }
        }
    }
}

/// A bitboard as a hexadecimal literal.
pub fn bitboard_literal(bits: u64) -> syn::LitInt {
    syn::LitInt::new(&format!("0x{bits:016x}"), Span::call_site())
}

/// The squares reached by repeating (dx, dy) from square `sq`.
pub fn ray(sq: i8, dx: i8, dy: i8) -> u64 {
    let (mut f, mut r) = (sq % 8 + dx, sq / 8 + dy);
    let mut bits = 0u64;
    while (0..8).contains(&f) && (0..8).contains(&r) {
        bits |= 1u64 << (r * 8 + f);
        f += dx;
        r += dy;
    }
    bits
}

/// The squares reached by repeating (dx, dy) from each square, as bitboard literals.
pub fn ray_table(dx: i8, dy: i8) -> Vec<syn::LitInt> {
    (0..64i8)
        .map(|sq| bitboard_literal(ray(sq, dx, dy)))
        .collect()
}

/// The vectors as text, `(1,2) (2,1)`.
pub fn show_vectors(v: &[Vector]) -> String {
    v.iter()
        .map(|(a, b)| format!("({a},{b})"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A constant set of kinds, as generated code writes it: its words as literals, so
/// no test of it builds the set at run time.
pub fn kind_set(kinds: &[u8]) -> TokenStream {
    let mut words = [0u64; 4];
    for &k in kinds {
        words[usize::from(k / 64)] |= 1 << (k % 64);
    }
    let words = words.map(proc_macro2::Literal::u64_unsuffixed);
    quote!(KindSet([#(#words),*]))
}

/// The squares of the units of `kinds` on `board`, as generated code writes it: a
/// load per kind for a few kinds (branch-free), else one per kind on the board.
pub fn units_of(kinds: &[u8]) -> TokenStream {
    if kinds.len() <= 4 {
        quote!((#(board.of_kind(Kind(#kinds)))|*))
    } else {
        let mask = kind_set(kinds);
        quote!(board.of_kinds(#mask))
    }
}
