//! Intelligent mode finds the same solutions as the plain search.
//!
//! With the option `Intelligent`, long help play and help series play to mate or
//! stalemate are searched following final pictures drawn up beforehand (plans), the
//! search cut where no plan's units can still reach their squares. The pictures must
//! cover every solution: on random orthodox positions (pawns that may promote, castling
//! rights) each stipulation is solved with the option and without, on one thread and on
//! two, and the solutions must be the same. Help play of five moves also tries the
//! shorter play of four with the plans of the five (those that fit). Positions come from
//! a tiny xorshift generator, so the test is reproducible.

use fairyforge::engine::input::Family;
use fairyforge::engine::solve::{Solution, SolveOptions, Solver};
use fairyforge::engine::stipulation::{Goal, Stipulation};
use fairyforge::engine::{Position, Side};
use fairyforge::Rules;
use rayon::prelude::*;

/// The most nodes one search may take before its position is left out.
const NODES: u64 = 4_000_000;

use crate::common;
use common::XorShift;

/// Solves `stip` from `pos` with intelligent mode and without, on one thread and two, and
/// asserts the same solutions; (1 when there were solutions, the searches by plans that
/// went otherwise than the plain search).
fn compare(pos: &mut Position<Rules>, stip: &Stipulation) -> (usize, usize) {
    // (a position the plain search takes long over is left out)
    let Some((plain, plain_nodes)) = lines(pos, stip, false, 1) else {
        return (0, 0);
    };
    let mut planned = 0;
    for threads in [1, 2] {
        let Some((planned_lines, nodes)) = lines(pos, stip, true, threads) else {
            continue;
        };
        assert_eq!(
            planned_lines,
            plain,
            "{stip} from {:?} on {threads} threads: intelligent mode changed the solutions",
            pos.board()
        );
        planned += usize::from(threads == 1 && nodes != plain_nodes);
    }
    (usize::from(!plain.is_empty()), planned)
}

/// Kings (sometimes on their game-array squares with rooks in the corners and castling
/// rights) and two to four orthodox units.
fn random_position(rng: &mut XorShift, side: Side) -> Position<Rules> {
    common::random_position(rng, side, &["Q", "R", "B", "S", "P", "P", "P"], 5, 3)
}

/// The lines (sorted) and the nodes searched; `None` when the search needed more than a
/// few million nodes (a bound the same on every machine, however busy).
fn lines(
    pos: &mut Position<Rules>,
    stip: &Stipulation,
    intelligent: bool,
    threads: usize,
) -> Option<(Vec<String>, u64)> {
    let opts = SolveOptions {
        intelligent,
        threads,
        max_nodes: Some(NODES),
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(pos, stip.clone(), opts, Side::White);
    let solution = solver.solve();
    if solver.stopped().is_some() {
        return None;
    }
    let nodes = solver.nodes();
    match solution {
        Solution::Lines(lines) => Some((common::written_lines(&lines, stip.goal), nodes)),
        other => panic!("help and series play give lines, not {other:?}"),
    }
}

#[test]
fn intelligent_mode_finds_the_same_solutions() {
    // (stipulation, random positions tried)
    let stipulations = [
        (Family::Help, Goal::Mate, 4, 20),
        (Family::Help, Goal::Stalemate, 4, 20),
        (Family::SeriesHelp, Goal::Mate, 4, 20),
        (Family::SeriesHelp, Goal::Stalemate, 4, 20),
        (Family::Help, Goal::Mate, 5, 10),
        (Family::Help, Goal::Stalemate, 5, 10),
    ];
    let mut rng = XorShift(0x7A3C_91E5_0B42_D6F1);
    // the positions drawn in order, then searched in parallel
    let mut cases = Vec::new();
    for &(family, goal, moves, positions) in &stipulations {
        for _ in 0..positions {
            let stip = Stipulation {
                family,
                goal,
                moves,
                half: false,
                reci: None,
                reflex: false,
                exact: false,
                text: format!("{}{}{moves}", family.prefix(), goal.symbol()),
                structured: None,
            };
            let first = fairyforge::engine::solve::first_mover(&stip, Side::White);
            let pos = random_position(&mut rng, first);
            if !pos.in_check(first.opponent()) {
                cases.push((stip, pos));
            }
        }
    }
    let (solved, planned) = cases
        .into_par_iter()
        .map(|(stip, mut pos)| compare(&mut pos, &stip))
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    println!("{solved} positions with solutions, {planned} searched by plans");
    // the comparison means something only when solutions were there to lose, and when
    // intelligent mode searched otherwise than the plain search
    assert!(solved >= 12, "only {solved} positions had solutions");
    assert!(
        planned >= 40,
        "only {planned} positions were searched by plans"
    );
}
