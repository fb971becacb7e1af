//! The options of a problem turned into the solver's settings, in one place: what the
//! search is to show and how long it may take ([`SolveOptions`]), what the positions of
//! a twin are set up with (castling and en passant rights, duplex), and the warnings the
//! reference gives about options that do not apply.

use super::Settings;
use crate::input::{self, ProblemOption};
use crate::solve::SolveOptions;
use crate::square::Square;
use crate::stipulation::{Family, Goal, Stipulation};
use std::time::{Duration, Instant};

/// What a problem's options make of one twin.
pub(super) struct Options {
    /// The solver's settings.
    pub settings: SolveOptions,
    /// `NoCastling`: the royal units and partners that may not castle.
    pub no_castling: Vec<Square>,
    /// `CastlingMutuallyExclusive`: each pair of wings (short for White, short for
    /// Black) of which only one may castle.
    pub exclusive: Vec<(bool, bool)>,
    /// `EnPassant`: the squares of the double step just played.
    pub ep_squares: Vec<Square>,
    /// `Duplex`: the play again with the colours' roles exchanged.
    pub duplex: bool,
    /// `HalfDuplex`: only the play with the roles exchanged.
    pub half_duplex: bool,
    /// `MoveNumbers` (or a first move's number given): the first moves numbered.
    pub numbers: bool,
    /// `PostKeyPlay` in battle play: the diagram is the position after the key.
    pub post_key: bool,
    /// What the reference says of options that do not apply.
    pub warnings: Vec<String>,
}

/// Options that change what a solution is, which fairyforge does not implement yet.
pub(super) fn unsupported_option(o: &ProblemOption) -> Option<String> {
    use ProblemOption::*;
    match o {
        MaxFlightsquares(_) | GoalIsEnd | NullMoves | MatesIn1 | TrivialTriesAvoid => {
            Some(format!("the option {o} is not supported yet"))
        }
        _ => None,
    }
}

/// Whether `stip` is battle play.
pub(super) fn is_battle(stip: &Stipulation) -> bool {
    matches!(
        stip.family,
        Family::Direct | Family::SelfPlay | Family::Reflex
    )
}

/// The options of `problem` for a twin solving `stip`, with the caller's `settings`.
pub(super) fn read_options(
    problem: &input::Problem,
    stip: &Stipulation,
    settings: &Settings,
) -> Options {
    let mut options = Options {
        settings: SolveOptions {
            threads: settings.threads.max(1),
            ..SolveOptions::default()
        },
        no_castling: Vec::new(),
        exclusive: Vec::new(),
        ep_squares: Vec::new(),
        duplex: false,
        half_duplex: false,
        numbers: false,
        post_key: is_battle(stip) && problem.options.contains(&ProblemOption::PostKeyPlay),
        warnings: Vec::new(),
    };
    let mut max_time = settings.max_time;
    for o in &problem.options {
        if let ProblemOption::MaxTime(s) = o {
            let t = Duration::from_secs(u64::from(*s));
            max_time = Some(max_time.map_or(t, |m| m.min(t)));
        }
        options.apply(o, stip);
    }
    if problem.options.contains(&ProblemOption::PostKeyPlay)
        && matches!(
            stip.family,
            Family::Help | Family::Series | Family::SeriesHelp
        )
    {
        options
            .warnings
            .push("PostKeyPlay not applicable - ignored".to_string());
    }
    // (the limit holds for the whole problem, every twin together)
    let started = settings.started.unwrap_or_else(Instant::now);
    options.settings.deadline = max_time.map(|t| started + t);
    options.settings.interrupt = Some(settings.interrupt.clone());
    options.settings.progress = settings.progress.clone();
    if let Some(mb) = settings.hash_mb {
        options.settings.table_bytes = mb.saturating_mul(1 << 20);
    }
    options.move_numbers(problem, stip);
    options
}

impl Options {
    /// Takes in the option `o`, as the reference reads the options: in order.
    fn apply(&mut self, o: &ProblemOption, stip: &Stipulation) {
        let battle = is_battle(stip);
        let opts = &mut self.settings;
        match o {
            // (Try is Defence 1: it undoes a Defence given before it, as the reference
            // reads the options in order)
            ProblemOption::Try => {
                opts.tries = true;
                opts.defence = 1;
            }
            ProblemOption::Defence(n) => {
                opts.tries = true;
                opts.defence = *n as usize;
            }
            ProblemOption::Variations => opts.variations = true,
            // only battle play longer than the threat has threats to limit
            ProblemOption::Threat(n) if battle && *n < stip.moves => opts.max_threat = Some(*n),
            ProblemOption::Threat(_) => self.warnings.push(
                "Option \"Threat\" not applicable or indicated maximum threat length too big"
                    .to_string(),
            ),
            ProblemOption::NoThreat => opts.no_threat = true,
            // (help play only: the reference says so of battle play and solves on)
            ProblemOption::StopOnShortSolutions if battle => self
                .warnings
                .push("Option StopOnShortSolutions not supported with direct play.".to_string()),
            ProblemOption::StopOnShortSolutions => opts.stop_on_short = true,
            ProblemOption::SetPlay => opts.set_play = true,
            ProblemOption::MaxSolutions(n) => opts.max_solutions = Some(*n as usize),
            ProblemOption::NoShortVariations => opts.no_short_variations = true,
            ProblemOption::Duplex => self.duplex = true,
            ProblemOption::HalfDuplex => self.half_duplex = true,
            ProblemOption::NonTrivial(m, n) => opts.non_trivial = Some((*m, *n)),
            ProblemOption::KeepMatingPiece => opts.keep_mating_unit = true,
            ProblemOption::Quodlibet => opts.quodlibet = true,
            ProblemOption::NoCastling(sqs) => self.no_castling.extend(sqs.iter().copied()),
            // (each wing named by its rook's square in the game array)
            ProblemOption::CastlingMutuallyExclusive(w, b) => {
                self.exclusive.push((w.file() == 7, b.file() == 7))
            }
            ProblemOption::EnPassant(sqs) => self.ep_squares.extend(sqs.iter().copied()),
            _ => {}
        }
    }

    /// Intelligent mode, and the options that number or choose the first moves.
    fn move_numbers(&mut self, problem: &input::Problem, stip: &Stipulation) {
        // MoveNumbers numbers the first moves; in intelligent mode the reference reports
        // the final positions it considers instead (progress a comparison leaves out)
        let intelligent = problem.has_option(|o| matches!(o, ProblemOption::Intelligent(_)))
            && matches!(
                stip.family,
                Family::Help | Family::Series | Family::SeriesHelp
            )
            && matches!(stip.goal, Goal::Mate | Goal::Stalemate);
        self.settings.intelligent = intelligent;
        // (nor does it number the moves of reciprocal play)
        // (StartMoveNumber and UpToMoveNumber number the first moves as well)
        self.numbers = problem.has_option(|o| {
            matches!(
                o,
                ProblemOption::MoveNumbers
                    | ProblemOption::StartMoveNumber(_)
                    | ProblemOption::UpToMoveNumber(_)
            )
        }) && !intelligent
            && stip.reci.is_none();
        // which first moves to try (the first number of each option; not in intelligent
        // mode, where the reference numbers no first moves)
        let start = problem.options.iter().find_map(|o| match o {
            ProblemOption::StartMoveNumber(n) => n.first().map(|&n| n as usize),
            _ => None,
        });
        let upto = problem.options.iter().find_map(|o| match o {
            ProblemOption::UpToMoveNumber(n) => n.first().map(|&n| n as usize),
            _ => None,
        });
        if !intelligent && (start.is_some() || upto.is_some()) {
            self.settings.first_moves = Some((start.unwrap_or(1), upto.unwrap_or(usize::MAX)));
        }
    }
}
