//! A position: the board, whose turn it is, castling rights, the en-passant square, the
//! moves that led here, and the conditions in force; with make, unmake and legality.
//!
//! The engine's part of move generation lives here and is the same for every rule set:
//! it walks the units of the side to move, asks the rule set for their moves, then runs
//! the phases the [`RuleSet`] documents (restriction, rebirth, legality, selection).
//! Castling, double steps, en passant and promotion are mechanisms the generated code
//! calls by name when a rule uses the word; the engine does not know which kinds use them.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Effect, Move, MoveKind, MoveList, Turned};
use crate::piece::{Kind, Owner, Piece, PromotionChoice, Side};
use crate::rebirth::{pending_basis, pending_effects, push_pending_promotions, Pending, Rebirths};
use crate::rules::RuleSet;
use crate::square::Square;

mod after;
mod borrow;
pub mod exchange;
mod flights;
mod kobul;
mod lead;
mod legs;
mod lent;
mod marks;
mod mars;
mod observed;
mod paralysis;
mod spare;
mod strike;
mod swap;
mod transfer;
mod transmuted;
mod vanish;

/// Castling rights: whether each side's royal unit and each of its castling partners
/// still stand unmoved on their game-array squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(u8);

impl Castling {
    const ROYAL: u8 = 1;
    const SHORT: u8 = 2;
    const LONG: u8 = 4;

    /// No right at all.
    pub const NONE: Castling = Castling(0);
    /// Every right.
    pub const ALL: Castling = Castling(0b111_111);

    #[inline(always)]
    const fn bits(side: Side, which: u8) -> u8 {
        which << (3 * side.index())
    }

    /// Whether `side` may still castle short (royal and short partner unmoved).
    #[inline]
    pub fn short(self, side: Side) -> bool {
        let need = Castling::bits(side, Castling::ROYAL | Castling::SHORT);
        self.0 & need == need
    }

    /// Whether `side` may still castle long.
    #[inline]
    pub fn long(self, side: Side) -> bool {
        let need = Castling::bits(side, Castling::ROYAL | Castling::LONG);
        self.0 & need == need
    }

    /// Whether the castling partner of `side` on the short (`short`) or long wing still
    /// stands unmoved on its corner, whatever the royal unit did.
    #[inline]
    pub fn partner_unmoved(self, side: Side, short: bool) -> bool {
        self.0 & Castling::partner(side, short) != 0
    }

    /// Marks the royal unit of `side` as unmoved on its castling square: a partner reborn
    /// on its corner later castles with it.
    pub fn set_royal_home(&mut self, side: Side) {
        self.set(side, Castling::ROYAL, true);
    }

    /// Marks the castling partner of `side` on the short (`short`) or long wing as
    /// unmoved on its corner (or not), the royal unit's part left as it is: a royal
    /// unit that stands elsewhere may castle with it once it is put on its home square
    /// as unmoved (a unit reborn there before its move, under Anti-Mars Circe).
    pub fn set_partner(&mut self, side: Side, short: bool, on: bool) {
        let bit = Castling::partner(side, short);
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }

    /// Grants or removes the short right of `side` (royal and partner).
    pub fn set_short(&mut self, side: Side, on: bool) {
        self.set(side, Castling::ROYAL | Castling::SHORT, on);
    }

    /// Grants or removes the long right of `side` (royal and partner).
    pub fn set_long(&mut self, side: Side, on: bool) {
        self.set(side, Castling::ROYAL | Castling::LONG, on);
    }

    fn set(&mut self, side: Side, which: u8, on: bool) {
        if on {
            self.0 |= Castling::bits(side, which);
        } else {
            self.0 &= !Castling::bits(side, which & !Castling::ROYAL);
        }
    }

    /// The rights left once something has moved from, to or on `sq`.
    #[inline(always)]
    fn touched(self, sq: Square) -> Castling {
        Castling(self.0 & !CASTLING_CLEAR[sq.index()])
    }

    /// Raw bits, for hashing.
    #[inline]
    pub fn bits_raw(self) -> u8 {
        self.0
    }

    /// The partner bit of `side`'s castling on the short (`short`) or long wing.
    fn partner(side: Side, short: bool) -> u8 {
        Castling::bits(
            side,
            if short {
                Castling::SHORT
            } else {
                Castling::LONG
            },
        )
    }
}

/// The rights lost when something moves from, to or on each square.
static CASTLING_CLEAR: [u8; 64] = {
    let mut t = [0u8; 64];
    t[4] = Castling::ROYAL; // e1
    t[7] = Castling::SHORT; // h1
    t[0] = Castling::LONG; // a1
    t[60] = Castling::ROYAL << 3; // e8
    t[63] = Castling::SHORT << 3; // h8
    t[56] = Castling::LONG << 3; // a8
    t
};

/// An en-passant opportunity left by a double step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EnPassant {
    /// The square passed over: a capture arriving here captures en passant.
    pub passed: Square,
    /// A second square passed over, by a step longer than two (a problem's `EnPassant`
    /// option may say so): a capture arriving there captures en passant too.
    pub also: Option<Square>,
    /// The unit that made the double step stands here.
    pub victim: Square,
}

impl EnPassant {
    /// The opportunity left by a double step over `passed` to `victim`.
    pub fn new(passed: Square, victim: Square) -> EnPassant {
        EnPassant {
            passed,
            also: None,
            victim,
        }
    }

    /// The opportunity left by a step from `from` over `passed` (the first square passed)
    /// to `victim`: a step of three passes over a second square too.
    pub fn passing(from: Square, passed: Square, victim: Square) -> EnPassant {
        let next = Square::new(2 * passed.index() as u8 - from.index() as u8);
        EnPassant {
            passed,
            also: (next != victim).then_some(next),
            victim,
        }
    }

    /// Whether a capture arriving on `sq` captures en passant.
    #[inline]
    pub fn passed_over(&self, sq: Square) -> bool {
        sq == self.passed || self.also == Some(sq)
    }
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    castling: Castling,
    ep: Option<EnPassant>,
}

/// A position under a rule set `R`.
#[derive(Clone)]
pub struct Position<R: RuleSet> {
    board: Board,
    side: Side,
    castling: Castling,
    ep: Option<EnPassant>,
    history: Vec<Move>,
    /// One entry per move or pass made: the side that made the move, `None` for a pass.
    record: Vec<Option<Side>>,
    undo: Vec<Undo>,
    rules: R,
    royal_kinds: Vec<Kind>,
    promotions: Vec<Kind>,
    /// By kind, the promotion choices of pawns whose rule names their own (else empty).
    own_promotions: Vec<Vec<Kind>>,
    /// By castling partner bit: the other side's rights a castling with that partner
    /// takes away (the option CastlingMutuallyExclusive).
    exclusive: [u8; 8],
    /// How many tests of a move's mate are under way, one inside another (see
    /// [`Position::mates`]).
    nested: u8,
    /// Paralysis is suspended while the moves it bars are counted (see
    /// [`Position::suffocated`]).
    unparalysed: bool,
}

impl<R: RuleSet> Position<R> {
    /// A position with `board`, `side` to move, the given rights and en-passant square,
    /// under `rules`. Promotion choices are fixed here from the units on the board.
    pub fn new(
        board: Board,
        side: Side,
        castling: Castling,
        ep: Option<EnPassant>,
        rules: R,
    ) -> Position<R> {
        let royal_kinds = (0..R::KINDS.len())
            .filter(|&k| R::KINDS[k].royal)
            .map(|k| Kind(k as u8))
            .collect();
        let mut pos = Position {
            board,
            side,
            castling,
            ep,
            history: Vec::new(),
            record: Vec::new(),
            undo: Vec::new(),
            rules,
            royal_kinds,
            promotions: Vec::new(),
            own_promotions: Vec::new(),
            exclusive: [0; 8],
            nested: 0,
            unparalysed: false,
        };
        pos.promotions = pos.promotion_kinds(&[]);
        pos.own_promotions = pos.own_promotion_kinds();
        for sq in pos.rules.holes() {
            if pos.board.is_empty(sq) {
                pos.board.make_hole::<true>(sq);
            }
        }
        pos
    }

    /// The kinds a pawn may promote to: every kind promoted to always, and every kind
    /// promoted to when present that stands on the board or is named in `also`, in the
    /// order of the rule files.
    pub fn promotion_kinds(&self, also: &[Kind]) -> Vec<Kind> {
        (0..R::KINDS.len())
            .map(|k| Kind(k as u8))
            .filter(|&k| match R::KINDS[k.index()].promotion {
                PromotionChoice::Always => true,
                PromotionChoice::IfPresent => {
                    self.board.of_kind(k).non_empty() || also.contains(&k)
                }
                PromotionChoice::Never => false,
            })
            .collect()
    }

    /// The kinds a pawn may promote to in this problem.
    #[inline]
    pub fn promotions(&self) -> &[Kind] {
        &self.promotions
    }

    /// The kinds a pawn of `kind` may promote to: the problem's, or, when its rule names
    /// its own, those and the problem's choices that stand in the problem.
    #[inline]
    pub fn promotions_of(&self, kind: Kind) -> &[Kind] {
        if R::KINDS[kind.index()].promotes_to.is_empty() {
            &self.promotions
        } else {
            &self.own_promotions[kind.index()]
        }
    }

    /// Replaces the promotion choices (a problem fixes them from all its twins).
    pub fn set_promotions(&mut self, kinds: Vec<Kind>) {
        self.promotions = kinds;
        self.own_promotions = self.own_promotion_kinds();
    }

    /// For each kind whose rule names its own promotion choices: those, then the
    /// problem's choices that stand on the board or are promoted to only when present.
    fn own_promotion_kinds(&self) -> Vec<Vec<Kind>> {
        (0..R::KINDS.len())
            .map(|k| {
                let own = R::KINDS[k].promotes_to;
                if own.is_empty() {
                    return Vec::new();
                }
                let present = self.promotions.iter().copied().filter(|&p| {
                    !own.contains(&p)
                        && (self.board.of_kind(p).non_empty()
                            || R::KINDS[p.index()].promotion == PromotionChoice::IfPresent)
                });
                own.iter().copied().chain(present).collect()
            })
            .collect()
    }

    /// Makes White's castling on one wing (`white_short`) and Black's on one wing
    /// (`black_short`) mutually exclusive: once one side castles so, the other may no
    /// longer castle on its wing.
    pub fn set_castling_exclusive(&mut self, white_short: bool, black_short: bool) {
        let w = Castling::partner(Side::White, white_short);
        let b = Castling::partner(Side::Black, black_short);
        self.exclusive[w.trailing_zeros() as usize] |= b;
        self.exclusive[b.trailing_zeros() as usize] |= w;
    }

    /// The units.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The units, to set up a position of a few units (intelligent mode's final
    /// pictures); only before any move is made.
    pub(crate) fn board_mut(&mut self) -> &mut Board {
        debug_assert!(self.history.is_empty());
        &mut self.board
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Changes the side to move (for set play and "white to play"); clears en passant.
    pub fn set_side(&mut self, side: Side) {
        self.side = side;
    }

    /// Castling rights.
    #[inline(always)]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The en-passant opportunity, if the last move was a double step.
    #[inline(always)]
    pub fn ep(&self) -> Option<EnPassant> {
        self.ep
    }

    /// The conditions in force.
    #[inline(always)]
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The moves made since the position was set up, oldest first.
    #[inline(always)]
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The last move made and the side that made it; `None` in the diagram position and
    /// right after a pass (series play), when there is no move to answer.
    #[inline(always)]
    pub fn last_move(&self) -> Option<(&Move, Side)> {
        match self.record.last() {
            Some(Some(side)) => self.history.last().map(|m| (m, *side)),
            _ => None,
        }
    }

    /// The last move made, passes left out: in series play, the series' own move before.
    #[inline(always)]
    pub fn last_made(&self) -> Option<&Move> {
        self.history.last()
    }

    /// A hash of everything that decides the future of the position except history.
    pub fn hash(&self) -> u64 {
        let mut h = self.board.hash();
        h ^= (self.castling.bits_raw() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if let Some(ep) = self.ep {
            h ^= (ep.passed.index() as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
            if let Some(also) = ep.also {
                h ^= (also.index() as u64 + 1).wrapping_mul(0x1656_67B1_9E37_79F9);
            }
        }
        if self.side == Side::Black {
            h ^= 0xD6E8_FEB8_6659_FD93;
        }
        h
    }

    /// The squares of the royal units `side` must keep safe (its own and neutral ones).
    #[inline]
    pub fn royal_squares(&self, side: Side) -> Bitboard {
        let mut royals = self.board.royal_by_attribute();
        for &k in &self.royal_kinds {
            royals |= self.board.of_kind(k);
        }
        royals & self.board.movable_by(side)
    }

    /// Whether `side` is in check: has a royal unit observed by the other side (or by
    /// its own side too, when a condition says so: [`RuleSet::checks_from_both_sides`]),
    /// or, under a condition that checks by flights ([`RuleSet::check_by_flights`]), a
    /// royal unit with flights.
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        if let Some(given) = self.rules.check_by_flights() {
            return match self.royal_squares(side).first() {
                Some(sq) => self.flight_check(side, given, sq, sq),
                None => false,
            };
        }
        self.observed_check(side)
    }

    /// Whether the royal unit of `side` on `from` would be in check on `at` (castling's
    /// tests of its home square and its passage).
    fn checked_on(&self, side: Side, from: Square, at: Square) -> bool {
        match self.rules.check_by_flights() {
            Some(given) => self.flight_check(side, given, from, at),
            None => self.observes(at, side.opponent()),
        }
    }

    /// Whether `side` has a royal unit observed: by the other side, or by its own too
    /// when a condition says so.
    #[inline]
    fn observed_check(&self, side: Side) -> bool {
        let by = side.opponent();
        let both = self.rules.checks_from_both_sides();
        self.royal_squares(side).any(|sq| {
            self.observes(sq, by)
                || (both && self.observes(sq, side))
                || self.takes_en_passant(sq, by)
        })
    }

    /// Whether `by` may take the unit on `target` en passant: a royal pawn that has just
    /// made its double step is in check when a pawn of the other side could take it so.
    #[inline]
    fn takes_en_passant(&self, target: Square, by: Side) -> bool {
        if self.ep.is_none_or(|ep| ep.victim != target) {
            return false;
        }
        // (units that borrow their walks, Orphans, take nothing en passant)
        let kinds = self.board.kinds_present();
        kinds
            .iter()
            .filter(|&k| !R::BORROWING.contains(k))
            .any(|k| crate::measure::takes_en_passant(&self.rules, self, target, by, k))
    }

    /// Whether `side` observes `target` (a unit of `side` could capture there): by the
    /// walks the units move by, lent ones included ([`RuleSet::walk_lent_from`]), after
    /// a first leg where captures need one ([`RuleSet::leads_captures`]).
    #[inline]
    pub fn observes(&self, target: Square, side: Side) -> bool {
        if self.rules.leads_captures(side) {
            return self.observes_after_lead(target, side);
        }
        if let Some(how) = self.rules.moves_from_rebirth(side) {
            return self.observes_from_rebirth(target, side, how);
        }
        if let Some(how) = self.rules.royal_walks(side) {
            return self.observes_with_royal_walks(target, side, how);
        }
        match self.rules.walk_lent_from(side) {
            Some(lender) => self.lent_observes(target, side, lender),
            None => self.rules.observes(self, target, side),
        }
    }

    // ----- mechanisms the generated code calls by name -----

    /// Pushes a move arriving on the mover's last rank once per promotion choice when
    /// the mover is a pawn, else as it is. Generated code calls this for the moves of
    /// kinds declared `pawn`.
    #[inline]
    pub fn push_pawn_move(&self, mv: Move, side: Side, out: &mut MoveList) {
        let choices = match mv.to.rank() == side.relative_rank(7) {
            true => self.promotion_choices(mv.mover.kind, side),
            false => &[],
        };
        if choices.is_empty() {
            out.push(mv);
        }
        for &k in choices {
            out.push(mv.with_promotion(k));
            self.push_marked_promotion(mv.with_promotion(k), out);
        }
    }

    /// The kinds a pawn of `kind` of `side` arriving on its last rank may become: none
    /// when a condition keeps it a pawn there.
    #[inline]
    pub fn promotion_choices(&self, kind: Kind, side: Side) -> &[Kind] {
        if self.rules.promotes(side) {
            self.promotions_of(kind)
        } else {
            &[]
        }
    }

    /// Pushes the castlings of the royal unit `piece` on `from` when `side` moves: with
    /// the castling partner on the corner of either wing, the squares between empty, the
    /// rights intact, and the royal unit's departure and passage not observed (its
    /// arrival is left to the legality test every move passes).
    pub fn push_castlings(&self, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
        let home = Square::from_coords(4, side.relative_rank(0)).expect("e1/e8");
        if from != home || piece.owner != side.owner() {
            return;
        }
        let rank = side.relative_rank(0);
        let at = |file: i8| Square::from_coords(file, rank).expect("first rank");
        let wings = [
            (
                self.castling.short(side),
                7,
                6,
                5,
                MoveKind::CastleShort,
                &[5, 6][..],
            ),
            (
                self.castling.long(side),
                0,
                2,
                3,
                MoveKind::CastleLong,
                &[1, 2, 3][..],
            ),
        ];
        // the royal unit's own square is on both wings' passage: look at it once
        let mut home_observed: Option<bool> = None;
        for (right, corner, king_to, partner_to, kind, between) in wings {
            if !right {
                continue;
            }
            let Some(partner) = self.board.get(at(corner)) else {
                continue;
            };
            if partner.owner != piece.owner || !R::KINDS[partner.kind.index()].castling_partner {
                continue;
            }
            if between.iter().any(|&f| !self.board.is_empty(at(f))) {
                continue;
            }
            // the royal unit may not castle out of check nor over an observed square;
            // its arrival is judged by legality, like any move's
            if *home_observed.get_or_insert_with(|| self.checked_on(side, from, from)) {
                return;
            }
            if self.checked_on(side, from, at(partner_to)) {
                continue;
            }
            let way = (at(corner), at(partner_to));
            out.push(Move::castling(from, at(king_to), piece, kind, partner, way));
        }
    }

    // ----- the phases -----

    /// Phases 1–4: every move of the side to move, before legality and selection.
    pub fn pseudo_moves(&mut self, out: &mut MoveList) {
        out.clear();
        let side = self.side;
        let lent = self.rules.walk_lent_from(side);
        let reborn_first = self.rules.moves_from_rebirth(side);
        let royal_walks = self.rules.royal_walks(side);
        for from in self.board.movable_by(side) {
            let piece = self.board.get(from).expect("movable unit");
            if !self.unparalysed && !self.rules.may_move(self, from, piece, side) {
                continue;
            }
            let push = |pos: &Self, at: Square, out: &mut MoveList| match lent {
                Some(lender) => {
                    for walk in pos.walks_at(at, side, lender, false).iter() {
                        match walk == piece.kind {
                            true => pos.rules.generate(pos, at, piece, side, out),
                            false => pos.push_lent_moves(at, piece, walk, side, out),
                        }
                    }
                }
                None => match royal_walks {
                    Some(how) if piece.is_royal(R::KINDS) => {
                        pos.push_royal_moves(at, piece, side, how, out)
                    }
                    _ => pos.rules.generate(pos, at, piece, side, out),
                },
            };
            match reborn_first {
                Some(how) => self.push_from_rebirth(from, piece, side, how, push, out),
                None => push(self, from, out),
            }
        }
        if royal_walks.is_some_and(|how| how.becomes) {
            self.keep_royal_changes(side, out);
        }
        if let Some(kings) = self.rules.exchanges(side) {
            self.push_exchanges(side, kings, out);
        }
        if self.rules.leads_captures(side) {
            self.lead_captures(side, out);
        }
        if self.rules.continues_captures(side) {
            self.continue_captures(side, out);
        }
        if self.board.half_neutral().non_empty() {
            for mv in out.iter_mut().filter(|mv| mv.mover.half) {
                *mv = mv.with_recolour(mv.mover.owner_after_move(side));
            }
        }
        // (the first effect, before a promotion)
        if self.rules.removes_capturers() {
            self.remove_capturers(out);
        }
        // (the changes of walk come before the rebirths: a capturer reborn under
        // AntiCirce is reborn with its new walk, on that walk's square)
        if self.rules.has_after_effects() {
            out.retain_mut(|mv| self.transmute(mv));
        }
        // (written before a rebirth, as the reference writes it)
        if let Some(pawn) = self.rules.royal_becomes_captured(side.opponent()) {
            self.royal_changes(pawn, out);
        }
        if self.rules.has_rebirth() {
            self.rebirths(out);
        }
        if self.rules.has_after_effects() {
            self.after_effects(out);
        }
        if let Some(strike) = self.rules.strike(side) {
            self.strikes(strike, out);
        }
        let carriers = self.rules.transfer_squares();
        if carriers.non_empty() {
            self.transfers(carriers, out);
        }
        if let Some(by) = self.rules.recolours_observed(side) {
            self.recolour_observed(by, out);
        }
        // (after every other effect: whether the move checks decides it)
        if let Some(when) = self.rules.swaps_royals(side) {
            self.swap_royals(when, out);
        }
        // (judged on the whole move: a truth of the position after it, KoeKo's contact or
        // Isardam's pairs, sees the units a rebirth puts back)
        if self.rules.has_restriction() {
            out.retain(|mv| self.rules.allows(self, mv));
        }
    }

    /// Phase 4, effects after the move: each move in `out` whose moved unit (or castling
    /// partner) a condition makes pass to the other side gains that change, on the
    /// square the move leaves the unit (a neutral unit, or one the move took off the
    /// board, stays as it is). A move with no room left for the effect cannot be played.
    fn after_effects(&self, out: &mut MoveList) {
        out.retain_mut(|mv| {
            let mover = match mv.mover_lands() {
                Some(landed) if self.rules.recolours_mover(self, mv) => Some(landed),
                _ => None,
            };
            let partner = mv.partner().and_then(|(_, at)| {
                let unit = mv.unit_put(at)?;
                self.rules
                    .recolours_partner(self, mv, unit)
                    .then_some((at, unit))
            });
            [mover, partner]
                .into_iter()
                .flatten()
                .all(|(at, unit)| recolour(mv, at, unit, false))
        });
    }

    /// Phase 4, effects after the move, before the rebirths: the walks a condition makes
    /// the moved unit and the castling partner take where the move leaves them, judged on
    /// the move as it is: the moved unit's as its promotion where it arrived
    /// (`Ra1-a7=B`; a rebirth then carries the new walk), as an effect where an earlier
    /// effect put it; the partner's as an effect (`0-0=B`). False when the move has no
    /// room left for them.
    fn transmute(&self, mv: &mut Move) -> bool {
        let partner = mv.partner().and_then(|(_, at)| {
            let unit = mv.unit_put(at)?;
            let kind = self.rules.transmutes_partner(self, mv, unit)?;
            Some((at, unit, kind))
        });
        if let Some((at, unit)) = mv.mover_lands() {
            if let Some(kind) = self.rules.transmutes_mover(self, mv, unit) {
                if at == mv.to && unit == mv.arriving() {
                    mv.promotion = Some(kind);
                } else if !mv.add_effect(Effect::Promote {
                    at,
                    from: unit,
                    to: unit.with_kind(kind),
                }) {
                    return false;
                }
            }
        }
        partner.is_none_or(|(at, unit, kind)| {
            mv.add_effect(Effect::Promote {
                at,
                from: unit,
                to: unit.with_kind(kind),
            })
        })
    }

    /// Phase 4: each capture in `out` replaced by the moves its rebirths make of it, in
    /// place (a list of moves is made often enough that allocating one shows). Usually a
    /// capture stays one move, which gains the rebirth's effects where it stands; the
    /// further moves of a reborn pawn's promotions follow it, and a forbidden capture
    /// goes.
    fn rebirths(&self, out: &mut MoveList) {
        if self.rules.delays_rebirth(self.side) {
            return self.pending_rebirths(out);
        }
        let mut i = 0;
        while i < out.len() {
            // (read in place: a copy read back at once stalls the processor)
            if !out[i].is_capture() {
                i += 1;
                continue;
            }
            match self.rules.rebirth_effects(self, &out[i]) {
                Rebirths::Unchanged => i += 1,
                Rebirths::Effects(effects) => i += add_or_remove(out, i, effects),
                Rebirths::Forbidden => {
                    out.remove(i);
                }
                Rebirths::Several => {
                    let mv = out[i];
                    i += replace_in_place(out, i, |out| self.rules.rebirth(self, mv, out));
                }
            }
        }
    }

    /// Phase 4 under a rebirth that waits for the next move (Circe Parrain): captures put
    /// nothing back; each move in `out` puts back the unit the move before captured, if
    /// any, where the rebirth finds its square with this move. A move that may not be
    /// made so, or has no room left for the effects, goes.
    fn pending_rebirths(&self, out: &mut MoveList) {
        let Some(last) = self.last_made().filter(|m| m.captured.is_some()).copied() else {
            return;
        };
        let mut i = 0;
        while i < out.len() {
            let mv = out[i];
            let Some(basis) = pending_basis(&mv, &last) else {
                return;
            };
            let rebirth = self.rules.pending_rebirth(self, &basis);
            match rebirth.map(|r| (r, pending_effects(self, &mv, &basis, r))) {
                None => i += 1,
                Some((_, Pending::Forbidden)) => {
                    out.remove(i);
                }
                Some((_, Pending::Effects(effects))) => i += add_or_remove(out, i, effects),
                Some((r, Pending::Promotes(piece, sq))) => {
                    i += replace_in_place(out, i, |out| {
                        push_pending_promotions(self, mv, r, piece, sq, out)
                    });
                }
            }
        }
    }

    /// Every legal move of the side to move, after selection (phases 1–6).
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        self.pseudo_moves(out);
        let quiet = self.quiet_squares();
        // by reference: a copy of the move read back at once stalls the processor
        out.retain(|mv| self.keeps_royals_safe(mv, quiet) || self.is_legal(mv));
        if self.rules.has_selection() {
            self.rules.select(self, out);
        }
    }

    /// The squares where nothing can happen to the safety of the side to move's royal
    /// units: none when it is in check or a condition filters observation, else those
    /// outside the influence (see [`RuleSet::influence`]) of the opponent's units on
    /// its royal squares.
    #[inline]
    fn quiet_squares(&self) -> Bitboard {
        let side = self.side;
        if self.rules.has_observation_filter()
            || self.rules.has_legality_test()
            || self.in_check(side)
        {
            return Bitboard::EMPTY;
        }
        let mut loud = Bitboard::EMPTY;
        for sq in self.royal_squares(side) {
            loud |= self.rules.influence(self, sq, side.opponent());
        }
        !loud
    }

    /// Whether `mv` is legal without a test: a move of a unit that is neither royal,
    /// neutral nor changing owner, touching only `quiet` squares, whose extra effects
    /// (a rebirth, say) are quiet too ([`Position::quiet_effect`]).
    #[inline(always)]
    fn keeps_royals_safe(&self, mv: &Move, quiet: Bitboard) -> bool {
        // (an exchange puts the opponent's unit on the departure square)
        !matches!(mv.kind, MoveKind::Exchange { .. })
            && quiet.contains(mv.from)
            && quiet.contains(mv.to)
            && quiet.contains(mv.capture_at)
            && mv.mover.owner != Owner::Neutral
            && mv.recolour.is_none()
            && !mv.mover.is_royal(R::KINDS)
            && mv.extras().all(|e| self.quiet_effect(e, quiet))
    }

    /// Whether an extra effect of a move of the side to move leaves its royal units'
    /// safety to the principal movement: a unit leaving a `quiet` square, or a unit that
    /// is not royal nor neutral appearing on one, which, if it is the opponent's, could
    /// observe none of the royal squares from there on any board.
    #[inline(always)]
    fn quiet_effect(&self, effect: &Effect, quiet: Bitboard) -> bool {
        match *effect {
            Effect::Remove { at, .. } => quiet.contains(at),
            Effect::Add { at, piece } => {
                quiet.contains(at)
                    && piece.owner != Owner::Neutral
                    && !piece.is_royal(R::KINDS)
                    && (piece.owner == self.side.owner()
                        || self.royal_squares(self.side).into_iter().all(|sq| {
                            !self
                                .rules
                                .reach(piece.kind, sq, self.side.opponent())
                                .contains(at)
                        }))
            }
            Effect::Promote { .. }
            | Effect::Recolour { .. }
            | Effect::RecolourAll { .. }
            | Effect::Swap { .. } => false,
        }
    }

    /// Whether the pseudo-legal `mv` is legal: it keeps the mover's royal units safe,
    /// and the conditions that judge a move by what it leaves (phase 5) allow it.
    #[inline]
    pub fn is_legal(&mut self, mv: &Move) -> bool {
        self.keeps_royals_unobserved(mv) && self.conditions_allow(mv)
    }

    /// Whether the pseudo-legal `mv` keeps the mover's royal units safe. When no
    /// condition filters observation (so only the units decide it), only the board is
    /// changed for the test; otherwise the move is made in full, history included.
    #[inline]
    fn keeps_royals_unobserved(&mut self, mv: &Move) -> bool {
        let side = self.side;
        if self.rules.has_observation_filter() {
            self.make(*mv);
            let ok = !self.in_check(side);
            self.unmake();
            return ok;
        }
        if matches!(mv.kind, MoveKind::DoubleStep { .. }) && mv.mover.is_royal(R::KINDS) {
            // (a royal pawn's double step: is it open to a capture en passant?)
            self.make(*mv);
            let ok = !self.in_check(side);
            self.unmake();
            return ok;
        }
        if mv.mover.is_royal(R::KINDS)
            && self.is_plain(mv)
            && !self.rules.leaves_holes()
            && self.royal_squares(side) == Bitboard::from_square(mv.from)
            && !self.board.kinds_present().intersects(R::BORROWING)
        {
            // the only royal unit steps: is its arrival observed once it has left?
            let lifted = self.board.lift(mv.from);
            let ok = !self.observes(mv.to, side.opponent());
            self.board.set_down(mv.from, lifted);
            return ok;
        }
        self.place::<false>(mv);
        let ok = !self.in_check(side);
        self.unplace::<false>(mv);
        ok
    }

    /// Whether `mv` is a plain move: a unit of the side to move that stays one, and no
    /// effect but the principal movement and its capture on the arrival square.
    #[inline(always)]
    fn is_plain(&self, mv: &Move) -> bool {
        !matches!(mv.kind, MoveKind::Exchange { .. })
            && mv.mover.owner != Owner::Neutral
            && mv.recolour.is_none()
            && mv.capture_at == mv.to
            && mv.promotion.is_none()
            && mv.extras().next().is_none()
    }

    /// A filter for [`Position::gives_check`]: the opponent's royal squares, and the
    /// squares where a change could open or close a line of the side to move onto them.
    /// `None` when a condition filters observation (then every move must be tried).
    pub fn check_filter(&self) -> Option<(Bitboard, Bitboard)> {
        if self.rules.has_observation_filter() {
            return None;
        }
        let other = self.side.opponent();
        let royals = self.royal_squares(other);
        let mut lines = Bitboard::EMPTY;
        for sq in royals {
            lines |= self.rules.influence(self, sq, self.side);
        }
        Some((royals, lines))
    }

    /// Whether `mv` may check, by the filter of [`Position::check_filter`]: false only
    /// when it cannot (a plain move by a unit of the side to move, touching no line
    /// onto a royal square and arriving where its kind cannot observe one).
    #[inline]
    pub fn may_check(&self, mv: &Move, filter: Option<(Bitboard, Bitboard)>) -> bool {
        let Some((royals, lines)) = filter else {
            return true;
        };
        // (an exchange moves a unit of the other side too, a royal one maybe)
        if mv.mover.owner == Owner::Neutral
            || mv.recolour.is_some()
            || matches!(mv.kind, MoveKind::Exchange { .. })
            || lines.contains(mv.from)
            || lines.contains(mv.to)
            || lines.contains(mv.capture_at)
        {
            return true;
        }
        let observes_from = |kind: Kind, at: Square| {
            royals
                .into_iter()
                .any(|r| self.rules.reach(kind, r, self.side).contains(at))
        };
        // an extra effect off the lines may check only by a unit of the side to move
        // appearing where it observes a royal square (a royal unit appearing is a check
        // of its own)
        let effect_may_check = |effect: &Effect| match *effect {
            Effect::Remove { at, .. } => lines.contains(at),
            Effect::Add { at, piece } => {
                lines.contains(at)
                    || piece.owner == Owner::Neutral
                    || piece.is_royal(R::KINDS)
                    || (piece.owner == self.side.owner() && observes_from(piece.kind, at))
            }
            Effect::Promote { .. }
            | Effect::Recolour { .. }
            | Effect::RecolourAll { .. }
            | Effect::Swap { .. } => true,
        };
        mv.extras().any(effect_may_check) || observes_from(mv.arriving().kind, mv.to)
    }

    /// Whether the pseudo-legal `mv` would leave the opponent's royal units observed
    /// (whether it checks, legal or not): on the board alone when no condition filters
    /// observation, else with the move made in full.
    #[inline]
    pub fn gives_check(&mut self, mv: &Move) -> bool {
        let other = self.side.opponent();
        if self.rules.has_observation_filter() {
            self.make(*mv);
            let check = self.in_check(other);
            self.unmake();
            return check;
        }
        self.place::<false>(mv);
        let check = self.in_check(other);
        self.unplace::<false>(mv);
        check
    }

    /// The board part of making `mv`: the principal movement, then the extra effects;
    /// the hash too when `HASH` (a trial undone at once leaves it alone).
    #[inline(always)]
    fn place<const HASH: bool>(&mut self, mv: &Move) {
        if mv.captured.is_some() {
            self.board.take_hashing::<HASH>(mv.capture_at);
        }
        if let MoveKind::Exchange { .. } = mv.kind {
            self.board.take_hashing::<HASH>(mv.to);
        }
        // a castling's partner leaves first: the royal unit may arrive where it stood
        // (a partner that went to its corner first, under Anti-Mars Circe)
        let leaving = partner_leaving(mv);
        if let Some(at) = leaving {
            self.board.take_hashing::<HASH>(at);
        }
        self.board.take_hashing::<HASH>(mv.from);
        self.board.put_hashing::<HASH>(mv.to, mv.arriving());
        if let MoveKind::Exchange { other } = mv.kind {
            self.board.put_hashing::<HASH>(mv.from, other);
        }
        for effect in mv.extras().skip(usize::from(leaving.is_some())) {
            match *effect {
                Effect::Add { at, piece } => self.board.put_hashing::<HASH>(at, piece),
                Effect::Remove { at, .. } => {
                    self.board.take_hashing::<HASH>(at);
                }
                Effect::Promote { at, to, .. } | Effect::Recolour { at, to, .. } => {
                    self.board.take_hashing::<HASH>(at);
                    self.board.put_hashing::<HASH>(at, to);
                }
                Effect::RecolourAll { units } => self.turn_all::<HASH>(units),
                Effect::Swap { at, .. } => self.swap_units::<HASH>(at),
            }
        }
        if self.rules.leaves_holes() {
            for sq in departures(mv) {
                if self.board.is_empty(sq) {
                    self.board.make_hole::<HASH>(sq);
                }
            }
        }
    }

    /// The board part of unmaking `mv`: the exact reverse of [`Position::place`].
    #[inline(always)]
    fn unplace<const HASH: bool>(&mut self, mv: &Move) {
        // (a square a unit left held it before the move: a hole there is the move's)
        if self.rules.leaves_holes() {
            for sq in departures(mv) {
                if self.board.is_hole(sq) {
                    self.board.fill_hole::<HASH>(sq);
                }
            }
        }
        let leaving = partner_leaving(mv);
        let undone = mv.extras().count() - usize::from(leaving.is_some());
        for effect in mv.extras().rev().take(undone) {
            match *effect {
                Effect::Add { at, .. } => {
                    self.board.take_hashing::<HASH>(at);
                }
                Effect::Remove { at, piece, .. } => self.board.put_hashing::<HASH>(at, piece),
                Effect::Promote { at, from, .. } | Effect::Recolour { at, from, .. } => {
                    self.board.take_hashing::<HASH>(at);
                    self.board.put_hashing::<HASH>(at, from);
                }
                Effect::RecolourAll { units } => self.turn_all::<HASH>(units),
                Effect::Swap { at, .. } => self.swap_units::<HASH>(at),
            }
        }
        if let MoveKind::Exchange { .. } = mv.kind {
            self.board.take_hashing::<HASH>(mv.from);
        }
        self.board.take_hashing::<HASH>(mv.to);
        self.board.put_hashing::<HASH>(mv.from, mv.mover);
        if let (Some(at), Some(Effect::Remove { piece, .. })) = (leaving, mv.extras().next()) {
            self.board.put_hashing::<HASH>(at, *piece);
        }
        if let Some(captured) = mv.captured {
            self.board.put_hashing::<HASH>(mv.capture_at, captured);
        }
        if let MoveKind::Exchange { other } = mv.kind {
            self.board.put_hashing::<HASH>(mv.to, other);
        }
    }

    /// The units on the two squares change places (an involution: making and unmaking
    /// it are the same).
    #[inline(always)]
    fn swap_units<const HASH: bool>(&mut self, [a, b]: [Square; 2]) {
        let first = self.board.take_hashing::<HASH>(a);
        let second = self.board.take_hashing::<HASH>(b);
        self.board.put_hashing::<HASH>(a, second);
        self.board.put_hashing::<HASH>(b, first);
    }

    /// Every unit on the squares of `units` passes to the other side (its own inverse).
    #[inline]
    fn turn_all<const HASH: bool>(&mut self, units: Turned) {
        for (sq, _) in units.iter() {
            self.turn::<HASH>(sq);
        }
    }

    /// The unit on `sq` passes to the other side (a neutral one stays neutral).
    #[inline]
    fn turn<const HASH: bool>(&mut self, sq: Square) {
        let unit = self.board.take_hashing::<HASH>(sq);
        self.board.put_hashing::<HASH>(sq, unit.swapped());
    }

    /// Plays `mv` (which must come from this position's generator).
    pub fn make(&mut self, mv: Move) {
        self.undo.push(Undo {
            castling: self.castling,
            ep: self.ep,
        });
        let mut castling = self.castling.touched(mv.from).touched(mv.to);
        if mv.captured.is_some() {
            castling = castling.touched(mv.capture_at);
        }
        for effect in mv.extras() {
            match *effect {
                Effect::Add { at, piece } => castling = self.regain_castling(castling, at, piece),
                Effect::Remove { at, .. } => castling = castling.touched(at),
                Effect::Swap { at: [a, b], .. } => castling = castling.touched(a).touched(b),
                Effect::Promote { .. } | Effect::Recolour { .. } | Effect::RecolourAll { .. } => {}
            }
        }
        if let MoveKind::CastleShort | MoveKind::CastleLong = mv.kind {
            let used = Castling::partner(self.side, mv.kind == MoveKind::CastleShort);
            castling.0 &= !self.exclusive[used.trailing_zeros() as usize];
        }
        self.place::<true>(&mv);
        self.castling = castling;
        self.ep = match mv.kind {
            // (a step made from the square the pawn went to first starts there; the unit
            // taken is the pawn where the move's effects left it, none if it vanished)
            MoveKind::DoubleStep { passed } => stands_after(&mv).map(|victim| EnPassant {
                victim,
                ..EnPassant::passing(mv.via.unwrap_or(mv.from), passed, mv.to)
            }),
            _ => None,
        };
        self.record.push(Some(self.side));
        self.side = self.side.opponent();
        self.history.push(mv);
    }

    /// A castling partner put on its corner, its royal unit unmoved, castles again; a
    /// royal unit put on its home square (e1, e8) too, with the partners on their
    /// corners that kept their right.
    #[inline]
    fn regain_castling(&self, castling: Castling, at: Square, piece: Piece) -> Castling {
        let info = &R::KINDS[piece.kind.index()];
        if info.royal {
            return match [Side::White, Side::Black]
                .into_iter()
                .find(|s| piece.owner == s.owner())
            {
                Some(side) if Some(at) == Square::from_coords(4, side.relative_rank(0)) => {
                    Castling(castling.0 | Castling::bits(side, Castling::ROYAL))
                }
                _ => castling,
            };
        }
        if !info.castling_partner {
            return castling;
        }
        let mut c = castling;
        for side in [Side::White, Side::Black] {
            if piece.owner != side.owner() {
                continue;
            }
            let royal_bit = Castling::bits(side, Castling::ROYAL);
            if c.0 & royal_bit == 0 {
                continue;
            }
            if at == Square::from_coords(7, side.relative_rank(0)).expect("corner") {
                c.0 |= Castling::bits(side, Castling::SHORT);
            } else if at == Square::from_coords(0, side.relative_rank(0)).expect("corner") {
                c.0 |= Castling::bits(side, Castling::LONG);
            }
        }
        c
    }

    /// Takes back the last move made.
    pub fn unmake(&mut self) {
        let mv = self.history.pop().expect("unmake without a move");
        self.record.pop();
        let undo = self.undo.pop().expect("undo record");
        self.unplace::<true>(&mv);
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.side = self.side.opponent();
    }

    /// Whether the side to move is checkmated (in check, no legal move).
    pub fn is_mate(&mut self, scratch: &mut MoveList) -> bool {
        self.in_check(self.side) && {
            self.legal_moves(scratch);
            scratch.is_empty()
        }
    }

    /// Whether the side to move is stalemated (not in check, no legal move).
    pub fn is_stalemate(&mut self, scratch: &mut MoveList) -> bool {
        !self.in_check(self.side) && {
            self.legal_moves(scratch);
            scratch.is_empty()
        }
    }
}

/// The squares units leave by moving in `mv`: its departure, the castling partner's, and
/// the square of a pawn taken en passant (which the reference counts as left too).
/// The square a castling's partner leaves, its first extra effect, which [`Position`]
/// makes before the royal unit moves; `None` for any other move.
fn partner_leaving(mv: &Move) -> Option<Square> {
    if !matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong) {
        return None;
    }
    match mv.extras().next() {
        Some(Effect::Remove { at, .. }) => Some(*at),
        _ => None,
    }
}

fn departures(mv: &Move) -> impl Iterator<Item = Square> {
    let partner = mv.partner().map(|(from, _)| from);
    let ep = (mv.kind == MoveKind::EnPassant).then_some(mv.capture_at);
    std::iter::once(mv.from).chain(partner).chain(ep)
}

/// Adds to `mv` the change of `unit`, standing on `at`, to the other side (White and
/// Black change places, a neutral unit stays neutral); false when the move has no room
/// left for it.
pub(crate) fn recolour(mv: &mut Move, at: Square, unit: Piece, apart: bool) -> bool {
    Effect::side_change(at, unit, apart).is_none_or(|e| mv.add_effect(e))
}

impl<R: RuleSet> Position<R> {
    /// The side to move passes (a null move, for series play and threats). Undone by
    /// [`Position::unpass`].
    pub fn pass(&mut self) {
        self.undo.push(Undo {
            castling: self.castling,
            ep: self.ep,
        });
        self.ep = None;
        self.record.push(None);
        self.side = self.side.opponent();
    }

    /// Takes back a [`Position::pass`].
    pub fn unpass(&mut self) {
        let undo = self.undo.pop().expect("unpass without a pass");
        self.record.pop();
        self.ep = undo.ep;
        self.side = self.side.opponent();
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&mut self, scratch: &mut MoveList) -> bool {
        if self.rules.has_selection() {
            self.legal_moves(scratch);
            return !scratch.is_empty();
        }
        self.pseudo_moves(scratch);
        let quiet = self.quiet_squares();
        // in check, a step of the royal unit is the likeliest way out: those first
        let in_check = self.in_check(self.side);
        let mut legal = |mv: &Move| self.keeps_royals_safe(mv, quiet) || self.is_legal(mv);
        if in_check {
            let royal = |mv: &&Move| mv.mover.is_royal(R::KINDS);
            return scratch.iter().filter(royal).any(&mut legal)
                || scratch.iter().filter(|m| !royal(m)).any(legal);
        }
        scratch.iter().any(legal)
    }
}

/// Gives the move `out[i]` the `effects`; removes it when it has no room left for them.
/// How far the reading goes on: 1, or 0 when the move went.
fn add_or_remove(out: &mut MoveList, i: usize, effects: [Option<Effect>; 3]) -> usize {
    if effects.iter().flatten().all(|&e| out[i].add_effect(e)) {
        1
    } else {
        out.remove(i);
        0
    }
}

/// Replaces `out[i]` by the moves `push` makes, in its place (pushed at the end, then
/// turned into place: no list allocated); how many there are.
fn replace_in_place(out: &mut MoveList, i: usize, push: impl FnOnce(&mut MoveList)) -> usize {
    out[i..].rotate_left(1);
    out.pop();
    let before = out.len();
    push(out);
    let made = out.len() - before;
    out[i..].rotate_right(made);
    made
}

/// Where the unit that made `mv` stands once its effects are done: its arrival square,
/// or the square an effect moved it to (Wormholes); `None` when it left the board.
fn stands_after(mv: &Move) -> Option<Square> {
    let unit = mv.arriving();
    let mut at = Some(mv.to);
    for effect in mv.extras() {
        match *effect {
            Effect::Remove { at: from, .. } if at == Some(from) => at = None,
            Effect::Add { at: to, piece } if at.is_none() && piece == unit => at = Some(to),
            _ => {}
        }
    }
    at
}
