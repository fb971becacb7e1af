//! From a problem as read ([`input::Problem`]) to its solutions: units resolved through
//! the rule set's codes, twins applied, options turned into [`SolveOptions`](crate::solve::SolveOptions), each twin
//! solved (twice for a duplex).
//!
//! What fairyforge cannot solve yet (a condition without a rule, a stipulation outside
//! the basic families, an option that changes what counts as a solution) is reported by
//! name for the twin, never silently ignored.
//!
//! Before solving, [`check_problem`] says what keeps a problem from being solved and what
//! is worth a warning, each at the place it was written.
//!
//! The setup lives in small pieces: `units` (the diagram's units and castling rights),
//! `stipulation` (the solver's stipulation and the printed one), `twin` (a twin's
//! commands), `options` (the options as the solver's settings), `phases` (the
//! positions of a twin and the requests handed to the search) and `report` (what
//! solving reports as it goes).

mod check;
mod conditions;
mod options;
mod phases;
mod report;
mod stipulation;
mod twin;
mod units;

pub use check::{check_problem, Checked};
pub use report::{replay, Kept, Report};

use crate::bitboard::Bitboard;
use crate::codes::CodeSet;
use crate::input::{self, Language, ProblemOption};
use crate::output::layout::TwinHeading;
use crate::output::names::Names;
use crate::piece::{Piece, Side};
use crate::rules::{ConditionSide, RuleSet};
use crate::solve::{Solution, Stop};
use crate::square::Square;
use crate::stipulation::{Family, Goal};
use options::{read_options, unsupported_option};
use phases::{solve_phases, Twin};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use stipulation::{printed_stipulation, solver_stipulation};
use twin::apply_twin;
use units::{proof_start, resolve};

/// How the caller wants problems solved.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Read and write the reference's English codes (EQ = English Equihopper).
    pub popeye_codes: bool,
    /// Per-problem time limit from the command line: all twins together, from the moment
    /// [`solve_problem`] starts.
    pub max_time: Option<Duration>,
    /// Raised (by a signal handler, say) to stop every search at once: what was found
    /// is kept, and the problem is marked interrupted.
    pub interrupt: Arc<AtomicBool>,
    /// Where the problem's searches report what they do (a display on a terminal).
    pub progress: Option<Arc<crate::solve::progress::Progress>>,
    /// The most megabytes a transposition table of a search takes (`--hash`; 256 when
    /// not given).
    pub hash_mb: Option<usize>,
    /// When solving the problem began (set by [`solve_problem`]): the time limits count
    /// from it.
    pub started: Option<Instant>,
    /// Threads a long help play may share its first moves among (0 or 1: one search).
    pub threads: usize,
}

/// The solutions of one twin (or of the problem, when it has no twins).
#[derive(Clone, Debug)]
pub struct TwinResult {
    /// The heading (`a)`, `b) wKe1<-->bKe8`), when the problem has twins.
    pub heading: Option<TwinHeading>,
    /// The stipulation solved, as printed.
    pub stipulation: String,
    /// The goal of the stipulation solved, when it could be read.
    pub goal: Option<Goal>,
    /// The units of this twin.
    pub units: Vec<(Square, Piece)>,
    /// Solutions, one per phase (two for a duplex), or why it cannot be solved.
    pub outcome: Result<Vec<Solution>, String>,
    /// Where what keeps the twin from being solved was written, when it is one thing
    /// written (a condition without a rule).
    pub unsolved_at: Option<input::Place>,
    /// Why solving stopped early, if it did.
    pub stopped: Option<Stop>,
    /// A remark the reference prints before the twin's heading (before the diagram for
    /// the first twin), e.g. that `WhiteToPlay` does not apply to its stipulation.
    pub note: Option<String>,
    /// Warnings the reference prints right under the heading (or the diagram): that a
    /// side has no king although the problem does not say it needs none, that an option
    /// does not apply.
    pub warnings: Vec<String>,
}

/// A problem solved: its twins in order.
#[derive(Clone, Debug)]
pub struct ProblemResult {
    /// The language of the problem (also of the output).
    pub language: Language,
    /// The codes used to write units.
    pub codes: CodeSet,
    /// How units are named in the output.
    pub names: Names,
    /// The diagram's units.
    pub units: Vec<(Square, Piece)>,
    /// For `a=>b`: the first diagram's units, and the side that moves first from it.
    pub start: Option<(Vec<(Square, Piece)>, Side)>,
    /// The problem as read.
    pub problem: input::Problem,
    /// The stipulation as printed under the diagram.
    pub stipulation: String,
    /// One entry per twin (one for a problem without twins).
    pub twins: Vec<TwinResult>,
}

/// The codes to read and write units with, for a problem in `language`.
pub fn code_set(language: Language, settings: &Settings) -> CodeSet {
    match language {
        Language::English if settings.popeye_codes => CodeSet::Popeye,
        Language::English => CodeSet::Fairyforge,
        Language::German => CodeSet::German,
        Language::French => CodeSet::French,
    }
}

/// The state a twin changes: units, stipulation, conditions.
#[derive(Clone)]
struct Setup {
    /// The stipulation was given here (the diagram, or a twin's `Stipulation`).
    stipulation_given: bool,
    units: Vec<(Square, Piece)>,
    stipulation: input::Stipulation,
    conditions: Vec<input::Condition>,
}

/// Solves every twin of `problem` under the rule set `R` with no condition active.
pub fn solve_problem<R: RuleSet + Default>(
    problem: &input::Problem,
    settings: &Settings,
) -> ProblemResult {
    let mut kept = Kept::default();
    solve_problem_into::<R>(problem, settings, &mut kept);
    kept.result()
}

/// Solves every twin of `problem` as [`solve_problem`] does, reporting to `report` as it
/// goes: the problem and its twins set up, then each twin's phases, lines and keys as
/// soon as each is found.
pub fn solve_problem_into<R: RuleSet + Default>(
    problem: &input::Problem,
    settings: &Settings,
    report: &mut dyn Report,
) {
    let settings = &Settings {
        started: Some(settings.started.unwrap_or_else(Instant::now)),
        ..settings.clone()
    };
    let codes = code_set(problem.language, settings);
    let units = if problem.total_invisible.is_some() {
        Err("total invisible units are not supported yet".to_string())
    } else {
        resolve::<R>(&problem.pieces, codes)
    };
    let base = Setup {
        stipulation_given: true,
        units: units.clone().unwrap_or_default(),
        stipulation: problem.stipulation.clone(),
        conditions: problem.conditions.clone(),
    };
    let stip_text = printed_stipulation(&problem.stipulation, problem);
    let mut twins: Vec<Prepared<R>> = match units {
        Err(e) => vec![Prepared::unsolved(None, &stip_text, e)],
        Ok(_) if problem.twins.is_empty() => {
            vec![prepare::<R>(problem, &base, None, settings, codes)]
        }
        Ok(_) => prepare_twins::<R>(problem, &base, settings, codes, &stip_text),
    };
    warn_kingless::<R>(problem, &base.units, &mut twins);
    let set_up = ProblemResult {
        language: problem.language,
        codes,
        names: Names::new(R::KINDS, codes, problem.language).with_marks(
            R::CONDITIONS
                .iter()
                .filter(|c| c.attribute)
                .map(|c| c.names.first().copied().unwrap_or(c.name)),
        ),
        units: base.units.clone(),
        start: first_diagram::<R>(problem, codes),
        problem: problem.clone(),
        stipulation: stip_text,
        twins: twins.iter().map(|t| t.result.clone()).collect(),
    };
    report.begin(&set_up);
    for (i, twin) in twins.iter_mut().enumerate() {
        report.twin(i);
        let stopped = twin.play.as_mut().and_then(|play| play.solve(report));
        report.twin_end(stopped);
    }
    report.end();
}

/// For a=>b: the first diagram, Black to move unless White plays first.
fn first_diagram<R: RuleSet>(
    problem: &input::Problem,
    codes: CodeSet,
) -> Option<(Vec<(Square, Piece)>, Side)> {
    let white_first = problem.has_option(|o| matches!(o, ProblemOption::WhiteToPlay))
        || problem.stipulation.family_name().starts_with("ser-");
    let units = problem.start_position.as_ref()?;
    let mover = if white_first {
        Side::White
    } else {
        Side::Black
    };
    resolve::<R>(units, codes).ok().map(|u| (u, mover))
}

/// A twin set up: what is printed with it (its outcome `Err` when it cannot be solved),
/// and, when it can be, what its play needs.
struct Prepared<R: RuleSet> {
    result: TwinResult,
    play: Option<Ready<R>>,
}

impl<R: RuleSet> Prepared<R> {
    /// A twin that cannot be solved, and why.
    fn unsolved(heading: Option<TwinHeading>, stipulation: &str, why: String) -> Self {
        Prepared {
            result: TwinResult {
                heading,
                stipulation: stipulation.to_string(),
                goal: None,
                units: Vec::new(),
                outcome: Err(why),
                unsolved_at: None,
                stopped: None,
                note: None,
                warnings: Vec::new(),
            },
            play: None,
        }
    }
}

/// What a twin's play needs, owned (see [`Twin`]).
struct Ready<R: RuleSet> {
    units: Vec<(Square, Piece)>,
    rules: R,
    stip: crate::stipulation::Stipulation,
    white_role: Side,
    white_to_play: bool,
    start: Option<Vec<(Square, Piece)>>,
    options: options::Options,
}

impl<R: RuleSet> Ready<R> {
    /// Solves the twin's phases, reporting each to `out`; why solving stopped early.
    fn solve(&mut self, out: &mut dyn crate::solve::PlaySink) -> Option<Stop> {
        let twin = Twin {
            units: &self.units,
            rules: &self.rules,
            stip: &self.stip,
            white_role: self.white_role,
            white_to_play: self.white_to_play,
            start: self.start.clone(),
        };
        solve_phases(&twin, &self.options, out)
    }
}

/// Sets up the twins of a problem with twins: the diagram first (unless it is a zero
/// position), then each twin from the diagram or, when continued, from the twin before.
fn prepare_twins<R: RuleSet + Default>(
    problem: &input::Problem,
    base: &Setup,
    settings: &Settings,
    codes: CodeSet,
    stip_text: &str,
) -> Vec<Prepared<R>> {
    let mut twins = Vec::new();
    let mut previous = base.clone();
    let mut label = 0usize;
    if !problem.zero_position {
        let first = TwinHeading::default();
        twins.push(prepare::<R>(problem, base, Some(first), settings, codes));
        label += 1;
    }
    for twin in &problem.twins {
        let start = if twin.continued {
            previous.clone()
        } else {
            base.clone()
        };
        let heading = TwinHeading {
            index: label,
            ..TwinHeading::default()
        };
        label += 1;
        let (setup, changes) = match apply_twin::<R>(start, twin, codes, problem) {
            Ok(x) => x,
            Err(e) => {
                twins.push(Prepared::unsolved(Some(heading), stip_text, e));
                continue;
            }
        };
        let heading = TwinHeading {
            continued: twin.continued,
            changes,
            ..heading
        };
        twins.push(prepare::<R>(
            problem,
            &setup,
            Some(heading),
            settings,
            codes,
        ));
        previous = setup;
    }
    twins
}

/// The reference solves a diagram without a king but says so in every twin, unless
/// told the king is not needed.
fn warn_kingless<R: RuleSet>(
    problem: &input::Problem,
    units: &[(Square, Piece)],
    twins: &mut [Prepared<R>],
) {
    let has_royal = |side: Side| {
        units
            .iter()
            .any(|(_, p)| p.is_royal(R::KINDS) && p.owner.moves_for(side))
    };
    let kingless = (!has_royal(Side::White) && !problem.options.contains(&ProblemOption::NoWk))
        || (!has_royal(Side::Black) && !problem.options.contains(&ProblemOption::NoBk));
    if kingless && !units.is_empty() {
        let warning = match problem.language {
            Language::German => "Es fehlt ein weisser oder schwarzer Koenig",
            _ => "both sides need a king",
        };
        for t in twins.iter_mut().filter(|t| t.result.outcome.is_ok()) {
            t.result.warnings.insert(0, warning.to_string());
        }
    }
}

/// The names and parameters of the conditions of `R`, for reading problems.
pub fn declared<R: RuleSet>() -> input::Declared {
    // (attributes are read in `Pieces`, not as conditions: their names are not declared)
    input::Declared::new(R::CONDITIONS.iter().map(|c| match c.attribute {
        true => (&[][..], c.params),
        false => (c.names, c.params),
    }))
}

/// Reads every problem of `text` with the conditions of `R` (see
/// [`input::read_problems_declaring`]).
pub fn read_problems<R: RuleSet>(text: &str) -> Vec<Result<input::Problem, input::InputError>> {
    input::read_problems_declaring(text, &declared::<R>())
}

/// The index in [`RuleSet::CONDITIONS`] of the rule for condition `c`: the rule that read
/// it, or, for a problem read without the rules of `R`, the rule with its base and
/// variants (so `FileCirce` and `Circe File` are one condition).
pub fn find_condition<R: RuleSet>(c: &input::Condition) -> Option<usize> {
    match c.rule {
        Some(i) => (i < R::CONDITIONS.len()).then_some(i),
        None => {
            let (base, variants) = c.normalized();
            declared::<R>().by_normal(base, &variants)
        }
    }
}

/// The squares a condition was written with (`MagicSquares d4e5`), empty when none.
fn given_squares(c: &input::Condition) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for p in &c.params {
        if let input::ConditionParam::Squares(list) = p {
            list.iter().for_each(|&s| squares.insert(s));
        }
    }
    squares
}

/// The numbers a condition was written with, White's and Black's (`SAT 1 2`): none is
/// 0 for both, one is for both.
fn given_numbers(c: &input::Condition) -> [u32; 2] {
    let mut numbers = c.params.iter().filter_map(|p| match p {
        input::ConditionParam::Number(n) => Some(*n),
        _ => None,
    });
    let white = numbers.next().unwrap_or(0);
    [white, numbers.next().unwrap_or(white)]
}

/// A condition among `active` that refuses fairy pieces, with a unit of a kind that is
/// not orthodox among `units`: what to say, at the condition's place.
fn fairy_refused<R: RuleSet>(
    active: &[(usize, &input::Condition)],
    units: &[(Square, Piece)],
) -> Option<(String, input::Place)> {
    let &(i, c) = active
        .iter()
        .find(|(i, _)| R::CONDITIONS[*i].fairy_refused)?;
    let (sq, unit) = units
        .iter()
        .find(|(_, p)| !R::KINDS[p.kind.index()].orthodox)?;
    let message = format!(
        "{} is not allowed with fairy pieces (the {} on {sq}; the reference refuses them too)",
        R::CONDITIONS[i].names[0],
        R::KINDS[unit.kind.index()].name
    );
    Some((message, c.at))
}

/// Sets up one twin: its setup (units, stipulation, conditions) under the problem's
/// options, ready to be solved unless something keeps it from being solved.
fn prepare<R: RuleSet + Default>(
    problem: &input::Problem,
    setup: &Setup,
    heading: Option<TwinHeading>,
    settings: &Settings,
    codes: CodeSet,
) -> Prepared<R> {
    let white_to_play = problem.has_option(|o| matches!(o, ProblemOption::WhiteToPlay));
    let mut result = TwinResult {
        heading,
        stipulation: printed_stipulation(&setup.stipulation, problem),
        goal: None,
        units: setup.units.clone(),
        outcome: Ok(Vec::new()),
        unsolved_at: None,
        stopped: None,
        note: white_to_play_note(setup, white_to_play),
        warnings: Vec::new(),
    };
    let mut rules = R::default();
    let mut active = Vec::new();
    for c in &setup.conditions {
        match conditions::condition_rules::<R>(c) {
            Ok(found) => {
                for i in found {
                    rules.activate(i);
                    rules.set_squares(i, given_squares(c));
                    rules.set_numbers(i, given_numbers(c));
                    active.push((i, c));
                }
            }
            Err(e) => {
                result.outcome = Err(e);
                result.unsolved_at = Some(c.at);
                return Prepared { result, play: None };
            }
        }
    }
    let mut indices: Vec<usize> = active.iter().map(|&(i, _)| i).collect();
    // (an attribute's rule is in force while a unit carries it)
    for i in units::attribute_rules::<R>(&setup.units) {
        rules.activate(i);
        indices.push(i);
    }
    if let Err((e, asker)) = conditions::combinable::<R>(&indices) {
        result.outcome = Err(e);
        result.unsolved_at = active.iter().find(|(i, _)| *i == asker).map(|(_, c)| c.at);
        return Prepared { result, play: None };
    }
    if let Some((e, at)) = fairy_refused::<R>(&active, &setup.units) {
        result.outcome = Err(e);
        result.unsolved_at = Some(at);
        return Prepared { result, play: None };
    }
    if let Err(e) = conditions::options_have_a_base::<R>(&indices) {
        result.outcome = Err(e);
        return Prepared { result, play: None };
    }
    if let Some(msg) = problem.options.iter().find_map(unsupported_option) {
        result.outcome = Err(msg);
        return Prepared { result, play: None };
    }
    let (stip, white_role) = match solver_stipulation(&setup.stipulation, white_to_play) {
        Ok(s) => s,
        Err(e) => {
            result.outcome = Err(e);
            return Prepared { result, play: None };
        }
    };
    result.goal = Some(stip.goal);
    if let Some(refused) = defender_conditions::<R>(&active, stip.family) {
        result.outcome = refused.map_err(|c| format!("the condition {c} is not supported yet"));
        if result.outcome.is_ok() {
            // (a selection of the defending side beside one of a named side: the
            // reference solves nothing)
            result.warnings.push("nonsense combination".into());
            result.warnings.push("problem ignored".into());
        }
        return Prepared { result, play: None };
    }
    let options = read_options(problem, &stip, settings);
    result.warnings.extend(options.warnings.iter().cloned());
    let start = match proof_start::<R>(problem, stip.goal, codes) {
        Ok(start) => start,
        Err(e) => {
            result.outcome = Err(e);
            return Prepared { result, play: None };
        }
    };
    let play = Ready {
        units: setup.units.clone(),
        rules,
        stip,
        white_role,
        white_to_play,
        start,
        options,
    };
    Prepared {
        result,
        play: Some(play),
    }
}

/// A condition bound to the defending side (the side in Black's role of each phase,
/// which plain series play has too, but not series play ending in other play) where it
/// cannot apply: `Err` with the condition fairyforge does not solve so, `Ok` for a
/// combination the reference refuses (nothing is solved).
fn defender_conditions<'c, R: RuleSet>(
    active: &[(usize, &'c input::Condition)],
    family: Family,
) -> Option<Result<Vec<Solution>, &'c input::Condition>> {
    let info = |i: usize| &R::CONDITIONS[i];
    let &(_, c) = active
        .iter()
        .find(|&&(i, _)| info(i).side == ConditionSide::Defender)?;
    if matches!(
        family,
        Family::SeriesHelp | Family::SeriesSelf | Family::SeriesReflex
    ) {
        return Some(Err(c));
    }
    // (a selection of the defending side beside one of a named side)
    let named_selection = |side| {
        active
            .iter()
            .any(|&(i, _)| info(i).side == side && info(i).selects)
    };
    let refused = active
        .iter()
        .any(|&(i, _)| info(i).selects && info(i).side == ConditionSide::Defender)
        && (named_selection(ConditionSide::White) || named_selection(ConditionSide::Black));
    refused.then_some(Ok(Vec::new()))
}

/// `WhiteToPlay` given where the stipulation is not help play of whole moves (nor a=>b):
/// the reference's remark that it does not apply (for the twin that gives the
/// stipulation).
fn white_to_play_note(setup: &Setup, white_to_play: bool) -> Option<String> {
    let applicable = match &setup.stipulation {
        input::Stipulation::Basic(b) => b.family == input::Family::Help && !b.half_move,
        input::Stipulation::Other(o) => o.family == "a=>b",
    };
    (white_to_play && !applicable && setup.stipulation_given)
        .then(|| "WhiteToPlay not applicable - ignored".to_string())
}
