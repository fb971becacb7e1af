//! A double step for a piece that is not a pawn.

fairyforge_macros::rules! {
    piece Soldier {
        codes SO
        text "Moves one square straight forward, two from its second rank."
        moves quiet leap(forward 0,1, double_step)
    }
}

fn main() {}
