//! An example naming a code no piece has.

fairyforge_macros::rules! {
        piece King {
            codes K
            text "Moves one square in any direction."
            royal
            moves leap(1,0) leap(1,1)
        }
        piece Knight {
            codes S
            text "Leaps to the squares a (1,2) jump away."
            moves leap(1,2)
            example "a queen that is not defined" {
                white Ke1 Sd5 Qd1
                black Ka8
                stipulation "#1"
                solution "1.Sd5-c7 #"
            }
        }
}

fn main() {}
