//! The squares a clause visits, told once: a [`Path`] per vector, from the departure to the
//! arrival. Everything the rule set needs of a walk is read off its paths: the move
//! generator walks them forwards from the unit ([`generate`]), the observation test walks
//! them backwards from the target ([`observe`]), and the reach, span, steps and influence
//! tables follow them on an empty board ([`super::reach`]). A primitive describes its
//! clauses as paths and gets all of these, so its generator and its observation test
//! cannot disagree.
//!
//! Vectors are in White's frame; a forward clause turns their rank component for Black
//! (`dir` = -1 in the tables, `side.forward()` in the generated code).

use super::code::{arrive, offset, push};
use crate::lower::{Kind, Mode};
use proc_macro2::TokenStream;
use quote::quote;

/// A vector: files, ranks.
pub type Vector = (i8, i8);

/// A stretch of a path between the departure, hurdles and the arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    /// `count` steps by `by`, each onto an empty square.
    Empty {
        /// The step.
        by: Vector,
        /// How many.
        count: u8,
    },
    /// To a hurdle by `by`, which must be occupied: the next square when `adjacent`, else
    /// the first occupied square over empty ones.
    Hurdle {
        /// The step.
        by: Vector,
        /// The hurdle is the next square (else the first unit along).
        adjacent: bool,
    },
}

/// Where a path arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The next square by the vector: a move when empty, a capture when it holds a unit of
    /// the other side.
    Step(Vector),
    /// Each square by the vector in turn, at most `max` of them: moves while they are
    /// empty, a capture on the first occupied one.
    Run {
        /// The step.
        by: Vector,
        /// At most this many steps.
        max: Option<u8>,
    },
    /// The first occupied square by the vector, over empty ones: a capture only.
    FirstUnit(Vector),
}

impl End {
    /// The vector it steps by.
    pub fn vector(self) -> Vector {
        match self {
            End::Step(by) | End::Run { by, .. } | End::FirstUnit(by) => by,
        }
    }

    /// Whether the end goes over empty squares to the first occupied one.
    fn scans(self) -> bool {
        !matches!(self, End::Step(_))
    }
}

impl Leg {
    /// The vector it steps by.
    pub fn vector(self) -> Vector {
        match self {
            Leg::Empty { by, .. } | Leg::Hurdle { by, .. } => by,
        }
    }

    /// Whether the leg goes over empty squares to the first occupied one.
    fn scans(self) -> bool {
        matches!(
            self,
            Leg::Hurdle {
                adjacent: false,
                ..
            }
        )
    }
}

/// The squares one vector of a clause visits: legs from the departure, then the arrival.
///
/// A leg or end that goes over empty squares to the first occupied one starts on an
/// occupied square (the departure or a hurdle), so that the walk back from the target
/// knows where each stretch begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The stretches before the arrival.
    pub legs: Vec<Leg>,
    /// The arrival.
    pub end: End,
    /// The last leg's hurdle is captured and the path arrives on the empty square right
    /// beyond it (a locust's capture); the end is then a [`End::Step`].
    pub takes_hurdle: bool,
    /// The path arrives only where the edge of the board is crossed: on an edge square
    /// from an inner one, or on an inner square from the edge (the Edgehog).
    pub crosses_edge: bool,
}

impl Path {
    /// The path over `legs` to `end`.
    pub fn new(legs: Vec<Leg>, end: End) -> Path {
        let path = Path {
            legs,
            end,
            takes_hurdle: false,
            crosses_edge: false,
        };
        path.assert_well_formed();
        path
    }

    /// The path over `legs`, the last of them a hurdle, that captures that hurdle and
    /// arrives on the square `by` beyond it, which must be empty.
    pub fn taking_hurdle(legs: Vec<Leg>, by: Vector) -> Path {
        assert!(
            matches!(legs.last(), Some(Leg::Hurdle { .. })),
            "a path takes a hurdle it has"
        );
        let path = Path {
            legs,
            end: End::Step(by),
            takes_hurdle: true,
            crosses_edge: false,
        };
        path.assert_well_formed();
        path
    }

    /// The same path, arriving only across the edge of the board.
    pub fn crossing_edge(self) -> Path {
        Path {
            crosses_edge: true,
            ..self
        }
    }

    /// One step by `v`: a leap.
    pub fn leap(v: Vector) -> Path {
        Path::new(Vec::new(), End::Step(v))
    }

    fn assert_well_formed(&self) {
        let after_empty = |i: usize| i > 0 && matches!(self.legs[i - 1], Leg::Empty { .. });
        for (i, leg) in self.legs.iter().enumerate() {
            assert!(
                !(leg.scans() && after_empty(i)),
                "a scan for a hurdle starts on an occupied square: {self:?}"
            );
        }
        assert!(
            !(self.end.scans() && after_empty(self.legs.len())),
            "a scan to the arrival starts on an occupied square: {self:?}"
        );
    }

    /// The vector of a path that is one step and nothing else (a leap).
    pub fn single_step(&self) -> Option<Vector> {
        match (self.legs.is_empty(), self.end) {
            (true, End::Step(v)) => Some(v),
            _ => None,
        }
    }

    /// The vector and limit of a path that is one run from the departure (a ride).
    pub fn single_run(&self) -> Option<(Vector, Option<u8>)> {
        match (self.legs.is_empty(), self.end) {
            (true, End::Run { by, max }) => Some((by, max)),
            _ => None,
        }
    }

    /// Whether the square captured is reached by fixed steps, none over a varying number
    /// of squares (what en passant needs: the square passed over is empty).
    pub fn captures_at_fixed_steps(&self) -> bool {
        let legs_fixed = !self.legs.iter().any(|l| l.scans());
        legs_fixed && (self.takes_hurdle || !self.end.scans())
    }
}

/// Statements that walk `legs` forwards from `from`, leaving the square reached in `at`
/// (or leaving `'line` when the walk fails). Returns them and the name of the square
/// reached (`from` when there are no legs).
pub fn walk_legs(legs: &[Leg], fwd: bool) -> (TokenStream, TokenStream) {
    let mut code = TokenStream::new();
    let mut at = quote!(from);
    for &leg in legs {
        let (dx, dy) = offset(leg.vector(), fwd);
        match leg {
            Leg::Empty { count, .. } => {
                for _ in 0..count {
                    code.extend(quote! {
                        let Some(at) = #at.offset(#dx, #dy) else { break 'line };
                        if !board.is_empty(at) { break 'line; }
                    });
                    at = quote!(at);
                }
            }
            Leg::Hurdle { adjacent: true, .. } => code.extend(quote! {
                let Some(at) = #at.offset(#dx, #dy) else { break 'line };
                if board.get(at).is_none() { break 'line; }
            }),
            Leg::Hurdle {
                adjacent: false, ..
            } => code.extend(quote! {
                let at = {
                    let mut at = #at;
                    loop {
                        at = match at.offset(#dx, #dy) { Some(s) => s, None => break 'line };
                        if !board.is_empty(at) {
                            if board.is_hole(at) { break 'line; }
                            break at;
                        }
                    }
                };
            }),
        }
        at = quote!(at);
    }
    (code, at)
}

/// The generator of one path: code pushing the moves of a unit of `kind` on `from` along
/// it, in the order of the squares. Empty when the mode makes no move of it.
pub fn generate(path: &Path, kind: &Kind, mode: Mode, fwd: bool) -> TokenStream {
    let (legs, at) = walk_legs(&path.legs, fwd);
    let (dx, dy) = offset(path.end.vector(), fwd);
    // an arrival the path does not allow passes by: a run goes on over it when empty
    let across = |a: TokenStream| {
        if path.crosses_edge {
            quote! {
                if on_edge(from) != on_edge(to) { #a } else if !board.is_empty(to) { break; }
            }
        } else {
            a
        }
    };
    let end = if path.takes_hurdle {
        let p = push(
            kind,
            quote!(Move::capture_elsewhere(from, to, piece, victim, #at)),
        );
        quote! {
            let victim = board.unit(#at);
            if victim.owner != own {
                if let Some(to) = #at.offset(#dx, #dy) {
                    if board.is_empty(to) { #p }
                }
            }
        }
    } else {
        match path.end {
            End::Step(_) => {
                let a = arrive(kind, mode, false);
                let a = if path.crosses_edge {
                    quote! { if on_edge(from) != on_edge(to) { #a } }
                } else {
                    a
                };
                quote! { if let Some(to) = #at.offset(#dx, #dy) { #a } }
            }
            End::Run { max, .. } => {
                let a = across(arrive(kind, mode, true));
                let (count, limit) = match max {
                    Some(n) => (
                        quote!(let mut steps = 0u8;),
                        quote!(steps += 1; if steps == #n { break; }),
                    ),
                    None => (quote!(), quote!()),
                };
                quote! {
                    let mut at = #at;
                    #count
                    while let Some(to) = at.offset(#dx, #dy) {
                        at = to;
                        #a
                        #limit
                    }
                }
            }
            End::FirstUnit(_) if !mode.captures() => return TokenStream::new(),
            End::FirstUnit(_) => {
                let a = across(arrive(kind, Mode::Capture, true));
                quote! {
                    let mut at = #at;
                    while let Some(to) = at.offset(#dx, #dy) {
                        at = to;
                        if board.is_empty(to) { continue; }
                        #a
                    }
                }
            }
        }
    };
    // only the legs leave the block early
    if path.legs.is_empty() {
        quote! { { #end } }
    } else {
        quote! { 'line: { #legs #end } }
    }
}

/// What is known of the square a backward walk stands on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Nothing yet: the next stretch says what it must hold.
    Nothing,
    /// It is occupied (a scan stopped on it).
    Occupied,
}

/// The observation test of one path: code returning `true` when the unit the path
/// departs from, walking back from `target`, passes `is_attacker` (an expression of the
/// unit `p` on the square `at`).
pub fn observe(path: &Path, fwd: bool, is_attacker: &TokenStream) -> TokenStream {
    let mut code = TokenStream::new();
    let mut known = Known::Occupied;
    if path.takes_hurdle {
        // the target is the hurdle taken; the square beyond it, where the capture
        // arrives, must be empty
        let (dx, dy) = offset(path.end.vector(), fwd);
        code.extend(quote! {
            let arrival = match target.offset(#dx, #dy) { Some(s) if board.is_empty(s) => s, _ => break 'line };
        });
    } else {
        code.extend(quote! { let arrival = target; });
        let max = match path.end {
            End::Step(by) => {
                code.extend(back_step(by, fwd, quote!(target)));
                known = Known::Nothing;
                None
            }
            End::Run { max, .. } => max,
            End::FirstUnit(_) => None,
        };
        if path.end.scans() {
            code.extend(back_scan(path.end.vector(), fwd, quote!(target), max));
        }
    }
    let mut at = if path.takes_hurdle {
        quote!(target)
    } else {
        quote!(at)
    };
    for &leg in path.legs.iter().rev() {
        let by = leg.vector();
        match leg {
            Leg::Empty { count, .. } => {
                for _ in 0..count {
                    assert!(known == Known::Nothing, "an empty square after a scan");
                    code.extend(quote! { if !board.is_empty(#at) { break 'line; } });
                    code.extend(back_step(by, fwd, at.clone()));
                    at = quote!(at);
                }
            }
            Leg::Hurdle { adjacent, .. } => {
                if known == Known::Nothing {
                    code.extend(quote! { if board.get(#at).is_none() { break 'line; } });
                }
                if adjacent {
                    code.extend(back_step(by, fwd, at.clone()));
                    known = Known::Nothing;
                } else {
                    code.extend(back_scan(by, fwd, at.clone(), None));
                    known = Known::Occupied;
                }
                at = quote!(at);
            }
        }
    }
    if path.crosses_edge {
        code.extend(quote! { if on_edge(at) == on_edge(arrival) { break 'line; } });
    }
    code.extend(match known {
        Known::Nothing => quote! {
            if let Some(p) = board.get(at) { if #is_attacker { return true; } }
        },
        Known::Occupied => quote! {
            let p = board.unit(at);
            if #is_attacker { return true; }
        },
    });
    quote! { 'line: { #code } }
}

/// `at` = the square one step back by `by` from `from` (leaving `'line` off the board).
fn back_step(by: Vector, fwd: bool, from: TokenStream) -> TokenStream {
    let (dx, dy) = offset((-by.0, -by.1), fwd);
    quote! { let Some(at) = #from.offset(#dx, #dy) else { break 'line }; }
}

/// `at` = the first occupied square back by `by` from `from`, at most `max` steps away
/// (leaving `'line` when there is none).
fn back_scan(by: Vector, fwd: bool, from: TokenStream, max: Option<u8>) -> TokenStream {
    let (dx, dy) = offset((-by.0, -by.1), fwd);
    let limit = max.map(|n| {
        quote! {
            steps += 1;
            if steps == #n { break 'line; }
        }
    });
    let count = max.map(|_| quote!(let mut steps = 0u8;));
    quote! {
        let at = {
            let mut at = #from;
            #count
            loop {
                at = match at.offset(#dx, #dy) { Some(s) => s, None => break 'line };
                if !board.is_empty(at) {
                    if board.is_hole(at) { break 'line; }
                    break at;
                }
                #limit
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "starts on an occupied square")]
    fn a_scan_may_not_start_on_an_empty_square() {
        Path::new(
            vec![Leg::Empty {
                by: (1, 0),
                count: 1,
            }],
            End::Run {
                by: (1, 0),
                max: None,
            },
        );
    }
}
