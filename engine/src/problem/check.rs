//! What is said of a problem before it is solved, each at the place it was written: the
//! errors that keep it from being solved (a piece code no rule has, an attribute or a
//! stipulation fairyforge does not solve, two kings of one side, which the reference
//! refuses too), and the warnings the reference gives or a problemist would want to
//! hear (a pawn on its first or last rank, a side without a king). A square written
//! twice is the reader's warning ([`input::Problem::warnings`]).

use super::stipulation::solver_stipulation;
use super::units::mark_of;
use super::{code_set, Settings};
use crate::codes::kind_by_code;
use crate::input::{self, InputError, PlacedUnit, ProblemOption};
use crate::piece::Owner;
use crate::rules::RuleSet;

/// The piece attributes fairyforge solves with.
pub(super) const SUPPORTED: [&str; 2] = ["HalfNeutral", "Royal"];

/// What the check of a problem found.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// What keeps the problem from being solved.
    pub errors: Vec<InputError>,
    /// What is worth saying, the problem solved all the same.
    pub warnings: Vec<InputError>,
}

/// Checks `problem` against the rule set `R`: its units (the diagram's, an a=>b
/// problem's first diagram's, those its twins add) and its stipulation.
pub fn check_problem<R: RuleSet>(problem: &input::Problem, settings: &Settings) -> Checked {
    let mut checked = Checked::default();
    let added = problem
        .twins
        .iter()
        .flat_map(|t| &t.commands)
        .flat_map(|c| match c {
            input::TwinCommand::Add(units) => &units[..],
            _ => &[],
        });
    let units = problem
        .pieces
        .iter()
        .chain(problem.start_position.iter().flatten())
        .chain(added);
    let codes = code_set(problem.language, settings);
    for unit in units {
        if let Some(a) = unit
            .attributes
            .iter()
            .find(|a| !SUPPORTED.contains(&a.as_str()) && mark_of::<R>(a).is_none())
        {
            checked.errors.push(at(
                unit.at,
                format!("the piece attribute {a} is not supported yet ({unit})"),
            ));
        }
        match kind_by_code(R::KINDS, codes, &unit.code) {
            None => checked.errors.push(at(
                unit.at,
                format!(
                    "the piece code {} is not known (no rule in rules/ has it)",
                    unit.code
                ),
            )),
            Some(kind) if R::KINDS[kind.index()].pawn => pawn_warning(unit, &mut checked),
            Some(_) => {}
        }
    }
    if checked.errors.is_empty() {
        kings::<R>(problem, settings, &mut checked);
    }
    let white_to_play = problem.has_option(|o| matches!(o, ProblemOption::WhiteToPlay));
    if !problem.zero_position {
        if let Err(e) = solver_stipulation(&problem.stipulation, white_to_play) {
            checked.errors.push(at(problem.stipulation_at, e));
        }
    }
    checked
}

/// An error or warning at `(line, column)`.
fn at((line, column): (u32, u32), message: String) -> InputError {
    InputError::new(line, column.max(1), 0, message)
}

/// A pawn on its first rank, where it can never stand in a game, or on its last, where
/// it can never move: solved as written, as the reference does, with a warning.
fn pawn_warning(unit: &PlacedUnit, checked: &mut Checked) {
    let (first, last) = match unit.colour {
        Owner::White => (0, 7),
        Owner::Black => (7, 0),
        Owner::Neutral => return,
    };
    let rank = unit.square.rank();
    if rank == first || rank == last {
        let which = if rank == first { "first" } else { "last" };
        checked.warnings.push(at(
            unit.at,
            format!(
                "a {} pawn on {}, its {which} rank",
                unit.colour.name().to_lowercase(),
                unit.square
            ),
        ));
    }
}

/// Kings: a side with two royal units is refused (the reference says "only one king
/// allowed" and ignores the problem); a side without one, where the problem does not say
/// it needs none, is warned of (the reference solves it, saying "both sides need a
/// king", which the solution's text says too).
fn kings<R: RuleSet>(problem: &input::Problem, settings: &Settings, checked: &mut Checked) {
    let codes = code_set(problem.language, settings);
    let royal = |u: &&PlacedUnit| {
        u.attributes.iter().any(|a| a == "Royal")
            || kind_by_code(R::KINDS, codes, &u.code).is_some_and(|k| R::KINDS[k.index()].royal)
    };
    let mut kingless = false;
    for (colour, not_needed) in [
        (Owner::White, ProblemOption::NoWk),
        (Owner::Black, ProblemOption::NoBk),
    ] {
        let kings: Vec<&PlacedUnit> = problem
            .pieces
            .iter()
            .filter(royal)
            .filter(|u| u.colour == colour)
            .collect();
        if let Some(second) = kings.get(1) {
            checked.errors.push(at(
                second.at,
                format!(
                    "only one king allowed: a second {} royal unit on {}",
                    colour.name().to_lowercase(),
                    second.square
                ),
            ));
        }
        // (a neutral royal unit is either side's)
        let neutral = problem
            .pieces
            .iter()
            .filter(royal)
            .any(|u| u.colour == Owner::Neutral);
        kingless |= kings.is_empty() && !neutral && !problem.options.contains(&not_needed);
    }
    if kingless && !problem.pieces.is_empty() {
        checked
            .warnings
            .push(at((problem.line, 1), "both sides need a king".to_string()));
    }
}
