//! A rule set written inline with `rules!`: a king and a knight, and perft over them
//! through the engine.

mod tiny {
    fairyforge_macros::rules! {
        piece King {
            codes K
            text "Moves one square in any direction."
            royal
            moves leap(1,0) leap(1,1)
        }
        piece Knight {
            codes S
            text "Leaps to the squares a (1,2) jump away."
            moves leap(1,2)
        }
    }
}

use fairyforge_engine::fen::{parse_position, BoardNotation};
use fairyforge_engine::perft::perft;

fn main() {
    let mut pos = parse_position(
        "8/8/8/8/8/8/8/KN5k w - -",
        BoardNotation::Fen,
        tiny::Rules::default(),
    )
    .expect("a position with a king and a knight");
    // White: the king on a1 has a2 and b2 (b1 is its knight), the knight on b1 has
    // a3, c3 and d2.
    assert_eq!(perft(&mut pos, 1), 5);
    assert_eq!(tiny::kinds::KNIGHT.0, 1);
}
