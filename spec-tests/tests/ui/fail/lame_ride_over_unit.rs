//! A lame leap that would ride and also pass over a unit.

fairyforge_macros::rules! {
    piece Maohopperrider {
        codes AR
        text "Repeats Maohopper leaps."
        moves lame(knight, via: rook, over: unit, ride)
    }
}

fn main() {}
