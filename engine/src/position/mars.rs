//! Units reborn before they move (the rules' `rebirth mover before captures|quiet
//! moves|moves`, Mars and Anti-Mars Circe, Phantom chess): a unit goes to its rebirth
//! square first, its own square left empty, and makes one class of its moves from there
//! — its captures under Mars Circe, written `Sb8-g1*e2`, its other moves under Anti-Mars
//! Circe (`Ka1-e1-d2`), any move under Phantom chess — and the others where it stands. A unit whose rebirth square another unit holds makes no
//! move of that class; one standing on its rebirth square moves as usual. A unit
//! observes as it captures: under Mars Circe from its rebirth square alone. A royal unit
//! whose quiet moves start from its home square stands there unmoved and castles from
//! there, with a partner unmoved on its corner or put on it the same way
//! (`[bKf6->e8][bRh5->a8]0-0-0`).

use super::Position;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Piece, Side};
use crate::rebirth::FromRebirth;
use crate::rules::RuleSet;
use crate::square::Square;

impl<R: RuleSet> Position<R> {
    /// Pushes onto `out` the moves of `piece` on `from` when `side` moves it and each
    /// unit makes the moves of class `how` from its rebirth square; `push` pushes a
    /// unit's moves from a square, as it stands on the board.
    pub(super) fn push_from_rebirth(
        &mut self,
        from: Square,
        piece: Piece,
        side: Side,
        how: FromRebirth,
        push: impl Fn(&Self, Square, &mut MoveList),
        out: &mut MoveList,
    ) {
        let start = out.len();
        push(self, from, out);
        let departure = self.rules.rebirth_departure(self, from, piece, side);
        // (a royal unit whose quiet moves start from its home square castles from there
        // with partners put on their corners too)
        let castles = how == FromRebirth::Quiet && R::KINDS[piece.kind.index()].royal;
        if departure == Some(from) {
            if castles {
                self.push_castlings_with_partners_reborn(from, from, piece, side, out);
            }
            return;
        }
        let here: MoveList = out.drain(start..).filter(|m| made_here(how, m)).collect();
        // (Phantom chess: a square the unit reaches where it stands is not reached again)
        let mut reached = Bitboard::EMPTY;
        for m in &here {
            reached.insert(m.to);
        }
        out.extend(here);
        if let Some(reborn) = departure.filter(|&sq| self.board.is_empty(sq)) {
            self.push_reborn_moves(from, reborn, piece, side, how, reached, push, out);
        }
    }

    /// Pushes onto `out` the moves of `piece` of `side`, on `from`, made from `reborn`,
    /// its free rebirth square, the unit put there first: those of the class `how`
    /// says, but a move back to `from` or (Phantom chess) to a square in `reached`,
    /// where the unit goes from where it stands.
    #[allow(clippy::too_many_arguments)]
    fn push_reborn_moves(
        &mut self,
        from: Square,
        reborn: Square,
        piece: Piece,
        side: Side,
        how: FromRebirth,
        reached: Bitboard,
        push: impl Fn(&Self, Square, &mut MoveList),
        out: &mut MoveList,
    ) {
        let royal = R::KINDS[piece.kind.index()].royal;
        let unit = self.board.take_hashing::<false>(from);
        self.board.put_hashing::<false>(reborn, unit);
        // a royal unit put on its home square stands there unmoved: it castles with an
        // unmoved partner, if its quiet moves are made from there
        let castling = self.castling;
        if royal && how != FromRebirth::Captures {
            self.castling.set_royal_home(side);
        }
        let mid = out.len();
        push(self, reborn, out);
        self.castling = castling;
        let mut with_partners = MoveList::new();
        if royal && how == FromRebirth::Quiet {
            self.push_castlings_with_partners_reborn(from, reborn, piece, side, &mut with_partners);
        }
        self.board.take_hashing::<false>(reborn);
        self.board.put_hashing::<false>(from, unit);
        // (a move back to where the unit stands is no move, but a castling that brings
        // the royal unit back moves its partner, and a pawn's double step back to its
        // square leaves a square to take it en passant on)
        let back = |m: &Move| {
            m.to == from && m.partner().is_none() && !matches!(m.kind, MoveKind::DoubleStep { .. })
        };
        let again = |m: &Move| how == FromRebirth::All && (m.to == from || reached.contains(m.to));
        let there: MoveList = out
            .drain(mid..)
            .filter(|m| made_there(how, m) && (m.is_capture() || !back(m)) && !again(m))
            .map(|mut m| {
                m.from = from;
                m.with_via(reborn)
            })
            .collect();
        out.extend(there);
        out.extend(with_partners);
    }

    /// Pushes onto `out` the castlings of the royal unit `piece` of `side` (on `from`,
    /// standing on its home square `at` as unmoved) with a partner that goes to its
    /// corner first, its rebirth square, and stands there unmoved: each partner off its
    /// corner whose rebirth square is a free corner of its side (Anti-Mars Circe,
    /// written `[bKf6->e8][bRh5->a8]0-0-0`).
    fn push_castlings_with_partners_reborn(
        &mut self,
        from: Square,
        at: Square,
        piece: Piece,
        side: Side,
        out: &mut MoveList,
    ) {
        let rank = side.relative_rank(0);
        let mut castlings = MoveList::new();
        for sq in self.board.movable_by(side) {
            let partner = self.board.unit(sq);
            if !R::KINDS[partner.kind.index()].castling_partner {
                continue;
            }
            let Some(corner) = self.rules.rebirth_departure(self, sq, partner, side) else {
                continue;
            };
            if corner == sq || corner.rank() != rank || !self.board.is_empty(corner) {
                continue;
            }
            let (short, kind) = match corner.file() {
                7 => (true, MoveKind::CastleShort),
                0 => (false, MoveKind::CastleLong),
                _ => continue,
            };
            let unit = self.board.take_hashing::<false>(sq);
            self.board.put_hashing::<false>(corner, unit);
            let castling = self.castling;
            self.castling.set_royal_home(side);
            self.castling.set_partner(side, short, true);
            castlings.clear();
            self.push_castlings(at, piece, side, &mut castlings);
            self.castling = castling;
            self.board.take_hashing::<false>(corner);
            self.board.put_hashing::<false>(sq, unit);
            for m in castlings.iter().filter(|m| m.kind == kind) {
                let (_, arrives) = m.partner().expect("a castling");
                let mv = Move::castling(from, m.to, piece, kind, partner, (sq, arrives));
                out.push(if at == from { mv } else { mv.with_via(at) });
            }
        }
    }

    /// Whether `side` observes `target` when each unit captures from its rebirth square
    /// (`how` the class of moves made from there): the units standing on their rebirth
    /// squares as they stand, each other unit whose rebirth square is free from there,
    /// its own square left empty.
    pub(super) fn observes_from_rebirth(
        &self,
        target: Square,
        side: Side,
        how: FromRebirth,
    ) -> bool {
        let filter = self.rules.has_observation_filter();
        self.observes_among(target, side, self.board.movable_by(side), how, filter)
    }

    /// Whether one of the `attackers` of `side` observes `target` by the walks alone
    /// (no condition filtering it), from where the units observe: their rebirth squares
    /// when a condition says they capture from there. The truths that ask which units
    /// observe which (Madrasi, Patrouille) ask this.
    pub fn observes_by_walks(&self, target: Square, side: Side, attackers: Bitboard) -> bool {
        match self.rules.moves_from_rebirth(side) {
            Some(how) => self.observes_among(target, side, attackers, how, false),
            None => self
                .rules
                .observes_by_units(self, target, side, attackers, false),
        }
    }

    /// Whether one of the `attackers` of `side` observes `target` when the units make
    /// the moves `how` says from their rebirth squares, through the conditions' filter
    /// when `filter`.
    fn observes_among(
        &self,
        target: Square,
        side: Side,
        attackers: Bitboard,
        how: FromRebirth,
        filter: bool,
    ) -> bool {
        if how == FromRebirth::Quiet {
            return self
                .rules
                .observes_by_units(self, target, side, attackers, filter);
        }
        // (Phantom chess: every unit observes where it stands too)
        let mut here = if how == FromRebirth::All {
            attackers
        } else {
            Bitboard::EMPTY
        };
        let mut away = Bitboard::EMPTY;
        for from in self.board.movable_by(side) & attackers {
            let piece = self.board.unit(from);
            match self.rules.rebirth_departure(self, from, piece, side) {
                Some(sq) if sq == from => here.insert(from),
                Some(sq)
                    if self.board.is_empty(sq)
                        && self.rules.reach(piece.kind, target, side).contains(sq) =>
                {
                    away.insert(from)
                }
                _ => {}
            }
        }
        away.remove(target);
        self.rules
            .observes_by_units(self, target, side, here, filter)
            || away
                .into_iter()
                .any(|from| self.observes_reborn(from, target, side, filter))
    }

    /// Whether the unit on `from`, moved by `side` to its free rebirth square, could
    /// capture a unit of the other side on `target` from there, through the conditions' filter of observation when
    /// `filter` (which judges the unit where it stands).
    fn observes_reborn(&self, from: Square, target: Square, side: Side, filter: bool) -> bool {
        let piece = self.board.unit(from);
        let Some(reborn) = self.rules.rebirth_departure(self, from, piece, side) else {
            return false;
        };
        // the arrivals of the captures on `target` (several for a locust), found on the
        // spare position; the filter runs once it is put back, since it may ask again
        let arrivals: Vec<Square> = self.on_spare(|spare, moves| {
            let unit = spare.board.take_hashing::<false>(from);
            spare.board.put_hashing::<false>(reborn, unit);
            // a unit of the other side on the target, so that the walk's captures show
            // what it observes there, a friend or an empty square too
            if spare.board.is_hole(target) {
                return Vec::new();
            }
            let victim = spare.board.get(target).map_or(piece.kind, |p| p.kind);
            if spare.board.get(target).is_some() {
                spare.board.take_hashing::<false>(target);
            }
            let owner = side.opponent().owner();
            spare
                .board
                .put_hashing::<false>(target, Piece::new(victim, owner));
            moves.clear();
            self.rules.generate(spare, reborn, piece, side, moves);
            moves
                .iter()
                .filter(|m| {
                    m.captured.is_some() && m.capture_at == target && m.kind != MoveKind::EnPassant
                })
                .map(|m| m.to)
                .collect()
        });
        arrivals.into_iter().any(|to| {
            !filter
                || self
                    .rules
                    .observation_ok(self, from, piece, target, to, side)
        })
    }
}

/// Whether a unit makes `mv` where it stands, when it makes the moves `how` says from
/// its rebirth square.
fn made_here(how: FromRebirth, mv: &Move) -> bool {
    match how {
        FromRebirth::Captures => !mv.is_capture(),
        FromRebirth::Quiet => mv.is_capture(),
        FromRebirth::All => true,
    }
}

/// Whether a unit makes `mv` from its rebirth square, when it makes the moves `how` says
/// from there.
fn made_there(how: FromRebirth, mv: &Move) -> bool {
    match how {
        FromRebirth::Captures => mv.is_capture(),
        FromRebirth::Quiet => !mv.is_capture(),
        FromRebirth::All => true,
    }
}
