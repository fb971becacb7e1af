//! Lines that turn, for the options that bend a clause's path: `turn: 45|90|135|180` (a
//! hop lands one step beyond its hurdle in a direction turned by the angle, either way: the
//! Moose, Eagle and Sparrow; turned right back, on the square before the hurdle: the
//! Hamster) and `circle` (every step turned from the one before to the
//! next vector of the lines in the order of their angles, always the same way: the
//! Rose's octagons). A circle is told as its sequence of steps; the primitives cut it
//! into fixed paths, one per square where the clause can capture or arrive, which the
//! generator and the observation test walk as they walk every path.

use super::Vector;

/// The eight steps of a king, in the order of their angles, counterclockwise from (1,0).
const KING_STEPS: [Vector; 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The angles `turn:` takes, in degrees.
pub const ANGLES: [i32; 4] = [45, 90, 135, 180];

/// Whether a vector is a king's step (the lines `turn:` can turn).
pub fn is_king_step(v: Vector) -> bool {
    KING_STEPS.contains(&v)
}

/// The king's step `v` turned by `angle` degrees (a multiple of 45) clockwise, then
/// counterclockwise. `v` must be a king's step.
pub fn turned(v: Vector, angle: i32) -> [Vector; 2] {
    let i = KING_STEPS
        .iter()
        .position(|&s| s == v)
        .expect("a king's step turns");
    let eighths = (angle / 45) as usize;
    [
        KING_STEPS[(i + 8 - eighths) % 8],
        KING_STEPS[(i + eighths) % 8],
    ]
}

/// The circles along `vectors`: from each vector, clockwise then counterclockwise, the
/// steps in the order of their angles, as many as there are vectors less one (one more
/// closes the circle on the departure).
pub fn circles(vectors: &[Vector]) -> Vec<Vec<Vector>> {
    let mut ordered = vectors.to_vec();
    // counterclockwise from the direction of (1,0)
    ordered.sort_by(|a, b| angle(*a).total_cmp(&angle(*b)));
    let n = ordered.len();
    let mut out = Vec::new();
    for &start in vectors {
        let i = ordered.iter().position(|&v| v == start).expect("a vector");
        let clockwise = (0..n - 1).map(|k| ordered[(i + n * 8 - k) % n]).collect();
        let counter = (0..n - 1).map(|k| ordered[(i + k) % n]).collect();
        out.push(clockwise);
        out.push(counter);
    }
    out
}

/// The angle of a vector in radians, from 0 up to 2π.
fn angle(v: Vector) -> f64 {
    let a = f64::from(v.1).atan2(f64::from(v.0));
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// Whether the vectors can make circles: each angle once (no two vectors on one ray), and
/// at least three of them.
pub fn circle_ready(vectors: &[Vector]) -> bool {
    let mut angles: Vec<f64> = vectors.iter().map(|&v| angle(v)).collect();
    angles.sort_by(f64::total_cmp);
    angles.len() >= 3 && angles.windows(2).all(|w| w[0] != w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moose_turns_one_eighth_either_way() {
        assert_eq!(turned((1, 0), 45), [(1, -1), (1, 1)]);
        assert_eq!(turned((-1, 1), 90), [(1, 1), (-1, -1)]);
        assert_eq!(turned((0, 1), 135), [(1, -1), (-1, -1)]);
        assert_eq!(turned((1, 1), 180), [(-1, -1), (-1, -1)]);
    }

    #[test]
    fn a_rose_circle_turns_through_the_knight_steps() {
        let knight = super::super::lines::named_lines("knight").unwrap();
        let circles = circles(&knight);
        assert_eq!(circles.len(), 16);
        let c = &circles[0];
        assert_eq!(c.len(), 7);
        assert_eq!(&c[..3], &[(1, 2), (2, 1), (2, -1)]);
        // seven steps never come back to the departure; the eighth would
        let sum = c.iter().fold((0, 0), |s, v| (s.0 + v.0, s.1 + v.1));
        assert_ne!(sum, (0, 0));
        assert!(circle_ready(&knight));
        assert!(!circle_ready(&[(1, 0), (2, 0), (0, 1)]));
    }
}
