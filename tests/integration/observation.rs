//! Observation agrees with capture generation, for every kind of the rule set, with no
//! condition and under each condition that restricts or reborn captures.
//!
//! The generated rule set answers "does `side` observe this square?" (check) with an
//! attack test that looks backwards from the target, and generates captures by walking
//! forwards from each unit. Both come from the same rule, so they must agree: on random
//! positions, a unit that `side` may capture is observed exactly when some generated
//! move of `side` captures it. Positions come from a tiny xorshift generator, so the test
//! is reproducible and needs no dependency; every kind is featured in its own positions.

use fairyforge::engine::support::FromRebirth;
use fairyforge::engine::{
    Board, Castling, Kind, MoveList, Owner, Piece, Position, RuleSet, Side, Square,
};
use fairyforge::Rules;

/// Positions per kind featured (each checked for both sides).
const POSITIONS_PER_KIND: usize = 400;

use crate::common;
use common::{place, XorShift};

fn kinds() -> &'static [fairyforge::engine::KindInfo] {
    <Rules as RuleSet>::KINDS
}

fn random_owner(rng: &mut XorShift) -> Owner {
    match rng.below(10) {
        0 => Owner::Neutral,
        1..=5 => Owner::White,
        _ => Owner::Black,
    }
}

/// A random board: a royal unit for each side, one to three units of `featured`, and up
/// to sixteen units of any non-royal kind.
fn random_board(rng: &mut XorShift, featured: Kind) -> Board {
    let mut board = Board::empty();
    let royal = (0..kinds().len())
        .find(|&k| kinds()[k].royal)
        .map(|k| Kind(k as u8));
    if let Some(king) = royal {
        place(&mut board, rng, Piece::new(king, Owner::White));
        place(&mut board, rng, Piece::new(king, Owner::Black));
    }
    for _ in 0..1 + rng.below(3) {
        let owner = random_owner(rng);
        place(&mut board, rng, Piece::new(featured, owner));
    }
    let others: Vec<Kind> = (0..kinds().len())
        .filter(|&k| !kinds()[k].royal)
        .map(|k| Kind(k as u8))
        .collect();
    for _ in 0..rng.below(17) {
        let kind = others[rng.below(others.len())];
        let owner = random_owner(rng);
        place(&mut board, rng, Piece::new(kind, owner));
    }
    board
}

/// The board in the reference's Forsyth notation with fairyforge's codes (`=` marks a
/// neutral unit), for failure messages.
fn forsyth(board: &Board) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on the board");
            let Some(p) = board.get(sq) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            let code = kinds()[p.kind.index()].codes[0];
            let code = if code.len() == 1 {
                code.to_string()
            } else {
                format!(".{code}")
            };
            match p.owner {
                Owner::White => row.push_str(&code),
                Owner::Black => row.push_str(&code.to_lowercase()),
                Owner::Neutral => row.push_str(&format!("={code}")),
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

#[test]
fn observation_agrees_with_generated_captures() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut moves = MoveList::new();
    // per kind: how many observed captures by a unit of that kind were confirmed
    let mut confirmed = vec![0usize; kinds().len()];
    // per kind: how many moves of any sort were generated (none for a piece that never
    // moves, such as the Dummy, which then has no capture to confirm; a walk that only
    // moves, such as the Hamster, has none either)
    let mut moved = vec![0usize; kinds().len()];
    for featured in 0..kinds().len() {
        for _ in 0..POSITIONS_PER_KIND {
            let board = random_board(&mut rng, Kind(featured as u8));
            for side in [Side::White, Side::Black] {
                let mut pos =
                    Position::new(board.clone(), side, Castling::NONE, None, Rules::default());
                pos.pseudo_moves(&mut moves);
                for m in &moves {
                    moved[m.mover.kind.index()] += 1;
                }
                for target in board.capturable_by(side) {
                    let capturers: Vec<Kind> = moves
                        .iter()
                        .filter(|m| m.captured.is_some() && m.capture_at == target)
                        .map(|m| m.mover.kind)
                        .collect();
                    let observed = pos.observes(target, side);
                    assert_eq!(
                        !capturers.is_empty(),
                        observed,
                        "{side} to move, target {target}: generated captures by {:?}, observes says {observed}\n  {}",
                        capturers.iter().map(|k| kinds()[k.index()].name).collect::<Vec<_>>(),
                        forsyth(&board),
                    );
                    for k in capturers {
                        confirmed[k.index()] += 1;
                    }
                }
            }
        }
    }
    for (k, info) in kinds().iter().enumerate() {
        assert!(
            confirmed[k] > 0 || moved[k] == 0 || !info.captures,
            "no capture by a {} was ever generated: the test does not cover it",
            info.name
        );
    }
}

/// Positions per condition (each checked for both sides), the featured kind drawn at
/// random.
const POSITIONS_PER_CONDITION: usize = 1500;

/// Under each condition (but those that select among legal moves, which decide what is
/// played, not what is observed, and attributes), on random positions: a unit that `side` may capture is
/// observed exactly when some move of `side` that the conditions allow captures it. A
/// capture that lands beyond the unit it takes (a marine piece's) is judged by where it
/// lands, as the move is; a unit lent a walk from one side only (Cheek-to-cheek chess)
/// observes by its own walk too, as the reference has it, and a royal unit keeping its own
/// walk observes by a walk it takes from its observers only where another unit of its
/// side has it (Reflective kings). Under a condition that
/// restricts moves only (`forbid moves when …`), a unit is observed exactly as without the
/// condition.
#[test]
fn observation_agrees_with_generated_captures_under_each_condition() {
    let mut rng = XorShift(0x94D0_49BB_1331_11EB);
    let mut moves = MoveList::new();
    let conditions = <Rules as RuleSet>::CONDITIONS;
    // the marine pieces (captures landing beyond the unit taken) among the featured kinds
    let beyond: Vec<Kind> = ["SI", "TR", "ND"].iter().map(|c| common::kind(c)).collect();
    let landing_beyond = kinds_landing_beyond();
    // (an attribute's rule concerns the units carrying it, and the random units carry
    // none: it is left out, so that it neither tests nothing nor shifts the positions
    // drawn for the conditions after it)
    let tried = conditions
        .iter()
        .enumerate()
        .filter(|(_, i)| !i.selects && !i.attribute);
    for (c, info) in tried {
        let mut rules = Rules::default();
        rules.activate(c);
        rules.set_defender(Side::Black);
        let mut confirmed = 0usize;
        for n in 0..POSITIONS_PER_CONDITION {
            let featured = if n % 4 == 0 {
                beyond[rng.below(beyond.len())]
            } else {
                Kind(rng.below(kinds().len()) as u8)
            };
            let board = random_board(&mut rng, featured);
            for side in [Side::White, Side::Black] {
                let mut pos =
                    Position::new(board.clone(), side, Castling::NONE, None, rules.clone());
                let plain =
                    Position::new(board.clone(), side, Castling::NONE, None, Rules::default());
                pos.pseudo_moves(&mut moves);
                for target in board.capturable_by(side) {
                    let captured = moves
                        .iter()
                        .any(|m| m.captured.is_some() && m.capture_at == target);
                    // a condition that restricts moves only leaves observation alone
                    let expected = if info.moves_only {
                        plain.observes(target, side)
                    } else {
                        captured
                    };
                    let observed = pos.observes(target, side);
                    if observed
                        && !captured
                        && (dropped_as_regular(&pos, side, &landing_beyond)
                            || observed_by_own_walk_unlent(&pos, side, target))
                    {
                        continue;
                    }
                    if captured
                        && !observed
                        && taken_by_reflected_walk_alone(&moves, side, &pos, target)
                    {
                        continue;
                    }
                    assert_eq!(
                        expected,
                        observed,
                        "{}: {side} to move, target {target}: a generated capture {captured}, expected {expected}, observes says {observed}\n  {}",
                        info.name,
                        forsyth(&board),
                    );
                    confirmed += usize::from(observed);
                }
            }
        }
        assert!(confirmed > 0, "{}: no unit was ever observed", info.name);
    }
}

/// Whether a capture by `side` may be observed and yet not generated: when units move
/// from their rebirth squares as well as where they stand (Phantom chess), a move from
/// the rebirth square landing where the unit lands regularly is not made, a capture
/// landing beyond its victim (a marine piece's) included, while the unit still observes
/// its victim from there, as in the reference.
fn dropped_as_regular(pos: &Position<Rules>, side: Side, beyond: &[Kind]) -> bool {
    pos.rules().moves_from_rebirth(side) == Some(FromRebirth::All)
        && pos.board().units().into_iter().any(|sq| {
            pos.board()
                .get(sq)
                .is_some_and(|p| beyond.contains(&p.kind) && p.owner.moves_for(side))
        })
}

/// Whether the captures of `target` among `moves` are all made by a royal unit that keeps
/// its own walk and takes its observers' too (Reflective kings): such a unit observes by
/// a walk it takes only where another unit of its side has that walk, as in the
/// reference.
fn taken_by_reflected_walk_alone(
    moves: &MoveList,
    side: Side,
    pos: &Position<Rules>,
    target: Square,
) -> bool {
    pos.rules()
        .royal_walks(side)
        .is_some_and(|how| how.keeps_own)
        && moves
            .iter()
            .filter(|m| m.captured.is_some() && m.capture_at == target)
            .all(|m| m.mover.is_royal(<Rules as RuleSet>::KINDS))
}

/// Whether a unit of `side` observes `target` by its own walk where one of its lenders'
/// squares holds no lender while another does: under Cheek-to-cheek chess it moves by
/// the walk lent alone, yet observes by its own walk too, as in the reference.
fn observed_by_own_walk_unlent(pos: &Position<Rules>, side: Side, target: Square) -> bool {
    let Some(lender) = pos.rules().walk_lent_from(side) else {
        return false;
    };
    let board = pos.board();
    let lenders = board.movable_by(if lender.enemy { side.opponent() } else { side });
    let forward = side.forward();
    let mut moves = MoveList::new();
    board.movable_by(side).into_iter().any(|from| {
        let lent = |&(dx, dy): &(i8, i8)| {
            from.offset(dx, dy * forward)
                .is_some_and(|at| lenders.contains(at))
        };
        let some = lender.squares.iter().any(lent);
        let all = lender.squares.iter().all(lent);
        if !some || all {
            return false;
        }
        moves.clear();
        pos.rules()
            .generate(pos, from, board.unit(from), side, &mut moves);
        moves
            .iter()
            .any(|m| m.captured.is_some() && m.capture_at == target)
    })
}

/// The kinds whose captures land beyond their victims (marine pieces, locusts), as
/// random positions without conditions show them.
fn kinds_landing_beyond() -> Vec<Kind> {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut moves = MoveList::new();
    let mut found = Vec::new();
    for k in 0..kinds().len() {
        let featured = Kind(k as u8);
        for _ in 0..50 {
            let board = random_board(&mut rng, featured);
            for side in [Side::White, Side::Black] {
                let mut pos =
                    Position::new(board.clone(), side, Castling::NONE, None, Rules::default());
                pos.pseudo_moves(&mut moves);
                for m in moves
                    .iter()
                    .filter(|m| m.captured.is_some() && m.to != m.capture_at)
                {
                    if !found.contains(&m.mover.kind) {
                        found.push(m.mover.kind);
                    }
                }
            }
        }
    }
    found
}

/// Whether a move of `side` on `board` under `rules` captures on one of `targets`.
fn captures_on(board: &Board, side: Side, rules: &Rules, targets: &[Square]) -> bool {
    let mut pos = Position::new(board.clone(), side, Castling::NONE, None, rules.clone());
    let mut moves = MoveList::new();
    pos.pseudo_moves(&mut moves);
    moves
        .iter()
        .any(|m| m.captured.is_some() && targets.contains(&m.capture_at))
}

/// Under each condition that says `check from both` (Bicolores), on random positions: a
/// side is in check exactly when a move of the other side captures one of its royal units,
/// or a move of its own side would capture one were it the other side's (the royal units
/// recoloured).
#[test]
fn check_from_both_sides_agrees_with_generated_captures() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let (mut conditions, mut own_checks) = (0usize, 0usize);
    for (c, info) in <Rules as RuleSet>::CONDITIONS.iter().enumerate() {
        let mut rules = Rules::default();
        rules.activate(c);
        if !rules.checks_from_both_sides() {
            continue;
        }
        conditions += 1;
        // (one royal unit a side: a royal kind featured would let two of one side check
        // each other, which recolouring them both cannot show)
        let others: Vec<Kind> = (0..kinds().len())
            .filter(|&k| !kinds()[k].royal)
            .map(|k| Kind(k as u8))
            .collect();
        for _ in 0..POSITIONS_PER_CONDITION {
            let featured = others[rng.below(others.len())];
            let board = random_board(&mut rng, featured);
            // (a unit borrowing its walk takes it from the units of the other side around
            // it, so recolouring the royal units changes what it observes: left out)
            if board
                .kinds_present()
                .intersects(<Rules as RuleSet>::BORROWING)
            {
                continue;
            }
            for side in [Side::White, Side::Black] {
                let pos = Position::new(board.clone(), side, Castling::NONE, None, rules.clone());
                let royals: Vec<Square> = pos.royal_squares(side).into_iter().collect();
                let by_other = captures_on(&board, side.opponent(), &rules, &royals);
                let mut recoloured = board.clone();
                for &sq in &royals {
                    let unit = recoloured.take(sq);
                    recoloured.put(sq, Piece::new(unit.kind, side.opponent().owner()));
                }
                let by_own = captures_on(&recoloured, side, &rules, &royals);
                assert_eq!(
                    by_other || by_own,
                    pos.in_check(side),
                    "{}: {side} in check? by the other side {by_other}, by its own {by_own}\n  {}",
                    info.name,
                    forsyth(&board),
                );
                own_checks += usize::from(by_own && !by_other);
            }
        }
    }
    assert!(conditions > 0, "no condition says `check from both`");
    assert!(
        own_checks > 0,
        "no royal unit was ever in check from its own side alone"
    );
}

/// The two shortcuts the search takes are sound: a generated capture always departs from a
/// square the rule set's `reach` gives for its kind and target, and a square outside the
/// `influence` of a side on a target (and not holding that side's unit) never decides
/// whether the side observes the target, whether a unit stands there or not.
#[test]
fn reach_and_influence_cover_every_observation() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut moves = MoveList::new();
    let filler = (0..kinds().len())
        .find(|&k| !kinds()[k].royal && !kinds()[k].pawn)
        .map(|k| Kind(k as u8))
        .expect("a kind that is neither royal nor a pawn");
    let rules = Rules::default();
    for featured in 0..kinds().len() {
        for _ in 0..POSITIONS_PER_KIND / 4 {
            let board = random_board(&mut rng, Kind(featured as u8));
            for side in [Side::White, Side::Black] {
                let mut pos =
                    Position::new(board.clone(), side, Castling::NONE, None, Rules::default());
                pos.pseudo_moves(&mut moves);
                for m in moves.iter().filter(|m| m.captured.is_some()) {
                    assert!(
                        rules
                            .reach(m.mover.kind, m.capture_at, side)
                            .contains(m.from),
                        "{side}: {} on {} captures on {} outside its reach\n  {}",
                        kinds()[m.mover.kind.index()].name,
                        m.from,
                        m.capture_at,
                        forsyth(&board),
                    );
                }
                let target = Square::new(rng.below(64) as u8);
                let before = pos.observes(target, side);
                let lines = rules.influence(&pos, target, side);
                for s in (0..64).map(|i| Square::new(i as u8)) {
                    if s == target || lines.contains(s) || board.movable_by(side).contains(s) {
                        continue;
                    }
                    let mut changed = board.clone();
                    if changed.is_empty(s) {
                        changed.put(s, Piece::new(filler, side.opponent().owner()));
                    } else {
                        changed.take(s);
                    }
                    let other =
                        Position::new(changed, side, Castling::NONE, None, Rules::default());
                    assert_eq!(
                        other.observes(target, side),
                        before,
                        "{side}: changing {s}, outside the influence on {target}, changes its observation\n  {}",
                        forsyth(&board),
                    );
                }
            }
        }
    }
}

/// The legality shortcuts are sound: on random positions the legal moves (quiet squares
/// skip the test, a lone royal unit is lifted off its square instead of moved) are
/// exactly the generated moves after which, fully played, the mover is not in check.
#[test]
fn legal_moves_agree_with_playing_each_move() {
    let mut rng = XorShift(0xD1B5_4A32_D192_ED03);
    let (mut legal, mut pseudo) = (MoveList::new(), MoveList::new());
    let mut refused = 0usize;
    for featured in 0..kinds().len() {
        for _ in 0..POSITIONS_PER_KIND / 4 {
            let board = random_board(&mut rng, Kind(featured as u8));
            for side in [Side::White, Side::Black] {
                let mut pos =
                    Position::new(board.clone(), side, Castling::NONE, None, Rules::default());
                pos.pseudo_moves(&mut pseudo);
                let expected: Vec<_> = pseudo
                    .iter()
                    .filter(|&&m| {
                        pos.make(m);
                        let safe = !pos.in_check(side);
                        pos.unmake();
                        safe
                    })
                    .copied()
                    .collect();
                refused += pseudo.len() - expected.len();
                pos.legal_moves(&mut legal);
                assert_eq!(
                    legal.to_vec(),
                    expected,
                    "{side} to move: legal moves differ from the moves that leave no check\n  {}",
                    forsyth(&board),
                );
            }
        }
    }
    assert!(
        refused > 0,
        "no move was ever refused: the test does not cover legality"
    );
}
