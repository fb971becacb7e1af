//! The checks of worked examples, of pieces and conditions alike: a stipulation and a
//! solution written, units of known codes on distinct squares, no pawn on its first or
//! last rank, a length a stipulation may ask for. An example is read into the problem
//! text the tests solve.

use super::Checker;
use crate::ast;
use crate::diagnostic::Span;
use crate::lower;
use fairyforge_vocab::MAX_MOVES;
use std::collections::HashMap;

impl Checker<'_> {
    /// Checks an example and reads it as a problem.
    pub(super) fn example(&mut self, e: &ast::Example) -> Option<lower::Example> {
        let before = self.errors.0.len();
        self.markings(e);
        let Some(stip) = &e.stipulation else {
            self.error(
                e.title.span,
                format!("the example \"{}\" has no stipulation", e.title.node),
                "add `stipulation \"#2\"`",
            );
            return None;
        };
        let Some(solution) = &e.solution else {
            self.error(
                e.title.span,
                format!("the example \"{}\" has no solution", e.title.node),
                "add `solution \"…\"` with the expected lines",
            );
            return None;
        };
        if let Some(n) = too_long(&stip.node) {
            self.error(
                stip.span,
                format!(
                    "the example \"{}\" asks for {n} moves, more than the {MAX_MOVES} a stipulation may ask for",
                    e.title.node
                ),
                format!("expected a length of at most {MAX_MOVES} moves"),
            );
            return None;
        }
        let mut problem = String::from("BeginProblem\nPieces");
        for (colour, units) in &e.units {
            problem.push(' ');
            problem.push_str(colour.node.as_str());
            for u in units {
                problem.push(' ');
                problem.push_str(&u.node);
            }
        }
        problem.push_str(&format!("\nStipulation {}\n", stip.node.trim()));
        if let Some(c) = &e.conditions {
            problem.push_str(&format!("Condition {}\n", c.node.trim()));
        }
        if let Some(o) = &e.options {
            problem.push_str(&format!("Option {}\n", o.node.trim()));
        }
        problem.push_str("EndProblem\n");
        let solution = solution
            .node
            .lines()
            .map(str::trim_end)
            .skip_while(|l| l.trim().is_empty())
            .collect::<Vec<_>>();
        let indent = solution
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0);
        let solution = solution
            .iter()
            .map(|l| {
                if l.len() >= indent {
                    &l[indent..]
                } else {
                    l.trim()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        (self.errors.0.len() == before).then(|| lower::Example {
            title: e.title.node.clone(),
            source: self.source(e.title.span),
            problem,
            solution: solution.trim_end().to_string(),
        })
    }

    /// The attribute words of an example's placements: `halfneutral`, `royal`, or the
    /// name of an `attribute` block in lower case.
    fn markings(&mut self, e: &ast::Example) {
        for m in &e.markings {
            let known = m.node == "halfneutral"
                || m.node == "royal"
                || self.attributes.iter().any(|a| a.to_lowercase() == m.node);
            if !known {
                let mut words = vec!["halfneutral".to_string(), "royal".to_string()];
                words.extend(self.attributes.iter().map(|a| a.to_lowercase()));
                self.error(
                    m.span,
                    format!("unknown attribute `{}` in an example", m.node),
                    format!("expected one of {}", words.join(", ")),
                );
            }
        }
    }

    /// The units of an example must name known codes on distinct squares, with no pawn on
    /// its first or last rank (on its first rank, when `first_rank`: the example's
    /// condition lets pawns step from there).
    pub(super) fn example_units(
        &mut self,
        e: &ast::Example,
        pieces: &[(Vec<String>, bool)],
        first_rank: bool,
    ) {
        let mut taken: HashMap<(u8, u8), Span> = HashMap::new();
        for (colour, units) in &e.units {
            for u in units {
                let text = u.node.as_str();
                let letters = text
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                    .count();
                let letters = if letters > 2 { 2 } else { letters };
                let (code, squares) = text.split_at(letters);
                let Some(&(_, pawn)) = pieces
                    .iter()
                    .find(|(codes, _)| codes.iter().any(|c| c == code))
                else {
                    self.error(
                        u.span,
                        format!("unknown piece code `{code}` in an example"),
                        "expected a code given by some piece's `codes`",
                    );
                    continue;
                };
                for sq in squares.as_bytes().chunks(2) {
                    let (f, r) = (
                        sq[0].wrapping_sub(b'a'),
                        sq.get(1).map_or(99, |r| r.wrapping_sub(b'1')),
                    );
                    if f >= 8 || r >= 8 {
                        self.error(
                            u.span,
                            format!("`{text}` names a square off the board"),
                            "expected squares from a1 to h8",
                        );
                        continue;
                    }
                    if let Some(first) = taken.insert((f, r), u.span) {
                        let at = self.source(first);
                        self.error(
                            u.span,
                            format!(
                                "illegal example position: two units on {}{}",
                                (b'a' + f) as char,
                                r + 1
                            ),
                            format!("the square is already taken at {at}"),
                        );
                    }
                    let own_first = if colour.node.starts_with("white") {
                        0
                    } else {
                        7
                    };
                    let allowed = first_rank && r == own_first;
                    if pawn && (r == 0 || r == 7) && !colour.node.starts_with("neutral") && !allowed
                    {
                        self.error(
                            u.span,
                            format!(
                                "illegal example position: a pawn on {}{}",
                                (b'a' + f) as char,
                                r + 1
                            ),
                            "pawns cannot stand on the first or last rank",
                        );
                    }
                }
            }
        }
    }
}

/// A length written in `stipulation` beyond the most a stipulation may ask for, as
/// written.
fn too_long(stipulation: &str) -> Option<&str> {
    stipulation
        .split(|c: char| !c.is_ascii_digit())
        .find(|digits| !digits.is_empty() && digits.parse::<u32>().map_or(true, |n| n > MAX_MOVES))
}
