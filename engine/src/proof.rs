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

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::bound::{Reach, FAR};
use crate::piece::{Kind, Owner, Piece, Side};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::square::Square;

/// The fewest moves each side needs to arrive at the diagram.
pub struct ProofBound {
    /// The diagram's units of each side (by [`Side::index`]), by kind: each kind and
    /// its squares.
    groups: [Vec<(Kind, Vec<Square>)>; 2],
    /// How many units each side has in the diagram.
    counts: [u32; 2],
    /// The kinds that are pawns.
    pawn_kinds: Vec<Kind>,
    /// By `kind * 2 + side`: see [`ProofBound::reach`].
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
        let groups = |side: Side| {
            let mut groups: Vec<(Kind, Vec<Square>)> = Vec::new();
            for sq in target.owned(side.owner()) {
                let p = target.unit(sq);
                match groups.iter_mut().find(|(k, _)| *k == p.kind) {
                    Some((_, squares)) => squares.push(sq),
                    None => groups.push((p.kind, vec![sq])),
                }
            }
            groups
        };
        let board = pos.board();
        let mut reach: Vec<Option<Box<Reach>>> = (0..R::KINDS.len() * 2).map(|_| None).collect();
        for (k, info) in R::KINDS.iter().enumerate() {
            let kind = Kind(k as u8);
            let on_board = board.of_kind(kind).non_empty();
            if on_board || (pos.promotions().contains(&kind) && !info.pawn) {
                for side in [Side::White, Side::Black] {
                    reach[k * 2 + side.index()] =
                        Some(Box::new(Reach::new(pos.rules(), kind, side)));
                }
            }
        }
        let count = |side: Side| target.owned(side.owner()).count();
        Some(ProofBound {
            groups: [groups(Side::White), groups(Side::Black)],
            counts: [count(Side::White), count(Side::Black)],
            pawn_kinds: (0..R::KINDS.len())
                .filter(|&k| R::KINDS[k].pawn)
                .map(|k| Kind(k as u8))
                .collect(),
            reach,
            promotions: pos.promotions().to_vec(),
        })
    }

    /// The distances of `kind` for `side`: built for every kind on the board and every
    /// promotion kind, the only kinds a side can have.
    fn reach(&self, kind: Kind, side: Side) -> Option<&Reach> {
        self.reach[kind.index() * 2 + side.index()].as_deref()
    }

    /// Whether the diagram is out of reach from `pos` when the side to move has at most
    /// `mover_moves` moves left and the other side `other_moves`.
    pub fn out_of_reach<R: RuleSet>(
        &self,
        pos: &Position<R>,
        mover_moves: u32,
        other_moves: u32,
    ) -> bool {
        let mover = pos.side();
        self.needed(pos, mover) > mover_moves || self.needed(pos, mover.opponent()) > other_moves
    }

    /// The fewest moves `side` needs to arrive at the diagram from `pos` (`u32::MAX`
    /// when it never can).
    pub fn needed<R: RuleSet>(&self, pos: &Position<R>, side: Side) -> u32 {
        const NEVER: u32 = u32::MAX;
        let board = pos.board();
        let (own, other) = (side.owner(), side.opponent().owner());
        // the units: no side gains any, and kinds beyond the board's come from pawns
        let wanted_other = self.counts[side.opponent().index()];
        let have_other = board.owned(other).count();
        if wanted_other > have_other || self.counts[side.index()] > board.owned(own).count() {
            return NEVER;
        }
        let pawns = board.owned(own)
            & self
                .pawn_kinds
                .iter()
                .fold(Bitboard::EMPTY, |b, &k| b | board.of_kind(k));
        let (mut spare_pawns, mut promoted) = (pawns.count() as usize, 0);
        for (kind, squares) in &self.groups[side.index()] {
            let have = (board.of_kind(*kind) & board.owned(own)).count() as usize;
            if R::KINDS[kind.index()].pawn {
                if squares.len() > have {
                    return NEVER;
                }
                spare_pawns -= squares.len();
            } else {
                promoted += squares.len().saturating_sub(have);
            }
        }
        if promoted > spare_pawns {
            return NEVER;
        }
        // the moves to bring a unit onto each square of the diagram, each unit serving
        // one square at most: the cheapest assignment over the kinds with a square not
        // yet served (the other kinds' units stay where they are, at no cost; a pawn
        // among them may still serve a promotion, which keeps it a lower bound)
        let mut rows = [(Square::new(0), Kind(0)); 16];
        let mut n = 0;
        let mut sources = Bitboard::EMPTY;
        for (kind, squares) in &self.groups[side.index()] {
            let want = Piece::new(*kind, own);
            if squares.iter().all(|&t| board.get(t) == Some(want)) {
                continue;
            }
            for &t in squares {
                if n == rows.len() {
                    // more than sixteen squares: no assignment, the captures alone bound
                    return have_other - wanted_other;
                }
                rows[n] = (t, *kind);
                n += 1;
            }
            sources |= board.of_kind(*kind) & board.owned(own);
            if !R::KINDS[kind.index()].pawn && self.promotions.contains(kind) {
                sources |= pawns;
            }
        }
        let rows = &rows[..n];
        let cols = sources.count() as usize;
        if rows.len() > cols {
            return NEVER;
        }
        let mut total = 0;
        if !rows.is_empty() && cols <= 16 {
            let mut cost = [[0u32; 16]; 16];
            // each row's cheapest column: when no two rows share theirs, that is the
            // assignment
            let mut least = [(u32::MAX, 0usize); 16];
            for (r, &(to, kind)) in rows.iter().enumerate() {
                let on_last = to.rank() == side.relative_rank(7);
                let promoted = self.promotions.contains(&kind);
                for (c, from) in sources.into_iter().enumerate() {
                    let have = board.unit(from).kind;
                    // (a kind without tables costs nothing: still a lower bound)
                    cost[r][c] = self.reach(have, side).map_or(0, |reach| {
                        u32::from(if have == kind {
                            reach.dist[from.index()][to.index()]
                        } else if promoted && R::KINDS[have.index()].pawn {
                            reach.promotion[from.index()].saturating_add(u8::from(!on_last))
                        } else {
                            FAR
                        })
                    });
                    if cost[r][c] < least[r].0 {
                        least[r] = (cost[r][c], c);
                    }
                }
            }
            let mut taken = 0u32;
            let distinct = least[..rows.len()].iter().all(|&(_, c)| {
                let fresh = taken & (1 << c) == 0;
                taken |= 1 << c;
                fresh
            });
            total = if distinct {
                least[..rows.len()].iter().map(|&(d, _)| d).sum()
            } else {
                cheapest_assignment(&cost, rows.len(), cols)
            };
            if total >= u32::from(FAR) {
                return NEVER;
            }
        }
        let castling = pos.castling();
        if castling.short(side) || castling.long(side) {
            total = total.saturating_sub(2);
        }
        total.max(have_other - wanted_other)
    }
}

/// The least total cost of giving each of the `rows` rows its own column among `cols`
/// (`rows <= cols`), by the Hungarian method with potentials.
fn cheapest_assignment(cost: &[[u32; 16]; 16], rows: usize, cols: usize) -> u32 {
    const INF: i64 = i64::MAX / 4;
    // 1-based as the method is usually written; column 0 is the free one
    let mut u = [0i64; 17];
    let mut v = [0i64; 17];
    let mut owner = [0usize; 17];
    let mut way = [0usize; 17];
    for row in 1..=rows {
        owner[0] = row;
        let mut col0 = 0;
        let mut least = [INF; 17];
        let mut used = [false; 17];
        loop {
            used[col0] = true;
            let r = owner[col0];
            let (mut delta, mut next) = (INF, 0);
            for c in 1..=cols {
                if !used[c] {
                    let reduced = i64::from(cost[r - 1][c - 1]) - u[r] - v[c];
                    if reduced < least[c] {
                        least[c] = reduced;
                        way[c] = col0;
                    }
                    if least[c] < delta {
                        delta = least[c];
                        next = c;
                    }
                }
            }
            for c in 0..=cols {
                if used[c] {
                    u[owner[c]] += delta;
                    v[c] -= delta;
                } else {
                    least[c] -= delta;
                }
            }
            col0 = next;
            if owner[col0] == 0 {
                break;
            }
        }
        loop {
            let prev = way[col0];
            owner[col0] = owner[prev];
            col0 = prev;
            if col0 == 0 {
                break;
            }
        }
    }
    (1..=cols)
        .filter(|&c| owner[c] != 0)
        .map(|c| cost[owner[c] - 1][c - 1])
        .sum()
}

#[cfg(test)]
mod tests {
    use super::cheapest_assignment;

    #[test]
    fn the_assignment_gives_each_row_its_own_column() {
        let mut cost = [[0u32; 16]; 16];
        // row 0 and row 1 both prefer column 0; the cheapest plan gives row 1 column 2
        cost[0][..3].copy_from_slice(&[1, 5, 9]);
        cost[1][..3].copy_from_slice(&[1, 7, 2]);
        assert_eq!(cheapest_assignment(&cost, 2, 3), 3);
        cost[2][..3].copy_from_slice(&[0, 4, 4]);
        // rows 0,1,2 → columns 1,2,0: 5 + 2 + 0
        assert_eq!(cheapest_assignment(&cost, 3, 3), 7);
    }
}
