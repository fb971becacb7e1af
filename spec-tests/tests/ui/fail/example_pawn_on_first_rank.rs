//! An example with a pawn on its first rank.

fairyforge_macros::rules! {
        piece King {
            codes K
            text "Moves one square in any direction."
            royal
            moves leap(1,0) leap(1,1)
        }
        piece Pawn {
            codes P
            text "Moves one square straight forward."
            pawn
            moves quiet leap(forward 0,1)
            example "a pawn on e1" {
                white Kh1 Pe1
                black Ka8
                stipulation "#1"
                solution "1.Kh1-g1 #"
            }
        }
}

fn main() {}
