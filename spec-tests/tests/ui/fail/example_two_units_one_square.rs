//! An example with two units on one square.

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
            example "two units on d5" {
                white Ke1 Sd5
                black Ka8 Sd5
                stipulation "#1"
                solution "1.Sd5-c7 #"
            }
        }
}

fn main() {}
