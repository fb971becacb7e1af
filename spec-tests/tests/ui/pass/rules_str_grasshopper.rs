//! `rules_str!` with a hopper: the Grasshopper hops over the first unit on a queen line to
//! the square right beyond it.

mod hoppers {
    fairyforge_macros::rules_str!(
        r#"
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
        piece Grasshopper {
            codes G
            text "Moves along queen lines over another unit to the square immediately beyond it."
            moves hop(queen, land: next)
        }
        "#
    );
}

use fairyforge_engine::codes::CodeSet;
use fairyforge_engine::fen::{parse_position, BoardNotation};
use fairyforge_engine::perft::perft;

fn main() {
    // White Ka1 Gd1, black Kh8 Sd5: the grasshopper's only move is d1-d6 over the knight;
    // the king has a2, b1 and b2.
    let notation = BoardNotation::Forsyth(CodeSet::Fairyforge);
    let mut pos = parse_position(
        "7k/8/8/3s4/8/8/8/K2G4 w - -",
        notation,
        hoppers::Rules::default(),
    )
    .expect("a Forsyth board");
    assert_eq!(perft(&mut pos, 1), 4);
    assert_eq!(hoppers::kinds::GRASSHOPPER.0, 2);
}
