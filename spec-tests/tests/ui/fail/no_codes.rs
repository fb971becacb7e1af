//! A piece without codes.

fairyforge_macros::rules! {
    piece Knight {
        text "Leaps to the squares a (1,2) jump away."
        moves leap(1,2)
    }
}

fn main() {}
