//! A vector that does not move.

fairyforge_macros::rules! {
    piece Dummy {
        codes D
        text "Stays where it is."
        moves leap(0,0)
    }
}

fn main() {}
