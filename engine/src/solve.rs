//! The search: finding the solutions, tries and refutations a stipulation asks for.
//!
//! Battle play (direct, self, reflex) is an and-or search with a transposition table:
//! [`Solver::attack_wins`] asks whether the attacker wins in `n` moves, and
//! [`Solver::defence_loses`] whether the defender cannot escape. Help and series play
//! enumerate every line of the exact (help) or at most the given (series) length, with a
//! table of positions known to lead nowhere. The results are plain data ([`Solution`])
//! that the output modules write as text or JSON.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::bound::{GoalBound, Verdict};
use crate::moves::{Move, MoveKind, MoveList};
use crate::notation::{full_text, Style};
use crate::piece::Side;
use crate::plan::{Following, Plans};
use crate::position::Position;
use crate::proof::ProofBound;
use crate::rules::RuleSet;
use crate::square::Square;
use crate::stipulation::{Family, Goal, Stipulation};
use crate::structured::Tail;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the user asked for besides the stipulation (the reference's options).
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Show tries (first moves refuted by at most `defence` moves).
    pub tries: bool,
    /// Most refutations a try may have.
    pub defence: usize,
    /// Show threats and variations after keys and tries.
    pub variations: bool,
    /// Do not compute threats.
    pub no_threat: bool,
    /// Longest threat shown (in moves), when limited.
    pub max_threat: Option<u32>,
    /// Omit variations shorter than the full length.
    pub no_short_variations: bool,
    /// Play set play first (the defender moves first).
    pub set_play: bool,
    /// Stop after this many solutions.
    pub max_solutions: Option<usize>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// How to write moves.
    pub style: Style,
    /// Cut help and series lines whose mate or stalemate is out of reach
    /// ([`GoalBound`]); off only to check that the cut loses nothing.
    pub goal_bound: bool,
    /// Help play's set play when White's skipped first move began a pair: each line
    /// starts `1... ...` and counts from 2.
    pub first_skipped: bool,
    /// The diagram a proof game arrives at (goals [`Goal::Diagram`], [`Goal::Position`]).
    pub target: Option<Board>,
    /// `NonTrivial m n`: in battle play, a defence is trivial when the attacker wins
    /// within `n` moves after it (`n + 1` in direct play: the reference measures the
    /// play in half-moves); wherever more than `n` attacker moves are left, an
    /// attacking move fails if it leaves the defender more than one non-trivial defence,
    /// beyond `m` granted in all along the play.
    pub non_trivial: Option<(u32, u32)>,
    /// `KeepMatingPiece`: in direct and self play, a line fails once the side that is to
    /// reach the goal has no unit left but its royal one.
    pub keep_mating_unit: bool,
    /// `Quodlibet`: in self play the attacker also wins by reaching the goal itself.
    pub quodlibet: bool,
    /// `StopOnShortSolutions`: help play seeks no longer solutions once shorter ones
    /// are found.
    pub stop_on_short: bool,
    /// `StartMoveNumber` / `UpToMoveNumber`: only the first moves with these numbers (from
    /// 1, in the order MoveNumbers numbers them), both ends included.
    pub first_moves: Option<(usize, usize)>,
    /// Threads a long help play may share its first moves among (1: one search).
    pub threads: usize,
    /// `Intelligent`: help mates and stalemates are sought along plans ([`Plans`]).
    pub intelligent: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            tries: false,
            defence: 1,
            variations: false,
            no_threat: false,
            max_threat: None,
            no_short_variations: false,
            set_play: false,
            max_solutions: None,
            deadline: None,
            style: Style::english(crate::codes::CodeSet::Fairyforge),
            goal_bound: true,
            first_skipped: false,
            target: None,
            non_trivial: None,
            keep_mating_unit: false,
            quodlibet: false,
            stop_on_short: false,
            first_moves: None,
            threads: 1,
            intelligent: false,
        }
    }
}

/// The solutions of one stipulation in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// Help and series play: one line per solution, as numbered tokens
    /// (`["1.Rh4-g4", "Ke8-f7", "2.Rg4-g5", "Rf8-h8 #"]`).
    Lines(Vec<Vec<String>>),
    /// Battle play: keys (and tries) with their play.
    Tree(Vec<Attack>),
    /// Set play of battle problems: the defender's moves in the diagram, were it to move,
    /// with the attacker's shortest wins after them.
    SetPlay(Vec<Defence>),
    /// Post-key play: the diagram is the position after a key, the defender to move; its
    /// threat and variations (an attack whose own move is not written).
    PostKey(Attack),
    /// No play: why the position cannot be solved (as the reference says it).
    Remark(String),
    /// The option MoveNumbers: the first moves in the order the reference tries them,
    /// each written as its progress line writes it (checks marked, goals not), then the
    /// play; `elapsed` is the time the solving took.
    Numbered {
        /// The first moves numbered before these and left out (`StartMoveNumber`).
        skipped: usize,
        /// The first moves, numbered from `skipped + 1`.
        moves: Vec<String>,
        /// The time the solving took.
        elapsed: Duration,
        /// The solutions.
        play: Box<Solution>,
    },
}

/// An attacking move in battle play, with what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// Move number.
    pub number: u32,
    /// The move as written, with its suffix.
    pub text: String,
    /// `!` for a key, `?` for a try, `?!?` for a reflex attacker's forced goal move,
    /// none for a continuation.
    pub mark: Option<&'static str>,
    /// The threat, when shown.
    pub threat: Threat,
    /// Defences shown (variations), each with the attacker's answers.
    pub defences: Vec<Defence>,
    /// Refutations of a try.
    pub refutations: Vec<Defence>,
}

/// What an attacking move threatens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Not shown.
    None,
    /// Nothing is threatened: the defender is in zugzwang.
    Zugzwang,
    /// The threatened continuations.
    Moves(Vec<Attack>),
}

/// A defending move with the attacker's answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence {
    /// Move number.
    pub number: u32,
    /// The move as written, with its suffix.
    pub text: String,
    /// Continuations.
    pub answers: Vec<Attack>,
    /// The attacker has no win after it (shown in post-key play only).
    pub refutes: bool,
}

/// Why solving stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The time limit passed.
    Time,
    /// The solution limit was reached.
    Solutions,
}

/// Searches one position for one stipulation.
pub struct Solver<'p, R: RuleSet> {
    pos: &'p mut Position<R>,
    stip: Stipulation,
    opts: SolveOptions,
    /// The side in White's role (Black's for the second half of a duplex).
    white: Side,
    pool: Vec<MoveList>,
    scratch: MoveList,
    table: Table,
    /// By attacker moves left: the attacking move that won last (tried first next time).
    killers: Vec<Option<(Square, Square)>>,
    stopped: Option<Stop>,
    found: usize,
    nodes: u64,
    /// Whether a help or series mate or stalemate is still within reach.
    bound: Option<GoalBound>,
    /// Whether a proof game's diagram is still within reach.
    proof: Option<ProofBound>,
    /// Under `NonTrivial`, the non-trivial defences still to grant beyond one at each
    /// move (part of every table key: answers differ with it).
    granted: u32,
    /// The first moves to try, when not all (`StartMoveNumber`, `UpToMoveNumber`).
    first_moves: Option<Vec<Move>>,
    /// The table of the workers of help play shared out, kept from one length to the
    /// next ([`Solver::help_root`]).
    shared: Option<Arc<SharedTable>>,
    /// In intelligent mode, the plans of the help play under way and the units followed.
    plan: Option<Following>,
}

/// The moves of the mating side and of the goal side in help play of `len` half-moves
/// (the goal side moves second to last, the mating side last).
fn help_budget(len: u32) -> (u32, u32) {
    (len.div_ceil(2), len / 2)
}

/// The transposition table: what is known of positions already searched, each answer
/// a key (a Zobrist hash folded with the question asked) and a truth value.
///
/// Open addressing with linear probing over one array of words, each the key with its
/// lowest bit replaced by the answer (0 marks an empty slot): a lookup usually touches one
/// cache line, where a general map touches two. It doubles when half full.
struct Table {
    slots: Vec<u64>,
    len: usize,
    /// The table of the workers of a shared help play, when this is one of them: then
    /// it is used instead of the slots.
    shared: Option<Arc<SharedTable>>,
}

/// The table the workers of a shared help play use together ([`Solver::help_root`]):
/// the same words as a [`Table`], in atomic slots of a fixed number. An answer that
/// finds no free slot near its place replaces the one at its place: a lost answer costs
/// a search again, never a wrong one.
struct SharedTable {
    slots: Vec<AtomicU64>,
}

impl SharedTable {
    /// Slots looked at from an answer's place.
    const PROBES: usize = 16;

    fn new(bits: u32) -> SharedTable {
        SharedTable {
            slots: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key >> 20) as usize & (self.slots.len() - 1)
    }

    fn get(&self, key: u64) -> Option<bool> {
        let key = (key & Table::KEY).max(2);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        for _ in 0..SharedTable::PROBES {
            let w = self.slots[i].load(Ordering::Relaxed);
            if w == 0 {
                return None;
            }
            if w & Table::KEY == key {
                return Some(w & 1 == 1);
            }
            i = (i + 1) & mask;
        }
        None
    }

    fn insert(&self, key: u64, value: bool) {
        let key = (key & Table::KEY).max(2);
        let word = key | u64::from(value);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        for _ in 0..SharedTable::PROBES {
            let slot = &self.slots[i];
            let w = slot.load(Ordering::Relaxed);
            let mine = w & Table::KEY == key;
            if mine
                || (w == 0
                    && match slot.compare_exchange(0, word, Ordering::Relaxed, Ordering::Relaxed) {
                        Ok(_) => return,
                        Err(now) => now & Table::KEY == key,
                    })
            {
                slot.store(word, Ordering::Relaxed);
                return;
            }
            i = (i + 1) & mask;
        }
        self.slots[self.slot(key)].store(word, Ordering::Relaxed);
    }
}

impl Table {
    const KEY: u64 = !1;
    /// The most slots a table grows to (256 MiB).
    const MAX_SLOTS: usize = 1 << 25;

    fn new() -> Table {
        Table {
            slots: vec![0; 1 << 16],
            len: 0,
            shared: None,
        }
    }

    /// A worker's table: the shared one.
    fn shared(shared: Arc<SharedTable>) -> Table {
        Table {
            slots: Vec::new(),
            len: 0,
            shared: Some(shared),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // the high bits index: they are as well mixed as the low ones and leave the
        // lowest bit to the answer
        (key >> 20) as usize & (self.slots.len() - 1)
    }

    /// The answer stored for `key`, if any.
    #[inline]
    fn get(&self, key: u64) -> Option<bool> {
        if let Some(shared) = &self.shared {
            return shared.get(key);
        }
        let key = (key & Table::KEY).max(2);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let w = self.slots[i];
            if w == 0 {
                return None;
            }
            if w & Table::KEY == key {
                return Some(w & 1 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` for `key` (replacing an answer stored before).
    #[inline]
    fn insert(&mut self, key: u64, value: bool) {
        if let Some(shared) = &self.shared {
            return shared.insert(key, value);
        }
        if 2 * (self.len + 1) > self.slots.len() {
            if self.slots.len() >= Table::MAX_SLOTS {
                // full at its largest: it only caches answers, so it starts afresh
                self.slots.fill(0);
                self.len = 0;
            } else {
                self.grow();
            }
        }
        let key = (key & Table::KEY).max(2);
        self.put(key | u64::from(value));
    }

    fn put(&mut self, word: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(word & Table::KEY);
        loop {
            let w = self.slots[i];
            if w == 0 {
                self.slots[i] = word;
                self.len += 1;
                return;
            }
            if w & Table::KEY == word & Table::KEY {
                self.slots[i] = word;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len().max(1);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.len = 0;
        for w in old.into_iter().filter(|&w| w != 0) {
            self.put(w);
        }
    }
}

/// One table key for a question (`tag`, with `n` moves) about the position `hash`.
fn table_key(hash: u64, n: u32, tag: u8) -> u64 {
    hash ^ (u64::from(n) + 1).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ (u64::from(tag) + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25)
}

/// Table tags, so that different questions about one position do not mix.
const TAG_ATTACK: u8 = 0;
const TAG_DEFENCE: u8 = 1;
const TAG_HELP: u8 = 2;

/// The lines a worker of shared help play found after one first move, by its index.
type LinesOfFirst = (usize, Vec<Vec<Move>>);

/// The fewest half-moves of help play that intelligent mode searches by plans.
const PLANNED_HELP: u32 = 8;

/// The shared table's size, as a power of two of its slots (32 MiB).
const SHARED_TABLE_BITS: u32 = 22;
const TAG_SERIES: u8 = 3;

impl<'p, R: RuleSet> Solver<'p, R> {
    /// A solver for `stip` from `pos`, with `white` in White's role.
    pub fn new(
        pos: &'p mut Position<R>,
        stip: Stipulation,
        opts: SolveOptions,
        white: Side,
    ) -> Self {
        let killers = vec![None; stip.moves as usize + 2];
        let bound = match (stip.family, stip.goal) {
            _ if !opts.goal_bound => None,
            // (the bound knows goals, not battle branches after help play)
            _ if stip.structured.is_some_and(|s| s.tail.is_some()) => None,
            (Family::Help | Family::SeriesHelp | Family::Series, Goal::Mate | Goal::Stalemate) => {
                GoalBound::new(pos, white.opponent(), stip.goal == Goal::Mate)
            }
            _ => None,
        };
        let opts_granted = opts.non_trivial.map_or(0, |(m, _)| m);
        let proof = match &opts.target {
            Some(target) if opts.goal_bound && stip.goal.is_proof() => ProofBound::new(pos, target),
            _ => None,
        };
        Solver {
            bound,
            proof,
            killers,
            pos,
            stip,
            opts,
            white,
            pool: Vec::new(),
            scratch: MoveList::with_capacity(64),
            table: Table::new(),
            stopped: None,
            found: 0,
            nodes: 0,
            granted: opts_granted,
            first_moves: None,
            shared: None,
            plan: None,
        }
    }

    /// Why the search stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Positions visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn legal(&mut self) -> MoveList {
        let mut list = self.take_list();
        self.pos.legal_moves(&mut list);
        list
    }

    /// The moves of the side to move before the legality test (phases 1–4).
    fn pseudo(&mut self) -> MoveList {
        let mut list = self.take_list();
        self.pos.pseudo_moves(&mut list);
        list
    }

    /// A move list from the pool (a new one with room for most positions' moves).
    fn take_list(&mut self) -> MoveList {
        self.pool
            .pop()
            .unwrap_or_else(|| MoveList::with_capacity(128))
    }

    fn give_back(&mut self, list: MoveList) {
        self.pool.push(list);
    }

    fn key(&self) -> u64 {
        let plan = self.plan.as_ref().map_or(0, Following::key);
        self.pos.hash()
            ^ self.pos.rules().history_key(self.pos).rotate_left(17)
            ^ u64::from(self.granted).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ plan.wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(29)
    }

    fn out_of_time(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            if let Some(deadline) = self.opts.deadline {
                if Instant::now() >= deadline {
                    self.stopped = Some(Stop::Time);
                }
            }
        }
        self.stopped.is_some()
    }

    /// Whether the goal is reached by `mv`, just made (the other side is to move).
    fn goal_after(&mut self, mv: &Move) -> bool {
        self.reaches(self.stip.goal, mv)
    }

    /// Whether `goal` is reached by `mv`, just made (the other side is to move).
    fn reaches(&mut self, goal: Goal, mv: &Move) -> bool {
        let side = self.pos.side();
        match goal {
            Goal::Mate => self.pos.in_check(side) && !self.pos.has_legal_move(&mut self.scratch),
            Goal::Stalemate => {
                !self.pos.in_check(side) && !self.pos.has_legal_move(&mut self.scratch)
            }
            Goal::DoubleStalemate => {
                if self.pos.in_check(side) || self.pos.has_legal_move(&mut self.scratch) {
                    return false;
                }
                self.pos.pass();
                let other = !self.pos.in_check(self.pos.side())
                    && !self.pos.has_legal_move(&mut self.scratch);
                self.pos.unpass();
                other
            }
            Goal::Check => self.pos.in_check(side),
            Goal::Capture => mv.is_capture(),
            Goal::Castling => matches!(mv.kind, MoveKind::CastleShort | MoveKind::CastleLong),
            Goal::MateOrStalemate => !self.pos.has_legal_move(&mut self.scratch),
            Goal::EnPassant => mv.kind == MoveKind::EnPassant,
            Goal::Any => true,
            Goal::Diagram | Goal::Position => self.opts.target.as_ref() == Some(self.pos.board()),
        }
    }

    // ----- battle play -----

    fn battle_family(&self) -> Family {
        match self.stip.family {
            Family::SeriesSelf | Family::HelpSelf => Family::SelfPlay,
            Family::SeriesReflex => Family::Reflex,
            f => f,
        }
    }

    /// Whether the attacker (to move) wins with at most `n` moves of its own.
    pub fn attack_wins(&mut self, n: u32) -> bool {
        if n == 0 || self.out_of_time() || self.mating_unit_lost() {
            return false;
        }
        let key = table_key(self.key(), n, TAG_ATTACK);
        if let Some(known) = self.table.get(key) {
            return known;
        }
        // iterative deepening: a shorter win is cheaper to find and wins as well
        if n > 2 && self.attack_wins(n - 1) {
            if self.stopped.is_none() {
                self.table.insert(key, true);
            }
            return true;
        }
        let family = self.battle_family();
        if family == Family::Direct && n == 1 && self.attacker_goal(1) {
            // the last move: only a move that reaches the goal counts
            let wins = self.pseudo_move_reaches_goal();
            if self.stopped.is_none() {
                self.table.insert(key, wins);
            }
            return wins;
        }
        let moves = self.legal();
        let mut wins = false;
        if family == Family::Reflex && self.some_move_reaches_goal(&moves) {
            // the attacker must reach the goal itself, which defeats its purpose
            self.give_back(moves);
            self.table.insert(key, false);
            return false;
        }
        let mut moves = moves;
        let direct = family == Family::Direct;
        if self.attacker_goal(n) && self.some_move_reaches_goal(&moves) {
            wins = true;
        } else if !(direct && n == 1) {
            // the move that won last at this depth (against another defence) first
            if let Some(Some((from, to))) = self.killers.get(n as usize) {
                if let Some(i) = moves.iter().position(|m| m.from == *from && m.to == *to) {
                    moves.swap(0, i);
                }
            }
            for mv in &moves {
                self.pos.make(*mv);
                let w = self.threatens_enough(n) && self.defence_loses(n - 1);
                self.pos.unmake();
                if w {
                    wins = true;
                    if let Some(k) = self.killers.get_mut(n as usize) {
                        *k = Some((mv.from, mv.to));
                    }
                    break;
                }
            }
        }
        self.give_back(moves);
        if self.stopped.is_none() {
            self.table.insert(key, wins);
        }
        wins
    }

    /// Whether an attacking move that reaches the goal wins, the attacker having `n`
    /// moves (this one included): in direct play, and in self play under `Quodlibet`;
    /// not before the nested branch that holds the goal.
    fn attacker_goal(&self, n: u32) -> bool {
        if self
            .stip
            .structured
            .and_then(|s| s.goal_within)
            .is_some_and(|within| n > within)
        {
            return false;
        }
        match self.battle_family() {
            Family::Direct => true,
            Family::SelfPlay => self.opts.quodlibet,
            _ => false,
        }
    }

    /// Whether the goal is reached only by a move that checks (mate, check).
    fn goal_needs_check(&self) -> bool {
        matches!(self.stip.goal, Goal::Mate | Goal::Check)
    }

    /// Whether the pseudo-legal `mv` reaches the goal. A goal that needs a check is
    /// refused at once, without making the move, when `filter` (the position's
    /// [`Position::check_filter`]) shows the move cannot check.
    fn reaches_goal(&mut self, mv: &Move, filter: Option<(Bitboard, Bitboard)>) -> bool {
        if self.goal_needs_check() && !(self.pos.may_check(mv, filter) && self.pos.gives_check(mv))
        {
            return false;
        }
        self.pos.make(*mv);
        let reached = self.goal_after(mv);
        self.pos.unmake();
        reached
    }

    /// Whether the side to move has moves and each of them reaches the goal. Usually one
    /// legal move that does not settles it, so without a selecting condition moves are
    /// tested for the goal (cheaply, when it needs a check) before legality.
    fn every_move_reaches_goal(&mut self) -> bool {
        let selects = self.pos.rules().has_selection();
        let moves = if selects { self.legal() } else { self.pseudo() };
        let filter = self.pos.check_filter();
        let (mut any, mut all) = (false, true);
        for mv in &moves {
            let reached = self.reaches_goal(mv, filter);
            if !selects && !self.pos.is_legal(mv) {
                continue;
            }
            any = true;
            if !reached {
                all = false;
                break;
            }
        }
        self.give_back(moves);
        any && all
    }

    /// Whether the side to move has a legal move that reaches the goal. Without a
    /// selecting condition, moves are tested for the goal (cheaply, when it needs a
    /// check) before legality, as most of them fail the first test.
    fn pseudo_move_reaches_goal(&mut self) -> bool {
        if self.pos.rules().has_selection() {
            return self.can_reach_goal();
        }
        let moves = self.pseudo();
        let filter = self.pos.check_filter();
        let needs_check = self.goal_needs_check();
        let mut found = false;
        for mv in &moves {
            if needs_check && !(self.pos.may_check(mv, filter) && self.pos.gives_check(mv)) {
                continue;
            }
            if !self.pos.is_legal(mv) {
                continue;
            }
            self.pos.make(*mv);
            found = self.goal_after(mv);
            self.pos.unmake();
            if found {
                break;
            }
        }
        self.give_back(moves);
        found
    }

    /// Whether the side to move has a move that reaches the goal.
    fn can_reach_goal(&mut self) -> bool {
        let moves = self.legal();
        let reaches = self.some_move_reaches_goal(&moves);
        self.give_back(moves);
        reaches
    }

    fn some_move_reaches_goal(&mut self, moves: &MoveList) -> bool {
        let filter = self.pos.check_filter();
        moves.iter().any(|mv| self.reaches_goal(mv, filter))
    }

    /// Whether the defender (to move) cannot escape when the attacker has `left` moves.
    pub fn defence_loses(&mut self, left: u32) -> bool {
        if self.out_of_time() {
            return false;
        }
        let family = self.battle_family();
        if family == Family::Direct && left == 0 {
            return false;
        }
        // the defender forced to reach a goal that needs a check: settled faster than
        // it is looked up
        if family == Family::SelfPlay && left == 0 && self.goal_needs_check() {
            return self.every_move_reaches_goal();
        }
        if self.mating_unit_lost() {
            return false;
        }
        let key = table_key(self.key(), left, TAG_DEFENCE);
        if let Some(known) = self.table.get(key) {
            return known;
        }
        let Some(granted) = self.grant_defences(left) else {
            self.table.insert(key, false);
            return false;
        };
        let moves = self.legal();
        let loses = if moves.is_empty() {
            false
        } else if family == Family::Reflex && self.some_move_reaches_goal(&moves) {
            true
        } else {
            let mut all = true;
            for mv in &moves {
                if !self.defence_fails(mv, left) {
                    all = false;
                    break;
                }
            }
            all
        };
        self.give_back(moves);
        self.granted = granted;
        if self.stopped.is_none() {
            self.table.insert(key, loses);
        }
        loses
    }

    /// Under `KeepMatingPiece`, whether the side that is to reach the goal (the
    /// attacker in direct play, the defender in self play) has only its royal unit left.
    fn mating_unit_lost(&self) -> bool {
        if !self.opts.keep_mating_unit {
            return false;
        }
        let mating = match self.battle_family() {
            Family::Direct => self.white,
            Family::SelfPlay => self.white.opponent(),
            _ => return false,
        };
        let board = self.pos.board();
        let royal = self.pos.royal_squares(mating);
        (board.owned(mating.owner()) & !royal).is_empty()
    }

    /// Under `NonTrivial m n`, at a defender's move with `left` attacker moves after
    /// it: `None` when the defender has more non-trivial defences than one plus those
    /// still to grant (the attacking move fails); else the grant as it was, the grant
    /// for the play below set (the caller restores it).
    fn grant_defences(&mut self, left: u32) -> Option<u32> {
        let granted = self.granted;
        let Some((_, n)) = self.opts.non_trivial else {
            return Some(granted);
        };
        if left <= n {
            return Some(granted);
        }
        // trivial: the attacker wins within n more moves (direct play counts the
        // attacker's move that reaches the goal too, as the reference measures in
        // half-moves)
        let within = if self.battle_family() == Family::Direct {
            n + 1
        } else {
            n
        };
        let moves = self.legal();
        let mut count = 0;
        for mv in &moves {
            if !self.defence_fails(mv, within) {
                count += 1;
                if count > granted + 1 {
                    break;
                }
            }
        }
        self.give_back(moves);
        if count > granted + 1 {
            return None;
        }
        self.granted = granted + 1 - count;
        Some(granted)
    }

    /// Whether the defence `mv` fails (the attacker still wins), `left` attacker moves.
    fn defence_fails(&mut self, mv: &Move, left: u32) -> bool {
        self.pos.make(*mv);
        let constraint = self.stip.structured.and_then(|s| s.defence_goal);
        let fails = match self.battle_family() {
            // a defence that breaks the constraint stops the attacker
            _ if left > 0 && constraint.is_some_and(|g| !self.reaches(g, mv)) => false,
            Family::SelfPlay => self.goal_after(mv) || (left > 0 && self.attack_wins(left)),
            _ => left > 0 && self.attack_wins(left),
        };
        self.pos.unmake();
        fails
    }

    /// The shortest win of the attacker (to move) within `n`, if any.
    fn shortest_win(&mut self, n: u32) -> Option<u32> {
        (1..=n).find(|&k| self.attack_wins(k))
    }

    /// The refutations (at most `limit`) of the attacker's move just made, `left` moves
    /// remaining; `None` when the defender has no move at all (or, in reflex play,
    /// reaches the goal).
    fn refutations(&mut self, left: u32, limit: usize) -> Option<Vec<Move>> {
        if self.mating_unit_lost() {
            return None;
        }
        let granted = self.grant_defences(left)?;
        let refs = self.refutations_granted(left, limit);
        self.granted = granted;
        refs
    }

    fn refutations_granted(&mut self, left: u32, limit: usize) -> Option<Vec<Move>> {
        let moves = self.legal();
        if moves.is_empty() {
            self.give_back(moves);
            return None;
        }
        if self.battle_family() == Family::Reflex && self.some_move_reaches_goal(&moves) {
            self.give_back(moves);
            return Some(Vec::new());
        }
        let mut refs = Vec::new();
        for mv in &moves {
            if !self.defence_fails(mv, left) {
                refs.push(*mv);
                if refs.len() >= limit {
                    break;
                }
            }
        }
        self.give_back(moves);
        Some(refs)
    }

    fn text(&mut self, mv: &Move) -> String {
        let text = full_text(self.pos, &self.opts.style, mv, &mut self.scratch);
        match self.stip.goal {
            // the goal "mate or stalemate" is written as such when reached
            Goal::MateOrStalemate => {
                if let Some(t) = text.strip_suffix(" #").or(text.strip_suffix(" =")) {
                    return format!("{t} #=");
                }
            }
            // a double stalemate is written as such when reached
            Goal::DoubleStalemate => {
                if let Some(t) = text.strip_suffix(" =") {
                    self.pos.make(*mv);
                    let double = self.reaches(Goal::DoubleStalemate, mv);
                    self.pos.unmake();
                    if double {
                        return format!("{t} ==");
                    }
                }
            }
            // with goals other than mate and stalemate (any move, capture, check, castling,
            // en passant, proof games) the reference marks checks only
            Goal::Any
            | Goal::Diagram
            | Goal::Position
            | Goal::Capture
            | Goal::Check
            | Goal::Castling
            | Goal::EnPassant => {
                if let Some(t) = text.strip_suffix(" =") {
                    return t.to_string();
                }
                if let Some(t) = text.strip_suffix(" #") {
                    return format!("{t} +");
                }
            }
            _ => {}
        }
        text
    }

    /// The moves of the position as generated, before the legality test (the reference
    /// numbers them so), in the order the reference tries them.
    fn moves_in_reference_order(&mut self) -> MoveList {
        let mut moves = self.pseudo();
        crate::order::sort_as_reference::<R>(&mut moves);
        moves
    }

    /// Which of `count` first moves in the reference's order are tried (all, unless
    /// `StartMoveNumber` or `UpToMoveNumber` says otherwise).
    fn first_move_range(&self, count: usize) -> std::ops::Range<usize> {
        let (start, upto) = self.opts.first_moves.unwrap_or((1, count));
        let end = upto.min(count);
        start.saturating_sub(1).min(end)..end
    }

    /// Whether `mv`, a first move when `first` (else a later one), is left out by
    /// `StartMoveNumber` / `UpToMoveNumber`.
    fn left_out(&self, first: bool, mv: &Move) -> bool {
        first
            && self
                .first_moves
                .as_ref()
                .is_some_and(|keep| !keep.contains(mv))
    }

    /// The moves of the position as generated, before the legality test (the reference
    /// numbers them so), in the order the reference tries them, each written as the
    /// option MoveNumbers writes it: a check marked `+` (also a mate), no other goal.
    /// Only the moves tried are written, after how many were left out before them.
    pub fn numbered_moves(&mut self) -> (usize, Vec<String>) {
        let moves = self.moves_in_reference_order();
        let range = self.first_move_range(moves.len());
        let skipped = range.start;
        let mut texts = Vec::with_capacity(range.len());
        for mv in &moves[range] {
            let text = full_text(self.pos, &self.opts.style, mv, &mut self.scratch);
            let text = match text.strip_suffix(" #") {
                Some(t) => format!("{t} +"),
                None => text.strip_suffix(" =").unwrap_or(&text).to_string(),
            };
            texts.push(text);
        }
        self.give_back(moves);
        (skipped, texts)
    }

    /// Battle play from the attacker's first move.
    fn solve_battle(&mut self) -> Vec<Attack> {
        let n = self.stip.moves;
        let mut out = Vec::new();
        let family = self.battle_family();
        let moves = self.legal();
        if family == Family::Reflex && self.some_move_reaches_goal(&moves) {
            // the attacker must reach the goal itself: its goal moves, marked `?!?`
            self.give_back(moves);
            return self
                .goal_moves()
                .into_iter()
                .map(|mut text| {
                    self.mark_reached(&mut text);
                    Attack {
                        number: 1,
                        text,
                        mark: Some("?!?"),
                        threat: Threat::None,
                        defences: Vec::new(),
                        refutations: Vec::new(),
                    }
                })
                .collect();
        }
        for mv in &moves {
            if self.stopped.is_some() {
                break;
            }
            if self.left_out(true, mv) {
                continue;
            }
            let mut text = self.text(mv);
            self.pos.make(*mv);
            let direct_goal = self.attacker_goal(n) && self.goal_after(mv);
            if direct_goal {
                self.mark_reached(&mut text);
            }
            if !direct_goal && !self.threatens_enough(n) {
                self.pos.unmake();
                continue;
            }
            let refs = if direct_goal {
                Some(Vec::new())
            } else {
                // without tries one refutation settles a move; with them, one more
                // than a try may have
                let limit = if self.opts.tries {
                    self.opts.defence + 1
                } else {
                    1
                };
                self.refutations(n - 1, limit)
            };
            let attack = match refs {
                Some(refs) if refs.is_empty() => {
                    self.found += 1;
                    Some(self.expand_attack(1, text, Some("!"), n - 1, direct_goal))
                }
                Some(refs)
                    if self.opts.tries
                        && refs.len() <= self.opts.defence
                        && !(family == Family::Direct && n == 1) =>
                {
                    let mut a = self.expand_attack(1, text, Some("?"), n - 1, false);
                    a.refutations = refs
                        .iter()
                        .map(|r| Defence {
                            number: 1,
                            text: self.text(r),
                            answers: vec![],
                            refutes: false,
                        })
                        .collect();
                    Some(a)
                }
                _ => None,
            };
            self.pos.unmake();
            out.extend(attack);
            if self.opts.max_solutions.is_some_and(|m| self.found >= m) {
                self.stopped = Some(Stop::Solutions);
                break;
            }
        }
        self.give_back(moves);
        out
    }

    /// Set play of series self, reflex and help play, the side that moves after the
    /// series to move in the diagram: its moves that reach the goal at once, each a line
    /// `1...move`.
    pub fn series_set_play(&mut self) -> Vec<Vec<String>> {
        let mut lines = Vec::new();
        for text in self.goal_moves() {
            let mut tokens = vec![format!("1...{text}")];
            self.mark_goal(&mut tokens);
            lines.push(tokens);
        }
        lines
    }

    /// The moves of the side to move that reach the goal, as written.
    fn goal_moves(&mut self) -> Vec<String> {
        let moves = self.legal();
        let mut texts = Vec::new();
        for mv in &moves {
            let text = self.text(mv);
            self.pos.make(*mv);
            let reached = self.goal_after(mv);
            self.pos.unmake();
            if reached {
                texts.push(text);
            }
        }
        self.give_back(moves);
        texts
    }

    /// Under the option `Threat t`, whether the attacking move just made checks or
    /// threatens to win in at most `t` moves (the defender passing); always true without
    /// the option.
    fn threatens_enough(&mut self, n: u32) -> bool {
        let Some(t) = self.opts.max_threat else {
            return true;
        };
        // a check threatens whatever follows it
        if self.pos.in_check(self.pos.side()) {
            return true;
        }
        if n < 2 {
            return false;
        }
        self.pos.pass();
        let threat = self.shortest_win(t.min(n - 1)).is_some();
        self.pos.unpass();
        threat
    }

    /// Post-key play, the defender to move in the diagram as if the attacker had just
    /// played a key: the threat and the variations, as they follow a key.
    pub fn post_key_play(&mut self) -> Attack {
        let left = self.stip.moves.saturating_sub(1);
        self.expand_attack(1, String::new(), None, left, false)
    }

    /// Set play of battle problems, the defender to move in the diagram: each defender
    /// move after which the attacker wins in fewer moves than the stipulation's, with the
    /// attacker's shortest wins; in reflex play also the defender's moves that reach the
    /// goal at once.
    pub fn set_play(&mut self) -> Vec<Defence> {
        let left = self.stip.moves - 1;
        let family = self.battle_family();
        let mut out = Vec::new();
        let moves = self.legal();
        // in reflex play the defender must reach the goal when it can
        let forced = family == Family::Reflex && self.some_move_reaches_goal(&moves);
        // in self play its goal moves count when it has no other move
        let all_goal = family == Family::SelfPlay && self.every_move_reaches_goal();
        for d in &moves {
            if self.stopped.is_some() {
                break;
            }
            let text = self.text(d);
            self.pos.make(*d);
            // the defender's own goal moves are set play when it must play them
            let shown = if (forced || all_goal) && self.goal_after(d) {
                Some(Vec::new())
            } else if left == 0 || (family == Family::Reflex && forced) {
                None
            } else {
                self.shortest_win(left).map(|len| {
                    self.winning_moves(len)
                        .iter()
                        .map(|m| self.continuation(2, m, len))
                        .collect()
                })
            };
            self.pos.unmake();
            if let Some(answers) = shown {
                out.push(Defence {
                    number: 1,
                    text,
                    answers,
                    refutes: false,
                });
            }
        }
        self.give_back(moves);
        out
    }

    /// Builds the play after an attacking move just made (defender to move), `left`
    /// attacker moves remaining.
    fn expand_attack(
        &mut self,
        number: u32,
        text: String,
        mark: Option<&'static str>,
        left: u32,
        goal: bool,
    ) -> Attack {
        let attack = Attack {
            number,
            text,
            mark,
            threat: Threat::None,
            defences: Vec::new(),
            refutations: Vec::new(),
        };
        if goal || !(self.opts.variations || mark.is_none()) {
            return attack;
        }
        // (under NonTrivial, the play below counts its grant from here)
        let Some(granted) = self.grant_defences(left) else {
            return attack;
        };
        let attack = self.expand_defences(attack, left);
        self.granted = granted;
        attack
    }

    /// The threat and variations after an attacking move just made (defender to move),
    /// `left` attacker moves remaining.
    fn expand_defences(&mut self, mut attack: Attack, left: u32) -> Attack {
        let (number, mark) = (attack.number, attack.mark);
        let family = self.battle_family();
        // in reflex play the defender must reach the goal when it can; in self play it
        // may have no other move
        let forced = match family {
            Family::Reflex => {
                let moves = self.legal();
                let reaches = self.some_move_reaches_goal(&moves);
                self.give_back(moves);
                reaches
            }
            Family::SelfPlay => self.every_move_reaches_goal(),
            _ => false,
        };
        if (left == 0 && family != Family::Direct) || forced {
            // self and reflex play end with the defender's forced goal moves
            let moves = self.legal();
            for d in &moves {
                let mut dtext = self.text(d);
                self.pos.make(*d);
                let reached = self.goal_after(d);
                self.pos.unmake();
                if reached {
                    self.mark_reached(&mut dtext);
                    attack.defences.push(Defence {
                        number,
                        text: dtext,
                        answers: vec![],
                        refutes: false,
                    });
                }
            }
            self.give_back(moves);
            return attack;
        }
        // the threat: what the attacker would do if the defender could pass
        let mut threat_len = None;
        let mut threat_moves: Vec<Move> = Vec::new();
        // (the reference seeks no threats in a nested battle branch)
        let structured_threat = self.stip.structured.is_none_or(|s| s.goal_within.is_none());
        if left > 0
            && structured_threat
            && !self.opts.no_threat
            && !self.pos.in_check(self.pos.side())
        {
            self.pos.pass();
            let max = self.opts.max_threat.map_or(left, |m| m.min(left));
            if let Some(t) = self.shortest_win(max) {
                threat_len = Some(t);
                threat_moves = self.winning_moves(t);
                let threats = threat_moves
                    .clone()
                    .iter()
                    .map(|m| self.continuation(number + 1, m, t))
                    .collect();
                attack.threat = Threat::Moves(threats);
            } else if family == Family::Direct || left > 0 {
                attack.threat = Threat::Zugzwang;
            }
            self.pos.unpass();
        }
        if mark.is_some() && !self.opts.variations {
            attack.threat = Threat::None;
            return attack;
        }
        // variations: defences that do not simply allow the threat
        let moves = self.legal();
        for d in &moves {
            let dtext = self.text(d);
            self.pos.make(*d);
            let reached = family == Family::SelfPlay && self.goal_after(d);
            // the defender reaching the goal before the end is not a variation
            let win = if reached {
                (left == 0).then_some(0)
            } else {
                self.shortest_win(left)
            };
            let mut shown = None;
            // post-key play (no key written) shows the defences that refute it too
            if win.is_none() && attack.text.is_empty() {
                shown = Some(Defence {
                    number,
                    text: dtext.clone(),
                    answers: Vec::new(),
                    refutes: true,
                });
            }
            if let Some(len) = win {
                // a defence is a variation when the attacker needs longer than the
                // threat after it, or as long and some threat no longer works; one
                // that allows a win shorter than the threat is not written
                let not_a_defence = match threat_len {
                    Some(t) if len < t => len > 0,
                    Some(t) if len == t => threat_moves.iter().all(|m| self.still_wins(m, t)),
                    _ => false,
                };
                let short = len < left;
                if !(not_a_defence || (short && self.opts.no_short_variations && len > 0)) {
                    let answers = if len == 0 {
                        Vec::new()
                    } else {
                        self.winning_moves(len)
                            .iter()
                            .map(|m| self.continuation(number + 1, m, len))
                            .collect()
                    };
                    shown = Some(Defence {
                        number,
                        text: dtext,
                        answers,
                        refutes: false,
                    });
                }
            }
            self.pos.unmake();
            attack.defences.extend(shown);
        }
        self.give_back(moves);
        attack
    }

    /// Whether the attacker's move `t` (legal here?) still wins in `len`.
    fn still_wins(&mut self, t: &Move, len: u32) -> bool {
        let moves = self.legal();
        let found = moves
            .iter()
            .find(|m| m.from == t.from && m.to == t.to && m.promotion == t.promotion)
            .copied();
        self.give_back(moves);
        let Some(mv) = found else { return false };
        self.pos.make(mv);
        let w = (self.attacker_goal(len) && self.goal_after(&mv))
            || (self.threatens_enough(len) && self.defence_loses(len - 1));
        self.pos.unmake();
        w
    }

    /// The attacker's moves (to move) that win in exactly `len`.
    fn winning_moves(&mut self, len: u32) -> Vec<Move> {
        let moves = self.legal();
        let mut wins = Vec::new();
        for mv in &moves {
            self.pos.make(*mv);
            let w = (self.attacker_goal(len) && self.goal_after(mv))
                || (self.threatens_enough(len) && self.defence_loses(len - 1));
            self.pos.unmake();
            if w {
                wins.push(*mv);
            }
        }
        self.give_back(moves);
        wins
    }

    /// An attacker's continuation `mv` winning in `len`, expanded.
    fn continuation(&mut self, number: u32, mv: &Move, len: u32) -> Attack {
        let mut text = self.text(mv);
        self.pos.make(*mv);
        let goal = self.attacker_goal(len) && self.goal_after(mv);
        if goal {
            self.mark_reached(&mut text);
        }
        let a = self.expand_attack(
            number,
            text,
            None,
            len - 1,
            goal || len == 1 && self.battle_family() == Family::Direct,
        );
        self.pos.unmake();
        a
    }

    // ----- help play -----

    fn solve_help(&mut self) -> Vec<Vec<String>> {
        // help-reflex play in which the side to move can reach the goal itself: it must,
        // which ends the play before it began; its goal moves are written marked `?!?`
        if self.stip.reflex && self.pos.side() == self.white {
            let forced = self.goal_moves();
            if !forced.is_empty() {
                return forced
                    .into_iter()
                    .map(|mut text| {
                        self.mark_reached(&mut text);
                        vec![format!("1.{text}"), "?!?".to_string()]
                    })
                    .collect();
            }
        }
        // the reference counts shorter solutions (by whole moves) as solutions too
        let total = self.stip.half_moves();
        let mut lines = Vec::new();
        let mut line = Vec::new();
        // (help-reflex play ends wherever the goal can be reached: one search finds the
        // short lines too)
        // (a battle branch after help play may follow no help move at all)
        let tail = self.stip.structured.and_then(|s| s.tail);
        let mut len = if self.stip.reflex || self.stip.exact {
            total
        } else if tail.is_some() {
            total % 2
        } else {
            2 - total % 2
        };
        // the plans of the whole play hold those of every shorter one
        // (the plain search is cheap for a short play, and drawing up plans is not)
        let plans = if self.stip.family == Family::Help && total >= PLANNED_HELP {
            self.draw_plans(help_budget(total))
        } else {
            None
        };
        while len <= total && self.stopped.is_none() {
            let budget = help_budget(len);
            if let (Some(plans), true) = (&plans, len >= PLANNED_HELP) {
                self.plan = Some(Following::new(plans.within(budget), self.pos, budget));
            }
            self.help_root(len, &mut line, &mut lines);
            self.plan = None;
            if self.opts.stop_on_short && !lines.is_empty() {
                break;
            }
            len += 2;
        }
        // help play pairs Black's move with White's answer; help-self play and proof
        // games the reverse
        let pair_starter = match (self.stip.family, self.stip.goal) {
            (Family::HelpSelf, _) | (_, Goal::Diagram | Goal::Position) => self.white,
            _ => self.white.opponent(),
        };
        // (a structured stipulation pairs moves from the side it names)
        let first_is_second = match self.stip.structured {
            Some(s) => s.dash,
            None => self.pos.side() != pair_starter,
        };
        let tail = self.stip.structured.and_then(|s| s.tail);
        let mut written = Vec::new();
        for l in lines {
            match tail {
                Some(tail) if !tail.hidden => {
                    for t in self.tail_lines(&l, tail) {
                        written.push(self.write_line_with_tail(&l, &t, first_is_second, tail));
                    }
                }
                // (the goal of a hidden branch is not marked either)
                Some(_) => written.push(self.line_tokens(&l, first_is_second)),
                None => written.push(self.write_line(&l, first_is_second)),
            }
        }
        written
    }

    /// Help play from the diagram in `len` half-moves: when the search is long enough
    /// and `threads` allows, with the first moves shared out
    /// ([`Solver::share_first_moves`]).
    fn help_root(&mut self, len: u32, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
        if !self.shares_help(len) {
            self.help(len, line, out);
            return;
        }
        let Some(roots) = self.help_first_moves(len) else {
            return;
        };
        self.share_first_moves(&roots, out, |solver, mv, lines| {
            solver.pos.make(mv);
            solver.follow_make(&mv);
            solver.help(len - 1, &mut vec![mv], lines);
            solver.follow_unmake(&mv);
            solver.pos.unmake();
        });
    }

    /// Shares `roots`, first moves, out among `threads` workers, each with a copy of the
    /// position, all with one table (which holds only settled answers, so each worker
    /// finds every line the one search finds). `explore` finds the lines after one first
    /// move; they are appended to `out` in the order of `roots`.
    fn share_first_moves<F>(&mut self, roots: &[Move], out: &mut Vec<Vec<Move>>, explore: F)
    where
        F: Fn(&mut Solver<'_, R>, Move, &mut Vec<Vec<Move>>) + Sync,
    {
        let shared = self
            .shared
            .get_or_insert_with(|| Arc::new(SharedTable::new(SHARED_TABLE_BITS)))
            .clone();
        let plan = self.plan.clone();
        let by_first = self.share_out(
            roots.len(),
            |solver| {
                solver.table = Table::shared(shared.clone());
                solver.plan.clone_from(&plan);
            },
            |solver, i, lines| explore(solver, roots[i], lines),
        );
        for (_, lines) in by_first {
            self.found += lines.len();
            out.extend(lines);
        }
    }

    /// Shares `count` pieces of work out among `threads` workers, each with a copy of
    /// the position set up by `setup`; `work` does piece `i`. What each piece found, in
    /// the order of the pieces.
    fn share_out<S, W>(&mut self, count: usize, setup: S, work: W) -> Vec<LinesOfFirst>
    where
        S: Fn(&mut Solver<'_, R>) + Sync,
        W: Fn(&mut Solver<'_, R>, usize, &mut Vec<Vec<Move>>) + Sync,
    {
        let next = AtomicUsize::new(0);
        let halt = AtomicBool::new(false);
        let workers = self.opts.threads.min(count).max(1);
        let (stip, opts, white) = (self.stip.clone(), self.opts.clone(), self.white);
        let base: &Position<R> = self.pos;
        let (setup, work) = (&setup, &work);
        let finished: Vec<(Vec<LinesOfFirst>, Option<Stop>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    let (stip, opts) = (stip.clone(), opts.clone());
                    let (next, halt) = (&next, &halt);
                    scope.spawn(move || {
                        let mut pos = base.clone();
                        let mut solver = Solver::new(&mut pos, stip, opts, white);
                        setup(&mut solver);
                        let mut found = Vec::new();
                        while !halt.load(Ordering::Relaxed) {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= count {
                                break;
                            }
                            let mut lines = Vec::new();
                            work(&mut solver, i, &mut lines);
                            found.push((i, lines));
                            if solver.stopped.is_some() {
                                halt.store(true, Ordering::Relaxed);
                            }
                        }
                        (found, solver.stopped)
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let mut by_piece: Vec<LinesOfFirst> = Vec::new();
        for (found, stopped) in finished {
            by_piece.extend(found);
            self.stopped = self.stopped.or(stopped);
        }
        by_piece.sort_by_key(|(i, _)| *i);
        by_piece
    }

    /// Intelligent mode: the plans of a mate or stalemate within `budget` (the moves of
    /// the mating side and of the goal side); `None` when intelligent mode does not
    /// apply (or gives way).
    fn draw_plans(&mut self, budget: (u32, u32)) -> Option<Plans> {
        if !self.opts.intelligent
            || !matches!(self.stip.goal, Goal::Mate | Goal::Stalemate)
            || self.stip.reflex
            || self.stip.exact
            || self.stip.reci.is_some()
            || self.stip.structured.is_some()
            || self.first_moves.is_some()
        {
            return None;
        }
        let goal = self.white.opponent();
        let mate = self.stip.goal == Goal::Mate;
        Plans::new(self.pos, goal, mate, budget.0, budget.1)
    }

    /// In intelligent mode, enters the position with `mating` moves of the mating side
    /// and `goal_moves` of the goal side left ([`Following::enter`]): `Err` when no plan
    /// is within reach, `Ok(true)` when entered (to be left), `Ok(false)` outside
    /// intelligent mode.
    fn follow_enter(&mut self, mating: u32, goal_moves: u32) -> Result<bool, ()> {
        let goal = self.white.opponent();
        match &mut self.plan {
            Some(plan) => match plan.enter(self.pos, goal, mating, goal_moves) {
                true => Ok(true),
                false => Err(()),
            },
            None => Ok(false),
        }
    }

    /// Whether some plan followed is within reach of the play ending with the next move,
    /// the mating side's; true outside intelligent mode.
    fn plan_may_end(&mut self) -> bool {
        let Ok(entered) = self.follow_enter(1, 0) else {
            return false;
        };
        self.follow_leave(entered);
        true
    }

    /// Leaves the position entered by [`Solver::follow_enter`] (when `entered`).
    fn follow_leave(&mut self, entered: bool) {
        if let (true, Some(plan)) = (entered, &mut self.plan) {
            plan.leave();
        }
    }

    /// Whether `mv` keeps some plan within reach ([`Following::allows`]).
    fn plan_allows(&mut self, entered: bool, mv: &Move) -> bool {
        match (&mut self.plan, entered) {
            (Some(plan), true) => plan.allows(mv, self.pos.side()),
            _ => true,
        }
    }

    /// Follows `mv`, about to be made, in the plans' units.
    fn follow_make(&mut self, mv: &Move) {
        if let Some(plan) = &mut self.plan {
            plan.make(mv);
        }
    }

    /// Takes back `mv` in the plans' units.
    fn follow_unmake(&mut self, mv: &Move) {
        if let Some(plan) = &mut self.plan {
            plan.unmake(mv);
        }
    }

    /// Whether help play of `len` half-moves from the diagram is shared out among
    /// workers: a long plain help mate or stalemate, with more than one thread allowed
    /// and nothing that depends on the order the lines are found in.
    fn shares_help(&self, len: u32) -> bool {
        self.opts.threads > 1
            && len >= 5
            && self.stip.family == Family::Help
            && matches!(self.stip.goal, Goal::Mate | Goal::Stalemate)
            && !self.stip.reflex
            && self.stip.reci.is_none()
            && self.stip.structured.is_none()
            && self.proof.is_none()
            && self.opts.max_solutions.is_none()
            && self.first_moves.is_none()
    }

    /// The legal first moves of help play in `len` half-moves worth trying, in the
    /// order the one search tries them; `None` when the goal is out of reach.
    fn help_first_moves(&mut self, len: u32) -> Option<Vec<Move>> {
        let helping = self.help_bound(len)?;
        let moves = self.legal();
        let roots = moves
            .iter()
            .filter(|mv| !self.unhelpful(helping, mv))
            .copied()
            .collect();
        self.give_back(moves);
        Some(roots)
    }

    /// What the goal bound says of help play with `left` half-moves: `None` when the goal
    /// is out of reach; else the moves each side has left after the next one when only
    /// moves that help are worth trying ([`Solver::unhelpful`]).
    fn help_bound(&mut self, left: u32) -> Option<Option<(u32, u32)>> {
        let Some(bound) = &mut self.bound else {
            return Some(None);
        };
        // (a plan's own test is stronger and cheaper)
        if self.plan.is_some() {
            return Some(None);
        }
        match bound.verdict(self.pos, help_budget(left), help_budget(left - 1)) {
            Verdict::OutOfReach => None,
            Verdict::HelpingMovesOnly => Some(Some(help_budget(left - 1))),
            Verdict::AnyMove => Some(None),
        }
    }

    /// Whether `mv`, just made with `left` half-moves to go (more than one), ends help
    /// play whose goal does not end the game (check, capture): in help play a move of the
    /// last mover that reaches the goal, in help-self play a move of White's after which
    /// Black must reach it.
    fn ends_play_early(&mut self, left: u32, mv: &Move) -> bool {
        if left.is_multiple_of(2) || !matches!(self.stip.goal, Goal::Check | Goal::Capture) {
            return false;
        }
        match self.stip.family {
            Family::Help => self.goal_after(mv),
            Family::HelpSelf => self.defence_loses(0),
            _ => false,
        }
    }

    /// Whether `mv` is not worth trying when the goal bound allows only moves that help
    /// (`helping`: the moves each side has left after it).
    fn unhelpful(&mut self, helping: Option<(u32, u32)>, mv: &Move) -> bool {
        match (helping, &mut self.bound) {
            (Some((mating, goal)), Some(bound)) => !bound.may_help(self.pos, mv, mating, goal),
            _ => false,
        }
    }

    fn help(&mut self, left: u32, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) -> bool {
        if self.out_of_time() {
            return false;
        }
        let key = table_key(self.key(), left, TAG_HELP);
        if self.table.get(key) == Some(false) {
            return false;
        }
        if let Some(proof) = &self.proof {
            if proof.out_of_reach(self.pos, left.div_ceil(2), left / 2) {
                self.table.insert(key, false);
                return false;
            }
        }
        if self.stip.reflex {
            // either side reaches the goal as soon as it can, which ends the play: a
            // solution when it is the goal side (unless the play is exact), else a line
            // that goes nowhere
            let goal_side = self.pos.side() == self.white.opponent();
            if goal_side && !self.stip.exact {
                if self.record_goal_replies(line, out) {
                    return true;
                }
            } else if self.can_reach_goal() {
                self.table.insert(key, false);
                return false;
            }
        }
        if left == 2 && self.stip.reci.is_some() {
            return self.reciprocal(key, line, out);
        }
        // `>`: a line through a position where the battle branch succeeds ends there (a
        // shorter solution, found at its own length)
        if let Some(tail) = self.stip.structured.and_then(|s| s.tail) {
            if tail.ends_early && left >= 2 && left.is_multiple_of(2) && self.tail_holds(tail) {
                self.table.insert(key, false);
                return false;
            }
        }
        if left == 0 {
            // no help move: the battle branch from this very position
            let holds = self
                .stip
                .structured
                .and_then(|s| s.tail)
                .is_some_and(|tail| self.tail_holds(tail));
            if holds {
                out.push(line.clone());
                self.found += 1;
            }
            return holds;
        }
        let Ok(entered) = self.follow_enter(left.div_ceil(2), left / 2) else {
            self.table.insert(key, false);
            return false;
        };
        let helping = if self.stip.family == Family::Help {
            let Some(helping) = self.help_bound(left) else {
                self.follow_leave(entered);
                self.table.insert(key, false);
                return false;
            };
            helping
        } else {
            None
        };
        // without a selecting condition, legality is tested on the move just made, so
        // each move is made once
        let checked = !self.pos.rules().has_selection();
        let moves = if checked { self.pseudo() } else { self.legal() };
        let mover = self.pos.side();
        // the last move of a help mate must give check: test that first, it is rarer
        let tail = self.stip.structured.and_then(|s| s.tail);
        let must_check = left == 1
            && self.stip.family != Family::HelpSelf
            && tail.is_none()
            && self.goal_needs_check();
        let filter = if must_check {
            self.pos.check_filter()
        } else {
            None
        };
        let mut any = false;
        let first = line.is_empty();
        for mv in &moves {
            if self.left_out(first, mv) {
                continue;
            }
            if must_check && !(self.pos.may_check(mv, filter) && self.pos.gives_check(mv)) {
                continue;
            }
            if self.unhelpful(helping, mv) || !self.plan_allows(entered, mv) {
                continue;
            }
            self.pos.make(*mv);
            if checked && self.pos.in_check(mover) {
                self.pos.unmake();
                continue;
            }
            self.follow_make(mv);
            line.push(*mv);
            let ok = if left == 1 {
                match self.stip.family {
                    // the last move forces the other side to reach the goal: the line
                    // ends with each of its goal moves
                    Family::HelpSelf if self.stip.reflex => self.record_goal_replies(line, out),
                    Family::HelpSelf => {
                        self.defence_loses(0) && self.record_goal_replies(line, out)
                    }
                    _ => match tail {
                        Some(tail) => self.tail_holds(tail),
                        None => self.goal_after(mv),
                    },
                }
            } else if tail.is_none() && self.ends_play_early(left, mv) {
                // that is a shorter solution, found at its own length, never a way through
                false
            } else {
                self.help(left - 1, line, out)
            };
            if ok && left == 1 && self.stip.family != Family::HelpSelf {
                out.push(line.clone());
                self.found += 1;
            }
            line.pop();
            self.pos.unmake();
            self.follow_unmake(mv);
            any |= ok;
            if self.opts.max_solutions.is_some_and(|m| self.found >= m) {
                self.stopped = Some(Stop::Solutions);
            }
            if self.stopped.is_some() {
                break;
            }
        }
        self.give_back(moves);
        self.follow_leave(entered);
        if !any && self.stopped.is_none() {
            self.table.insert(key, false);
        }
        any
    }

    /// Plays the battle branch that follows help play as `tail` says: `run` with the
    /// solver set to it (family, goal side in White's role), then set back.
    fn in_tail<T>(&mut self, tail: Tail, run: impl FnOnce(&mut Self) -> T) -> T {
        let mover = self.pos.side();
        let attacker = if tail.defender_first {
            mover.opponent()
        } else {
            mover
        };
        let saved = (self.stip.family, self.white);
        self.stip.family = tail.family;
        self.white = attacker;
        let result = run(self);
        (self.stip.family, self.white) = saved;
        result
    }

    /// Whether the battle branch after help play (the position after its last move)
    /// is won by the attacker.
    fn tail_holds(&mut self, tail: Tail) -> bool {
        if tail.unchecked && self.pos.in_check(self.pos.side()) {
            return false;
        }
        self.in_tail(tail, |s| {
            if tail.defender_first {
                s.defence_loses(tail.moves)
            } else {
                s.attack_wins(tail.moves)
            }
        })
    }

    /// The lines of the battle branch after the help play `line`: every attacking move
    /// that wins soonest, each defence, the attacker's shortest wins after it, to the
    /// goal.
    fn tail_lines(&mut self, line: &[Move], tail: Tail) -> Vec<Vec<Move>> {
        for mv in line {
            self.pos.make(*mv);
        }
        let lines = self.in_tail(tail, |s| {
            if tail.defender_first {
                s.defence_lines(tail.moves)
            } else {
                // the shortest wins only, as after each defence
                match s.shortest_win(tail.moves) {
                    Some(k) => s.attack_lines(k),
                    None => Vec::new(),
                }
            }
        });
        for _ in line {
            self.pos.unmake();
        }
        lines
    }

    /// The attacker (to move) winning within `n`: each winning move with the lines
    /// after it.
    fn attack_lines(&mut self, n: u32) -> Vec<Vec<Move>> {
        let direct = self.battle_family() == Family::Direct;
        let moves = self.legal();
        let mut lines = Vec::new();
        for mv in &moves {
            self.pos.make(*mv);
            if direct && self.goal_after(mv) {
                lines.push(vec![*mv]);
            } else if (n > 1 || !direct) && self.defence_loses(n - 1) {
                for mut rest in self.defence_lines(n - 1) {
                    rest.insert(0, *mv);
                    lines.push(rest);
                }
            }
            self.pos.unmake();
        }
        self.give_back(moves);
        lines
    }

    /// The defender (to move) losing with the attacker `left` moves to go: each defence
    /// with the attacker's shortest wins after it.
    fn defence_lines(&mut self, left: u32) -> Vec<Vec<Move>> {
        let family = self.battle_family();
        let moves = self.legal();
        let mut lines = Vec::new();
        for d in &moves {
            self.pos.make(*d);
            if family == Family::SelfPlay && self.goal_after(d) {
                lines.push(vec![*d]);
            } else if let Some(k) = self.shortest_win(left) {
                for mut rest in self.attack_lines(k) {
                    rest.insert(0, *d);
                    lines.push(rest);
                }
            }
            self.pos.unmake();
        }
        self.give_back(moves);
        lines
    }

    /// Writes help play followed by a line of its battle branch: the battle numbered
    /// from 1 again when it has more than one attacking move, else on from the help
    /// play.
    fn write_line_with_tail(
        &mut self,
        line: &[Move],
        tail_line: &[Move],
        first_is_second: bool,
        tail: Tail,
    ) -> Vec<String> {
        let (mut tokens, count) = self.play_tokens(line, first_is_second);
        let start = if tail.moves > 1 { (1, false) } else { count };
        self.push_tokens(&mut tokens, tail_line, start, false);
        for _ in line.iter().chain(tail_line) {
            self.pos.unmake();
        }
        self.mark_goal(&mut tokens);
        tokens
    }

    /// Writes a help line: pairs numbered, the first move `1...` when it is the second
    /// of its pair.
    fn write_line(&mut self, line: &[Move], first_is_second: bool) -> Vec<String> {
        let mut tokens = self.line_tokens(line, first_is_second);
        self.mark_goal(&mut tokens);
        tokens
    }

    /// The moves of a help line as numbered tokens, without the goal's mark.
    fn line_tokens(&mut self, line: &[Move], first_is_second: bool) -> Vec<String> {
        let (tokens, _) = self.play_tokens(line, first_is_second);
        for _ in line {
            self.pos.unmake();
        }
        tokens
    }

    /// Plays a help line (the caller takes it back) and writes it: its tokens, and the
    /// count where it stops (move number, whether the next move is the second of a pair).
    fn play_tokens(&mut self, line: &[Move], first_is_second: bool) -> (Vec<String>, (u32, bool)) {
        let mut tokens = Vec::new();
        let mut count = (1, first_is_second);
        if self.opts.first_skipped {
            tokens.push("1...  ...".to_string());
            count.0 = 2;
        }
        let count = self.push_tokens(&mut tokens, line, count, true);
        (tokens, count)
    }

    /// Plays `moves` (the caller takes them back), writing each: numbered when it begins
    /// a pair, the first one as `n...` when `opening` and it is the second of its pair.
    /// Returns the count after them.
    fn push_tokens(
        &mut self,
        tokens: &mut Vec<String>,
        moves: &[Move],
        (mut number, mut second): (u32, bool),
        opening: bool,
    ) -> (u32, bool) {
        for (i, mv) in moves.iter().enumerate() {
            let text = self.text(mv);
            tokens.push(match (second, opening && i == 0) {
                (true, true) => format!("{number}...{text}"),
                (true, false) => text,
                (false, _) => format!("{number}.{text}"),
            });
            self.pos.make(*mv);
            if second {
                number += 1;
            }
            second = !second;
        }
        (number, second)
    }

    // ----- series play -----

    fn solve_series(&mut self) -> Vec<Vec<String>> {
        let mut lines = Vec::new();
        let mut line = Vec::new();
        let n = self.stip.moves;
        if self.stip.family == Family::SeriesHelp {
            if let Some(plans) = self.draw_plans((1, n)) {
                self.plan = Some(Following::new(plans, self.pos, (1, n)));
            }
        }
        self.series(n, &mut line, &mut lines);
        self.plan = None;
        lines.into_iter().map(|l| self.write_series(&l)).collect()
    }

    /// The series side (to move) has `left` moves; records every line reaching the end.
    fn series(&mut self, left: u32, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) -> bool {
        if self.out_of_time() {
            return false;
        }
        let key = table_key(self.key(), left, TAG_SERIES);
        if self.table.get(key) == Some(false) {
            return false;
        }
        if let Some(proof) = &self.proof {
            // the other side never moves in a series proof game
            if proof.out_of_reach(self.pos, left, 0) {
                self.table.insert(key, false);
                return false;
            }
        }
        if left == 1 && self.stip.reci.is_some() {
            return self.reciprocal(key, line, out);
        }
        let Ok(entered) = self.follow_enter(1, left) else {
            self.table.insert(key, false);
            return false;
        };
        let mut helping = None;
        if let (Some(bound), None) = (&mut self.bound, &self.plan) {
            // ser-h: the goal side plays the series, the other mates; ser-: the reverse
            let (now, after) = match self.stip.family {
                Family::SeriesHelp => ((1, left), (1, left - 1)),
                _ => ((left, 0), (left - 1, 0)),
            };
            match bound.verdict(self.pos, now, after) {
                Verdict::OutOfReach => {
                    self.follow_leave(entered);
                    self.table.insert(key, false);
                    return false;
                }
                Verdict::HelpingMovesOnly => helping = Some(after),
                Verdict::AnyMove => {}
            }
        }
        let moves = self.legal();
        // in reflex play a side that can reach the goal must: the series side too
        if self.stip.family == Family::SeriesReflex && self.some_move_reaches_goal(&moves) {
            self.give_back(moves);
            self.follow_leave(entered);
            return false;
        }
        let first = line.is_empty();
        if first && self.shares_series(left) {
            let roots: Vec<Move> = moves
                .iter()
                .filter(|mv| !self.unhelpful(helping, mv))
                .copied()
                .collect();
            self.give_back(moves);
            let before = out.len();
            self.share_first_moves(&roots, out, |solver, mv, lines| {
                solver.series_move(left, &mv, &mut Vec::new(), lines);
            });
            self.follow_leave(entered);
            return out.len() > before;
        }
        let mut any = false;
        for mv in &moves {
            if self.unhelpful(helping, mv)
                || self.left_out(first, mv)
                || !self.plan_allows(entered, mv)
            {
                continue;
            }
            any |= self.series_move(left, mv, line, out);
            if self.opts.max_solutions.is_some_and(|m| self.found >= m) {
                self.stopped = Some(Stop::Solutions);
            }
            if self.stopped.is_some() {
                break;
            }
        }
        self.give_back(moves);
        self.follow_leave(entered);
        if !any && self.stopped.is_none() {
            self.table.insert(key, false);
        }
        any
    }

    /// Whether series play of `left` moves from the diagram is shared out among workers
    /// ([`Solver::share_first_moves`]): a long plain series or help series to mate or
    /// stalemate, with more than one thread allowed and nothing that depends on the
    /// order the lines are found in.
    fn shares_series(&self, left: u32) -> bool {
        self.opts.threads > 1
            && left >= 4
            && matches!(self.stip.family, Family::Series | Family::SeriesHelp)
            && matches!(self.stip.goal, Goal::Mate | Goal::Stalemate)
            && self.stip.reci.is_none()
            && self.proof.is_none()
            && self.opts.max_solutions.is_none()
            && self.first_moves.is_none()
    }

    /// One move `mv` of the series side with `left` moves (this one included), `line`
    /// the moves before it: records the lines through it that reach the end.
    fn series_move(
        &mut self,
        left: u32,
        mv: &Move,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> bool {
        let mut any = false;
        self.pos.make(*mv);
        self.follow_make(mv);
        line.push(*mv);
        let mut ended = false;
        // the series may end here
        match self.stip.family {
            // (exact play ends with its last move only)
            Family::Series if self.stip.exact && left > 1 => {}
            Family::Series => {
                if self.goal_after(mv) {
                    out.push(line.clone());
                    self.found += 1;
                    any = true;
                }
            }
            // (reciprocal play ends only with its reciprocal last move)
            Family::SeriesHelp if self.stip.reci.is_none() && (!self.stip.exact || left == 1) => {
                // (in intelligent mode, only where a plan is complete but for the last move)
                if self.plan_may_end() {
                    any |= self.record_goal_replies(line, out);
                }
            }
            Family::SeriesHelp => {}
            _ => {
                // the other side is forced to reach the goal: the play ends with
                // its goal move
                if self.defence_loses(0) {
                    ended = true;
                    any |= self.record_goal_replies(line, out);
                }
            }
        }
        // or go on, when the other side is not in check
        if !ended && left > 1 && !self.pos.in_check(self.pos.side()) {
            self.pos.pass();
            any |= self.series(left - 1, line, out);
            self.pos.unpass();
        }
        line.pop();
        self.pos.unmake();
        self.follow_unmake(mv);
        any
    }

    /// The last move of reciprocal help play: the side to move must be able both to
    /// reach its own goal ([`Stipulation::reci`]) and to let the other side reach the
    /// play's goal in answer. When it can, records every line of either kind; when it
    /// cannot, the table keeps that under `key`.
    fn reciprocal(&mut self, key: u64, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) -> bool {
        let Some(own_goal) = self.stip.reci else {
            return false;
        };
        let moves = self.legal();
        let (mut answered, mut own) = (Vec::new(), Vec::new());
        for mv in &moves {
            self.pos.make(*mv);
            line.push(*mv);
            if self.reaches(own_goal, mv) {
                own.push(line.clone());
            }
            self.record_goal_replies(line, &mut answered);
            line.pop();
            self.pos.unmake();
        }
        self.give_back(moves);
        if answered.is_empty() || own.is_empty() {
            // lines recorded on the way do not count
            self.found -= answered.len();
            if self.stopped.is_none() {
                self.table.insert(key, false);
            }
            return false;
        }
        self.found += own.len();
        out.extend(answered);
        out.extend(own);
        true
    }

    /// Records `line` completed by each reply of the side to move that reaches the
    /// goal; whether there was one.
    fn record_goal_replies(&mut self, line: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) -> bool {
        let replies = self.legal();
        let mut any = false;
        for r in &replies {
            self.pos.make(*r);
            if self.goal_after(r) {
                line.push(*r);
                out.push(line.clone());
                line.pop();
                self.found += 1;
                any = true;
            }
            self.pos.unmake();
        }
        self.give_back(replies);
        any
    }

    fn write_series(&mut self, line: &[Move]) -> Vec<String> {
        // (a reciprocal line of the series' length ends with the series side's own
        // goal move)
        let own_goal = self.stip.reci.is_some() && line.len() == self.stip.moves as usize;
        let ends_with_reply = matches!(
            self.stip.family,
            Family::SeriesHelp | Family::SeriesSelf | Family::SeriesReflex
        ) && !own_goal;
        let series_len = if ends_with_reply {
            line.len() - 1
        } else {
            line.len()
        };
        let mut tokens = Vec::new();
        let mut passes = 0;
        for (i, mv) in line.iter().enumerate() {
            let text = self.text(mv);
            if i < series_len {
                // the other side passes: no stalemate or mate marks inside the series
                let text = if i + 1 < line.len() {
                    text.trim_end_matches(" =")
                        .trim_end_matches(" #")
                        .to_string()
                } else {
                    text
                };
                tokens.push(format!("{}.{text}", i + 1));
            } else {
                tokens.push(text);
            }
            self.pos.make(*mv);
            if i + 1 < series_len {
                self.pos.pass();
                passes += 1;
            }
        }
        for i in (0..line.len()).rev() {
            if i + 1 < series_len {
                self.pos.unpass();
                passes -= 1;
            }
            self.pos.unmake();
        }
        debug_assert_eq!(passes, 0);
        self.mark_goal(&mut tokens);
        tokens
    }

    /// Appends the goal's symbol to a line's last move where the move's own suffix does
    /// not show it (a capture: ` x`).
    /// Marks the text of a battle move that reaches a goal the notation does not show
    /// itself (a capture: ` x`), as the reference writes it.
    fn mark_reached(&self, text: &mut String) {
        if self.stip.goal == Goal::Capture {
            text.push_str(" x");
        }
    }

    fn mark_goal(&self, tokens: &mut [String]) {
        if let Some(last) = tokens.last_mut() {
            match self.stip.goal {
                Goal::Capture => self.mark_reached(last),
                Goal::Diagram | Goal::Position => {
                    last.push(' ');
                    last.push_str(self.stip.goal.symbol());
                }
                _ => {}
            }
        }
    }

    /// Solves: the side to move in the position must be the one the stipulation starts
    /// with (the caller arranges it).
    pub fn solve(&mut self) -> Solution {
        if self.opts.first_moves.is_some() {
            let moves = self.moves_in_reference_order();
            let range = self.first_move_range(moves.len());
            self.first_moves = Some(moves[range].to_vec());
            self.give_back(moves);
        }
        match self.stip.family {
            Family::Direct | Family::SelfPlay | Family::Reflex => {
                Solution::Tree(self.solve_battle())
            }
            Family::Help | Family::HelpSelf => Solution::Lines(self.solve_help()),
            Family::Series | Family::SeriesHelp | Family::SeriesSelf | Family::SeriesReflex => {
                Solution::Lines(self.solve_series())
            }
        }
    }
}

/// The side that moves first under `stip` when `white` has White's role.
pub fn first_mover(stip: &Stipulation, white: Side) -> Side {
    let black = white.opponent();
    if stip.goal.is_proof() {
        // a proof game starts with White's first move
        return white;
    }
    match stip.family {
        Family::Help => {
            if stip.half {
                white
            } else {
                black
            }
        }
        Family::HelpSelf => {
            if stip.half {
                black
            } else {
                white
            }
        }
        Family::SeriesHelp => black,
        _ => white,
    }
}
