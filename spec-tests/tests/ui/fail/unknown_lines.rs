//! An unknown name of lines.

fairyforge_macros::rules! {
    piece Rook {
        codes R
        text "Moves any distance along ranks and files over empty squares."
        moves ride(rooks)
    }
}

fn main() {}
