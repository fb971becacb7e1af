//! An option with a value outside its range.

fairyforge_macros::rules! {
    piece Grasshopper {
        codes G
        text "Hops along queen lines over one unit to the square right beyond."
        moves hop(queen, land: somewhere)
    }
}

fn main() {}
