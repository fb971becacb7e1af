//! The pawn's options of a clause, for pawns and for any piece with a pawn's walk among
//! its own (the Dragon): `double_step` (a quiet leap doubled from the second rank over an
//! empty square, which opens the way to en passant), `en_passant` (a capture whose
//! captured square is the one a double step just passed over, taking the unit that made
//! it) and `idle_on_first_rank` (the clause neither moves nor observes from the side's
//! first rank, unless a condition lets pawns step there). Their checks, and the moves
//! they add to a clause's paths.

use super::path::{walk_legs, End, Leg, Path};
use super::reach::arrivals;
use super::{code::offset, ClauseCx};
use crate::ast;
use crate::lower::{Clause, Mode};
use proc_macro2::TokenStream;
use quote::quote;

/// The pawn moves a clause adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnMoves {
    /// From its second rank, each leap may be doubled over an empty square.
    pub double_step: bool,
    /// A capture whose captured square the double step passed over takes the unit that
    /// made it.
    pub en_passant: bool,
    /// From its side's first rank, the clause moves and observes only where a condition
    /// lets pawns step there.
    pub idle: bool,
}

impl PawnMoves {
    /// Reads the option `o`, `double_step`, `en_passant` or `idle_on_first_rank`, of a
    /// clause: a pawn's, or a forward leap's of any piece.
    pub fn read(&mut self, cx: &mut ClauseCx<'_>, o: &ast::Opt) {
        let name = o.name.node.as_str();
        if o.value.is_some() {
            cx.bad_value(o, "no value");
        } else if !cx.pawn && !cx.forward {
            cx.error(
                o.span,
                format!("`{name}` is for pawns and forward leaps"),
                "mark the piece `pawn`, or write the leap `forward`",
            );
        } else if name == "idle_on_first_rank" {
            self.idle = true;
        } else if name == "double_step" && cx.mode != Mode::Quiet {
            cx.error(
                o.span,
                "`double_step` applies to quiet moves",
                "write `quiet leap(…, double_step)`",
            );
        } else if name == "en_passant" && cx.mode != Mode::Capture {
            let word = cx.word().to_string();
            cx.error(
                o.span,
                "`en_passant` applies to captures",
                format!("write `capture {word}(…, en_passant)`"),
            );
        } else if name == "double_step" {
            self.double_step = true;
        } else {
            self.en_passant = true;
        }
    }
}

/// The double steps of a clause's leaps: from the second rank, twice the leap over an
/// empty square onto an empty square; from the first rank, as many times as the
/// conditions let a pawn step there (`RuleSet::first_rank_steps`), each over empty
/// squares.
pub fn double_step(clause: &Clause) -> TokenStream {
    if !clause.pawn.double_step {
        return TokenStream::new();
    }
    let steps = clause.paths.iter().filter_map(Path::single_step).map(|v| {
        let (dx, dy) = offset(v, clause.forward);
        quote! {
            let far = if from.rank() == side.relative_rank(1) {
                2
            } else if from.rank() == side.relative_rank(0) {
                pos.rules().first_rank_steps(side)
            } else {
                1
            };
            if far > 1 {
                if let Some(passed) = from.offset(#dx, #dy) {
                    if board.is_empty(passed) {
                        let mut to = passed;
                        for _ in 1..far {
                            match to.offset(#dx, #dy) {
                                Some(next) if board.is_empty(next) => to = next,
                                _ => break,
                            }
                            out.push(Move::quiet(from, to, piece).with_kind(MoveKind::DoubleStep { passed }));
                        }
                    }
                }
            }
        }
    });
    quote! { #(#steps)* }
}

/// The squares double steps of a clause could arrive on from `from`.
pub fn double_step_arrivals(clause: &Clause, dir: i8, from: u8) -> u64 {
    if !clause.pawn.double_step {
        return 0;
    }
    let doubled = clause
        .paths
        .iter()
        .filter_map(Path::single_step)
        .map(|v| Path::new(vec![Leg::Empty { by: v, count: 1 }], End::Step(v)));
    doubled.fold(0, |span, p| span | arrivals(&p, dir, from))
}

/// The captures en passant along a clause's paths: each path walked to the square it
/// captures on, which must be the empty square the double step passed over; the unit
/// taken is the one that made it.
pub fn en_passant(clause: &Clause) -> TokenStream {
    if !clause.pawn.en_passant {
        return TokenStream::new();
    }
    let fwd = clause.forward;
    let captures = clause.paths.iter().map(|path| {
        assert!(path.captures_at_fixed_steps(), "en passant on a fixed square");
        let (before, last) = if path.takes_hurdle {
            let (last, before) = path.legs.split_last().expect("a hurdle to take");
            (before, Some(*last))
        } else {
            (&path.legs[..], None)
        };
        let (legs, at) = walk_legs(before, fwd);
        let push = quote! {
            if let Some(victim) = board.get(ep.victim) {
                if victim.owner != own {
                    out.push(Move::capture_elsewhere(from, to, piece, victim, ep.victim).with_kind(MoveKind::EnPassant));
                }
            }
        };
        let (ex, ey) = offset(path.end.vector(), fwd);
        let capture = match last {
            // the hurdle taken is the square passed over; the arrival beyond it is empty
            Some(leg) => {
                let (hx, hy) = offset(leg.vector(), fwd);
                quote! {
                    if let Some(hurdle) = #at.offset(#hx, #hy) {
                        if ep.passed_over(hurdle) && board.is_empty(hurdle) {
                            if let Some(to) = hurdle.offset(#ex, #ey) {
                                if board.is_empty(to) { #push }
                            }
                        }
                    }
                }
            }
            None => quote! {
                if let Some(to) = #at.offset(#ex, #ey) {
                    if ep.passed_over(to) && board.is_empty(to) { #push }
                }
            },
        };
        if before.is_empty() {
            capture
        } else {
            quote! { 'line: { #legs #capture } }
        }
    });
    quote! { if let Some(ep) = pos.ep() { #(#captures)* } }
}
