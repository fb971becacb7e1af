//! Two pieces with the same name.

fairyforge_macros::rules! {
    piece Knight {
        codes S
        text "Leaps to the squares a (1,2) jump away."
        moves leap(1,2)
    }
    piece Knight {
        codes N
        text "Leaps to the squares a (1,2) jump away."
        moves leap(1,2)
    }
}

fn main() {}
