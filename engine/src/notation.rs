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

    /// Output in `language` with `codes`: colour letters are the first letters of the
    /// language's colour words (German `w`, `s`, `n`; French `b`, `n`, `n`).
    pub fn for_language(language: crate::input::Language, codes: CodeSet) -> Style {
        use crate::input::Language;
        let colours = match language {
            Language::English => ["w", "b", "n"],
            Language::German => ["w", "s", "n"],
            Language::French => ["b", "n", "n"],
        };
        Style { codes, colours }
    }

    /// A unit inside brackets (rebirths, transfers): its colour letter, `hn` when it is
    /// half-neutral, and its code, pawns included (`bP`, `nhnR`).
    fn bracketed<R: RuleSet>(&self, piece: Piece) -> String {
        let colour = self.colours[piece.owner.index()];
        let half = if piece.half { "hn" } else { "" };
        format!(
            "{colour}{half}{}",
            code_of(R::KINDS, self.codes, piece.kind)
        )
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
    let half = if piece.half { "hn" } else { "" };
    // pawns go unlettered only when they are one side's alone
    if info.unlettered && !with_pawn && !piece.half && piece.owner != Owner::Neutral {
        neutral.to_string()
    } else {
        format!("{neutral}{half}{code}")
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
                s.push('=');
                s.push_str(&unit::<R>(style, mv.mover.with_kind(k), true));
            }
            if mv.kind == MoveKind::EnPassant {
                s.push_str(" ep.");
            }
            s
        }
    };
    // a half-neutral unit changing owner: `=nh`, `=wh`
    if let Some(owner) = mv.recolour {
        s.push('=');
        s.push_str(style.colours[owner.index()]);
        s.push('h');
    }
    if !matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong) {
        let extras: Vec<&Effect> = mv.extras().collect();
        let mut i = 0;
        while i < extras.len() {
            match (extras[i], extras.get(i + 1)) {
                // a unit leaving a square and appearing elsewhere: a transfer
                (Effect::Remove { at: a, piece: p }, Some(Effect::Add { at: b, piece: q }))
                    if p == q =>
                {
                    s.push_str(&format!("[{}{a}->{b}]", style.bracketed::<R>(*p)));
                    i += 2;
                }
                (Effect::Add { at, piece }, next) => {
                    s.push_str(&format!("[+{}{at}", style.bracketed::<R>(*piece)));
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
                    s.push_str(&format!("[-{}{at}]", style.bracketed::<R>(*piece)));
                    i += 1;
                }
            }
        }
    }
    s
}

/// The suffix after a move just made in `pos`: ` #` mate, ` =` stalemate, ` +` check,
/// or nothing (and never stalemate for a side without a royal unit).
pub fn suffix<R: RuleSet>(pos: &mut Position<R>, scratch: &mut MoveList) -> &'static str {
    if pos.royal_squares(pos.side()).is_empty() {
        return "";
    }
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
