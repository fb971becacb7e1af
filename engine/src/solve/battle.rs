//! Battle play's search: whether the attacker (to move) wins in `n` moves, whether the
//! defender (to move) cannot escape, with the options that change what a win is
//! (`Threat`, `NonTrivial`, `KeepMatingPiece`, `Quodlibet`) and the constraints of a
//! structured stipulation's nested branch.

use super::table::{table_key, TAG_ATTACK, TAG_DEFENCE};
use super::Solver;
use crate::moves::{Effect, Move};
use crate::rules::RuleSet;
use crate::square::Square;
use crate::stipulation::Family;

impl<R: RuleSet> Solver<'_, R> {
    /// Whether the play is battle play (direct, self, reflex).
    pub(super) fn is_battle(&self) -> bool {
        matches!(
            self.stip.family,
            Family::Direct | Family::SelfPlay | Family::Reflex
        )
    }

    /// Whether the defender must reach the goal when it can: in reflex play, and in
    /// semi-reflex play (`semi-r`, self play binding the defender alone).
    pub(super) fn defender_bound(&self) -> bool {
        let family = self.battle_family();
        family == Family::Reflex || (self.stip.family == Family::SelfPlay && self.stip.reflex)
    }

    pub(super) fn battle_family(&self) -> Family {
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
        // iterative deepening: a shorter win is cheaper to find and wins as well (not in
        // exact play, where only a win of the full length counts)
        if n > 2 && !self.stip.exact && self.attack_wins(n - 1) {
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
    pub(super) fn attacker_goal(&self, n: u32) -> bool {
        if self
            .stip
            .structured
            .and_then(|s| s.goal_within)
            .is_some_and(|within| n > within)
        {
            return false;
        }
        // (exact play: the goal counts on the last move alone)
        if self.stip.exact && n > 1 {
            return false;
        }
        match self.battle_family() {
            Family::Direct => true,
            Family::SelfPlay => self.opts.quodlibet,
            _ => false,
        }
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
            return match self.defender_bound() {
                true => self.can_reach_goal(),
                false => self.every_move_reaches_goal(),
            };
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
        } else if self.defender_bound() && self.some_move_reaches_goal(&moves) {
            self.goal_in_time(left)
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
    pub(super) fn mating_unit_lost(&self) -> bool {
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
    pub(super) fn grant_defences(&mut self, left: u32) -> Option<u32> {
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
    pub(super) fn defence_fails(&mut self, mv: &Move, left: u32) -> bool {
        self.pos.make(*mv);
        let constraint = self.stip.structured.and_then(|s| s.defence_goal);
        let fails = match self.battle_family() {
            // a defence that breaks the constraint stops the attacker
            _ if left > 0 && constraint.is_some_and(|g| !self.reaches(g, mv)) => false,
            // (in exact play a goal reached before the last move refutes)
            Family::SelfPlay => match self.goal_after(mv) {
                true => self.goal_in_time(left),
                false => left > 0 && self.attack_wins(left),
            },
            _ => left > 0 && self.attack_wins(left),
        };
        self.pos.unmake();
        fails
    }

    /// Whether the defender's goal, reached with `left` attacker moves still to come,
    /// wins for the attacker: always, but in exact play on the last move alone.
    fn goal_in_time(&self, left: u32) -> bool {
        !self.stip.exact || left == 0
    }

    /// The shortest win of the attacker (to move) within `n`, if any: in exact play, a
    /// win in `n` itself alone.
    pub(super) fn shortest_win(&mut self, n: u32) -> Option<u32> {
        let shortest = if self.stip.exact { n } else { 1 };
        (shortest..=n).find(|&k| self.attack_wins(k))
    }

    /// The refutations (at most `limit`) of the attacker's move just made, `left` moves
    /// remaining: none when the defender, bound to reach the goal, reaches it; `None`
    /// when it has no move at all, or reaches the goal so too soon in exact play.
    pub(super) fn refutations(&mut self, left: u32, limit: usize) -> Option<Vec<Move>> {
        if self.mating_unit_lost() {
            return None;
        }
        let granted = self.grant_defences(left)?;
        let refs = self.refutations_granted(left, limit);
        self.granted = granted;
        refs
    }

    pub(super) fn refutations_granted(&mut self, left: u32, limit: usize) -> Option<Vec<Move>> {
        let moves = self.legal();
        if moves.is_empty() {
            self.give_back(moves);
            return None;
        }
        if self.defender_bound() && self.some_move_reaches_goal(&moves) {
            // bound to reach the goal, the defender does: too soon in exact play, where
            // the attacking move is then no try either (as the reference shows it)
            self.give_back(moves);
            return self.goal_in_time(left).then(Vec::new);
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

    /// Under the option `Threat t`, whether the attacking move just made checks or
    /// threatens to win in at most `t` moves (the defender passing); always true without
    /// the option.
    pub(super) fn threatens_enough(&mut self, n: u32) -> bool {
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

    /// Whether the attacker's move `t` (legal here?) still wins in `len`.
    pub(super) fn still_wins(&mut self, t: &Move, len: u32) -> bool {
        let moves = self.legal();
        // the threat itself when it can still be played with the same effects, else
        // the move of the same unit between the same squares taking off the same
        // units (a rebirth may differ now, its square taken; a unit a capture strikes
        // is the mover's choice, as a promotion is); a move made from a square the
        // mover goes to first is another move (Mars Circe: `Sc1-g1*e2`, not `Sc1-e2`)
        let same = |m: &Move| {
            m.from == t.from
                && m.to == t.to
                && m.via == t.via
                && m.promotion == t.promotion
                && taken_off(m).eq(taken_off(t))
        };
        let found = moves
            .iter()
            .find(|&m| m == t)
            .or_else(|| moves.iter().find(|m| same(m)))
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
    pub(super) fn winning_moves(&mut self, len: u32) -> Vec<Move> {
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
}

/// The squares from which `mv`'s extra effects take a unit off the board for good, in
/// order: a unit struck by the capture, not a unit carried elsewhere (a removal followed
/// by an addition, as an AntiCirce rebirth of the capturer) nor a mover vanishing where
/// it arrived. A capture itself does not count: the same movement onto the square, now
/// empty, is the same threat.
fn taken_off(mv: &Move) -> impl Iterator<Item = Square> + '_ {
    let mut effects = mv.extras().peekable();
    std::iter::from_fn(move || loop {
        match *effects.next()? {
            Effect::Remove {
                at, silent: false, ..
            } if !matches!(effects.peek(), Some(Effect::Add { .. })) => return Some(at),
            _ => {}
        }
    })
}
