//! Two pieces with the same code.

fairyforge_macros::rules! {
    piece Knight {
        codes S
        text "Leaps to the squares a (1,2) jump away."
        moves leap(1,2)
    }
    piece Camel {
        codes C S
        text "Leaps to the squares a (1,3) jump away."
        moves leap(1,3)
    }
}

fn main() {}
