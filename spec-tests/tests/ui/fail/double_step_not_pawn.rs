//! A double step for a piece that is not a pawn, on a leap that is not forward.

fairyforge_macros::rules! {
    piece Soldier {
        codes SO
        text "Moves one square straight forward, two from its second rank."
        moves quiet leap(0,1, double_step)
    }
}

fn main() {}
