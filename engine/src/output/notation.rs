//! Writing moves as the reference does: `Qd1-d8`, `e7*d8=Q`, `0-0`, `c5*d6 ep.`,
//! `Kd4*e5[+bLIe1]`, with `+`, `#` or `=` after the move when it checks, mates or
//! stalemates, as the solution of a stipulation marks them (with goals other than mate
//! and stalemate, checks only), and the goal where the move reaches one the marks do not
//! show (` x` for a capture).
//!
//! A unit that passes to another side is written `=b` (`=w`, `=n`) right after the text
//! that puts it where it stands: `Qd1*d7=b`, `b7*a8=Q=b[+bSg8]`, `[wSa8->b1=b]`.
//!
//! Everything is derived from the move's effects, so a condition that adds an effect is
//! written without code here.

use super::names::Names;
use crate::moves::{Effect, Move, MoveKind};
use crate::piece::{Owner, Piece};
use crate::solution::{Label, Line, LineMove, Mark, Played};
use crate::square::Square;
use crate::stipulation::Goal;

/// A unit inside brackets (rebirths, transfers): its colour letter, its attributes
/// (`hn` when it is half-neutral) and its code, pawns included (`bP`, `nhnR`).
fn bracketed(names: &Names, piece: Piece) -> String {
    let colour = names.colour_letter(piece.owner);
    let attributes = names.attributes(piece);
    format!("{colour}{attributes}{}", names.code(piece.kind))
}

fn unit(names: &Names, piece: Piece, with_pawn: bool) -> String {
    let code = names.code(piece.kind);
    let neutral = if piece.owner == Owner::Neutral {
        "n"
    } else {
        ""
    };
    let attributes = names.attributes(piece);
    // pawns go unlettered only when they are one side's alone, without attributes
    if names.unlettered(piece.kind)
        && !with_pawn
        && attributes.is_empty()
        && piece.owner != Owner::Neutral
    {
        neutral.to_string()
    } else {
        format!("{neutral}{attributes}{code}")
    }
}

/// A promotion from `from` to `to` as written after the unit: `=Q`, and when the
/// promotion gives the unit attributes it lacked, those it then has after another `=`
/// (`=Q=c`, `=nS=nc`, `=pR=cp`).
fn promoted(names: &Names, from: Piece, to: Piece) -> String {
    let added = to.marks.0 & !from.marks.0;
    if added == 0 {
        return format!("={}", unit(names, to, true));
    }
    let plain = Piece {
        marks: crate::piece::Marks(to.marks.0 & !added),
        ..to
    };
    format!(
        "={}{}",
        unit(names, plain, true),
        taken_attributes(names, to)
    )
}

/// The attributes `unit` has once a promotion gave it some, written `=c` (`=nc` for a
/// neutral unit, `=cp` with those it had).
fn taken_attributes(names: &Names, unit: Piece) -> String {
    let neutral = if unit.owner == Owner::Neutral {
        "n"
    } else {
        ""
    };
    format!("={neutral}{}", names.attributes(unit))
}

/// The move as written, without its mark.
pub fn move_text(names: &Names, mv: &Move) -> String {
    // a castling from the square the royal unit went to first, with a partner that
    // went to its corner first: `[bKf6->e8][bRh5->a8]0-0-0`
    let mut first = mv.via.map_or(String::new(), |via| {
        format!("[{}{}->{via}]", bracketed(names, mv.mover), mv.from)
    });
    if let Some((leaves, corner, partner)) = partner_reborn(mv) {
        first.push_str(&format!(
            "[{}{leaves}->{corner}]",
            bracketed(names, partner)
        ));
    }
    let mut s = match mv.kind {
        MoveKind::CastleShort => format!("{first}0-0"),
        MoveKind::CastleLong => format!("{first}0-0-0"),
        // an exchange of places: both units with their codes, `Sb1<->Sg8`
        MoveKind::Exchange { other } => format!(
            "{}{}<->{}{}",
            unit(names, mv.mover, true),
            mv.from,
            unit(names, other, true),
            mv.to
        ),
        _ => {
            let mover = unit(names, mv.mover, false);
            let mut s = match mv.captured {
                // a capture away from the arrival square (a locust): both squares
                Some(_) if mv.capture_at != mv.to && mv.kind != MoveKind::EnPassant => {
                    format!("{mover}{}*{}-{}", mv.from, mv.capture_at, mv.to)
                }
                Some(_) => format!("{mover}{}*{}", mv.from, mv.to),
                None => format!("{mover}{}-{}", mv.from, mv.to),
            };
            // a move made from the square the mover went to first: `Sb8-g1*e2`
            if let Some(via) = mv.via {
                let from = mv.from.to_string();
                s.insert_str(mover.len() + from.len(), &format!("-{via}"));
            }
            // (an en-passant capture changing the capturer's walk: `d5*c6 ep.=S`)
            if mv.kind == MoveKind::EnPassant {
                s.push_str(" ep.");
            }
            if let Some(k) = mv.promotion {
                s.push('=');
                s.push_str(&unit(names, mv.mover.with_kind(k), true));
            }
            if arrival_kept(mv) {
                push_recolour(&mut s, names, mv, mv.to);
            }
            s
        }
    };
    // a half-neutral unit changing owner: `=nh`, `=wh`
    if let Some(owner) = mv.recolour {
        s.push('=');
        s.push(names.colour_letter(owner));
        s.push('h');
    }
    if !matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong) {
        push_effects(&mut s, names, mv);
        return s;
    }
    if let Some(to) = partner_transmuted(mv) {
        // the castling partner changing walk where it arrives: `0-0=B`
        s.push('=');
        s.push_str(&unit(names, to, true));
    }
    // the effects beyond the partner's move and change of walk: a unit put back after
    // it (Circe Parrain, `0-0-0[+wBe4]`)
    let arrives = mv.partner().map(|(_, to)| to);
    let others = mv
        .extras()
        .skip(2)
        .filter(|e| !matches!(e, Effect::Promote { at, .. } if Some(*at) == arrives))
        .collect();
    push_effect_list(&mut s, names, mv, others);
    s
}

/// The square a castling partner of `mv` left, the corner it went to first and the
/// partner, when it castled from a square off its corner.
fn partner_reborn(mv: &Move) -> Option<(Square, Square, Piece)> {
    let (leaves, arrives) = mv.partner()?;
    let file = if mv.kind == MoveKind::CastleShort {
        7
    } else {
        0
    };
    let corner = Square::from_coords(file, arrives.rank())?;
    let partner = mv.extras().find_map(|e| match *e {
        Effect::Remove { at, piece, .. } if at == leaves => Some(piece),
        _ => None,
    })?;
    (leaves != corner).then_some((leaves, corner, partner))
}

/// The unit the castling partner of `mv` becomes where it arrives, when an effect
/// changes its walk there.
fn partner_transmuted(mv: &Move) -> Option<Piece> {
    let (_, at) = mv.partner()?;
    mv.extras().find_map(|e| match *e {
        Effect::Promote { at: sq, to, .. } if sq == at => Some(to),
        _ => None,
    })
}

/// Whether the unit arriving on `mv.to` still stands there once the effects are made
/// (no effect removes it), so that its change of side is written after the movement.
fn arrival_kept(mv: &Move) -> bool {
    !mv.extras()
        .any(|e| matches!(e, Effect::Remove { at, .. } if *at == mv.to))
}

/// Writes `=b` (the new owner's letter) when an effect recolours the unit standing on
/// `at`.
fn push_recolour(s: &mut String, names: &Names, mv: &Move, at: Square) {
    for effect in mv.extras() {
        if let Effect::Recolour {
            at: sq,
            to,
            apart: false,
            ..
        } = effect
        {
            if *sq == at {
                s.push('=');
                s.push(names.colour_letter(to.owner));
            }
        }
    }
}

/// Whether the recolouring on `at` is written with the text that puts its unit there:
/// after the movement to `mv.to`, or inside the bracket of a unit added on `at` (never
/// when it is written apart).
fn recolour_attached(mv: &Move, at: Square, apart: bool) -> bool {
    !apart
        && (at == mv.to && arrival_kept(mv)
            || mv
                .extras()
                .any(|e| matches!(e, Effect::Add { at: sq, .. } if *sq == at)))
}

/// Writes the further effects of `mv` after it: `[+bPd7]` a unit added (`=Q` when it
/// promotes there, `=w` when it changes side there), `[-wRa1]` removed (nothing for the
/// mover removed where it arrived), `[wRa1->h1]` moved, `[d8=Q]` promoted, `[d8=b]`
/// recoloured where nothing put it.
fn push_effects(s: &mut String, names: &Names, mv: &Move) {
    push_effect_list(s, names, mv, mv.extras().collect());
}

/// Writes `extras`, effects of `mv`, as [`push_effects`] does.
fn push_effect_list(s: &mut String, names: &Names, mv: &Move, extras: Vec<&Effect>) {
    let mut i = 0;
    while i < extras.len() {
        match (extras[i], extras.get(i + 1)) {
            // a unit leaving a square and appearing elsewhere: a transfer
            (
                Effect::Remove {
                    at: a, piece: p, ..
                },
                Some(Effect::Add { at: b, piece: q }),
            ) if p == q => {
                s.push_str(&format!("[{}{a}->{b}", bracketed(names, *p)));
                i += 2;
                // a pawn carried to its last rank promotes there: `[wPa4->f8=Q]`
                if let Some(Effect::Promote { at, from, to }) = extras.get(i) {
                    if at == b {
                        s.push_str(&promoted(names, *from, *to));
                        i += 1;
                    }
                }
                push_recolour(s, names, mv, *b);
                s.push(']');
            }
            // a unit leaving a square and appearing elsewhere with another walk (a
            // capturer reborn as another unit): `[wQg5->Sg1]`
            (
                Effect::Remove {
                    at: a,
                    piece: p,
                    silent: false,
                },
                Some(Effect::Add { at: b, piece: q }),
            ) if p.owner == q.owner && p.kind != q.kind => {
                let code = names.code(q.kind);
                s.push_str(&format!("[{}{a}->{code}{b}", bracketed(names, *p)));
                i += 2;
                push_recolour(s, names, mv, *b);
                s.push(']');
            }
            (Effect::Add { at, piece }, next) => {
                s.push_str(&format!("[+{}{at}", bracketed(names, *piece)));
                i += 1;
                if let Some(Effect::Promote { at: p, from, to }) = next {
                    if p == at {
                        s.push_str(&promoted(names, *from, *to));
                        i += 1;
                    }
                }
                push_recolour(s, names, mv, *at);
                s.push(']');
            }
            (Effect::Recolour { at, apart, .. }, _) if recolour_attached(mv, *at, *apart) => i += 1,
            (Effect::Recolour { at, to, .. }, _) => {
                s.push_str(&format!("[{at}={}]", names.colour_letter(to.owner)));
                i += 1;
            }
            // attributes a promoting unit takes where it arrives: `=Q=c`
            (Effect::Promote { at, from, to }, _)
                if *at == mv.to && from.kind == to.kind && from.owner == to.owner =>
            {
                s.push_str(&taken_attributes(names, *to));
                i += 1;
            }
            // (a change of walk alone, written without the side: `[f6=rG]`)
            (Effect::Promote { at, from, to }, _) => {
                let shown = match from.owner == to.owner {
                    true => Piece {
                        owner: Owner::White,
                        ..*to
                    },
                    false => *to,
                };
                s.push_str(&format!("[{at}={}]", unit(names, shown, true)));
                i += 1;
            }
            // two units changing places, each written where it arrives: `[Kh8<->Ka3]`
            (Effect::Swap { at, units }, _) => {
                let (first, second) = (unit(names, units[0], true), unit(names, units[1], true));
                s.push_str(&format!("[{first}{}<->{second}{}]", at[1], at[0]));
                i += 1;
            }
            (Effect::RecolourAll { units }, _) => {
                for (at, owner) in units.iter() {
                    s.push_str(&format!("[{at}={}]", names.colour_letter(owner)));
                }
                i += 1;
            }
            // the mover vanishing where it arrived (AntiCirce, its rebirth square
            // taken): the reference writes nothing; any other unit taken off, the mover
            // too (Breton), is written `[-wPc4]`
            (Effect::Remove { silent: true, .. }, _) => i += 1,
            (Effect::Remove { at, piece, .. }, _) => {
                s.push_str(&format!("[-{}{at}]", bracketed(names, *piece)));
                i += 1;
            }
        }
    }
}

/// The goals whose marker stands after a move that reaches them: the capture, target,
/// Steingewinn, 81-chess and auto-mate goals and the proof games, written after the
/// move's check mark; and the double mate, counter-mate and auto-stalemate, written in
/// its place.
fn goal_marker(goal: Goal) -> Option<(&'static str, bool)> {
    let after_check = |marker| Some((marker, false));
    match goal {
        Goal::Capture => after_check(" x"),
        Goal::Target(_) => after_check(" z"),
        Goal::Steingewinn => after_check(" %"),
        Goal::Chess81 => after_check(" c81"),
        Goal::AutoMate => after_check(" !#"),
        Goal::ProofGame => after_check(" dia"),
        Goal::AToB => after_check(" a=>b"),
        Goal::DoubleMate => Some((" ##", true)),
        Goal::CounterMate => Some((" ##!", true)),
        Goal::AutoStalemate => Some((" !=", true)),
        _ => None,
    }
}

/// Whether, with `goal`, a move's mark shows checks only (a mate as a check, no
/// stalemate): goals the mark does not tell.
fn checks_only(goal: Goal) -> bool {
    matches!(
        goal,
        Goal::Any
            | Goal::ProofGame
            | Goal::AToB
            | Goal::Capture
            | Goal::Check
            | Goal::Castling
            | Goal::EnPassant
            | Goal::Target(_)
            | Goal::Steingewinn
            | Goal::Chess81
            | Goal::AutoMate
            | Goal::DoubleMate
            | Goal::CounterMate
            | Goal::AutoStalemate
    )
}

/// The mark after a move as a solution to `goal` writes it: ` #` mate, ` =` stalemate,
/// ` +` check; ` #=` a mate or stalemate under that goal, ` ==` a double stalemate
/// under that goal; with goals other than mate and stalemate (any move, capture,
/// target, check, castling, en passant, proof games, …) checks only, a mate shown as a
/// check.
pub fn mark_text(mark: Mark, goal: Goal) -> &'static str {
    match (goal, mark) {
        (_, Mark::None) => "",
        (Goal::MateOrStalemate, Mark::Mate | Mark::Stalemate | Mark::DoubleStalemate) => " #=",
        (Goal::DoubleStalemate, Mark::DoubleStalemate) => " ==",
        (g, Mark::Stalemate | Mark::DoubleStalemate) if checks_only(g) => "",
        (g, Mark::Mate) if checks_only(g) => " +",
        (_, Mark::Check) => " +",
        (_, Mark::Mate) => " #",
        (_, Mark::Stalemate | Mark::DoubleStalemate) => " =",
    }
}

/// A move's marks as written after it in a solution to `goal`: its mark (none of mate
/// or stalemate `inside_series`), then the marker of the goal it reaches, or the marker
/// alone where the goal's marker takes the mark's place.
fn marks_text(played: &Played, goal: Goal, inside_series: bool) -> String {
    let marker = played.goal.and_then(goal_marker);
    if let Some((marker, true)) = marker {
        return marker.to_string();
    }
    let mark = mark_text(played.mark, goal);
    let mut text = if inside_series {
        mark.trim_end_matches(" =")
            .trim_end_matches(" #")
            .to_string()
    } else {
        mark.to_string()
    };
    if let Some((marker, _)) = marker {
        text.push_str(marker);
    }
    text
}

/// A move of a solution to `goal` as written: the move, its mark, the goal it reaches.
pub fn played_text(names: &Names, played: &Played, goal: Goal) -> String {
    let mut s = move_text(names, &played.mv);
    s.push_str(&marks_text(played, goal, false));
    s
}

/// A first move as the progress line of MoveNumbers writes it: a check marked `+` (also
/// a mate), no other mark.
pub fn progress_text(names: &Names, played: &Played) -> String {
    let mut s = move_text(names, &played.mv);
    s.push_str(mark_text(played.mark, Goal::Any));
    s
}

/// A move of a line as its token: the move number as its label says, the move, its
/// marks (inside a series no stalemate or mate mark, the other side not answering).
fn line_token(names: &Names, m: &LineMove, goal: Goal) -> String {
    let mut text = move_text(names, &m.played.mv);
    text.push_str(&marks_text(&m.played, goal, m.inside_series));
    match m.label {
        Label::Number => format!("{}.{text}", m.number),
        Label::Ellipsis => format!("{}...{text}", m.number),
        Label::Bare => text,
    }
}

/// The tokens of a line of a solution to `goal`: `1...  ...` for a skipped first move,
/// each move with its number, `?!?` after a forced goal move.
pub fn line_tokens(names: &Names, line: &Line, goal: Goal) -> Vec<String> {
    let mut tokens = Vec::with_capacity(line.moves.len() + 2);
    if line.skipped_first {
        tokens.push("1...  ...".to_string());
    }
    tokens.extend(line.moves.iter().map(|m| line_token(names, m, goal)));
    if line.forced {
        tokens.push("?!?".to_string());
    }
    tokens
}

/// A line as written: its tokens, a move number set off by three spaces (two after a
/// skipped first move), other moves by one.
pub fn line_text(names: &Names, line: &Line, goal: Goal) -> String {
    let tokens = line_tokens(names, line, goal);
    let mut out = String::new();
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            // a move number (`2.`), not castling (`0-0`)
            let digits = token.bytes().take_while(u8::is_ascii_digit).count();
            let numbered = digits > 0 && token.as_bytes().get(digits) == Some(&b'.');
            // (after a skipped first move, `1...  ...`, two spaces)
            let after_skip = tokens[i - 1].ends_with(" ...");
            out.push_str(match (numbered, after_skip) {
                (true, false) => "   ",
                (true, true) => "  ",
                _ => " ",
            });
        }
        out.push_str(token);
    }
    out
}
