//! A condition whose truth looks at a value the language does not have.

fairyforge_macros::rules! {
    condition Sticky {
        names "Sticky"
        text "A unit standing next to a unit of the other side may not move."
        paralyse when unit.neighbour
    }
}

fn main() {}
