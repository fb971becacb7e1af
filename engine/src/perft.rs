//! Perft: counting the legal move sequences of a given length, the standard proof that a
//! move generator is right.

use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::RuleSet;

/// The number of legal move sequences of `depth` half-moves from `pos`.
pub fn perft<R: RuleSet>(pos: &mut Position<R>, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..=depth).map(|_| MoveList::with_capacity(64)).collect();
    count(pos, depth, &mut lists)
}

fn count<R: RuleSet>(pos: &mut Position<R>, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        pos.make(mv);
        nodes += count(pos, depth - 1, rest);
        pos.unmake();
    }
    nodes
}

/// Perft split by first move: each legal move with the count below it.
pub fn divide<R: RuleSet>(pos: &mut Position<R>, depth: u32) -> Vec<(crate::moves::Move, u64)> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            pos.make(mv);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake();
            (mv, n)
        })
        .collect()
}
