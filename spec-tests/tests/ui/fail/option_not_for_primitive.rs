//! An option that the primitive does not take.

fairyforge_macros::rules! {
    piece Rook {
        codes R
        text "Moves any distance along ranks and files over empty squares."
        moves ride(rook, land: any)
    }
}

fn main() {}
