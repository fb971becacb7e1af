//! A piece without its definition text.

fairyforge_macros::rules! {
    piece Knight {
        codes S
        moves leap(1,2)
    }
}

fn main() {}
