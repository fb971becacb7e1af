//! An option given twice in one primitive: an error at the second.

fairyforge_macros::rules! {
    piece Grasshopper {
        codes G
        text "Hops along queen lines over one unit to the square right beyond."
        moves hop(queen, land: any, land: next)
    }
}

fn main() {}
