//! A hop whose hurdle is the adjacent square, asked to pass over more than one unit.

fairyforge_macros::rules! {
    piece Kinghopper {
        codes KH
        text "Hops over an adjacent unit to the square right beyond it."
        moves hop(queen, hurdle: adjacent, hurdles: 2)
    }
}

fn main() {}
