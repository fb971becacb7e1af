//! An example naming a condition no rule defines.

fairyforge_macros::rules! {
    piece King {
        codes K
        text "Moves one square in any direction."
        royal
        moves leap(1,0) leap(1,1)

        example "a condition nobody defines" {
            white Ke1
            black Ke8
            stipulation "=1"
            conditions "Upside Down Chess"
            solution "1.Ke1-e2 ="
        }
    }
}

fn main() {}
