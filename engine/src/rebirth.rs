//! Rebirth: the mechanisms rebirth conditions are written in.
//!
//! A condition's rule says *who* is reborn (the captured unit or the capturer), *where*
//! (a square expression the generated code evaluates, often through
//! [`game_array_square`]), what happens when that square is taken (the unit vanishes,
//! or the capture is not allowed) and whether a pawn reborn on its last rank promotes.
//! [`push_rebirth`] turns that into the moves with their extra effects. Generated code
//! reaches these mechanisms through [`crate::support`].

use crate::moves::{Effect, Move, MoveKind, MoveList};
use crate::piece::{Kind, Piece, Side};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::square::Square;

/// Who reappears.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reborn {
    /// The captured unit (Circe and its relatives).
    Captured,
    /// The capturing unit, as it arrived (Anticirce).
    Capturer,
}

/// The moves a unit makes from its rebirth square when a condition puts it there before
/// it moves (`rebirth mover before …`): it makes the others where it stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FromRebirth {
    /// Its captures (Mars Circe); it observes from there only.
    Captures,
    /// Its moves that capture nothing (Anti-Mars Circe); it captures and observes where
    /// it stands.
    Quiet,
    /// Every move, from there as well as where it stands (Phantom chess), but a move
    /// back to its own square or to a square it reaches from there; it observes from
    /// both.
    All,
}

/// What happens when the rebirth square is taken or off the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WhenTaken {
    /// The reborn unit vanishes; the capture stands.
    Vanish,
    /// The capture is not allowed.
    Forbid,
}

/// The side whose camp `piece` counts in when `mover` plays the capture: its owner's,
/// and for a neutral unit the side it belongs to at that moment.
pub fn camp(piece: Piece, reborn: Reborn, mover: Side) -> Side {
    let default = match reborn {
        Reborn::Captured => mover.opponent(),
        Reborn::Capturer => mover,
    };
    piece.owner.side_or(default)
}

/// The square of `piece` in the game array for `side` (the orthodox opening position,
/// as the rules' `home` squares give it), chosen as classic Circe does: a pawn on its
/// second rank of the file of `capture`; a unit with several home squares on the one of
/// the colour of `capture`; a unit without home squares on the last rank of the file
/// of `capture`.
pub fn game_array_square<R: RuleSet>(piece: Piece, side: Side, capture: Square) -> Square {
    let info = &R::KINDS[piece.kind.index()];
    let on = |file: i8, rank: i8| {
        Square::from_coords(file, side.relative_rank(rank)).expect("on the board")
    };
    if info.pawn {
        return on(capture.file(), 1);
    }
    match (info.home_rank, info.home_files) {
        (Some(rank), [file]) => on(*file, rank),
        (Some(rank), files) if !files.is_empty() => {
            let colour = (capture.file() + capture.rank()) % 2;
            let file = files
                .iter()
                .copied()
                .find(|&f| (f + side.relative_rank(rank)) % 2 == colour)
                .unwrap_or(files[0]);
            on(file, rank)
        }
        _ => on(capture.file(), 7),
    }
}

/// Whether `sq` is taken once `mv` has been played (before its extra effects, a
/// castling partner's move apart). A square a unit left is a hole first where units
/// leave holes, as the reference digs them before any rebirth.
fn taken_after<R: RuleSet>(pos: &Position<R>, mv: &Move, sq: Square) -> bool {
    if sq == mv.to {
        return true;
    }
    if let Some((leaves, arrives)) = mv.partner() {
        if sq == arrives || sq == leaves {
            return sq == arrives;
        }
    }
    if sq == mv.from {
        return pos.rules().leaves_holes();
    }
    if mv.captured.is_some() && sq == mv.capture_at {
        return pos.rules().leaves_holes() && mv.kind == MoveKind::EnPassant;
    }
    !pos.board().is_empty(sq)
}

/// Whether `who` may be reborn on `sq` once `mv` has been played: a free square, or for
/// a capturer the square the capture left it on.
fn free_for<R: RuleSet>(pos: &Position<R>, mv: &Move, who: Reborn, sq: Square) -> bool {
    (who == Reborn::Capturer && sq == mv.to) || !taken_after(pos, mv, sq)
}

/// One rebirth a condition asks for.
#[derive(Clone, Copy, Debug)]
pub struct Rebirth {
    /// Who reappears.
    pub who: Reborn,
    /// Where (`None`: off the board).
    pub at: Option<Square>,
    /// What happens when the square is taken or off the board.
    pub when_taken: WhenTaken,
    /// A pawn reborn on its last rank promotes, one move per choice (the side that
    /// moves chooses).
    pub promote: bool,
    /// Royal units are reborn too (else a royal unit captured, or capturing, stays
    /// where the capture leaves it).
    pub kings: bool,
    /// The walk the reborn unit takes, when an option changes it (its square already
    /// found by that walk).
    pub walk: Option<Kind>,
    /// The reborn unit passes to the other side (a neutral unit stays neutral).
    pub turned: bool,
    /// A capturer reborn where the capture left it makes the capture impossible.
    pub forbid_in_place: bool,
    /// The unit is put on the square (else the rebirth is only imagined: the capture
    /// needs the square free and changes nothing else, ImmunChess).
    pub placed: bool,
    /// The side that moves chooses the square among every free one, each choice a move
    /// of its own (Super Circe; `at` is not looked at); when a taken square makes the
    /// unit vanish, capturing without a rebirth is one more choice.
    pub choice: bool,
    /// The captured unit is reborn once the next move is made (Circe Parrain): the
    /// capture itself puts nothing back ([`pending_effects`]).
    pub delayed: bool,
}

impl Rebirth {
    /// The unit `piece` reappears as: with the walk an option gives it.
    fn reborn_as(&self, piece: Piece) -> Piece {
        self.walk.map_or(piece, |k| piece.with_kind(k))
    }

    /// The change of side of the unit reborn as `piece` on `at`, if the rebirth turns it
    /// (a neutral unit stays neutral).
    fn turn(&self, at: Square, piece: Piece) -> Option<Effect> {
        Effect::side_change(at, piece, false).filter(|_| self.turned)
    }
}

/// What a rebirth makes of one capture.
#[derive(Clone, Copy, Debug)]
enum Outcome {
    /// The capture is not allowed.
    Forbidden,
    /// The capture stands and nothing is reborn (a royal unit with kings excluded).
    Stands,
    /// The unit to be reborn vanishes, its square taken: the captured unit stays off
    /// the board, the capturer leaves it.
    Vanishes(Piece),
    /// The unit reappears on the square.
    Reappears(Piece, Square),
    /// The unit reappears on a square the side that moves chooses.
    Chosen(Piece),
}

/// What `rebirth` makes of the capture `mv`.
fn outcome<R: RuleSet>(pos: &Position<R>, mv: &Move, rebirth: Rebirth) -> Outcome {
    let reborn = |p: Piece| rebirth.kings || !p.is_royal(R::KINDS);
    let piece = match rebirth.who {
        Reborn::Captured => match mv.captured {
            Some(p) if reborn(p) => p,
            _ => return Outcome::Stands,
        },
        Reborn::Capturer if reborn(mv.arriving()) => mv.arriving(),
        Reborn::Capturer => return Outcome::Stands,
    };
    if rebirth.choice {
        return Outcome::Chosen(piece);
    }
    if rebirth.forbid_in_place && rebirth.who == Reborn::Capturer && rebirth.at == Some(mv.to) {
        return Outcome::Forbidden;
    }
    let free = rebirth.at.filter(|&sq| free_for(pos, mv, rebirth.who, sq));
    match free {
        Some(sq) => Outcome::Reappears(piece, sq),
        None if rebirth.when_taken == WhenTaken::Vanish => Outcome::Vanishes(piece),
        None => Outcome::Forbidden,
    }
}

/// What a rebirth makes of one capture, for the capture to be rewritten where it stands
/// ([`RuleSet::rebirth_effects`](crate::rules::RuleSet::rebirth_effects)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rebirths {
    /// The capture stands as generated.
    Unchanged,
    /// The capture stands with these effects added, in order.
    Effects([Option<Effect>; 3]),
    /// The capture is not allowed.
    Forbidden,
    /// It becomes several moves (a reborn pawn's promotions):
    /// [`RuleSet::rebirth`](crate::rules::RuleSet::rebirth) writes them.
    Several,
}

/// [`Rebirths`] for the capture `mv` by `mover` with `rebirth`: the same moves
/// [`push_rebirth`] pushes, told without building them.
#[inline]
pub fn rebirth_effects<R: RuleSet>(
    pos: &Position<R>,
    mv: &Move,
    mover: Side,
    rebirth: Rebirth,
) -> Rebirths {
    if rebirth.delayed {
        return Rebirths::Unchanged;
    }
    let (piece, sq) = match outcome(pos, mv, rebirth) {
        Outcome::Forbidden => return Rebirths::Forbidden,
        Outcome::Stands => return Rebirths::Unchanged,
        Outcome::Vanishes(piece) if rebirth.who == Reborn::Capturer => {
            return Rebirths::Effects([Some(vanishing(mv, piece)), None, None]);
        }
        Outcome::Vanishes(_) => return Rebirths::Unchanged,
        Outcome::Reappears(..) if !rebirth.placed => return Rebirths::Unchanged,
        Outcome::Chosen(_) => return Rebirths::Several,
        Outcome::Reappears(piece, sq) => (piece, sq),
    };
    if promotes(pos, rebirth, piece, camp(piece, rebirth.who, mover), sq) {
        return Rebirths::Several;
    }
    Rebirths::Effects(reappearing(mv, rebirth, piece, sq))
}

/// The capturer `piece` taken off the board where the capture left it, its rebirth
/// square taken.
fn vanishing(mv: &Move, piece: Piece) -> Effect {
    Effect::Remove {
        at: mv.to,
        piece,
        silent: true,
    }
}

/// Whether the pawn `piece` of `side`, reborn on `sq`, promotes there.
fn promotes<R: RuleSet>(
    pos: &Position<R>,
    rebirth: Rebirth,
    piece: Piece,
    side: Side,
    sq: Square,
) -> bool {
    rebirth.promote
        && R::KINDS[piece.kind.index()].pawn
        && sq.rank() == side.relative_rank(7)
        && !pos.promotion_choices(piece.kind, side).is_empty()
}

/// The effects of `piece` reappearing on `sq` after the capture `mv` (no promotion).
fn reappearing(mv: &Move, rebirth: Rebirth, piece: Piece, sq: Square) -> [Option<Effect>; 3] {
    let reborn = rebirth.reborn_as(piece);
    match rebirth.who {
        Reborn::Capturer => [
            Some(Effect::Remove {
                at: mv.to,
                piece,
                silent: false,
            }),
            Some(Effect::Add {
                at: sq,
                piece: reborn,
            }),
            rebirth.turn(sq, reborn),
        ],
        Reborn::Captured => [
            Some(Effect::Add {
                at: sq,
                piece: reborn,
            }),
            rebirth.turn(sq, reborn),
            None,
        ],
    }
}

/// Whether the capture `mv` (without a promotion of the reborn unit) stands as an attack
/// on its victim: not when the rebirth forbids it, nor when the victim is a royal unit
/// put back by its rebirth (with kings reborn, a king is in check only where its
/// rebirth square is taken).
pub fn rebirth_observes<R: RuleSet>(pos: &Position<R>, mv: &Move, rebirth: Rebirth) -> bool {
    if rebirth.delayed {
        return true;
    }
    match outcome(pos, mv, rebirth) {
        Outcome::Forbidden => false,
        Outcome::Reappears(piece, _) | Outcome::Chosen(piece) => {
            rebirth.who == Reborn::Capturer || !rebirth.placed || !piece.is_royal(R::KINDS)
        }
        Outcome::Stands | Outcome::Vanishes(_) => true,
    }
}

/// Pushes the moves the capture `mv` by `mover` becomes with `rebirth`: the ones
/// [`rebirth_effects`] tells, and for [`Rebirths::Several`] one per promotion of the
/// reborn pawn.
pub fn push_rebirth<R: RuleSet>(
    pos: &Position<R>,
    mv: Move,
    mover: Side,
    rebirth: Rebirth,
    out: &mut MoveList,
) {
    match rebirth_effects(pos, &mv, mover, rebirth) {
        Rebirths::Unchanged => out.push(mv),
        Rebirths::Forbidden => {}
        Rebirths::Effects(effects) => {
            let mut reborn = mv;
            if effects.iter().flatten().all(|&e| reborn.add_effect(e)) {
                out.push(reborn);
            }
        }
        Rebirths::Several => match outcome(pos, &mv, rebirth) {
            Outcome::Reappears(piece, sq) => {
                push_reappearing(pos, mv, mover, rebirth, piece, sq, out)
            }
            Outcome::Chosen(piece) => {
                let in_place = |sq: Square| {
                    rebirth.forbid_in_place && rebirth.who == Reborn::Capturer && sq == mv.to
                };
                for sq in Square::ALL {
                    if free_for(pos, &mv, rebirth.who, sq) && !in_place(sq) {
                        push_reappearing(pos, mv, mover, rebirth, piece, sq, out);
                    }
                }
                if rebirth.when_taken == WhenTaken::Vanish {
                    match rebirth.who {
                        Reborn::Captured => out.push(mv),
                        Reborn::Capturer => out.extend(mv.with_effect(vanishing(&mv, piece))),
                    }
                }
            }
            _ => {}
        },
    }
}

/// Pushes the capture `mv` by `mover` with `piece` reappearing on `sq`: once, or once per
/// promotion of a reborn pawn there.
fn push_reappearing<R: RuleSet>(
    pos: &Position<R>,
    mv: Move,
    mover: Side,
    rebirth: Rebirth,
    piece: Piece,
    sq: Square,
    out: &mut MoveList,
) {
    let side = camp(piece, rebirth.who, mover);
    if !promotes(pos, rebirth, piece, side, sq) {
        let mut reborn = mv;
        if reappearing(&mv, rebirth, piece, sq)
            .iter()
            .flatten()
            .all(|&e| reborn.add_effect(e))
        {
            out.push(reborn);
        }
        return;
    }
    let leaving = (rebirth.who == Reborn::Capturer).then_some(Effect::Remove {
        at: mv.to,
        piece,
        silent: false,
    });
    push_promotions(
        pos,
        mv,
        rebirth,
        leaving,
        rebirth.reborn_as(piece),
        side,
        sq,
        out,
    );
}

/// Pushes `mv` once per promotion of the pawn `piece` of `side` put on `sq`, its last
/// rank, after the effect `leaving` (a capturer leaving where the capture left it).
#[allow(clippy::too_many_arguments)]
fn push_promotions<R: RuleSet>(
    pos: &Position<R>,
    mv: Move,
    rebirth: Rebirth,
    leaving: Option<Effect>,
    piece: Piece,
    side: Side,
    sq: Square,
    out: &mut MoveList,
) {
    let choices = pos
        .promotion_choices(piece.kind, side)
        .iter()
        .flat_map(|&k| {
            let plain = piece.with_kind(k);
            let marked = pos
                .promotion_marks(piece, k)
                .map(|marks| Piece { marks, ..plain });
            std::iter::once(plain).chain(marked)
        });
    for promoted in choices {
        let effects = [
            leaving,
            Some(Effect::Add { at: sq, piece }),
            Some(Effect::Promote {
                at: sq,
                from: piece,
                to: promoted,
            }),
            rebirth.turn(sq, promoted),
        ];
        let mut made = mv;
        if effects.iter().flatten().all(|&e| made.add_effect(e)) {
            out.push(made);
        }
    }
}

/// The move a rebirth waiting for the next move is found with: `mv` (a castling's
/// vector the sum of both units', as the reference adds them) capturing what `last`
/// captured, where it captured it; `None` when `last` captured nothing.
pub fn pending_basis(mv: &Move, last: &Move) -> Option<Move> {
    let victim = last.captured?;
    let to = match mv.partner() {
        Some((from, to)) => mv
            .to
            .offset(to.file() - from.file(), to.rank() - from.rank())
            .unwrap_or(mv.to),
        None => mv.to,
    };
    Some(Move::capture_elsewhere(
        mv.from,
        to,
        mv.mover,
        victim,
        last.capture_at,
    ))
}

/// What a move makes of the unit the move before captured ([`pending_effects`]).
#[derive(Clone, Copy, Debug)]
pub enum Pending {
    /// The move may not be made so (the square taken, with `when taken forbid`).
    Forbidden,
    /// The move gains these effects (none when nothing is put back).
    Effects([Option<Effect>; 3]),
    /// The pawn is put back on its last rank, where it promotes: one move per choice.
    Promotes(Piece, Square),
}

/// What the move `mv` makes, with `rebirth` (found on [`pending_basis`]), of the unit
/// the move before captured.
pub fn pending_effects<R: RuleSet>(
    pos: &Position<R>,
    mv: &Move,
    basis: &Move,
    rebirth: Rebirth,
) -> Pending {
    let none = Pending::Effects([None; 3]);
    let Some(piece) = basis.captured else {
        return none;
    };
    if !rebirth.kings && piece.is_royal(R::KINDS) {
        return none;
    }
    match rebirth.at.filter(|&sq| !taken_after(pos, mv, sq)) {
        Some(sq) => {
            let reborn = rebirth.reborn_as(piece);
            // (a neutral pawn as one of the side that moves)
            let side = reborn.owner.side_or(pos.side());
            if promotes(pos, rebirth, reborn, side, sq) {
                return Pending::Promotes(reborn, sq);
            }
            let add = Effect::Add {
                at: sq,
                piece: reborn,
            };
            Pending::Effects([Some(add), rebirth.turn(sq, reborn), None])
        }
        None if rebirth.when_taken == WhenTaken::Forbid => Pending::Forbidden,
        None => none,
    }
}

/// Pushes `mv` once per promotion of the pawn `piece` it puts back on `sq`, its last
/// rank, with `rebirth`.
pub fn push_pending_promotions<R: RuleSet>(
    pos: &Position<R>,
    mv: Move,
    rebirth: Rebirth,
    piece: Piece,
    sq: Square,
    out: &mut MoveList,
) {
    let side = piece.owner.side_or(pos.side());
    push_promotions(pos, mv, rebirth, None, piece, side, sq, out);
}
