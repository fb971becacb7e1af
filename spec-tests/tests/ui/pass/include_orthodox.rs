//! `include_rules!` over the project's own rule folder: the same orthodox chess as the
//! build script compiles, checked by perft from the initial position and Kiwipete.

mod orthodox {
    fairyforge_macros::include_rules!("../../../../rules");
}

use fairyforge_engine::fen::{parse_position, BoardNotation};
use fairyforge_engine::perft::perft;

fn count(fen: &str, depth: u32) -> u64 {
    let mut pos =
        parse_position(fen, BoardNotation::Fen, orthodox::Rules::default()).expect("a FEN");
    perft(&mut pos, depth)
}

fn main() {
    assert_eq!(
        count("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 3),
        8902
    );
    assert_eq!(
        count(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            2
        ),
        2039
    );
}
