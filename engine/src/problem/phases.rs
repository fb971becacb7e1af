//! The play of one twin: the side (or, for a duplex, both sides) in White's role, each
//! position set up (castling and en passant rights, promotions, a proof game's start),
//! and the phases solved in order: set play, then the play (post-key play instead of
//! it), each handed to the search as a [`Request`].

use super::options::{is_battle, Options};
use super::units::default_castling;
use crate::board::Board;
use crate::piece::{Kind, Side};
use crate::position::{EnPassant, Position};
use crate::rules::RuleSet;
use crate::solve::{
    first_mover, Phase, Play, PlaySink, Remark, Request, Solution, SolveOptions, Stop,
};
use crate::square::Square;
use crate::stipulation::{Family, Goal, Stipulation};

/// What a twin's play needs besides its options.
pub(super) struct Twin<'a, R: RuleSet> {
    /// The twin's units.
    pub units: &'a [(Square, crate::piece::Piece)],
    /// The rule set with the twin's conditions active.
    pub rules: &'a R,
    /// What is asked.
    pub stip: &'a Stipulation,
    /// The side the stipulation gives White's role.
    pub white_role: Side,
    /// `WhiteToPlay`.
    pub white_to_play: bool,
    /// A proof game's start: the game array (or the first diagram of a=>b).
    pub start: Option<Vec<(Square, crate::piece::Piece)>>,
}

/// The phases of a twin's play, reported to `out` as they are solved; why solving
/// stopped early if it did.
pub(super) fn solve_phases<R: RuleSet>(
    twin: &Twin<'_, R>,
    options: &Options,
    out: &mut dyn PlaySink,
) -> Option<Stop> {
    let (stip, white_to_play) = (twin.stip, twin.white_to_play);
    let whites: Vec<Side> = match (options.duplex, options.half_duplex) {
        (_, true) => vec![Side::Black],
        (true, false) => vec![Side::White, Side::Black],
        // a=>b in help play: Black begins, unless White is to play
        _ if stip.goal == Goal::AToB && stip.family == Family::Help && !white_to_play => {
            vec![Side::Black]
        }
        _ => vec![twin.white_role],
    };
    let mut stopped = None;
    for white in whites {
        let mut settings = options.settings.clone();
        let pos = position(twin, options, &mut settings, white);
        for request in requests(pos, twin, options, settings, white) {
            match request {
                Err(remark) => out.phase(Phase::Whole(Solution::Remark(remark))),
                Ok(request) => stopped = stopped.or(request.solve_into(out)),
            }
        }
    }
    stopped
}

/// The position of the phase with `white` in White's role: the twin's units (a proof
/// game from its start, arriving at them: `settings` gets the target), the side to move,
/// castling and en passant rights, promotions.
fn position<R: RuleSet>(
    twin: &Twin<'_, R>,
    options: &Options,
    settings: &mut SolveOptions,
    white: Side,
) -> Position<R> {
    let mut board = Board::empty();
    for (sq, p) in twin.units {
        board.put(*sq, *p);
    }
    if let Some(start) = &twin.start {
        let mut array = Board::empty();
        for (sq, p) in start {
            array.put(*sq, *p);
        }
        // the target has the holes the game starts with
        for sq in twin.rules.holes() {
            if board.is_empty(sq) {
                board.make_hole::<true>(sq);
            }
        }
        settings.target = Some(std::mem::replace(&mut board, array));
    }
    let castling = default_castling::<R>(&board, &options.no_castling);
    let mut to_move = first_mover(twin.stip, white);
    if settings.set_play && matches!(twin.stip.family, Family::Help) {
        to_move = to_move.opponent();
    }
    let ep = en_passant(&options.ep_squares, to_move);
    let mut phase_rules = twin.rules.clone();
    phase_rules.set_defender(white.opponent());
    let mut pos = Position::new(board, to_move, castling, ep, phase_rules);
    let promotions_also: Vec<Kind> = Vec::new();
    let kinds = pos.promotion_kinds(&promotions_also);
    pos.set_promotions(kinds);
    for &(white_short, black_short) in &options.exclusive {
        pos.set_castling_exclusive(white_short, black_short);
    }
    pos
}

/// `EnPassant g7g6g5`: the last move was a double step; the last square is the pawn's
/// arrival, those between the first and the last the squares passed over (`d8d7d6d5`: a
/// step of three passes over two), a lone square the one passed.
fn en_passant(squares: &[Square], to_move: Side) -> Option<EnPassant> {
    match squares {
        [] => None,
        [only] => only
            .offset(0, to_move.opponent().forward())
            .map(|victim| EnPassant::new(*only, victim)),
        [passed, victim] => Some(EnPassant::new(*passed, *victim)),
        [_, passed @ .., victim] => Some(EnPassant {
            also: passed.get(1).copied(),
            ..EnPassant::new(passed[0], *victim)
        }),
    }
}

/// The requests of one phase from `pos`, in order: help play's set play, set play or
/// post-key play, the play; a remark instead where the side to play could capture the
/// king.
fn requests<R: RuleSet>(
    mut pos: Position<R>,
    twin: &Twin<'_, R>,
    options: &Options,
    settings: SolveOptions,
    white: Side,
) -> Vec<Result<Request<R>, Remark>> {
    let stip = twin.stip;
    let request = |position, stipulation, settings, play| Request {
        position,
        stipulation,
        settings,
        white,
        play,
        numbered: options.numbers && play == Play::Full,
    };
    let mut out = Vec::new();
    if settings.set_play && stip.family == Family::Help {
        let to_move = pos.side();
        out.extend(help_set_play(&pos, stip).map(|set| {
            let set_settings = SolveOptions {
                first_skipped: stip.half,
                ..settings.clone()
            };
            set.map(|s| request(pos.clone(), s, set_settings, Play::Full))
        }));
        pos.set_side(to_move.opponent());
    }
    let mover = pos.side();
    if pos.in_check(mover.opponent()) {
        out.push(Err(Remark::KingCapturable));
        return out;
    }
    // set play of series play that ends with the other side's move: that move at once
    let series_forced = matches!(
        stip.family,
        Family::SeriesSelf | Family::SeriesReflex | Family::SeriesHelp
    );
    let battle = is_battle(stip);
    // post-key play: the diagram shows the position after the key, the defender to
    // move; the play is the set play, and nothing else
    if (settings.set_play || options.post_key) && (battle || series_forced) {
        // set play: the defender moves first
        let mut passed = pos.clone();
        passed.pass();
        if !passed.in_check(mover) {
            let play = if options.post_key {
                Play::PostKey
            } else {
                Play::SetPlay
            };
            out.push(Ok(request(passed, stip.clone(), settings.clone(), play)));
        } else if battle {
            out.push(Err(Remark::KingCapturable));
        }
    }
    if !options.post_key {
        out.push(Ok(request(pos, stip.clone(), settings, Play::Full)));
    }
    out
}

/// Set play of help play: the play with the first half-move skipped (none when that
/// leaves no move), or a remark when the side to play could capture the king.
fn help_set_play<R: RuleSet>(
    pos: &Position<R>,
    stip: &Stipulation,
) -> Option<Result<Stipulation, Remark>> {
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
    if pos.in_check(pos.side().opponent()) {
        Some(Err(Remark::KingCapturable))
    } else if set.moves > 0 || set.half {
        Some(Ok(set))
    } else {
        None
    }
}
