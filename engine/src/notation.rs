//! Writing moves as the reference does: `Qd1-d8`, `e7*d8=Q`, `0-0`, `c5*d6 ep.`,
//! `Kd4*e5[+bLIe1]`, with `+`, `#` or `=` after the move when it checks, mates or
//! stalemates.
//!
//! Everything is derived from the move's effects, so a condition that adds an effect is
//! written without code here.

use crate::codes::{code_of, CodeSet};
use crate::moves::{Effect, Move, MoveKind, MoveList};
use crate::piece::{Owner, Piece};
use crate::position::Position;
use crate::rules::RuleSet;

/// How to write units: which codes, and the colour letters of rebirths.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Codes to print.
    pub codes: CodeSet,
    /// Letters for white, black and neutral units in brackets (`w`, `b`, `n`).
    pub colours: [&'static str; 3],
}

impl Style {
    /// English output with `codes`.
    pub fn english(codes: CodeSet) -> Style {
        Style {
            codes,
            colours: ["w", "b", "n"],
        }
    }
}

fn unit<R: RuleSet>(style: &Style, piece: Piece, with_pawn: bool) -> String {
    let info = &R::KINDS[piece.kind.index()];
    let code = code_of(R::KINDS, style.codes, piece.kind);
    let neutral = if piece.owner == Owner::Neutral {
        "n"
    } else {
        ""
    };
    if info.unlettered && !with_pawn {
        neutral.to_string()
    } else {
        format!("{neutral}{code}")
    }
}

/// The move as written, without the check/mate suffix.
pub fn move_text<R: RuleSet>(style: &Style, mv: &Move) -> String {
    let mut s = match mv.kind {
        MoveKind::CastleShort => "0-0".to_string(),
        MoveKind::CastleLong => "0-0-0".to_string(),
        _ => {
            let mover = unit::<R>(style, mv.mover, false);
            let mut s = match mv.captured {
                // a capture away from the arrival square (a locust): both squares
                Some(_) if mv.capture_at != mv.to && mv.kind != MoveKind::EnPassant => {
                    format!("{mover}{}*{}-{}", mv.from, mv.capture_at, mv.to)
                }
                Some(_) => format!("{mover}{}*{}", mv.from, mv.to),
                None => format!("{mover}{}-{}", mv.from, mv.to),
            };
            if let Some(k) = mv.promotion {
                let promoted = Piece::new(k, mv.mover.owner);
                s.push('=');
                s.push_str(&unit::<R>(style, promoted, true));
            }
            if mv.kind == MoveKind::EnPassant {
                s.push_str(" ep.");
            }
            s
        }
    };
    if !matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong) {
        let extras: Vec<&Effect> = mv.extras().collect();
        let mut i = 0;
        while i < extras.len() {
            match (extras[i], extras.get(i + 1)) {
                // a unit leaving a square and appearing elsewhere: a transfer
                (Effect::Remove { at: a, piece: p }, Some(Effect::Add { at: b, piece: q }))
                    if p == q =>
                {
                    let colour = style.colours[p.owner.index()];
                    s.push_str(&format!("[{colour}{}{a}->{b}]", unit::<R>(style, *p, true)));
                    i += 2;
                }
                (Effect::Add { at, piece }, next) => {
                    let colour = style.colours[piece.owner.index()];
                    s.push_str(&format!("[+{colour}{}{at}", unit::<R>(style, *piece, true)));
                    i += 1;
                    if let Some(Effect::Promote { at: p, to, .. }) = next {
                        if p == at {
                            s.push_str(&format!("={}", unit::<R>(style, *to, true)));
                            i += 1;
                        }
                    }
                    s.push(']');
                }
                (Effect::Promote { at, to, .. }, _) => {
                    s.push_str(&format!("[{at}={}]", unit::<R>(style, *to, true)));
                    i += 1;
                }
                (Effect::Remove { at, piece }, _) => {
                    let colour = style.colours[piece.owner.index()];
                    s.push_str(&format!(
                        "[-{colour}{}{at}]",
                        unit::<R>(style, *piece, true)
                    ));
                    i += 1;
                }
            }
        }
    }
    s
}

/// The suffix after a move just made in `pos`: ` #` mate, ` =` stalemate, ` +` check,
/// or nothing.
pub fn suffix<R: RuleSet>(pos: &mut Position<R>, scratch: &mut MoveList) -> &'static str {
    let check = pos.in_check(pos.side());
    let can_move = pos.has_legal_move(scratch);
    match (check, can_move) {
        (true, false) => " #",
        (false, false) => " =",
        (true, true) => " +",
        (false, true) => "",
    }
}

/// The move as written, with its suffix: makes and unmakes it in `pos`.
pub fn full_text<R: RuleSet>(
    pos: &mut Position<R>,
    style: &Style,
    mv: &Move,
    scratch: &mut MoveList,
) -> String {
    let mut s = move_text::<R>(style, mv);
    pos.make(*mv);
    s.push_str(suffix(pos, scratch));
    pos.unmake();
    s
}
