//! An unknown move primitive.

fairyforge_macros::rules! {
    piece Knight {
        codes S
        text "Leaps to the squares a (1,2) jump away."
        moves jump(1,2)
    }
}

fn main() {}
