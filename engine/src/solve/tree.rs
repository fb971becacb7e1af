//! Battle play as the solution shows it: the keys and tries from the diagram with their
//! threats, variations and refutations, set play and post-key play; each move with its
//! marks ([`Played`]).

use super::{Solver, Stop};
use crate::moves::Move;
use crate::rules::RuleSet;
use crate::solution::{Attack, Defence, Played, Threat, Verdict};
use crate::stipulation::Family;

impl<R: RuleSet> Solver<'_, R> {
    /// Battle play from the attacker's first move: each key or try, with its play, to
    /// the output.
    pub(super) fn solve_battle(&mut self) {
        let n = self.stip.moves;
        let moves = self.legal();
        if self.battle_family() == Family::Reflex && self.some_move_reaches_goal(&moves) {
            // the attacker must reach the goal itself: its goal moves, marked `?!?`
            self.give_back(moves);
            for played in self.goal_moves() {
                self.emit_attack(Attack {
                    number: 1,
                    played: Some(played),
                    verdict: Some(Verdict::Forced),
                    threat: Threat::None,
                    defences: Vec::new(),
                    refutations: Vec::new(),
                });
            }
            return;
        }
        for mv in &moves {
            if self.stopped.is_some() {
                break;
            }
            if self.left_out(true, mv) {
                continue;
            }
            if let Some(attack) = self.key_or_try(mv, n) {
                self.emit_attack(attack);
            }
            if self.opts.max_solutions.is_some_and(|m| self.found >= m) {
                self.stopped = Some(Stop::Solutions);
                break;
            }
        }
        self.give_back(moves);
    }

    /// The first move `mv` with its play when it is a key, or a try shown; `n` the
    /// attacker's moves.
    fn key_or_try(&mut self, mv: &Move, n: u32) -> Option<Attack> {
        let mut played = self.played(mv);
        self.pos.make(*mv);
        let direct_goal = self.attacker_goal(n) && self.goal_after(mv);
        if direct_goal {
            played = self.reaching(played);
        }
        if !direct_goal && !self.threatens_enough(n) {
            self.pos.unmake();
            return None;
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
        let one_move_direct = self.battle_family() == Family::Direct && n == 1;
        let attack = match refs {
            Some(refs) if refs.is_empty() => {
                self.found += 1;
                let key = Some(Verdict::Key);
                Some(self.expand_attack(1, Some(played), key, n - 1, direct_goal))
            }
            Some(refs)
                if self.opts.tries && refs.len() <= self.opts.defence && !one_move_direct =>
            {
                let mut a = self.expand_attack(1, Some(played), Some(Verdict::Try), n - 1, false);
                a.refutations = refs
                    .iter()
                    .map(|r| Defence {
                        number: 1,
                        played: self.played(r),
                        answers: vec![],
                        refutes: false,
                    })
                    .collect();
                Some(a)
            }
            _ => None,
        };
        self.pos.unmake();
        attack
    }

    /// Post-key play, the defender to move in the diagram as if the attacker had just
    /// played a key: the threat and the variations, as they follow a key.
    pub fn post_key_play(&mut self) -> Attack {
        let left = self.stip.moves.saturating_sub(1);
        self.expand_attack(1, None, None, left, false)
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
        let forced = self.defender_bound() && self.some_move_reaches_goal(&moves);
        // in self play its goal moves count when it has no other move
        let all_goal = family == Family::SelfPlay && self.every_move_reaches_goal();
        for d in &moves {
            if self.stopped.is_some() {
                break;
            }
            let played = self.played(d);
            self.pos.make(*d);
            // the defender's own goal moves are set play when it must play them
            let shown = if (forced || all_goal) && self.goal_after(d) {
                Some(Vec::new())
            } else if left == 0 || forced {
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
                    played,
                    answers,
                    refutes: false,
                });
            }
        }
        self.give_back(moves);
        out
    }

    /// Builds the play after an attacking move just made (defender to move), `left`
    /// attacker moves remaining; `played` is the move (none in post-key play).
    fn expand_attack(
        &mut self,
        number: u32,
        played: Option<Played>,
        verdict: Option<Verdict>,
        left: u32,
        goal: bool,
    ) -> Attack {
        let attack = Attack {
            number,
            played,
            verdict,
            threat: Threat::None,
            defences: Vec::new(),
            refutations: Vec::new(),
        };
        if goal || !(self.opts.variations || verdict.is_none()) {
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
        let family = self.battle_family();
        // in reflex play the defender must reach the goal when it can; in self play it
        // may have no other move
        let forced = match family {
            _ if self.defender_bound() => self.can_reach_goal(),
            Family::SelfPlay => self.every_move_reaches_goal(),
            _ => false,
        };
        if (left == 0 && family != Family::Direct) || forced {
            // self and reflex play end with the defender's forced goal moves
            for played in self.goal_moves() {
                attack.defences.push(Defence {
                    number: attack.number,
                    played,
                    answers: vec![],
                    refutes: false,
                });
            }
            return attack;
        }
        let threat_moves = self.threat(&mut attack, left);
        if attack.verdict.is_some() && !self.opts.variations {
            attack.threat = Threat::None;
            return attack;
        }
        let moves = self.legal();
        for d in &moves {
            let shown = self.variation(&attack, d, left, &threat_moves);
            attack.defences.extend(shown);
        }
        self.give_back(moves);
        attack
    }

    /// The threat after an attacking move just made (what the attacker would do if the
    /// defender could pass), set in `attack`: its length and moves, if any.
    fn threat(&mut self, attack: &mut Attack, left: u32) -> Option<(u32, Vec<Move>)> {
        // (the reference seeks no threats in a nested battle branch)
        let structured_threat = self.stip.structured.is_none_or(|s| s.goal_within.is_none());
        if left == 0
            || !structured_threat
            || self.opts.no_threat
            || self.pos.in_check(self.pos.side())
        {
            return None;
        }
        self.pos.pass();
        let max = self.opts.max_threat.map_or(left, |m| m.min(left));
        let mut found = None;
        if let Some(t) = self.shortest_win(max) {
            let moves = self.winning_moves(t);
            let threats = moves
                .iter()
                .map(|m| self.continuation(attack.number + 1, m, t))
                .collect();
            attack.threat = Threat::Moves(threats);
            found = Some((t, moves));
        } else {
            attack.threat = Threat::Zugzwang;
        }
        self.pos.unpass();
        found
    }

    /// The defence `d` after `attack` when the solution shows it: a variation (a defence
    /// that does not simply allow the threat), or in post-key play a refutation.
    fn variation(
        &mut self,
        attack: &Attack,
        d: &Move,
        left: u32,
        threat: &Option<(u32, Vec<Move>)>,
    ) -> Option<Defence> {
        let number = attack.number;
        let played = self.played(d);
        self.pos.make(*d);
        let reached = self.battle_family() == Family::SelfPlay && self.goal_after(d);
        // the defender reaching the goal before the end is not a variation
        let win = if reached {
            (left == 0).then_some(0)
        } else {
            self.shortest_win(left)
        };
        let mut shown = None;
        // post-key play (no key written) shows the defences that refute it too
        if win.is_none() && attack.played.is_none() {
            shown = Some(Defence {
                number,
                played,
                answers: Vec::new(),
                refutes: true,
            });
        }
        if let Some(len) = win {
            // a defence is a variation when the attacker needs longer than the
            // threat after it, or as long and some threat no longer works; one
            // that allows a win shorter than the threat is not written
            let not_a_defence = match threat {
                Some((t, _)) if len < *t => len > 0,
                Some((t, moves)) if len == *t => moves.iter().all(|m| self.still_wins(m, *t)),
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
                    played,
                    answers,
                    refutes: false,
                });
            }
        }
        self.pos.unmake();
        shown
    }

    /// An attacker's continuation `mv` winning in `len`, expanded.
    fn continuation(&mut self, number: u32, mv: &Move, len: u32) -> Attack {
        let mut played = self.played(mv);
        self.pos.make(*mv);
        let goal = self.attacker_goal(len) && self.goal_after(mv);
        if goal {
            played = self.reaching(played);
        }
        let direct_last = len == 1 && self.battle_family() == Family::Direct;
        let a = self.expand_attack(number, Some(played), None, len - 1, goal || direct_last);
        self.pos.unmake();
        a
    }
}
