//! A number beyond 32 bits is quoted as written.

fairyforge_macros::rules! {
    piece Nightrider {
        codes N
        text "Moves any number of (1,2) jumps in one direction over empty squares."
        moves ride(knight, max: 3000000000)
    }
}

fn main() {}
