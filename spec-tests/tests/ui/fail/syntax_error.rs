//! A syntax error: the vector lacks its comma.

fairyforge_macros::rules! {
    piece Knight {
        codes S
        text "Leaps to the squares a (1,2) jump away."
        moves leap(1 2)
    }
}

fn main() {}
