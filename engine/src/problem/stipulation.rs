//! The stipulation of a problem as the solver's ([`Stipulation`]), and as printed under
//! the diagram; what fairyforge does not solve yet is named.

use crate::input::{self, ProblemOption};
use crate::piece::Side;
use crate::stipulation::{Family, Goal, Stipulation};

/// The stipulation as the reference prints it under the diagram (`WhiteToPlay` turns
/// `h#2` into `h#1.5`).
pub(super) fn printed_stipulation(stip: &input::Stipulation, problem: &input::Problem) -> String {
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

/// The solver's stipulation for the reader's with the side in White's role (a
/// structured stipulation may give it to Black), or why there is none.
pub(super) fn solver_stipulation(
    stip: &input::Stipulation,
    white_to_play: bool,
) -> Result<(Stipulation, Side), String> {
    match stip {
        input::Stipulation::Other(o) if o.family == "sstipulation" => {
            crate::structured::convert(&o.text)
                .map_err(|what| format!("the stipulation {} ({what}) is not supported yet", o.text))
        }
        other => convert_stipulation(other, white_to_play).map(|s| (s, Side::White)),
    }
}

/// The solver's stipulation for the reader's, or why there is none.
fn convert_stipulation(
    stip: &input::Stipulation,
    white_to_play: bool,
) -> Result<Stipulation, String> {
    match stip {
        input::Stipulation::Basic(b) => convert_basic(b, white_to_play),
        input::Stipulation::Other(o) => convert_other(o),
    }
}

/// A stipulation of the basic families as the solver's.
fn convert_basic(b: &input::BasicStipulation, white_to_play: bool) -> Result<Stipulation, String> {
    let goal = Some(b.goal)
        .filter(|g| g.solvable())
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

/// A stipulation beyond the basic families as the solver's: proof games, reciprocal
/// help play, help-reflex play.
fn convert_other(o: &input::OtherStipulation) -> Result<Stipulation, String> {
    match o.family.as_str() {
        "dia" | "ser-dia" | "a=>b" | "ser-a=>b" => proof_game(o),
        "reci-h" | "ser-reci-h" if !o.exact && !o.half_move && o.goals.len() == 2 => reciprocal(o),
        "hr" => help_reflex(o),
        "semi-r" => semi_reflex(o),
        _ => Err(format!(
            "the stipulation {} ({}) is not supported yet",
            o.text, o.family
        )),
    }
}

/// The moves of `o`, which must have some.
fn moves_of(o: &input::OtherStipulation, half_allowed: bool) -> Result<u32, String> {
    let moves = o.moves.unwrap_or(0);
    if moves == 0 && !(half_allowed && o.half_move) {
        return Err(format!("the stipulation {} has no moves", o.text));
    }
    Ok(moves)
}

/// A proof game from the game array (or a=>b: from the first diagram): help play White
/// first, or White alone.
fn proof_game(o: &input::OtherStipulation) -> Result<Stipulation, String> {
    let moves = moves_of(o, true)?;
    let family = if o.family.starts_with("ser-") {
        Family::Series
    } else {
        Family::Help
    };
    Ok(Stipulation {
        family,
        goal: if o.family.ends_with("dia") {
            Goal::ProofGame
        } else {
            Goal::AToB
        },
        moves,
        half: o.half_move,
        reci: None,
        reflex: false,
        exact: o.exact,
        text: o.text.clone(),
        structured: None,
    })
}

/// Reciprocal help play: the help play's last position lets Black reach its own goal
/// too.
fn reciprocal(o: &input::OtherStipulation) -> Result<Stipulation, String> {
    let goal = |g: Goal| match g {
        Goal::Mate => Ok(Goal::Mate),
        Goal::Stalemate => Ok(Goal::Stalemate),
        g => Err(format!("the goal {g} of {} is not supported yet", o.text)),
    };
    let moves = moves_of(o, false)?;
    Ok(Stipulation {
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
    })
}

/// Semi-reflex play (`semi-r#2`): self play in which the defender must reach the goal
/// as soon as it can; the attacker is bound by nothing.
fn semi_reflex(o: &input::OtherStipulation) -> Result<Stipulation, String> {
    let goal = o
        .goal
        .filter(|g| g.solvable() && !g.is_proof())
        .ok_or_else(|| format!("the goal of {} is not supported yet", o.text))?;
    if o.exact || o.half_move {
        return Err(format!("the stipulation {} is not supported yet", o.text));
    }
    Ok(Stipulation {
        family: Family::SelfPlay,
        goal,
        moves: moves_of(o, false)?,
        half: false,
        reci: None,
        reflex: true,
        exact: false,
        text: o.text.clone(),
        structured: None,
    })
}

/// Help-reflex play: help-self play in which Black mates as soon as it can.
fn help_reflex(o: &input::OtherStipulation) -> Result<Stipulation, String> {
    let goal = match o.goal {
        Some(Goal::Mate) => Goal::Mate,
        Some(Goal::Stalemate) => Goal::Stalemate,
        _ => return Err(format!("the goal of {} is not supported yet", o.text)),
    };
    let moves = moves_of(o, false)?;
    Ok(Stipulation {
        family: Family::HelpSelf,
        goal,
        moves,
        half: o.half_move,
        reci: None,
        reflex: true,
        exact: o.exact,
        text: o.text.clone(),
        structured: None,
    })
}
