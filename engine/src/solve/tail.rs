//! The battle branch after help play of a structured stipulation
//! ([`Tail`](crate::structured::Tail)): whether it succeeds after a help line, and its
//! lines (every attacking move that wins soonest, each defence, to the goal).

use super::Solver;
use crate::moves::Move;
use crate::rules::RuleSet;
use crate::stipulation::Family;
use crate::structured::Tail;

impl<R: RuleSet> Solver<'_, R> {
    /// Plays the battle branch that follows help play as `tail` says: `run` with the
    /// solver set to it (family, goal side in White's role), then set back.
    pub(super) fn in_tail<T>(&mut self, tail: Tail, run: impl FnOnce(&mut Self) -> T) -> T {
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
    pub(super) fn tail_holds(&mut self, tail: Tail) -> bool {
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
    pub(super) fn tail_lines(&mut self, line: &[Move], tail: Tail) -> Vec<Vec<Move>> {
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
    pub(super) fn attack_lines(&mut self, n: u32) -> Vec<Vec<Move>> {
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
    pub(super) fn defence_lines(&mut self, left: u32) -> Vec<Vec<Move>> {
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
}
