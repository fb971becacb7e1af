//! Intelligent help play (the option `Intelligent`): the final positions a help mate or
//! stalemate can end in, drawn up as plans before the search, and the moves each unit
//! still needs to reach its place in one plan during it.
//!
//! A plan is a small set of units of the diagram, each with the square (and kind, for a
//! pawn that promotes) it stands on at the end, such that these units alone, on an
//! otherwise empty board, already show the goal: the goal side's royal unit mated (or
//! stalemated) with the goal side to move. Plans are found by repair: start from the
//! royal unit on a square it can reach; while the board is not the goal, take one thing
//! wrong with it (no check, a check for a stalemate, a legal move of the goal side) and
//! try every unit not yet placed on every square where it could put that right, within
//! the moves its side has. A board that shows the goal and from which no unit can be
//! taken away without losing it is a plan.
//!
//! Why this finds every solution: the final position of a solution shows the goal, and
//! so does some smallest set of its units. A smaller set of those units that does not
//! show the goal has something wrong with it that one more unit of the set puts right
//! (fewer units only open lines and empty squares), so the repair reaches that set
//! along its own units. Each unit needs at least its distance on an empty board
//! ([`RuleSet::span`]) to reach its square, so the plan's moves fit the budget.
//!
//! A stalemate asks more: every unit of the goal side must end without a move. Each one
//! is accounted for in the plan, either placed (and the board repaired around it) or
//! taken by the mating side, which costs that side a move per unit taken.
//!
//! When drawing up the plans would take too long (too many repairs or plans), there are
//! none and the play is searched as without the option.
//!
//! The search then plays help play once, following all the plans ([`Following`]): it
//! cuts every position from which no plan's units can reach their squares in the moves
//! each side has left (or in which each plan lost one of them), and every move that
//! keeps no plan within reach.
//!
//! Repair looks for the units that could put a wrong right only where they could: on a
//! square a move crosses or arrives on, or from which a unit observes the royal unit.
//! That holds for units whose moves on an empty board only shrink as units are added (a
//! blocked line): leapers, riders, pawns, kings. Kinds whose moves grow with other
//! units (hoppers) get no plans ([`Plans::new`] says `None`), and help play searches as
//! it would without the option.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::bound::{castling_allowance, rules_alone, FAR};
use crate::moves::{Move, MoveList};
use crate::piece::{Kind, Piece, Side};
use crate::position::{Castling, Position};
use crate::rules::RuleSet;
use crate::square::Square;

/// Unit number for an empty square in [`Tracker`].
const NONE: u8 = u8::MAX;

/// Past this many plans, or repairs tried, intelligent mode gives way to the plain search.
const MAX_PLANS: usize = 200_000;
const MAX_REPAIRS: usize = 3_000_000;

/// One unit of the position the search starts from.
#[derive(Clone, Copy, Debug)]
struct Unit {
    side: Side,
    kind: Kind,
    from: Square,
}

/// A unit of a plan: unit number `unit` ends on `at` as a `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Place {
    unit: u8,
    kind: Kind,
    at: Square,
}

/// A final picture: where some units of the diagram end.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    places: Vec<Place>,
    /// The units of `places`, by number.
    mask: u64,
    /// The moves each side's units need at least to reach their places.
    cost: [u32; 2],
    /// By place: its distances in [`Plans::targets`].
    targets: Vec<u32>,
    /// For a stalemate: the goal side's units the plan has taken (by the mating side).
    taken: u64,
}

/// Distances on an empty board, by kind and side, built as needed.
struct Distances {
    /// `[kind * 2 + side]`: `d[from][to]` the fewest moves ([`FAR`]: never); a pawn stops
    /// on its last rank.
    plain: Vec<Option<Box<[[u8; 64]; 64]>>>,
    /// `[(pawn kind * 2 + side) * kinds + promoted kind]`: the fewest moves for a pawn to
    /// arrive as the promoted kind.
    promoted: Vec<Option<Box<[[u8; 64]; 64]>>>,
    /// `[kind * 2 + side]`: `b[from][to]` the squares whose occupation takes the move
    /// `from`-`to` away from a lone unit.
    blockers: Vec<Option<Box<[[Bitboard; 64]; 64]>>>,
    kinds: usize,
}

impl Distances {
    fn new(kinds: usize) -> Distances {
        Distances {
            plain: vec![None; kinds * 2],
            promoted: vec![None; kinds * kinds * 2],
            blockers: vec![None; kinds * 2],
            kinds,
        }
    }

    fn plain<R: RuleSet>(&mut self, rules: &R, kind: Kind, side: Side) -> &[[u8; 64]; 64] {
        self.plain[kind.index() * 2 + side.index()].get_or_insert_with(|| {
            let pawn = R::KINDS[kind.index()].pawn;
            let last = side.relative_rank(7);
            let mut d = Box::new([[FAR; 64]; 64]);
            for from in 0..64u8 {
                let row = &mut d[from as usize];
                row[from as usize] = 0;
                let mut layer = Bitboard::from_square(Square::new(from));
                let mut seen = layer;
                let mut steps = 0u8;
                while layer.non_empty() {
                    steps += 1;
                    let mut next = Bitboard::EMPTY;
                    for sq in layer {
                        if pawn && sq.rank() == last {
                            continue;
                        }
                        next |= rules.span(kind, sq, side);
                    }
                    let next = next & !seen;
                    seen |= next;
                    for sq in next {
                        row[sq.index()] = steps;
                    }
                    layer = next;
                }
            }
            d
        })
    }

    fn promoted<R: RuleSet>(
        &mut self,
        rules: &R,
        pawn: Kind,
        side: Side,
        kind: Kind,
    ) -> &[[u8; 64]; 64] {
        let slot = (pawn.index() * 2 + side.index()) * self.kinds + kind.index();
        if self.promoted[slot].is_none() {
            let p = *self.plain(rules, pawn, side);
            let k = *self.plain(rules, kind, side);
            let last = side.relative_rank(7);
            let mut d = Box::new([[FAR; 64]; 64]);
            for from in 0..64 {
                for q in (0..64u8).map(Square::new).filter(|q| q.rank() == last) {
                    let a = p[from][q.index()];
                    if a == FAR {
                        continue;
                    }
                    for to in 0..64 {
                        let b = k[q.index()][to];
                        if b != FAR {
                            let v = a.saturating_add(b).min(FAR - 1);
                            d[from][to] = d[from][to].min(v);
                        }
                    }
                }
            }
            self.promoted[slot] = Some(d);
        }
        self.promoted[slot].as_deref().expect("built")
    }

    /// The fewest moves for a unit now a `now` to end as a `kind`, from and to every
    /// square; `None` when it cannot become one.
    fn table<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        side: Side,
        now: Kind,
        kind: Kind,
    ) -> Option<&[[u8; 64]; 64]> {
        let rules = pos.rules();
        if now == kind {
            Some(self.plain(rules, kind, side))
        } else if R::KINDS[now.index()].pawn && pos.promotions_of(now).contains(&kind) {
            Some(self.promoted(rules, now, side, kind))
        } else {
            None
        }
    }

    /// The fewest moves for a unit now a `now` on `from` to end on `to` as a `kind`.
    fn cost<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        side: Side,
        now: Kind,
        from: Square,
        kind: Kind,
        to: Square,
    ) -> u8 {
        self.table(pos, side, now, kind)
            .map_or(FAR, |t| t[from.index()][to.index()])
    }

    /// [`Distances::cost`] from `from` to every square.
    fn row<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        side: Side,
        now: Kind,
        from: Square,
        kind: Kind,
    ) -> [u8; 64] {
        self.table(pos, side, now, kind)
            .map_or([FAR; 64], |t| t[from.index()])
    }

    /// The blocking squares of a lone unit's moves, and whether the kind is plain: no
    /// unit added to the board gives it a move it did not have (other than taking it).
    fn blockers<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        kind: Kind,
        side: Side,
    ) -> Option<&[[Bitboard; 64]; 64]> {
        let slot = kind.index() * 2 + side.index();
        if self.blockers[slot].is_none() {
            let table = blocking_table(pos, kind, side)?;
            self.blockers[slot] = Some(table);
        }
        self.blockers[slot].as_deref()
    }
}

/// The destinations of a lone `piece` on `from` moved by `side`, with `other` on `at`.
fn destinations<R: RuleSet>(
    pos: &mut Position<R>,
    piece: Piece,
    from: Square,
    other: Option<(Square, Piece)>,
    list: &mut MoveList,
) -> Bitboard {
    let mut board = Board::empty();
    board.put(from, piece);
    if let Some((at, p)) = other {
        board.put(at, p);
    }
    *pos.board_mut() = board;
    list.clear();
    pos.pseudo_moves(list);
    let mut to = Bitboard::EMPTY;
    for mv in list.iter().filter(|m| m.from == from) {
        to.insert(mv.to);
    }
    to
}

/// An empty board under the rules and promotion choices of `pos`, `side` to move.
fn empty_like<R: RuleSet>(pos: &Position<R>, side: Side) -> Position<R> {
    let mut empty = Position::new(
        Board::empty(),
        side,
        Castling::NONE,
        None,
        pos.rules().clone(),
    );
    empty.set_promotions(pos.promotions().to_vec());
    empty
}

/// See [`Distances::blockers`]; `None` for a kind that is not plain.
fn blocking_table<R: RuleSet>(
    pos: &Position<R>,
    kind: Kind,
    side: Side,
) -> Option<Box<[[Bitboard; 64]; 64]>> {
    let mut scratch = empty_like(pos, side);
    let piece = Piece::new(kind, side.owner());
    let blocker = Piece::new(kind, side.opponent().owner());
    let mut list = MoveList::new();
    let mut table = Box::new([[Bitboard::EMPTY; 64]; 64]);
    let pawn = R::KINDS[kind.index()].pawn;
    for from in (0..64u8).map(Square::new) {
        if pawn && (from.rank() == side.relative_rank(7)) {
            continue;
        }
        let free = destinations(&mut scratch, piece, from, None, &mut list);
        for at in (0..64u8).map(Square::new).filter(|&s| s != from) {
            let now = destinations(&mut scratch, piece, from, Some((at, blocker)), &mut list);
            let mut gained = now & !free;
            gained.remove(at);
            if gained.non_empty() {
                return None;
            }
            for to in free & !now {
                table[from.index()][to.index()].insert(at);
            }
        }
    }
    Some(table)
}

/// The plans of one help play, and the distances to their places.
#[derive(Clone)]
pub(crate) struct Plans {
    units: Vec<Unit>,
    pub(crate) plans: Vec<Plan>,
    /// By place of some plan: the fewest moves to it from every square, for its unit
    /// still of its kind in the diagram (`[0]`) and for its unit already of the place's
    /// kind (`[1]`).
    targets: Vec<[[u8; 64]; 2]>,
    goal: Side,
    /// The castling allowance of each side in the diagram.
    castling: [u32; 2],
}

/// What is wrong with a board that should show the goal.
enum Wrong {
    /// Mate without check.
    NoCheck,
    /// Stalemate with check, from these squares.
    Check(Bitboard),
    /// A legal move of the goal side.
    Escape(Move),
    /// The mating side's royal unit attacked (its last move left it so), from these
    /// squares.
    Exposed(Bitboard),
}

/// The search for plans.
struct Repair<'a, R: RuleSet> {
    units: &'a [Unit],
    dist: &'a mut Distances,
    pos: Position<R>,
    goal: Side,
    mate: bool,
    budget: [u32; 2],
    spent: [u32; 2],
    placed: Vec<Place>,
    used: u64,
    /// For a stalemate: the goal side's units to be taken.
    taken: u64,
    seen: HashSet<u64, BuildHasherDefault<Mixed>>,
    plans: Vec<Plan>,
    repairs: usize,
    /// Whether to give way at once (the time is up), asked every few repairs.
    stop: &'a dyn Fn() -> bool,
    list: MoveList,
    /// By unit: the kinds it may end as.
    becomings: Vec<Vec<Becoming>>,
    /// Scratch room for [`Repair::choose`].
    choices: Vec<(u8, u8, Bitboard)>,
}

/// A kind a unit may end as (its own, or one it promotes to), and where it can stand
/// as one within so many moves.
struct Becoming {
    kind: Kind,
    /// By square, the fewest moves.
    cost: [u8; 64],
    /// `within[n]`: the squares (where the kind may stand) it can reach in `n` moves or
    /// fewer, up to its side's budget.
    within: Vec<Bitboard>,
}

impl Plans {
    /// The plans for a mate (`mate`) or stalemate of `goal` from `root` with the moves
    /// each side has, or `None` when intelligent mode does not apply or gives way (also
    /// when `stop`, asked now and then, says the time is up).
    pub(crate) fn new<R: RuleSet>(
        root: &Position<R>,
        goal: Side,
        mate: bool,
        (mating_moves, goal_moves): (u32, u32),
        stop: &dyn Fn() -> bool,
    ) -> Option<Plans> {
        if !rules_alone(root, goal) {
            return None;
        }
        let board = root.board();
        let units: Vec<Unit> = board
            .units()
            .into_iter()
            .map(|sq| {
                let p = board.unit(sq);
                let side = if p.owner == Side::White.owner() {
                    Side::White
                } else {
                    Side::Black
                };
                Unit {
                    side,
                    kind: p.kind,
                    from: sq,
                }
            })
            .collect();
        if units.len() > 64 {
            return None;
        }
        let mut dist = Distances::new(R::KINDS.len());
        // every kind that may take part must be plain
        for u in &units {
            dist.blockers(root, u.kind, u.side)?;
            if R::KINDS[u.kind.index()].pawn {
                for &k in root.promotions_of(u.kind) {
                    dist.blockers(root, k, u.side)?;
                }
            }
        }
        let mut castling = [0; 2];
        for side in [Side::White, Side::Black] {
            castling[side.index()] = castling_allowance(root, side);
        }
        let mut budget = castling;
        budget[goal.index()] += goal_moves;
        budget[goal.opponent().index()] += mating_moves;
        let pos = empty_like(root, goal);
        let becomings = units
            .iter()
            .map(|u| {
                let mut kinds = vec![u.kind];
                if R::KINDS[u.kind.index()].pawn {
                    kinds.extend_from_slice(root.promotions_of(u.kind));
                }
                kinds
                    .into_iter()
                    .map(|kind| {
                        let cost = dist.row(root, u.side, u.kind, u.from, kind);
                        let pawn = R::KINDS[kind.index()].pawn;
                        let within = (0..=budget[u.side.index()])
                            .map(|n| {
                                (0..64u8)
                                    .map(Square::new)
                                    .fold(Bitboard::EMPTY, |mut b, sq| {
                                        let c = cost[sq.index()];
                                        if c != FAR
                                            && u32::from(c) <= n
                                            && !(pawn && (sq.rank() == 0 || sq.rank() == 7))
                                        {
                                            b.insert(sq);
                                        }
                                        b
                                    })
                            })
                            .collect();
                        Becoming { kind, cost, within }
                    })
                    .collect()
            })
            .collect();
        let mut repair = Repair {
            units: &units,
            dist: &mut dist,
            pos,
            goal,
            mate,
            budget,
            spent: [0; 2],
            placed: Vec::new(),
            used: 0,
            taken: 0,
            seen: HashSet::default(),
            plans: Vec::new(),
            repairs: 0,
            stop,
            list: MoveList::new(),
            becomings,
            choices: Vec::new(),
        };
        let home = root.royal_squares(goal).first()?;
        let royal = units.iter().position(|u| u.from == home)?;
        let kind = units[royal].kind;
        for k in (0..64u8).map(Square::new) {
            let c = repair.dist.cost(root, goal, kind, home, kind, k);
            if c == FAR || u32::from(c) > repair.budget[goal.index()] {
                continue;
            }
            let place = Place {
                unit: royal as u8,
                kind,
                at: k,
            };
            repair.add(place, c);
            let ok = repair.extend();
            repair.remove();
            if !ok {
                return None;
            }
        }
        let mut plans = repair.plans;
        let mut targets = Vec::new();
        let mut index: HashMap<Place, u32> = HashMap::new();
        for plan in &mut plans {
            for p in &plan.places {
                let t = *index.entry(*p).or_insert_with(|| {
                    let u = units[p.unit as usize];
                    let mut to = [[FAR; 64]; 2];
                    for (j, now) in [u.kind, p.kind].into_iter().enumerate() {
                        for sq in (0..64u8).map(Square::new) {
                            to[j][sq.index()] = dist.cost(root, u.side, now, sq, p.kind, p.at);
                        }
                    }
                    targets.push(to);
                    targets.len() as u32 - 1
                });
                plan.targets.push(t);
            }
        }
        Some(Plans {
            units,
            plans,
            targets,
            goal,
            castling,
        })
    }

    /// The plans that fit within `budget` (the moves of the mating side and of the goal
    /// side, no more than those they were drawn up for): the plans drawn up for that
    /// budget, as the repair reaches every one of them whatever the budget.
    pub(crate) fn within(&self, budget: (u32, u32)) -> Plans {
        let mut within = [0; 2];
        within[self.goal.index()] = budget.1 + self.castling[self.goal.index()];
        let mating = self.goal.opponent().index();
        within[mating] = budget.0 + self.castling[mating];
        let plans = self
            .plans
            .iter()
            .filter(|p| {
                p.cost[0] <= within[0]
                    && p.cost[1] <= within[1]
                    && p.taken.count_ones() <= within[mating]
            })
            .cloned()
            .collect();
        Plans {
            units: self.units.clone(),
            plans,
            targets: self.targets.clone(),
            goal: self.goal,
            castling: self.castling,
        }
    }

    /// The moves each side (by [`Side::index`]) could still spare while plan `plan`'s
    /// units reach their squares, the mating side with `mating_moves` left and the goal
    /// side with `goal_moves`; `None` when they cannot.
    fn slack(
        &self,
        plan: usize,
        board: &Board,
        tracker: &Tracker,
        moves: [u32; 2],
    ) -> Option<[u32; 2]> {
        let mut left = moves;
        let plan = &self.plans[plan];
        for (p, &t) in plan.places.iter().zip(&plan.targets) {
            let at = tracker.at[p.unit as usize];
            if at == NONE {
                return None;
            }
            let c = self.distance(p, t, board.unit(Square::new(at)).kind, at);
            if c == FAR {
                return None;
            }
            let side = self.units[p.unit as usize].side;
            let l = &mut left[side.index()];
            *l = l.checked_sub(u32::from(c))?;
        }
        if plan.taken != 0 {
            // each unit still to be taken needs a move of the mating side of its own
            let alive = (0..self.units.len())
                .filter(|&i| plan.taken & (1 << i) != 0 && tracker.at[i] != NONE)
                .count() as u32;
            let m = self.goal.opponent().index();
            let spare = moves[m].checked_sub(alive)?;
            left[m] = left[m].min(spare);
        }
        Some(left)
    }

    /// [`Plans::slack`] of plan `plan` (which takes no unit) after a move, from its
    /// slack `slack` before it and what the move changed.
    fn slack_after(&self, plan: usize, slack: [u32; 2], shift: &Shift) -> Option<[u32; 2]> {
        let plan = &self.plans[plan];
        if shift.taken != NONE && plan.mask & (1 << shift.taken) != 0 {
            return None;
        }
        let mut left = [0i64; 2];
        for s in 0..2 {
            left[s] = i64::from(slack[s]) + shift.gained[s];
        }
        for &(id, from, was, to, now) in &shift.moved {
            if id == NONE || plan.mask & (1 << id) == 0 {
                continue;
            }
            let Some(j) = plan.places.iter().position(|p| p.unit == id) else {
                continue;
            };
            let (p, t) = (&plan.places[j], plan.targets[j]);
            let was = self.distance(p, t, was, from.index() as u8);
            let now = self.distance(p, t, now, to.index() as u8);
            if now == FAR {
                return None;
            }
            left[self.units[id as usize].side.index()] += i64::from(was) - i64::from(now);
        }
        Some([u32::try_from(left[0]).ok()?, u32::try_from(left[1]).ok()?])
    }

    /// The fewest moves for the unit of place `p` (distances `t` in [`Plans::targets`]),
    /// now a `now` on square `at`, to reach it.
    fn distance(&self, p: &Place, t: u32, now: Kind, at: u8) -> u8 {
        let to = &self.targets[t as usize];
        if now == p.kind {
            to[1][at as usize]
        } else if now == self.units[p.unit as usize].kind {
            to[0][at as usize]
        } else {
            FAR
        }
    }

    /// Whether `mv`, about to be played by `side` with `slack` to spare ([`Plans::slack`]),
    /// keeps plan `plan` within reach: it takes none of the plan's units, and a move of
    /// a unit not in the plan, or one that brings its unit no nearer, is spared.
    fn allows(
        &self,
        plan: usize,
        tracker: &Tracker,
        mv: &Move,
        side: Side,
        slack: [u32; 2],
    ) -> bool {
        let mask = self.plans[plan].mask;
        if mv.captured.is_some() {
            let taken = tracker.id_at[mv.capture_at.index()];
            if taken != NONE && mask & (1 << taken) != 0 {
                return false;
            }
            if taken != NONE && self.plans[plan].taken & (1 << taken) != 0 {
                return true;
            }
        }
        let spare = slack[side.index()];
        let mover = tracker.id_at[mv.from.index()];
        if mover == NONE || mask & (1 << mover) == 0 {
            return spare >= 1 || mv.partner().is_some();
        }
        if spare >= 1 || mv.partner().is_some() {
            return true;
        }
        let plan = &self.plans[plan];
        let Some(j) = plan.places.iter().position(|p| p.unit == mover) else {
            return true;
        };
        let (p, t) = (&plan.places[j], plan.targets[j]);
        let before = self.distance(p, t, mv.mover.kind, mv.from.index() as u8);
        let after = self.distance(p, t, mv.arriving().kind, mv.to.index() as u8);
        after != FAR && after < before
    }
}

/// What one move changed for the plans ([`Plans::slack_after`]).
struct Shift {
    /// The unit it took ([`NONE`]: none).
    taken: u8,
    /// The units it moved (the mover, a castling partner; [`NONE`]: none), each with
    /// its square and kind before and after.
    moved: [(u8, Square, Kind, Square, Kind); 2],
    /// The change in each side's moves left.
    gained: [i64; 2],
}

/// The plans followed by one search of help play: at each position the plans still
/// within reach, and which unit of the root stands where.
///
/// One search serves all the plans. A position is cut when no plan is within reach of
/// it any more, and a move when no plan within reach allows it ([`Plans::allows`]).
/// Which plans are within reach depends only on the position, where each unit of the
/// root stands and the moves left (a line that ends in a plan's picture keeps the plan
/// within reach at every position it passes), so answers kept under the position's key
/// with the units' places hold for every way of reaching it.
#[derive(Clone)]
pub(crate) struct Following {
    plans: Plans,
    tracker: Tracker,
    /// By depth: the plans within reach, each with the moves each side can spare; the
    /// first level holds every plan.
    levels: Vec<Vec<(u32, [u32; 2])>>,
    /// By depth: the moves each side had there (with the castling allowance), and how
    /// many moves had been made; `None` for the first level (nothing measured).
    measured: Vec<Option<([u32; 2], usize)>>,
    depth: usize,
    /// The moves followed, from the root.
    made: Vec<Move>,
    /// The moves of each side the plans were drawn up for, part of every key.
    budget: (u32, u32),
}

impl Following {
    /// Follows all of `plans`, drawn from `root` for `budget`.
    pub(crate) fn new<R: RuleSet>(plans: Plans, root: &Position<R>, budget: (u32, u32)) -> Self {
        let mut id_at = [NONE; 64];
        let mut at = Vec::with_capacity(plans.units.len());
        for (i, u) in plans.units.iter().enumerate() {
            id_at[u.from.index()] = i as u8;
            at.push(u.from.index() as u8);
        }
        debug_assert!(root.board().units().count() as usize == plans.units.len());
        let mask = plans.plans.iter().fold(0, |m, p| m | p.mask);
        let mut tracker = Tracker {
            id_at,
            at,
            undo: Vec::new(),
            mask,
            key: 0,
        };
        for (id, &sq) in tracker.at.iter().enumerate() {
            if mask & (1 << id) != 0 {
                tracker.key ^= place_key(id as u8, sq);
            }
        }
        let all = (0..plans.plans.len() as u32).map(|i| (i, [0; 2])).collect();
        Following {
            plans,
            tracker,
            levels: vec![all],
            measured: vec![None],
            depth: 0,
            made: Vec::new(),
            budget,
        }
    }

    /// The key of the units' places and of the plans followed.
    pub(crate) fn key(&self) -> u64 {
        self.tracker.key ^ mix(u64::from(self.budget.0) << 32 | u64::from(self.budget.1) | 1 << 63)
    }

    /// Enters `pos`, with `mating_moves` left to the mating side and `goal_moves` to the
    /// goal side: keeps the plans of the position before that are still within reach.
    /// False (and nothing entered) when none is.
    pub(crate) fn enter<R: RuleSet>(
        &mut self,
        pos: &Position<R>,
        goal: Side,
        mating_moves: u32,
        goal_moves: u32,
    ) -> bool {
        if self.levels.len() == self.depth + 1 {
            self.levels.push(Vec::new());
            self.measured.push(None);
        }
        let mut next = std::mem::take(&mut self.levels[self.depth + 1]);
        next.clear();
        let mut moves = [0; 2];
        moves[goal.index()] = goal_moves + castling_allowance(pos, goal);
        moves[goal.opponent().index()] = mating_moves + castling_allowance(pos, goal.opponent());
        // one move since the position before: only the units it moved (or took) change
        // a plan's slack, besides the moves left
        let board = pos.board();
        let shift = match (self.measured[self.depth], self.made.last()) {
            (Some((before, made)), Some(mv)) if made + 1 == self.made.len() => {
                Some(self.tracker.shift_of(mv, board, before, moves))
            }
            _ => None,
        };
        for &(i, slack) in &self.levels[self.depth] {
            let slack = match &shift {
                Some(shift) if self.plans.plans[i as usize].taken == 0 => {
                    self.plans.slack_after(i as usize, slack, shift)
                }
                _ => self.plans.slack(i as usize, board, &self.tracker, moves),
            };
            if let Some(slack) = slack {
                next.push((i, slack));
            }
        }
        let within = !next.is_empty();
        self.levels[self.depth + 1] = next;
        self.measured[self.depth + 1] = Some((moves, self.made.len()));
        if within {
            self.depth += 1;
        }
        within
    }

    /// Leaves the position last entered.
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Whether `mv`, about to be played by `side` in the position last entered, keeps
    /// some plan within reach.
    pub(crate) fn allows(&self, mv: &Move, side: Side) -> bool {
        self.levels[self.depth].iter().any(|&(i, slack)| {
            self.plans
                .allows(i as usize, &self.tracker, mv, side, slack)
        })
    }

    /// Follows `mv`, about to be made.
    pub(crate) fn make(&mut self, mv: &Move) {
        self.tracker.make(mv);
        self.made.push(*mv);
    }

    /// Takes back `mv`, the last move followed.
    pub(crate) fn unmake(&mut self, mv: &Move) {
        self.tracker.unmake(mv);
        self.made.pop();
    }
}

impl<R: RuleSet> Repair<'_, R> {
    fn add(&mut self, place: Place, cost: u8) {
        let unit = self.units[place.unit as usize];
        self.pos
            .board_mut()
            .put(place.at, Piece::new(place.kind, unit.side.owner()));
        self.spent[unit.side.index()] += u32::from(cost);
        self.used |= 1 << place.unit;
        self.placed.push(place);
    }

    fn remove(&mut self) {
        let place = self.placed.pop().expect("a placed unit");
        let unit = self.units[place.unit as usize];
        self.pos.board_mut().take(place.at);
        let cost = self.cost_of(place);
        self.spent[unit.side.index()] -= u32::from(cost);
        self.used &= !(1 << place.unit);
    }

    fn cost_of(&mut self, place: Place) -> u8 {
        let u = self.units[place.unit as usize];
        self.dist
            .cost(&self.pos, u.side, u.kind, u.from, place.kind, place.at)
    }

    /// What is wrong with the board, if anything.
    fn wrong(&mut self) -> Option<Wrong> {
        let goal = self.goal;
        self.pos.set_side(goal);
        let check = self.pos.in_check(goal);
        if self.mate && !check {
            return Some(Wrong::NoCheck);
        }
        if !self.mate && check {
            let k = self.pos.royal_squares(goal).first()?;
            let mut from = Bitboard::EMPTY;
            for sq in self.pos.board().owned(goal.opponent().owner()) {
                let kind = self.pos.board().unit(sq).kind;
                if let Some(b) = self.dist.blockers(&self.pos, kind, goal.opponent()) {
                    from |= b[sq.index()][k.index()];
                }
            }
            return Some(Wrong::Check(from));
        }
        let mating = goal.opponent();
        if self.pos.in_check(mating) {
            let mut from = Bitboard::EMPTY;
            for r in self.pos.royal_squares(mating) {
                for sq in self.pos.board().owned(goal.owner()) {
                    let kind = self.pos.board().unit(sq).kind;
                    if let Some(b) = self.dist.blockers(&self.pos, kind, goal) {
                        from |= b[sq.index()][r.index()];
                    }
                }
            }
            return Some(Wrong::Exposed(from));
        }
        let mut list = std::mem::take(&mut self.list);
        list.clear();
        self.pos.legal_moves(&mut list);
        // the escape with the fewest ways to stop it first (none: a dead end at once)
        let mut best: Option<(usize, Move)> = None;
        for m in &list {
            let enough = best.map_or(usize::MAX, |b| b.0);
            let n = self.ways(Some(&Wrong::Escape(*m)), None, enough);
            if best.is_none_or(|b| n < b.0) {
                best = Some((n, *m));
                if n == 0 {
                    break;
                }
            }
        }
        self.list = list;
        best.map(|(_, m)| Wrong::Escape(m))
    }

    /// Whether the board shows the goal.
    fn shows_goal(&mut self) -> bool {
        self.pos.set_side(self.goal);
        let mut list = std::mem::take(&mut self.list);
        let done = if self.mate {
            self.pos.is_mate(&mut list)
        } else {
            self.pos.is_stalemate(&mut list)
        };
        self.list = list;
        done && !self.pos.in_check(self.goal.opponent())
    }

    /// How many of [`Repair::places`] there are (a count up to `enough`, then any larger
    /// number).
    fn ways(&mut self, wrong: Option<&Wrong>, only: Option<usize>, enough: usize) -> usize {
        let mut choices = std::mem::take(&mut self.choices);
        let n = self.choose(wrong, only, enough, &mut choices);
        self.choices = choices;
        n
    }

    /// The places (with their costs) within the budget for the units not yet placed nor
    /// taken (or for unit `only`), as their own kind or a kind they promote to, on the
    /// empty squares where they could put `wrong` right (anywhere, without one).
    fn places(&mut self, wrong: Option<&Wrong>, only: Option<usize>) -> Vec<(Place, u8)> {
        let mut choices = std::mem::take(&mut self.choices);
        self.choose(wrong, only, usize::MAX, &mut choices);
        let mut places = Vec::new();
        for &(i, b, squares) in &choices {
            let becoming = &self.becomings[i as usize][b as usize];
            for at in squares {
                let place = Place {
                    unit: i,
                    kind: becoming.kind,
                    at,
                };
                places.push((place, becoming.cost[at.index()]));
            }
        }
        self.choices = choices;
        places
    }

    /// For [`Repair::places`]: by unit and kind it may end as ([`Becoming`]), the
    /// squares; how many places that makes (once past `enough`, the rest is left out).
    fn choose(
        &mut self,
        wrong: Option<&Wrong>,
        only: Option<usize>,
        enough: usize,
        out: &mut Vec<(u8, u8, Bitboard)>,
    ) -> usize {
        out.clear();
        let mut n = 0;
        let goal = self.goal;
        let empty = !self.pos.board().occupied();
        // where a unit could put it right, and for one of the mating side besides where
        // from it could observe a square
        let (spots, observed) = match wrong {
            None => (empty, None),
            Some(wrong) => {
                let Some(k) = self.pos.royal_squares(goal).first() else {
                    return 0;
                };
                match wrong {
                    Wrong::NoCheck => (Bitboard::EMPTY, Some(k)),
                    Wrong::Check(from) | Wrong::Exposed(from) => (*from, None),
                    Wrong::Escape(m) => {
                        let mover = m.mover.kind;
                        let mut s = Bitboard::from_square(m.to);
                        if let Some(b) = self.dist.blockers(&self.pos, mover, goal) {
                            s |= b[m.from.index()][m.to.index()];
                        }
                        let royal = if m.mover.is_royal(R::KINDS) { m.to } else { k };
                        (s, Some(royal))
                    }
                }
            }
        };
        let rules = self.pos.rules();
        for (i, unit) in self.units.iter().enumerate() {
            if (self.used | self.taken) & (1 << i) != 0 || only.is_some_and(|o| o != i) {
                continue;
            }
            let side = unit.side.index();
            let left = (self.budget[side] - self.spent[side]) as usize;
            for (b, becoming) in self.becomings[i].iter().enumerate() {
                let mut squares = spots;
                if let (Some(sq), true) = (observed, unit.side != goal) {
                    squares |= rules.reach(becoming.kind, sq, unit.side);
                }
                let within = becoming.within[left.min(becoming.within.len() - 1)];
                let squares = squares & empty & within;
                if squares.non_empty() {
                    out.push((i as u8, b as u8, squares));
                    n += squares.count() as usize;
                    if n > enough {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// Whether `wrong` still holds on the board.
    fn still(&mut self, wrong: &Wrong, at: Square) -> bool {
        let goal = self.goal;
        self.pos.set_side(goal);
        match wrong {
            Wrong::NoCheck => !self.pos.in_check(goal),
            Wrong::Check(_) => self.pos.in_check(goal),
            Wrong::Exposed(_) => self.pos.in_check(goal.opponent()),
            Wrong::Escape(m)
                if at != m.to
                    && self
                        .dist
                        .blockers(&self.pos, m.mover.kind, goal)
                        .is_some_and(|b| !b[m.from.index()][m.to.index()].contains(at)) =>
            {
                // a unit off the move's way leaves it as it was: is it still legal?
                self.pos.is_legal(m)
            }
            Wrong::Escape(m) => {
                let mut list = std::mem::take(&mut self.list);
                list.clear();
                self.pos.legal_moves(&mut list);
                let found = list
                    .iter()
                    .any(|x| x.from == m.from && x.to == m.to && x.promotion == m.promotion);
                self.list = list;
                found
            }
        }
    }

    /// Puts the board right in every way the budget allows; false when the search gave
    /// way (too many plans or repairs).
    fn extend(&mut self) -> bool {
        let key = self.placed.iter().fold(mix(self.taken), |acc, p| {
            acc ^ mix(u64::from(p.unit) << 16 | (p.kind.index() as u64) << 8 | p.at.index() as u64)
        });
        if !self.seen.insert(key) {
            return true;
        }
        self.repairs += 1;
        if self.repairs > MAX_REPAIRS || self.plans.len() > MAX_PLANS {
            return false;
        }
        if self.repairs.is_multiple_of(64) && (self.stop)() {
            return false;
        }
        let Some(wrong) = self.wrong() else {
            if !self.mate {
                // every unit of the goal side stays without a move or is taken: the
                // one with the fewest squares to stand on first
                let mut fewest: Option<(usize, usize)> = None;
                for i in 0..self.units.len() {
                    if self.units[i].side != self.goal || (self.used | self.taken) & (1 << i) != 0 {
                        continue;
                    }
                    let n = self.ways(None, Some(i), usize::MAX);
                    if fewest.is_none_or(|f| n < f.0) {
                        fewest = Some((n, i));
                    }
                }
                if let Some((_, i)) = fewest {
                    return self.account_for(i);
                }
            }
            if self.minimal() {
                self.plans.push(Plan {
                    places: self.placed.clone(),
                    mask: self.used,
                    cost: self.spent,
                    targets: Vec::new(),
                    taken: self.taken,
                });
            }
            return true;
        };
        for (place, c) in self.places(Some(&wrong), None) {
            self.add(place, c);
            let ok = self.still(&wrong, place.at) || self.extend();
            self.remove();
            if !ok {
                return false;
            }
        }
        true
    }

    /// A stalemate's unit `i` of the goal side, not yet placed: taken by the mating side,
    /// or placed where it cannot move (or where the units it needs put it right).
    fn account_for(&mut self, i: usize) -> bool {
        let mating = self.goal.opponent().index();
        if (self.taken.count_ones() + 1) <= self.budget[mating] {
            self.taken |= 1 << i;
            let ok = self.extend();
            self.taken &= !(1 << i);
            if !ok {
                return false;
            }
        }
        for (place, c) in self.places(None, Some(i)) {
            self.add(place, c);
            let ok = self.extend();
            self.remove();
            if !ok {
                return false;
            }
        }
        true
    }

    /// Whether no placed unit but the royal one can be taken away with the goal shown
    /// (for a stalemate, no unit of the mating side: the goal side's are all needed).
    fn minimal(&mut self) -> bool {
        for i in 1..self.placed.len() {
            let p = self.placed[i];
            if !self.mate && self.units[p.unit as usize].side == self.goal {
                continue;
            }
            let piece = self.pos.board_mut().take(p.at);
            let still = self.shows_goal();
            self.pos.board_mut().put(p.at, piece);
            if still {
                return false;
            }
        }
        true
    }
}

/// The hasher of keys already mixed ([`mix`]): the key is its own hash.
#[derive(Default)]
struct Mixed(u64);

impl Hasher for Mixed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// A 64-bit mix of `x` (for order-free keys of unit sets).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Which unit of the search's root stands where, kept along the moves of the search.
#[derive(Clone)]
pub(crate) struct Tracker {
    /// By square: the unit's number, [`NONE`] when empty.
    id_at: [u8; 64],
    /// By unit: its square, [`NONE`] once taken.
    at: Vec<u8>,
    /// Per move made: the mover's and the taken unit's numbers and squares, and the
    /// castling partner's.
    undo: Vec<[u8; 6]>,
    /// The units whose places the key holds: those of the plan searched.
    mask: u64,
    /// Where the units of `mask` stand, as a key: a transposition of two units of one
    /// kind is another position for a plan.
    pub(crate) key: u64,
}

/// The key of unit `id` standing on square `at`.
fn place_key(id: u8, at: u8) -> u64 {
    mix(u64::from(id) << 8 | u64::from(at) | 1 << 20)
}

impl Tracker {
    /// What `mv`, the last move followed, changed ([`Shift`]), on `board` after it, each
    /// side having had `before` moves and now `moves`.
    fn shift_of(&self, mv: &Move, board: &Board, before: [u32; 2], moves: [u32; 2]) -> Shift {
        let [mover, taken, ..] = self.undo.last().copied().unwrap_or([NONE; 6]);
        let none = (NONE, mv.from, mv.mover.kind, mv.to, mv.mover.kind);
        let partner = mv.partner().map_or(none, |(from, to)| {
            let kind = board.unit(to).kind;
            (self.id_at[to.index()], from, kind, to, kind)
        });
        let mut gained = [0; 2];
        for s in 0..2 {
            gained[s] = i64::from(moves[s]) - i64::from(before[s]);
        }
        Shift {
            taken,
            moved: [
                (mover, mv.from, mv.mover.kind, mv.to, mv.arriving().kind),
                partner,
            ],
            gained,
        }
    }

    /// Moves unit `id` (if any) from `from` to `to` (`NONE`: taken) in the key.
    fn shift(&mut self, id: u8, from: u8, to: u8) {
        if id == NONE || self.mask & (1 << id) == 0 {
            return;
        }
        if from != NONE {
            self.key ^= place_key(id, from);
        }
        if to != NONE {
            self.key ^= place_key(id, to);
        }
    }

    /// Follows `mv`, about to be made.
    pub(crate) fn make(&mut self, mv: &Move) {
        let mover = self.id_at[mv.from.index()];
        let mut taken = NONE;
        if mv.captured.is_some() {
            taken = self.id_at[mv.capture_at.index()];
            self.id_at[mv.capture_at.index()] = NONE;
            if taken != NONE {
                self.at[taken as usize] = NONE;
            }
            self.shift(taken, mv.capture_at.index() as u8, NONE);
        }
        self.id_at[mv.from.index()] = NONE;
        self.id_at[mv.to.index()] = mover;
        if mover != NONE {
            self.at[mover as usize] = mv.to.index() as u8;
        }
        self.shift(mover, mv.from.index() as u8, mv.to.index() as u8);
        let mut partner = [NONE; 2];
        if let Some((from, to)) = mv.partner() {
            let id = self.id_at[from.index()];
            self.id_at[from.index()] = NONE;
            self.id_at[to.index()] = id;
            if id != NONE {
                self.at[id as usize] = to.index() as u8;
            }
            self.shift(id, from.index() as u8, to.index() as u8);
            partner = [from.index() as u8, to.index() as u8];
        }
        self.undo.push([
            mover,
            taken,
            mv.from.index() as u8,
            mv.capture_at.index() as u8,
            partner[0],
            partner[1],
        ]);
    }

    /// Takes back `mv`, the last move followed.
    pub(crate) fn unmake(&mut self, mv: &Move) {
        let [mover, taken, from, capture_at, pfrom, pto] =
            self.undo.pop().expect("a followed move");
        if pfrom != NONE {
            let id = self.id_at[pto as usize];
            self.id_at[pto as usize] = NONE;
            self.id_at[pfrom as usize] = id;
            if id != NONE {
                self.at[id as usize] = pfrom;
            }
            self.shift(id, pto, pfrom);
        }
        self.id_at[mv.to.index()] = NONE;
        self.id_at[from as usize] = mover;
        if mover != NONE {
            self.at[mover as usize] = from;
        }
        self.shift(mover, mv.to.index() as u8, from);
        if taken != NONE {
            self.id_at[capture_at as usize] = taken;
            self.at[taken as usize] = capture_at;
        }
        self.shift(taken, NONE, capture_at);
    }
}
