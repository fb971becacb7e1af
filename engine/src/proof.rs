//! Proof games: play that must arrive at a given diagram (`dia`: from the game array,
//! `ser-dia`: White alone), and the bound that makes their search feasible.
//!
//! A proof game's tree is every game of its length, far too many to walk; almost all of
//! them stray from the diagram early. [`ProofBound`] counts, for each side, the fewest
//! moves it still needs to arrive, and the search cuts a line once one side needs more
//! than it has left. The count is a relaxation, so it never cuts a line that arrives:
//! - each unit of the diagram not yet standing on its square needs one of the side's
//!   units to get there: at least the fewest moves, on an empty board, of the nearest
//!   unit of its kind (or of a pawn that promotes to it), the distances coming from the
//!   rule set's [`span`](crate::rules::RuleSet::span) tables as for the goal bound;
//!   a castling may move two units at once, so a side that may castle gets two back;
//! - each unit of the other side beyond the diagram's count must be captured, one move
//!   of the side each;
//! - a side cannot gain units, and each unit of a kind beyond the count on the board
//!   must come from a pawn of the side that is not in the diagram.
//!
//! It holds for the rules alone: a problem with a condition, or neutral units, gets no
//! bound (a rebirth puts units on squares without a move).

use crate::board::Board;
use crate::bound::{Reach, FAR};
use crate::piece::{Kind, Owner, Piece, Side};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::square::Square;

/// The fewest moves each side needs to arrive at the diagram.
pub struct ProofBound {
    /// The diagram's units of each side (by [`Side::index`]).
    wanted: [Vec<(Square, Piece)>; 2],
    /// By `kind * 2 + side`, built when first needed.
    reach: Vec<Option<Box<Reach>>>,
    /// The kinds a pawn may promote to.
    promotions: Vec<Kind>,
}

impl ProofBound {
    /// The bound for arriving at `target` from `pos`, or `None` when it does not hold
    /// there (conditions, neutral units).
    pub fn new<R: RuleSet>(pos: &Position<R>, target: &Board) -> Option<Self> {
        let neutral =
            |b: &Board| b.owned(Owner::Neutral).non_empty() || b.half_neutral().non_empty();
        if pos.rules().has_conditions() || neutral(pos.board()) || neutral(target) {
            return None;
        }
        let units = |side: Side| {
            target
                .owned(side.owner())
                .into_iter()
                .map(|sq| (sq, target.unit(sq)))
                .collect::<Vec<_>>()
        };
        Some(ProofBound {
            wanted: [units(Side::White), units(Side::Black)],
            reach: (0..R::KINDS.len() * 2).map(|_| None).collect(),
            promotions: pos.promotions().to_vec(),
        })
    }

    fn reach<R: RuleSet>(&mut self, rules: &R, kind: Kind, side: Side) -> &Reach {
        let slot = &mut self.reach[kind.index() * 2 + side.index()];
        slot.get_or_insert_with(|| Box::new(Reach::new(rules, kind, side)))
    }

    /// Whether the diagram is out of reach from `pos` when the side to move has at most
    /// `mover_moves` moves left and the other side `other_moves`.
    pub fn out_of_reach<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        mover_moves: u32,
        other_moves: u32,
    ) -> bool {
        let mover = pos.side();
        self.needed(pos, mover) > mover_moves || self.needed(pos, mover.opponent()) > other_moves
    }

    /// The fewest moves `side` needs to arrive at the diagram from `pos` (`u32::MAX`
    /// when it never can).
    pub fn needed<R: RuleSet>(&mut self, pos: &Position<R>, side: Side) -> u32 {
        const NEVER: u32 = u32::MAX;
        let board = pos.board();
        let rules = pos.rules();
        let (own, other) = (side.owner(), side.opponent().owner());
        // the units: no side gains any, and kinds beyond the board's come from pawns
        let wanted_other = self.wanted[side.opponent().index()].len() as u32;
        let have_other = board.owned(other).count();
        if wanted_other > have_other
            || self.wanted[side.index()].len() as u32 > board.owned(own).count()
        {
            return NEVER;
        }
        let mut counts = [0i32; 64];
        for sq in board.owned(own) {
            counts[board.unit(sq).kind.index()] += 1;
        }
        for (_, p) in &self.wanted[side.index()] {
            counts[p.kind.index()] -= 1;
        }
        let (mut spare_pawns, mut promoted) = (0, 0);
        for (k, &c) in counts.iter().enumerate().take(R::KINDS.len()) {
            if R::KINDS[k].pawn {
                if c < 0 {
                    return NEVER;
                }
                spare_pawns += c;
            } else if c < 0 {
                promoted -= c;
            }
        }
        if promoted > spare_pawns {
            return NEVER;
        }
        // the moves to bring a unit onto each square of the diagram
        let mut total = 0u32;
        for i in 0..self.wanted[side.index()].len() {
            let (to, want) = self.wanted[side.index()][i];
            if board.get(to) == Some(want) {
                continue;
            }
            let mut best = u32::from(FAR);
            for from in board.owned(own) {
                let have = board.unit(from).kind;
                let d = if have == want.kind {
                    self.reach(rules, have, side).dist[from.index()][to.index()]
                } else if R::KINDS[have.index()].pawn && self.promotions.contains(&want.kind) {
                    let on_last = to.rank() == side.relative_rank(7);
                    let p = self.reach(rules, have, side).promotion[from.index()];
                    p.saturating_add(u8::from(!on_last))
                } else {
                    FAR
                };
                best = best.min(u32::from(d));
            }
            if best >= u32::from(FAR) {
                return NEVER;
            }
            total += best;
        }
        let castling = pos.castling();
        if castling.short(side) || castling.long(side) {
            total = total.saturating_sub(2);
        }
        total.max(have_other - wanted_other)
    }
}
