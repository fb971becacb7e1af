//! From a problem as read ([`input::Problem`]) to its solutions: units resolved through
//! the rule set's codes, twins applied, options turned into [`SolveOptions`], each twin
//! solved (twice for a duplex).
//!
//! What fairyforge cannot solve yet (a condition without a rule, a stipulation outside
//! the basic families, an option that changes what counts as a solution) is reported by
//! name for the twin, never silently ignored.

use crate::board::Board;
use crate::codes::{kind_by_code, CodeSet};
use crate::input::{self, Colour, Language, ProblemOption, TwinCommand};
use crate::piece::{Kind, Owner, Piece, Side};
use crate::position::{Castling, EnPassant, Position};
use crate::rules::{ConditionSide, RuleSet};
use crate::solve::{first_mover, Solution, SolveOptions, Solver, Stop};
use crate::square::Square;
use crate::stipulation::{Family, Goal, Stipulation};
use std::time::{Duration, Instant};

/// How the caller wants problems solved.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Read and write the reference's English codes (EQ = English Equihopper).
    pub popeye_codes: bool,
    /// Per-problem time limit from the command line.
    pub max_time: Option<Duration>,
    /// Threads a long help play may share its first moves among (0 or 1: one search).
    pub threads: usize,
}

/// The solutions of one twin (or of the problem, when it has no twins).
#[derive(Clone, Debug)]
pub struct TwinResult {
    /// The heading (`a)`, `b) wKe1<-->bKe8`), when the problem has twins.
    pub heading: Option<String>,
    /// The stipulation solved, as printed.
    pub stipulation: String,
    /// The units of this twin.
    pub units: Vec<(Square, Piece)>,
    /// Solutions, one per phase (two for a duplex), or why it cannot be solved.
    pub outcome: Result<Vec<Solution>, String>,
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

fn square(s: input::Square) -> Square {
    Square::from_coords(s.file as i8, s.rank as i8).expect("the reader yields squares on the board")
}

fn owner(c: Colour) -> Owner {
    match c {
        Colour::White => Owner::White,
        Colour::Black => Owner::Black,
        Colour::Neutral => Owner::Neutral,
    }
}

fn resolve<R: RuleSet>(
    units: &[input::PlacedUnit],
    set: CodeSet,
) -> Result<Vec<(Square, Piece)>, String> {
    let mut out: Vec<(Square, Piece)> = Vec::new();
    for u in units {
        if let Some(a) = u.attributes.iter().find(|a| *a != "HalfNeutral") {
            return Err(format!(
                "the piece attribute {a} is not supported yet ({u})"
            ));
        }
        let half = !u.attributes.is_empty();
        let kind = kind_by_code(R::KINDS, set, &u.code).ok_or_else(|| {
            format!(
                "the piece code {} is not known (no rule in rules/ has it)",
                u.code
            )
        })?;
        let sq = square(u.square);
        out.retain(|(s, _)| *s != sq);
        let piece = Piece::new(kind, owner(u.colour));
        out.push((sq, Piece { half, ..piece }));
    }
    Ok(out)
}

/// Solves every twin of `problem` under the rule set `R` with no condition active.
pub fn solve_problem<R: RuleSet + Default>(
    problem: &input::Problem,
    settings: &Settings,
) -> ProblemResult {
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
    let mut twins = Vec::new();
    let stip_text = printed_stipulation(&problem.stipulation, problem);
    match units {
        Err(e) => twins.push(TwinResult {
            heading: None,
            stipulation: stip_text.clone(),
            units: Vec::new(),
            outcome: Err(e),
            stopped: None,
            note: None,
            warnings: Vec::new(),
        }),
        Ok(_) if problem.twins.is_empty() => {
            twins.push(solve_setup::<R>(problem, &base, None, settings, codes));
        }
        Ok(_) => {
            let mut previous = base.clone();
            let first_is_diagram = !problem.zero_position;
            let mut label = 0usize;
            if first_is_diagram {
                twins.push(solve_setup::<R>(
                    problem,
                    &base,
                    Some("a) ".to_string()),
                    settings,
                    codes,
                ));
                label += 1;
            }
            for twin in &problem.twins {
                let start = if twin.continued {
                    previous.clone()
                } else {
                    base.clone()
                };
                let (setup, heading) = match apply_twin::<R>(start, twin, codes, problem) {
                    Ok(x) => x,
                    Err(e) => {
                        twins.push(TwinResult {
                            heading: Some(format!("{}) ", twin_label(label))),
                            stipulation: stip_text.clone(),
                            units: Vec::new(),
                            outcome: Err(e),
                            stopped: None,
                            note: None,
                            warnings: Vec::new(),
                        });
                        label += 1;
                        continue;
                    }
                };
                let plus = if twin.continued { "+" } else { "" };
                let heading = format!("{plus}{}) {heading}", twin_label(label));
                twins.push(solve_setup::<R>(
                    problem,
                    &setup,
                    Some(heading),
                    settings,
                    codes,
                ));
                previous = setup;
                label += 1;
            }
        }
    }
    // the reference solves a diagram without a king but says so in every twin, unless
    // told the king is not needed
    let has_royal = |side: Side| {
        base.units
            .iter()
            .any(|(_, p)| R::KINDS[p.kind.index()].royal && p.owner.moves_for(side))
    };
    let kingless = (!has_royal(Side::White) && !problem.options.contains(&ProblemOption::NoWk))
        || (!has_royal(Side::Black) && !problem.options.contains(&ProblemOption::NoBk));
    if kingless && !base.units.is_empty() {
        let warning = match problem.language {
            Language::German => "Es fehlt ein weisser oder schwarzer Koenig",
            _ => "both sides need a king",
        };
        for t in twins.iter_mut().filter(|t| t.outcome.is_ok()) {
            t.warnings.insert(0, warning.to_string());
        }
    }
    // a=>b: the first diagram, Black to move unless White plays first
    let white_first = problem.has_option(|o| matches!(o, ProblemOption::WhiteToPlay))
        || problem.stipulation.family_name().starts_with("ser-");
    let start = problem.start_position.as_ref().and_then(|units| {
        let mover = if white_first {
            Side::White
        } else {
            Side::Black
        };
        resolve::<R>(units, codes).ok().map(|u| (u, mover))
    });
    ProblemResult {
        language: problem.language,
        codes,
        units: base.units,
        start,
        problem: problem.clone(),
        stipulation: stip_text,
        twins,
    }
}

/// The stipulation as the reference prints it under the diagram (`WhiteToPlay` turns
/// `h#2` into `h#1.5`).
fn printed_stipulation(stip: &input::Stipulation, problem: &input::Problem) -> String {
    // a structured stipulation: the side named with a capital
    if let input::Stipulation::Other(o) = stip {
        if o.family == "sstipulation" {
            let mut chars = o.text.chars();
            return chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
        }
    }
    if let input::Stipulation::Basic(b) = stip {
        if problem.has_option(|o| matches!(o, ProblemOption::WhiteToPlay))
            && b.family == input::Family::Help
            && !b.half_move
            && b.moves > 0
        {
            return format!("h{}{}.5", b.goal, b.moves - 1);
        }
    }
    stip.text().to_string()
}

/// The solver's stipulation for the reader's, or why there is none.
fn convert_stipulation(
    stip: &input::Stipulation,
    white_to_play: bool,
) -> Result<Stipulation, String> {
    let b = match stip {
        input::Stipulation::Basic(b) => b,
        // proof games from the game array: help play White first, or White alone
        input::Stipulation::Other(o)
            if matches!(o.family.as_str(), "dia" | "ser-dia" | "a=>b" | "ser-a=>b") =>
        {
            let moves = o.moves.unwrap_or(0);
            if moves == 0 && !o.half_move {
                return Err(format!("the stipulation {} has no moves", o.text));
            }
            let family = if o.family.starts_with("ser-") {
                Family::Series
            } else {
                Family::Help
            };
            return Ok(Stipulation {
                family,
                goal: if o.family.ends_with("dia") {
                    Goal::Diagram
                } else {
                    Goal::Position
                },
                moves,
                half: o.half_move,
                reci: None,
                reflex: false,
                exact: o.exact,
                text: o.text.clone(),
                structured: None,
            });
        }
        // reciprocal help play: the help play's last position lets Black reach its own
        // goal too
        input::Stipulation::Other(o)
            if !o.exact
                && !o.half_move
                && matches!(o.family.as_str(), "reci-h" | "ser-reci-h")
                && o.goals.len() == 2 =>
        {
            let goal = |g: input::Goal| match g {
                input::Goal::Mate => Ok(Goal::Mate),
                input::Goal::Stalemate => Ok(Goal::Stalemate),
                g => Err(format!("the goal {g} of {} is not supported yet", o.text)),
            };
            let moves = o.moves.unwrap_or(0);
            if moves == 0 {
                return Err(format!("the stipulation {} has no moves", o.text));
            }
            return Ok(Stipulation {
                family: if o.family == "reci-h" {
                    Family::Help
                } else {
                    Family::SeriesHelp
                },
                goal: goal(o.goals[1])?,
                moves,
                half: false,
                reci: Some(goal(o.goals[0])?),
                reflex: false,
                exact: false,
                text: o.text.clone(),
                structured: None,
            });
        }
        // help-reflex play: help-self play in which Black mates as soon as it can
        input::Stipulation::Other(o) if o.family == "hr" => {
            let goal = match o.goal {
                Some(input::Goal::Mate) => Goal::Mate,
                Some(input::Goal::Stalemate) => Goal::Stalemate,
                _ => return Err(format!("the goal of {} is not supported yet", o.text)),
            };
            let moves = o.moves.unwrap_or(0);
            if moves == 0 {
                return Err(format!("the stipulation {} has no moves", o.text));
            }
            return Ok(Stipulation {
                family: Family::HelpSelf,
                goal,
                moves,
                half: o.half_move,
                reci: None,
                reflex: true,
                exact: o.exact,
                text: o.text.clone(),
                structured: None,
            });
        }
        input::Stipulation::Other(o) => {
            return Err(format!(
                "the stipulation {} ({}) is not supported yet",
                o.text, o.family
            ))
        }
    };
    // exact play has no shorter solutions: for help and series play only, so far
    if b.exact
        && !matches!(
            b.family,
            Family::Help | Family::HelpSelf | Family::Series | Family::SeriesHelp
        )
    {
        return Err(format!(
            "the stipulation {} (exact) is not supported yet",
            b.text
        ));
    }
    let goal = Goal::from_input(b.goal)
        .ok_or_else(|| format!("the goal {} of {} is not supported yet", b.goal, b.text))?;
    let family = b.family;
    let (mut moves, mut half) = (b.moves, b.half_move);
    if white_to_play && family == Family::Help && !half {
        if moves == 0 {
            return Err("WhiteToPlay needs at least one move".into());
        }
        moves -= 1;
        half = true;
    }
    if moves == 0 && !half {
        return Err(format!("the stipulation {} has no moves", b.text));
    }
    Ok(Stipulation {
        family,
        goal,
        moves,
        half,
        reci: None,
        reflex: false,
        exact: b.exact,
        text: b.text.clone(),
        structured: None,
    })
}

/// The index in [`RuleSet::CONDITIONS`] of the rule for condition `c`: the one with a
/// name that reads, as a problem would write it, the same as `c` (so `FileCirce` and
/// `Circe File` are one condition).
pub fn find_condition<R: RuleSet>(c: &input::Condition) -> Option<usize> {
    let wanted = c.normalized_name();
    R::CONDITIONS.iter().position(|info| {
        info.names.iter().any(|name| {
            let text = format!("BeginProblem\nStipulation #1\nCondition {name}\nEndProblem\n");
            input::read_problems(&text)
                .first()
                .and_then(|r| r.as_ref().ok())
                .and_then(|p| p.conditions.first())
                .is_some_and(|read| read.normalized_name() == wanted)
        })
    })
}

/// Options that change what a solution is, which fairyforge does not implement yet.
fn unsupported_option(o: &ProblemOption) -> Option<String> {
    use ProblemOption::*;
    match o {
        MaxFlightsquares(_) | GoalIsEnd | NullMoves | MatesIn1 | TrivialTriesAvoid => {
            Some(format!("the option {o} is not supported yet"))
        }
        _ => None,
    }
}

fn solve_setup<R: RuleSet + Default>(
    problem: &input::Problem,
    setup: &Setup,
    heading: Option<String>,
    settings: &Settings,
    codes: CodeSet,
) -> TwinResult {
    let white_to_play = problem.has_option(|o| matches!(o, ProblemOption::WhiteToPlay));
    let stip_text = printed_stipulation(&setup.stipulation, problem);
    let applicable = match &setup.stipulation {
        input::Stipulation::Basic(b) => b.family == input::Family::Help && !b.half_move,
        input::Stipulation::Other(o) => o.family == "a=>b",
    };
    let note = (white_to_play && !applicable && setup.stipulation_given)
        .then(|| "WhiteToPlay not applicable - ignored".to_string());
    let mut result = TwinResult {
        heading,
        stipulation: stip_text,
        units: setup.units.clone(),
        outcome: Err(String::new()),
        stopped: None,
        note,
        warnings: Vec::new(),
    };
    let mut rules = R::default();
    let mut active = Vec::new();
    for c in &setup.conditions {
        match find_condition::<R>(c) {
            Some(i) => {
                rules.activate(i);
                active.push((i, c));
            }
            None => {
                result.outcome = Err(format!("the condition {c} is not supported yet"));
                return result;
            }
        }
    }
    if let Some(msg) = problem.options.iter().find_map(unsupported_option) {
        result.outcome = Err(msg);
        return result;
    }
    // a structured stipulation may give White's role to Black
    let converted = match &setup.stipulation {
        input::Stipulation::Other(o) if o.family == "sstipulation" => {
            crate::structured::convert(&o.text)
                .map_err(|what| format!("the stipulation {} ({what}) is not supported yet", o.text))
        }
        other => convert_stipulation(other, white_to_play).map(|s| (s, Side::White)),
    };
    let (stip, white_role) = match converted {
        Ok(s) => s,
        Err(e) => {
            result.outcome = Err(e);
            return result;
        }
    };
    // a condition bound to the defending side: the side in Black's role of each phase,
    // which plain series play has too, but not series play ending in other play
    let info = |i: usize| &R::CONDITIONS[i];
    if let Some(&(_, c)) = active
        .iter()
        .find(|&&(i, _)| info(i).side == ConditionSide::Defender)
    {
        if matches!(
            stip.family,
            Family::SeriesHelp | Family::SeriesSelf | Family::SeriesReflex
        ) {
            result.outcome = Err(format!("the condition {c} is not supported yet"));
            return result;
        }
        // (a selection of the defending side beside one of a named side: the reference
        // solves nothing)
        let named_selection = |side| {
            active
                .iter()
                .any(|&(i, _)| info(i).side == side && info(i).selects)
        };
        if active
            .iter()
            .any(|&(i, _)| info(i).selects && info(i).side == ConditionSide::Defender)
            && (named_selection(ConditionSide::White) || named_selection(ConditionSide::Black))
        {
            result.warnings.push("nonsense combination".into());
            result.warnings.push("problem ignored".into());
            result.outcome = Ok(Vec::new());
            return result;
        }
    }
    let mut opts = SolveOptions {
        style: crate::notation::Style::for_language(problem.language, codes),
        threads: settings.threads.max(1),
        ..SolveOptions::default()
    };
    let battle = matches!(
        stip.family,
        Family::Direct | Family::SelfPlay | Family::Reflex
    );
    let mut no_castling: Vec<Square> = Vec::new();
    let mut exclusive: Vec<(bool, bool)> = Vec::new();
    let mut ep_squares: Vec<Square> = Vec::new();
    let (mut duplex, mut half_duplex) = (false, false);
    let mut max_time = settings.max_time;
    for o in &problem.options {
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
            ProblemOption::Threat(_) => result.warnings.push(
                "Option \"Threat\" not applicable or indicated maximum threat length too big"
                    .to_string(),
            ),
            ProblemOption::NoThreat => opts.no_threat = true,
            // (help play only: the reference says so of battle play and solves on)
            ProblemOption::StopOnShortSolutions if battle => result
                .warnings
                .push("Option StopOnShortSolutions not supported with direct play.".to_string()),
            ProblemOption::StopOnShortSolutions => opts.stop_on_short = true,
            ProblemOption::SetPlay => opts.set_play = true,
            ProblemOption::MaxSolutions(n) => opts.max_solutions = Some(*n as usize),
            ProblemOption::NoShortVariations => opts.no_short_variations = true,
            ProblemOption::Duplex => duplex = true,
            ProblemOption::HalfDuplex => half_duplex = true,
            ProblemOption::MaxTime(s) => {
                let t = Duration::from_secs(u64::from(*s));
                max_time = Some(max_time.map_or(t, |m| m.min(t)));
            }
            ProblemOption::NonTrivial(m, n) => opts.non_trivial = Some((*m, *n)),
            ProblemOption::KeepMatingPiece => opts.keep_mating_unit = true,
            ProblemOption::Quodlibet => opts.quodlibet = true,
            ProblemOption::NoCastling(sqs) => no_castling.extend(sqs.iter().map(|s| square(*s))),
            // (each wing named by its rook's square in the game array)
            ProblemOption::CastlingMutuallyExclusive(w, b) => {
                exclusive.push((square(*w).file() == 7, square(*b).file() == 7))
            }
            ProblemOption::EnPassant(sqs) => ep_squares.extend(sqs.iter().map(|s| square(*s))),
            _ => {}
        }
    }
    if problem.options.contains(&ProblemOption::PostKeyPlay)
        && matches!(
            stip.family,
            Family::Help | Family::Series | Family::SeriesHelp
        )
    {
        result
            .warnings
            .push("PostKeyPlay not applicable - ignored".to_string());
    }
    opts.deadline = max_time.map(|t| Instant::now() + t);
    // MoveNumbers numbers the first moves; in intelligent mode the reference reports the
    // final positions it considers instead (progress a comparison leaves out)
    let intelligent = problem.has_option(|o| matches!(o, ProblemOption::Intelligent(_)))
        && matches!(
            stip.family,
            Family::Help | Family::Series | Family::SeriesHelp
        )
        && matches!(stip.goal, Goal::Mate | Goal::Stalemate);
    opts.intelligent = intelligent;
    // (nor does it number the moves of reciprocal play)
    // (StartMoveNumber and UpToMoveNumber number the first moves as well)
    let numbers = problem.has_option(|o| {
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
        opts.first_moves = Some((start.unwrap_or(1), upto.unwrap_or(usize::MAX)));
    }
    let mut phases = Vec::new();
    let whites: Vec<Side> = match (duplex, half_duplex) {
        (_, true) => vec![Side::Black],
        (true, false) => vec![Side::White, Side::Black],
        // a=>b in help play: Black begins, unless White is to play
        _ if stip.goal == Goal::Position && stip.family == Family::Help && !white_to_play => {
            vec![Side::Black]
        }
        _ => vec![white_role],
    };
    let promotions_also: Vec<Kind> = Vec::new();
    // a proof game starts from the game array (a=>b: the first diagram) and arrives at
    // the diagram
    let start = if stip.goal.is_proof() {
        let first = match &problem.start_position {
            Some(units) => units.clone(),
            None => input::game_array(problem.language),
        };
        match resolve::<R>(&first, codes) {
            Ok(units) => Some(units),
            Err(e) => {
                result.outcome = Err(e);
                return result;
            }
        }
    } else {
        None
    };
    for white in whites {
        let mut board = Board::empty();
        for (sq, p) in &setup.units {
            board.put(*sq, *p);
        }
        if let Some(start) = &start {
            let mut array = Board::empty();
            for (sq, p) in start {
                array.put(*sq, *p);
            }
            opts.target = Some(std::mem::replace(&mut board, array));
        }
        let castling = default_castling::<R>(&board, &no_castling);
        let mut to_move = first_mover(&stip, white);
        if opts.set_play && matches!(stip.family, Family::Help) {
            to_move = to_move.opponent();
        }
        // `EnPassant g7g6g5`: the last move was a double step; the last square is the
        // pawn's arrival, those between the first and the last the squares passed over
        // (`d8d7d6d5`: a step of three passes over two), a lone square the one passed
        let ep = match ep_squares.as_slice() {
            [] => None,
            [only] => only
                .offset(0, to_move.opponent().forward())
                .map(|victim| EnPassant::new(*only, victim)),
            [passed, victim] => Some(EnPassant::new(*passed, *victim)),
            [_, passed @ .., victim] => Some(EnPassant {
                also: passed.get(1).copied(),
                ..EnPassant::new(passed[0], *victim)
            }),
        };
        let mut phase_rules = rules.clone();
        phase_rules.set_defender(white.opponent());
        let mut pos = Position::new(board, to_move, castling, ep, phase_rules);
        let kinds = pos.promotion_kinds(&promotions_also);
        pos.set_promotions(kinds);
        for &(white_short, black_short) in &exclusive {
            pos.set_castling_exclusive(white_short, black_short);
        }
        let capture_king = || Solution::Remark("the side to play can capture the king".into());
        if opts.set_play && stip.family == Family::Help {
            // set play: the help play with the first half-move skipped, then the play
            // with the other side to move
            let mut set = stip.clone();
            // (a structured stipulation's pairs still start with the side it names)
            if let Some(s) = &mut set.structured {
                s.dash = !s.dash;
            }
            if set.half {
                set.half = false;
            } else {
                set.moves -= 1;
                set.half = true;
            }
            if pos.in_check(to_move.opponent()) {
                phases.push(capture_king());
            } else if set.moves > 0 || set.half {
                // White's skipped first move shows as `1... ...` when it began a pair
                let set_opts = SolveOptions {
                    first_skipped: stip.half,
                    ..opts.clone()
                };
                let mut solver = Solver::new(&mut pos, set, set_opts, white);
                phases.push(numbered(&mut solver, numbers, |s| s.solve()));
                result.stopped = result.stopped.or(solver.stopped());
            }
            pos.set_side(to_move.opponent());
        }
        let mover = pos.side();
        if pos.in_check(mover.opponent()) {
            phases.push(capture_king());
            continue;
        }
        // set play of series play that ends with the other side's move: that move at once
        let series_forced = matches!(
            stip.family,
            Family::SeriesSelf | Family::SeriesReflex | Family::SeriesHelp
        );
        // post-key play: the diagram shows the position after the key, the defender to
        // move; the play is the set play, and nothing else
        let post_key = battle && problem.options.contains(&ProblemOption::PostKeyPlay);
        if (opts.set_play || post_key) && (battle || series_forced) {
            // set play: the defender moves first
            pos.pass();
            if pos.in_check(mover) {
                if battle {
                    phases.push(capture_king());
                }
            } else {
                let mut solver = Solver::new(&mut pos, stip.clone(), opts.clone(), white);
                let set = if post_key {
                    Some(Solution::PostKey(solver.post_key_play()))
                } else if battle {
                    let defences = solver.set_play();
                    (!defences.is_empty()).then_some(Solution::SetPlay(defences))
                } else {
                    let lines = solver.series_set_play();
                    (!lines.is_empty()).then_some(Solution::Lines(lines))
                };
                result.stopped = result.stopped.or(solver.stopped());
                phases.extend(set);
            }
            pos.unpass();
        }
        if post_key {
            continue;
        }
        let mut solver = Solver::new(&mut pos, stip.clone(), opts.clone(), white);
        phases.push(numbered(&mut solver, numbers, |s| s.solve()));
        result.stopped = result.stopped.or(solver.stopped());
    }
    result.outcome = Ok(phases);
    result
}

/// The play `solve` finds, with the first moves numbered before it when `numbers` (the
/// option MoveNumbers).
fn numbered<R: RuleSet>(
    solver: &mut Solver<'_, R>,
    numbers: bool,
    solve: impl FnOnce(&mut Solver<'_, R>) -> Solution,
) -> Solution {
    let started = Instant::now();
    let moves = numbers.then(|| solver.numbered_moves());
    let play = solve(solver);
    match moves {
        Some((skipped, moves)) => Solution::Numbered {
            skipped,
            moves,
            elapsed: started.elapsed(),
            play: Box::new(play),
        },
        None => play,
    }
}

/// The label of the twin with index `n`: `a` to `z`, then `z1`, `z2`, … as the
/// reference goes on once it has run out of letters.
fn twin_label(n: usize) -> String {
    match u8::try_from(n) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("z{}", n - 25),
    }
}

/// Castling rights as the reference assumes them: a royal unit on its game-array square
/// and a castling partner of its side on a corner, unless `NoCastling` names them.
fn default_castling<R: RuleSet>(board: &Board, no_castling: &[Square]) -> Castling {
    let mut c = Castling::NONE;
    for side in [Side::White, Side::Black] {
        let rank = side.relative_rank(0);
        let at = |f: i8| Square::from_coords(f, rank).expect("first rank");
        let royal_home = board
            .get(at(4))
            .is_some_and(|p| p.owner == side.owner() && R::KINDS[p.kind.index()].royal)
            && !no_castling.contains(&at(4));
        if !royal_home {
            continue;
        }
        let partner = |f: i8| {
            board.get(at(f)).is_some_and(|p| {
                p.owner == side.owner() && R::KINDS[p.kind.index()].castling_partner
            }) && !no_castling.contains(&at(f))
        };
        c.set_royal_home(side);
        c.set_short(side, partner(7));
        c.set_long(side, partner(0));
    }
    c
}

/// Applies a twin's commands to `setup`; returns the new setup and the heading text.
fn apply_twin<R: RuleSet>(
    mut setup: Setup,
    twin: &input::Twin,
    codes: CodeSet,
    problem: &input::Problem,
) -> Result<(Setup, String), String> {
    let language = problem.language;
    use crate::output::layout::{self, Mirror, TwinChange};
    setup.stipulation_given = false;
    let mut words: Vec<TwinChange> = Vec::new();
    let name = |p: &Piece| layout::Piece {
        colour: match p.owner {
            Owner::White => layout::Colour::White,
            Owner::Black => layout::Colour::Black,
            Owner::Neutral => layout::Colour::Neutral,
        },
        code: crate::codes::code_of(R::KINDS, codes, p.kind).to_string(),
        attributes: layout::attributes_of(p),
    };
    for command in &twin.commands {
        match command {
            TwinCommand::Move(a, b) => {
                let (a, b) = (square(*a), square(*b));
                let i = setup
                    .units
                    .iter()
                    .position(|(s, _)| *s == a)
                    .ok_or_else(|| format!("twin: no unit on {a} to move"))?;
                let p = setup.units[i].1;
                if let Some(&(_, old)) = setup.units.iter().find(|(s, _)| *s == b) {
                    words.push(TwinChange::Remove(name(&old), b.into()));
                }
                setup.units.retain(|(s, _)| *s != b);
                let i = setup
                    .units
                    .iter()
                    .position(|(s, _)| *s == a)
                    .expect("still there");
                setup.units[i].0 = b;
                words.push(TwinChange::Move(name(&p), a.into(), b.into()));
            }
            TwinCommand::Exchange(a, b) => {
                let (a, b) = (square(*a), square(*b));
                let pa = setup.units.iter().find(|(s, _)| *s == a).map(|x| x.1);
                let pb = setup.units.iter().find(|(s, _)| *s == b).map(|x| x.1);
                let (Some(pa), Some(pb)) = (pa, pb) else {
                    return Err(format!(
                        "twin: Exchange {a} {b} needs units on both squares"
                    ));
                };
                for u in &mut setup.units {
                    if u.0 == a {
                        u.1 = pb;
                    } else if u.0 == b {
                        u.1 = pa;
                    }
                }
                words.push(TwinChange::Exchange(
                    name(&pa),
                    a.into(),
                    name(&pb),
                    b.into(),
                ));
            }
            TwinCommand::Remove(sqs) => {
                for s in sqs {
                    let s = square(*s);
                    if let Some(&(_, p)) = setup.units.iter().find(|(x, _)| *x == s) {
                        words.push(TwinChange::Remove(name(&p), s.into()));
                    }
                    setup.units.retain(|(x, _)| *x != s);
                }
            }
            TwinCommand::Add(units) => {
                for (s, p) in resolve::<R>(units, codes)? {
                    if let Some(&(_, old)) = setup.units.iter().find(|(x, _)| *x == s) {
                        words.push(TwinChange::Remove(name(&old), s.into()));
                    }
                    setup.units.retain(|(x, _)| *x != s);
                    setup.units.push((s, p));
                    words.push(TwinChange::Add(name(&p), s.into()));
                }
            }
            TwinCommand::Substitute(from, to) => {
                let f = kind_by_code(R::KINDS, codes, from)
                    .ok_or_else(|| format!("twin: unknown piece code {from}"))?;
                let t = kind_by_code(R::KINDS, codes, to)
                    .ok_or_else(|| format!("twin: unknown piece code {to}"))?;
                for u in &mut setup.units {
                    if u.1.kind == f {
                        u.1.kind = t;
                    }
                }
                words.push(TwinChange::Substitute(from.clone(), to.clone()));
            }
            TwinCommand::Rotate(r) => {
                let (turns, deg) = match r {
                    input::Rotation::Quarter => (1, 90),
                    input::Rotation::Half => (2, 180),
                    input::Rotation::ThreeQuarters => (3, 270),
                };
                for u in &mut setup.units {
                    for _ in 0..turns {
                        let (f, rk) = (u.0.file(), u.0.rank());
                        u.0 = Square::from_coords(7 - rk, f).expect("on board");
                    }
                }
                words.push(TwinChange::Rotate(deg));
            }
            TwinCommand::Mirror(axis) => {
                use input::MirrorAxis::*;
                for u in &mut setup.units {
                    let (f, r) = (u.0.file(), u.0.rank());
                    let (nf, nr) = match axis {
                        A1H1 => (7 - f, r),
                        A1A8 => (f, 7 - r),
                        A1H8 => (7 - r, 7 - f),
                        A8H1 => (r, f),
                    };
                    u.0 = Square::from_coords(nf, nr).expect("on board");
                }
                words.push(TwinChange::Mirror(match axis {
                    A1H1 => Mirror::A1H1,
                    A1A8 => Mirror::A1A8,
                    A1H8 => Mirror::A1H8,
                    A8H1 => Mirror::A8H1,
                }));
            }
            TwinCommand::Shift(a, b) => {
                let (a, b) = (square(*a), square(*b));
                let (dx, dy) = (b.file() - a.file(), b.rank() - a.rank());
                let mut moved = Vec::new();
                for (s, p) in &setup.units {
                    let t = s
                        .offset(dx, dy)
                        .ok_or_else(|| format!("twin: Shift {a} {b} moves a unit off the board"))?;
                    moved.push((t, *p));
                }
                setup.units = moved;
                words.push(TwinChange::Shift(a.into(), b.into()));
            }
            TwinCommand::PolishType => {
                for u in &mut setup.units {
                    u.1.owner = u.1.owner.swapped();
                }
                words.push(TwinChange::PolishType);
            }
            TwinCommand::Stipulation(s) => {
                setup.stipulation = s.clone();
                setup.stipulation_given = true;
                words.push(TwinChange::Stipulation(printed_stipulation(s, problem)));
            }
            TwinCommand::Condition(c) => {
                setup.conditions = c.clone();
                words.push(TwinChange::Conditions(
                    c.iter().map(|c| c.reference_text(language)).collect(),
                ));
            }
        }
    }
    Ok((setup, layout::twin_changes(&words, language)))
}
