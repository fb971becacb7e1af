//! A line of moves found by help or series play made into a [`Line`]: each move with its
//! marks, numbered as the play pairs its moves (help play pairs from the side the
//! stipulation names, series play numbers each move of the series), the goal marked on
//! the move that reaches it; help play ending in a battle branch followed by the branch's
//! lines.

use super::Solver;
use crate::moves::Move;
use crate::rules::RuleSet;
use crate::solution::{Label, Line, LineMove};
use crate::stipulation::{Family, Goal};

impl<R: RuleSet> Solver<'_, R> {
    /// Reports the lines of help play `found` (a battle branch after them expanded into
    /// its own lines) to the output.
    pub(super) fn report_help_lines(&mut self, found: Vec<Vec<Move>>) {
        // help play pairs Black's move with White's answer; help-self play and proof
        // games the reverse
        let pair_starter = match (self.stip.family, self.stip.goal) {
            (Family::HelpSelf, _) | (_, Goal::ProofGame | Goal::AToB) => self.white,
            _ => self.white.opponent(),
        };
        // (a structured stipulation pairs moves from the side it names)
        let first_is_second = match self.stip.structured {
            Some(s) => s.dash,
            None => self.pos.side() != pair_starter,
        };
        let tail = self.stip.structured.and_then(|s| s.tail);
        for l in found {
            match tail {
                Some(tail) if !tail.hidden => {
                    let start = |count| if tail.moves > 1 { (1, false) } else { count };
                    for t in self.tail_lines(&l, tail) {
                        let mut line = self.help_line(&l, first_is_second);
                        let count = line.1;
                        self.push_moves(&mut line.0, &t, start(count), false);
                        self.take_back(l.len() + t.len());
                        let reached = self.reached(line.0);
                        self.emit_line(reached);
                    }
                }
                // (the goal of a hidden branch is not marked)
                Some(_) => {
                    let (line, _) = self.help_line(&l, first_is_second);
                    self.take_back(l.len());
                    self.emit_line(line);
                }
                None => {
                    let (line, _) = self.help_line(&l, first_is_second);
                    self.take_back(l.len());
                    let reached = self.reached(line);
                    self.emit_line(reached);
                }
            }
        }
        self.emit_batch_end();
    }

    /// Takes back the last `count` moves made.
    fn take_back(&mut self, count: usize) {
        for _ in 0..count {
            self.pos.unmake();
        }
    }

    /// `line` with its last move marked as reaching the goal.
    fn reached(&self, mut line: Line) -> Line {
        if let Some(last) = line.moves.last_mut() {
            last.played = self.reaching(last.played);
        }
        line
    }

    /// Plays the moves of a help line (the caller takes them back) and makes them a
    /// line: pairs numbered, the first move `1...` when it is the second of its pair.
    /// Also the count where it stops (move number, whether the next move is the second
    /// of a pair).
    fn help_line(&mut self, moves: &[Move], first_is_second: bool) -> (Line, (u32, bool)) {
        let mut line = Line {
            skipped_first: self.opts.first_skipped,
            moves: Vec::with_capacity(moves.len()),
            forced: false,
        };
        let mut count = (1, first_is_second);
        if self.opts.first_skipped {
            count.0 = 2;
        }
        let count = self.push_moves(&mut line, moves, count, true);
        (line, count)
    }

    /// Plays `moves` (the caller takes them back), adding each to `line`: numbered when
    /// it begins a pair, the first one as `n...` when `opening` and it is the second of
    /// its pair. Returns the count after them.
    fn push_moves(
        &mut self,
        line: &mut Line,
        moves: &[Move],
        (mut number, mut second): (u32, bool),
        opening: bool,
    ) -> (u32, bool) {
        for (i, mv) in moves.iter().enumerate() {
            let label = match (second, opening && i == 0) {
                (true, true) => Label::Ellipsis,
                (true, false) => Label::Bare,
                (false, _) => Label::Number,
            };
            line.moves.push(LineMove {
                number,
                label,
                inside_series: false,
                played: self.played(mv),
            });
            self.pos.make(*mv);
            if second {
                number += 1;
            }
            second = !second;
        }
        (number, second)
    }

    /// A line of series play: each move of the series numbered (the other side passing
    /// between them), then the other side's reply when the play ends with one.
    pub(super) fn series_line(&mut self, moves: &[Move]) -> Line {
        // (a reciprocal line of the series' length ends with the series side's own
        // goal move)
        let own_goal = self.stip.reci.is_some() && moves.len() == self.stip.moves as usize;
        let ends_with_reply = matches!(
            self.stip.family,
            Family::SeriesHelp | Family::SeriesSelf | Family::SeriesReflex
        ) && !own_goal;
        let series_len = moves.len() - usize::from(ends_with_reply);
        let mut line = Line {
            skipped_first: false,
            moves: Vec::with_capacity(moves.len()),
            forced: false,
        };
        for (i, mv) in moves.iter().enumerate() {
            let in_series = i < series_len;
            line.moves.push(LineMove {
                number: (i + usize::from(in_series)) as u32,
                label: if in_series {
                    Label::Number
                } else {
                    Label::Bare
                },
                inside_series: in_series && i + 1 < moves.len(),
                played: self.played(mv),
            });
            self.pos.make(*mv);
            if i + 1 < series_len {
                self.pos.pass();
            }
        }
        for i in (0..moves.len()).rev() {
            if i + 1 < series_len {
                self.pos.unpass();
            }
            self.pos.unmake();
        }
        self.reached(line)
    }
}
