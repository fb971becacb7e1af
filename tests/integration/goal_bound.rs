//! The goal bound cuts nothing that reaches the goal.
//!
//! Help and series play cut a line as soon as the engine's goal bound says the mate or
//! stalemate is out of reach in the moves left. The bound is a relaxation, so the cut must
//! never lose a solution: on random positions (orthodox and fairy units, pawns that may
//! promote, castling rights) every help and series stipulation the bound serves is solved
//! with the cut and without it, and the solutions must be the same. Positions come from a
//! tiny xorshift generator, so the test is reproducible.

use fairyforge::engine::input::Family;
use fairyforge::engine::solve::{Solution, SolveOptions, Solver};
use fairyforge::engine::stipulation::{Goal, Stipulation};
use fairyforge::engine::{Position, Side};
use fairyforge::Rules;

/// Random positions tried.
const POSITIONS: usize = 100;

use crate::common;
use common::XorShift;

/// Kings (sometimes on their game-array squares with rooks in the corners and castling
/// rights), and two to six units of orthodox and fairy kinds, pawns near promotion.
fn random_position(rng: &mut XorShift, side: Side) -> Position<Rules> {
    let codes = ["Q", "R", "B", "S", "P", "P", "P", "G", "N", "LI", "BP"];
    common::random_position(rng, side, &codes, 4, 5)
}

fn lines(pos: &mut Position<Rules>, stip: &Stipulation, bound: bool) -> Vec<String> {
    let opts = SolveOptions {
        goal_bound: bound,
        ..SolveOptions::default()
    };
    match Solver::new(pos, stip.clone(), opts, Side::White).solve() {
        Solution::Lines(lines) => common::written_lines(&lines, stip.goal),
        other => panic!("help and series play give lines, not {other:?}"),
    }
}

#[test]
fn the_goal_bound_loses_no_solution() {
    let stipulations = [
        (Family::Help, Goal::Mate, 2, false),
        (Family::Help, Goal::Mate, 2, true),
        (Family::Help, Goal::Stalemate, 2, false),
        (Family::SeriesHelp, Goal::Mate, 3, false),
        (Family::SeriesHelp, Goal::Stalemate, 3, false),
        (Family::Series, Goal::Mate, 3, false),
    ];
    let mut rng = XorShift(0x5DEE_CE66_D1CE_4E5B);
    let mut solved = 0;
    for _ in 0..POSITIONS {
        for &(family, goal, moves, half) in &stipulations {
            let stip = Stipulation {
                family,
                goal,
                moves,
                half,
                reci: None,
                reflex: false,
                exact: false,
                text: format!("{}{}{moves}", family.prefix(), goal.symbol()),
                structured: None,
            };
            let first = fairyforge::engine::solve::first_mover(&stip, Side::White);
            let mut pos = random_position(&mut rng, first);
            if pos.in_check(first.opponent()) {
                continue;
            }
            let cut = lines(&mut pos, &stip, true);
            let full = lines(&mut pos, &stip, false);
            assert_eq!(
                cut,
                full,
                "{stip} from {:?}: the bound changed the solutions",
                pos.board()
            );
            solved += usize::from(!full.is_empty());
        }
    }
    println!("{solved} positions with solutions");
    // the comparison means something only when solutions were there to lose
    assert!(solved >= 40, "only {solved} positions had solutions");
}

/// Proof games: the bound on the moves each side still needs to arrive at the diagram
/// cuts nothing either. From random positions, random play of three or four half-moves
/// (or three moves of White alone) makes a diagram; the proof game to it is solved with
/// the cut and without it: the solutions are the same, and the random play is one of them.
#[test]
fn the_proof_bound_loses_no_solution() {
    use fairyforge::engine::MoveList;
    let mut rng = XorShift(0x2F6B_94C3_0D5E_A871);
    let mut moves = MoveList::new();
    let mut compared = 0;
    for i in 0..POSITIONS {
        let (family, plies, half) = match i % 3 {
            0 => (Family::Help, 4, false),
            1 => (Family::Help, 3, true),
            _ => (Family::Series, 3, false),
        };
        let mut pos = random_position(&mut rng, Side::White);
        if pos.in_check(Side::Black) {
            continue;
        }
        let start = pos.clone();
        let mut played = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.make(mv);
            played.push(mv);
            if family == Family::Series {
                if pos.in_check(Side::Black) {
                    break;
                }
                pos.pass();
            }
        }
        if played.len() < plies {
            continue;
        }
        let stip = Stipulation {
            family,
            goal: Goal::ProofGame,
            moves: if family == Family::Help {
                plies as u32 / 2
            } else {
                plies as u32
            },
            half,
            reci: None,
            reflex: false,
            exact: false,
            text: "dia".to_string(),
            structured: None,
        };
        let solve = |bound: bool| {
            let opts = SolveOptions {
                goal_bound: bound,
                target: Some(pos.board().clone()),
                ..SolveOptions::default()
            };
            let mut from = start.clone();
            match Solver::new(&mut from, stip.clone(), opts, Side::White).solve() {
                Solution::Lines(lines) => common::written_lines(&lines, stip.goal),
                other => panic!("proof games give lines, not {other:?}"),
            }
        };
        let (cut, full) = (solve(true), solve(false));
        assert!(
            !full.is_empty(),
            "{family:?} dia from {:?}: the random play is a solution",
            start.board()
        );
        assert_eq!(
            cut,
            full,
            "{family:?} dia from {:?}: the bound changed the solutions",
            start.board()
        );
        compared += 1;
    }
    assert!(compared >= 50, "only {compared} proof games compared");
}
