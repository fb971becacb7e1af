//! Castling in a piece that is not royal.

fairyforge_macros::rules! {
    piece Man {
        codes M
        text "Moves one square in any direction, and castles."
        moves leap(1,0) leap(1,1) castling
    }
}

fn main() {}
