//! A vector longer than the board.

fairyforge_macros::rules! {
    piece Giraffe {
        codes GI
        text "Leaps to the squares a (9,1) jump away."
        moves leap(9,1)
    }
}

fn main() {}
