//! What a [`Path`] covers on some board, worked out at compile time for the tables of the
//! rule set: where a unit may depart from to capture on a target ([`departures`], for
//! `reach`), where it may arrive ([`arrivals`], for `span`), where it always arrives when
//! the square is free ([`sure_arrival`], for `steps`), and which squares can decide its
//! observation ([`influence`]). Every run is taken as long as the board allows, so each
//! table holds for every position.

use super::path::{End, Leg, Path, Vector};

/// A set of squares, bit `8 * rank + file`.
type Squares = u64;

/// The squares of `set` moved by `v`, those moved off the board dropped.
fn shifted(set: Squares, v: Vector) -> Squares {
    let mut out = 0;
    for sq in 0..64i8 {
        if set & 1 << sq != 0 {
            let (f, r) = (sq % 8 + v.0, sq / 8 + v.1);
            if (0..8).contains(&f) && (0..8).contains(&r) {
                out |= 1 << (8 * r + f);
            }
        }
    }
    out
}

/// The squares `1..=max` steps by `v` from the squares of `set`.
fn scanned(set: Squares, v: Vector, max: u8) -> Squares {
    let (mut out, mut front) = (0, set);
    for _ in 0..max {
        front = shifted(front, v);
        out |= front;
    }
    out
}

/// The squares of the edge of the board.
const EDGE: Squares = 0xff81_8181_8181_81ff;

/// The squares of `set` a path crossing the edge may arrive on (or depart from) when it
/// departs from (or arrives on) `sq`.
fn across(path: &Path, sq: u8, set: Squares) -> Squares {
    match (path.crosses_edge, EDGE & 1 << sq != 0) {
        (false, _) => set,
        (true, true) => set & !EDGE,
        (true, false) => set & EDGE,
    }
}

/// `v` with its rank component turned by `dir`.
fn turned(v: Vector, dir: i8) -> Vector {
    (v.0, v.1 * dir)
}

/// The squares a unit could depart from to capture on `target` along `path` on some
/// board (every run as long as the board allows).
pub fn departures(path: &Path, dir: i8, target: u8) -> Squares {
    let mut set: Squares = 1 << target;
    let end = turned(path.end.vector(), dir);
    let back = |v: Vector| (-v.0, -v.1);
    if path.takes_hurdle {
        // the square beyond the hurdle taken must be on the board
        if shifted(set, end) == 0 {
            return 0;
        }
    } else {
        set = match path.end {
            End::Step(_) => shifted(set, back(end)),
            End::Run { max, .. } => scanned(set, back(end), max.unwrap_or(7)),
            End::FirstUnit(_) => scanned(set, back(end), 7),
        };
    }
    for &leg in path.legs.iter().rev() {
        let by = back(turned(leg.vector(), dir));
        set = match leg {
            Leg::Empty { count, .. } => scanned_exactly(set, by, count),
            Leg::Hurdle { adjacent: true, .. } => shifted(set, by),
            Leg::Hurdle {
                adjacent: false, ..
            } => scanned(set, by, 7),
        };
    }
    across(path, target, set)
}

/// The squares exactly `count` steps by `v` from the squares of `set`.
fn scanned_exactly(set: Squares, v: Vector, count: u8) -> Squares {
    (0..count).fold(set, |s, _| shifted(s, v))
}

/// The squares a unit on `from` could arrive on along `path` on some board.
pub fn arrivals(path: &Path, dir: i8, from: u8) -> Squares {
    let mut set: Squares = 1 << from;
    for &leg in &path.legs {
        let by = turned(leg.vector(), dir);
        set = match leg {
            Leg::Empty { count, .. } => scanned_exactly(set, by, count),
            Leg::Hurdle { adjacent: true, .. } => shifted(set, by),
            Leg::Hurdle {
                adjacent: false, ..
            } => scanned(set, by, 7),
        };
    }
    let end = turned(path.end.vector(), dir);
    let set = match path.end {
        End::Step(_) => shifted(set, end),
        End::Run { max, .. } => scanned(set, end, max.unwrap_or(7)),
        End::FirstUnit(_) => scanned(set, end, 7),
    };
    across(path, from, set)
}

/// The square a unit on `from` always reaches along `path` when it is empty or holds a
/// unit of the other side: the first square of a path with no legs (a leap, a ride's
/// first step). None for other paths.
pub fn sure_arrival(path: &Path, dir: i8, from: u8) -> Squares {
    match (path.legs.is_empty(), path.end, path.takes_hurdle) {
        (true, End::Step(by) | End::Run { by, .. }, false) => {
            across(path, from, shifted(1 << from, turned(by, dir)))
        }
        _ => 0,
    }
}

/// What decides whether a unit observes a target along a path, besides its own square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Influence {
    /// No other square (a leap).
    Nothing,
    /// The squares of the line through the target along the vector (normalised: its
    /// file component positive, or zero and its rank component positive); `true` when the
    /// square beyond the target counts too (the path takes its hurdle).
    Line(Vector, bool),
    /// Squares off that line.
    Elsewhere,
}

/// The [`Influence`] of a path.
pub fn influence(path: &Path) -> Influence {
    if path.single_step().is_some() {
        return Influence::Nothing;
    }
    let by = path.end.vector();
    if path.legs.iter().any(|l| l.vector() != by) {
        return Influence::Elsewhere;
    }
    let line = if by.0 > 0 || (by.0 == 0 && by.1 > 0) {
        by
    } else {
        (-by.0, -by.1)
    };
    Influence::Line(line, path.takes_hurdle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> u8 {
        let b = name.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    }

    fn squares(names: &[&str]) -> Squares {
        names.iter().fold(0, |s, n| s | 1 << sq(n))
    }

    #[test]
    fn a_grasshopper_departs_two_squares_or_more_behind_its_arrival() {
        let hop = Path::new(
            vec![Leg::Hurdle {
                by: (1, 0),
                adjacent: false,
            }],
            End::Step((1, 0)),
        );
        assert_eq!(departures(&hop, 1, sq("d1")), squares(&["a1", "b1"]));
        assert_eq!(arrivals(&hop, 1, sq("e1")), squares(&["g1", "h1"]));
        assert_eq!(sure_arrival(&hop, 1, sq("e1")), 0);
        assert_eq!(influence(&hop), Influence::Line((1, 0), false));
    }

    #[test]
    fn a_locust_needs_the_square_beyond_its_capture() {
        let locust = Path::taking_hurdle(
            vec![Leg::Hurdle {
                by: (0, 1),
                adjacent: false,
            }],
            (0, 1),
        );
        assert_eq!(departures(&locust, 1, sq("a8")), 0);
        assert_eq!(
            departures(&locust, 1, sq("a6")),
            squares(&["a1", "a2", "a3", "a4", "a5"])
        );
        assert_eq!(influence(&locust), Influence::Line((0, 1), true));
    }

    #[test]
    fn a_lame_leap_depends_on_a_square_off_its_line() {
        let mao = Path::new(
            vec![Leg::Empty {
                by: (0, 1),
                count: 1,
            }],
            End::Step((1, 1)),
        );
        assert_eq!(departures(&mao, 1, sq("c3")), squares(&["b1"]));
        assert_eq!(arrivals(&mao, -1, sq("b8")), squares(&["c6"]));
        assert_eq!(influence(&mao), Influence::Elsewhere);
        assert!(mao.captures_at_fixed_steps());
    }
}
