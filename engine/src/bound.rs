//! A test that a mate or stalemate is still within reach of the moves left, for help and
//! series play: most of a helpmate's tree is positions from which the goal is already
//! out of reach, and this cuts them off before their moves are generated.
//!
//! The test asks whether some final square of the goal side's royal unit could be mated
//! (or stalemated) there when each side spends at most the moves it has left. It is a
//! relaxation, so it never cuts a line that reaches the goal:
//! - the royal unit needs at least its distance on an empty board to arrive (all
//!   distances come from the rule set's [`span`](RuleSet::span) tables, which hold every
//!   square a move could reach on some board);
//! - the mating side's units share its moves: a unit given `d` of them may end anywhere
//!   within distance `d` and observes, at most, what its kind observes from any of those
//!   squares on an empty board (everything, once a pawn can promote);
//! - every square the royal unit surely steps to from its final square
//!   ([`steps`](RuleSet::steps)) must be observed by the mating side or be occupied by a
//!   unit of the goal side; one that is neither now and cannot be observed needs a move
//!   of the goal side ending there, a different move for each such square;
//! - for mate, the final square is observed too.
//!
//! When the goal would be out of reach were the side to move to waste its move, only the
//! moves that can change a term of the test are tried ([`GoalBound::may_help`]).
//!
//! It holds for the rules alone: a problem with a condition, or neutral units, gets no
//! bound (a condition may forbid a move without the square being observed).

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::piece::{Kind, Owner, Side};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::square::Square;

/// A distance for "never".
pub(crate) const FAR: u8 = u8::MAX;

/// Beyond this many units in play for the mating side, only the rough test runs (each
/// unit everywhere it could be at once) instead of the search over their final squares.
const PLACED_UNITS: usize = 6;

/// What units of one kind, moved by one side, can reach and observe over several moves.
pub(crate) struct Reach {
    /// `dist[from][to]`: the fewest moves from `from` to `to` on the most favourable
    /// board ([`FAR`] when none).
    pub(crate) dist: Vec<[u8; 64]>,
    /// `guard[from][d]`: the squares observed from somewhere within `d` moves of `from`;
    /// the last entry holds for every larger `d`.
    guard: Vec<Vec<Bitboard>>,
    /// `within[from][d]`: the squares within `d` moves of `from` (last entry as above).
    within: Vec<Vec<Bitboard>>,
    /// `zone[from][d]`: those squares and the squares a unit on them surely steps to.
    zone: Vec<Vec<Bitboard>>,
    /// `observed[sq]`: the squares observed from `sq` on an empty board.
    observed: [Bitboard; 64],
    /// `promotion[from]`: the fewest moves to promote ([`FAR`] for a unit that does not).
    pub(crate) promotion: [u8; 64],
}

impl Reach {
    pub(crate) fn new<R: RuleSet>(rules: &R, kind: Kind, side: Side) -> Reach {
        let squares = || (0..64u8).map(Square::new);
        // the squares observed from each square on an empty board
        let mut observed = [Bitboard::EMPTY; 64];
        for target in squares() {
            for from in rules.reach(kind, target, side) {
                observed[from.index()].insert(target);
            }
        }
        let pawn = R::KINDS.get(kind.index()).is_some_and(|k| k.pawn);
        let last_rank = side.relative_rank(7);
        let mut dist = Vec::with_capacity(64);
        let mut guard = Vec::with_capacity(64);
        let mut within = Vec::with_capacity(64);
        let mut zone = Vec::with_capacity(64);
        let mut promotion = [FAR; 64];
        let zone_of = |sq: Square| rules.steps(kind, sq, side) | Bitboard::from_square(sq);
        for from in squares() {
            let mut d = [FAR; 64];
            d[from.index()] = 0;
            let mut layer = Bitboard::from_square(from);
            let mut seen = layer;
            let mut layers = vec![observed[from.index()]];
            let mut reached = vec![seen];
            let mut zones = vec![zone_of(from)];
            let mut promoted = false;
            let mut steps = 0u8;
            while layer.non_empty() {
                steps += 1;
                let mut next = Bitboard::EMPTY;
                for sq in layer {
                    next |= rules.span(kind, sq, side);
                }
                let next = next & !seen;
                seen |= next;
                let mut seen_now = *layers.last().unwrap_or(&Bitboard::EMPTY);
                let mut zone_now = *zones.last().unwrap_or(&Bitboard::EMPTY);
                for sq in next {
                    d[sq.index()] = steps;
                    zone_now |= zone_of(sq);
                    seen_now |= observed[sq.index()];
                    promoted |= pawn && sq.rank() == last_rank;
                }
                if promoted {
                    seen_now = Bitboard(u64::MAX);
                }
                layers.push(seen_now);
                reached.push(seen);
                zones.push(zone_now);
                layer = next;
                if promoted {
                    promotion[from.index()] = steps;
                    // a promoted unit may go on as another kind: one more move at least
                    for v in d.iter_mut().filter(|v| **v == FAR) {
                        *v = steps + 1;
                    }
                    break;
                }
            }
            dist.push(d);
            guard.push(layers);
            within.push(reached);
            zone.push(zones);
        }
        Reach {
            dist,
            guard,
            within,
            zone,
            observed,
            promotion,
        }
    }

    /// The squares a unit on `from` observes from somewhere within `d` moves.
    #[inline]
    fn guard(&self, from: Square, d: u32) -> Bitboard {
        let layers = &self.guard[from.index()];
        layers[(d as usize).min(layers.len() - 1)]
    }

    /// The squares within `d` moves of `from`.
    #[inline]
    fn within(&self, from: Square, d: u32) -> Bitboard {
        let layers = &self.within[from.index()];
        layers[(d as usize).min(layers.len() - 1)]
    }

    /// The squares within `d` moves of `from` and the squares surely stepped to from them.
    #[inline]
    fn zone(&self, from: Square, d: u32) -> Bitboard {
        let layers = &self.zone[from.index()];
        layers[(d as usize).min(layers.len() - 1)]
    }
}

/// The bound for one problem: which side is to be mated or stalemated, and the tables
/// of the kinds met so far.
pub struct GoalBound {
    /// The side whose royal unit the goal concerns.
    goal_side: Side,
    /// Mate (the final square observed) rather than stalemate.
    mate: bool,
    /// By `kind * 2 + side`, built when first needed.
    reach: Vec<Option<Box<Reach>>>,
    /// The mating side's units that matter, with their kinds (reused between calls).
    units: Vec<(Square, Kind)>,
}

impl GoalBound {
    /// The bound for a mate (`mate`) or stalemate of `goal_side` from `pos`, or `None`
    /// when it does not hold there (conditions, neutral units, not one royal unit).
    pub fn new<R: RuleSet>(pos: &Position<R>, goal_side: Side, mate: bool) -> Option<Self> {
        if !rules_alone(pos, goal_side) {
            return None;
        }
        Some(GoalBound {
            goal_side,
            mate,
            reach: (0..R::KINDS.len() * 2).map(|_| None).collect(),
            units: Vec::new(),
        })
    }

    fn reach<R: RuleSet>(&mut self, rules: &R, kind: Kind, side: Side) -> &Reach {
        let slot = &mut self.reach[kind.index() * 2 + side.index()];
        slot.get_or_insert_with(|| Box::new(Reach::new(rules, kind, side)))
    }

    /// Whether the goal could still be reached from `pos` when the mating side has at
    /// most `mating_moves` moves left and the goal side at most `goal_moves`. False
    /// means it surely cannot.
    pub fn within_reach<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        mating_moves: u32,
        goal_moves: u32,
    ) -> bool {
        let (goal, mating) = (self.goal_side, self.goal_side.opponent());
        let board = pos.board();
        let royal = pos.royal_squares(goal);
        let Some(home) = royal.first() else {
            return true;
        };
        if royal.count() != 1 {
            return true;
        }
        let mating_moves = mating_moves + castling_allowance(pos, mating);
        let goal_moves = goal_moves + castling_allowance(pos, goal);
        let rules = pos.rules();
        let royal_kind = board.unit(home).kind;
        let royal_reach = self.reach(rules, royal_kind, goal);
        let dist = royal_reach.dist[home.index()];
        // the final squares within reach, and the squares that decide their fate
        let finals = royal_reach.within(home, goal_moves);
        let region = royal_reach.zone(home, goal_moves);
        // the fewest moves for a unit of the goal side to stand on each square of the
        // region (0 where one stands), more than the moves left meaning never
        let mut block = [u8::MAX; 64];
        for sq in region {
            block[sq.index()] = goal_moves.min(254) as u8 + 1;
        }
        for from in board.owned(goal.owner()) & !royal {
            let reach = self.reach(rules, board.unit(from).kind, goal);
            let d = &reach.dist[from.index()];
            for sq in region {
                let b = &mut block[sq.index()];
                *b = (*b).min(d[sq.index()]);
            }
        }
        let mut units = std::mem::take(&mut self.units);
        units.clear();
        let mut all = Bitboard::EMPTY;
        for sq in board.owned(mating.owner()) {
            let kind = board.unit(sq).kind;
            let g = self.reach(rules, kind, mating).guard(sq, mating_moves);
            if (g & region).non_empty() {
                units.push((sq, kind));
                all |= g;
            }
        }
        let mate = self.mate;
        // first with every unit everywhere it could be at once: cheap, and often enough
        let candidates = if mate { finals & all } else { finals };
        let roughly = candidates.into_iter().any(|sq| {
            let mut need = u32::from(dist[sq.index()]);
            for f in rules.steps(royal_kind, sq, goal) & !all {
                need += u32::from(block[f.index()]);
            }
            need <= goal_moves
        });
        let ok = roughly
            && (units.len() > PLACED_UNITS || {
                let cover = Cover {
                    rules,
                    side: mating,
                    units: &units,
                    reach: &self.reach,
                    block: &block,
                };
                candidates.into_iter().any(|sq| {
                    let Some(left) = goal_moves.checked_sub(u32::from(dist[sq.index()])) else {
                        return false;
                    };
                    let mut need = rules.steps(royal_kind, sq, goal);
                    if mate {
                        need.insert(sq);
                    }
                    cover.covers(need, sq, 0, mating_moves, left)
                })
            });
        self.units = units;
        ok
    }

    /// What the bound says before the moves of a position are tried, `now` the moves
    /// left to the mating side and the goal side, `after` those left once a move is
    /// played.
    pub fn verdict<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        now: (u32, u32),
        after: (u32, u32),
    ) -> Verdict {
        if !self.within_reach(pos, now.0, now.1) {
            Verdict::OutOfReach
        } else if !self.within_reach(pos, after.0, after.1) {
            // out of reach were the move wasted: only moves that may help are tried
            Verdict::HelpingMovesOnly
        } else {
            Verdict::AnyMove
        }
    }

    /// Whether `mv` could bring the goal nearer, when the bound already says the goal is
    /// out of reach if the mover's side wasted this move (after it, the mating side has
    /// `mating_moves` left and the goal side `goal_moves`). Unless it moves the royal
    /// unit, promotes, castles or moves a pawn that may promote, a move helps only by
    /// bringing its unit nearer to a square that matters, within the moves its side
    /// has left: a square the goal side may have to stand on, or one from which the
    /// mating side observes such a square. Any other move leaves every term of the bound
    /// as it was or out of reach, so it is cut before it is made.
    pub fn may_help<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        mv: &Move,
        mating_moves: u32,
        goal_moves: u32,
    ) -> bool {
        if mv.mover.is_royal(R::KINDS) || mv.promotion.is_some() || mv.extras().next().is_some() {
            return true;
        }
        let goal = self.goal_side;
        let board = pos.board();
        let Some(home) = pos.royal_squares(goal).first() else {
            return true;
        };
        let rules = pos.rules();
        let royal_kind = board.unit(home).kind;
        let side = pos.side();
        let goal_moves = goal_moves + castling_allowance(pos, goal);
        let mating_moves = mating_moves + castling_allowance(pos, goal.opponent());
        let zone = self.reach(rules, royal_kind, goal).zone(home, goal_moves);
        let reach = self.reach(rules, mv.mover.kind, side);
        if reach.promotion[mv.from.index()] != FAR {
            // a pawn that may promote: anything may come of it
            return true;
        }
        let (from, to) = (&reach.dist[mv.from.index()], &reach.dist[mv.to.index()]);
        let nearer = |s: Square, budget: u32| {
            let d = to[s.index()];
            d < from[s.index()] && u32::from(d) <= budget
        };
        if side == goal {
            zone.into_iter().any(|f| nearer(f, goal_moves))
        } else {
            (0..64u8)
                .map(Square::new)
                .filter(|s| (reach.observed[s.index()] & zone).non_empty())
                .any(|s| nearer(s, mating_moves))
        }
    }
}

/// What the bound says of a position before its moves are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal is out of reach: nothing is worth trying.
    OutOfReach,
    /// The goal is within reach only if the move to play helps ([`GoalBound::may_help`]).
    HelpingMovesOnly,
    /// Any move may do.
    AnyMove,
}

/// Whether a goal's reach from `pos` follows from the moves of the units alone, as the
/// bound and intelligent mode's plans count it: no condition (which may forbid a move
/// without a square being observed), no neutral nor half-neutral unit, no unit royal by
/// attribute (a plan places kinds), one royal unit of `goal_side`.
pub(crate) fn rules_alone<R: RuleSet>(pos: &Position<R>, goal_side: Side) -> bool {
    let board = pos.board();
    !pos.rules().has_conditions()
        && board.owned(Owner::Neutral).is_empty()
        && board.half_neutral().is_empty()
        && board.royal_by_attribute().is_empty()
        && pos.royal_squares(goal_side).count() == 1
}

/// Castling moves two units in one move: one more move for a side that may castle.
pub(crate) fn castling_allowance<R: RuleSet>(pos: &Position<R>, side: Side) -> u32 {
    let castling = pos.castling();
    u32::from(castling.short(side) || castling.long(side))
}

/// The search for one final square: can the mating side's units, each ending on one
/// square within the moves left in all, observe every square still needed, the goal
/// side standing on the others within its moves left?
struct Cover<'a, R> {
    rules: &'a R,
    side: Side,
    units: &'a [(Square, Kind)],
    reach: &'a [Option<Box<Reach>>],
    block: &'a [u8; 64],
}

impl<R: RuleSet> Cover<'_, R> {
    /// Whether `need` can be settled by the units not in `placed` within `moves` (the
    /// mating side's) and `blocks` (the goal side's); `royal` (the final square, when
    /// in `need`) is settled first.
    fn covers(&self, need: Bitboard, royal: Square, placed: u32, moves: u32, blocks: u32) -> bool {
        let target = if need.contains(royal) {
            royal
        } else {
            match need.first() {
                Some(t) => t,
                None => return true,
            }
        };
        let mut rest = need;
        rest.remove(target);
        // a unit of the goal side stands there
        if target != royal {
            let b = u32::from(self.block[target.index()]);
            if b <= blocks && self.covers(rest, royal, placed, moves, blocks - b) {
                return true;
            }
        }
        // or a unit of the mating side ends where it observes it
        for (i, &(from, kind)) in self.units.iter().enumerate() {
            if placed & (1 << i) != 0 {
                continue;
            }
            let Some(reach) = self.reach[kind.index() * 2 + self.side.index()].as_deref() else {
                continue;
            };
            if u32::from(reach.promotion[from.index()]) <= moves {
                // a pawn that can promote may become anything, anywhere
                return true;
            }
            let spots = self.rules.reach(kind, target, self.side) & reach.within(from, moves);
            for spot in spots {
                let d = u32::from(reach.dist[from.index()][spot.index()]);
                let left = need & !reach.observed[spot.index()];
                if self.covers(left, royal, placed | (1 << i), moves - d, blocks) {
                    return true;
                }
            }
        }
        false
    }
}
