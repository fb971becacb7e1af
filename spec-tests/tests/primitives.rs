//! The primitives of the rules language move as `docs/rules-language.md` says: the pieces
//! the manual defines, compiled with the `rules!` macro, and for each a position and the
//! squares it may go to, worked out by hand from the manual's words.

mod manual {
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
        }
        piece Pawn {
            codes P
            text "Moves one square straight forward; captures one square diagonally forward."
            pawn
            moves quiet leap(forward 0,1, double_step) capture leap(forward 1,1, en_passant)
        }
        piece Nightrider {
            codes N
            text "Moves any number of (1,2) jumps in one direction over empty squares."
            moves ride(knight)
        }
        piece ShortRook {
            codes SR
            text "Moves like a rook, at most two squares."
            moves ride(rook, max: 2)
        }
        piece Grasshopper {
            codes G
            text "Hops along queen lines over a unit to the square immediately beyond it."
            moves hop(queen, land: next)
        }
        piece Lion {
            codes LI
            text "Hops along queen lines over a unit to any square beyond, up to the first occupied one."
            moves hop(queen, land: any)
        }
        piece Kangaroo {
            codes KA
            text "Hops along queen lines over two units to the square immediately beyond the second."
            moves hop(queen, hurdles: 2)
        }
        piece Locust {
            codes LO
            text "Captures by hopping over a unit of the other side to the empty square beyond it."
            moves capture hop(queen, take: hurdle)
        }
        piece Equihopper {
            codes EQ
            text "Hops over a unit at the midpoint of its move, along any line."
            moves equihop(any)
        }
        piece EnglishEquihopper {
            codes EA
            text "Hops over a unit at the midpoint of its move; on queen lines nothing else between."
            moves equihop(any, path: clear)
        }
        piece Mao {
            codes MA
            text "Leaps (1,2), the orthogonally adjacent square on the way empty."
            moves lame(1,2)
        }
        piece Moa {
            codes MO
            text "Leaps (1,2), the diagonally adjacent square on the way empty."
            moves lame(1,2, via: bishop)
        }
        piece Kinghopper {
            codes KH
            text "Hops along queen lines over an adjacent unit to the square immediately beyond it."
            moves hop(queen, hurdle: adjacent)
        }
        piece ContraGrasshopper {
            codes CG
            text "Hops along queen lines over an adjacent unit to any square beyond, up to the first occupied one."
            moves hop(queen, hurdle: adjacent, land: any)
        }
        piece Maorider {
            codes AO
            text "Repeats Mao leaps along a line, every square passed and reached on the way empty."
            moves lame(1,2, ride)
        }
        piece Maohopper {
            codes AH
            text "Leaps (1,2), the orthogonally adjacent square on the way occupied."
            moves lame(1,2, over: unit)
        }
        piece BerolinaPawn {
            codes BP
            text "Moves one square diagonally forward, two from its second rank; captures straight forward."
            pawn
            moves quiet leap(forward 1,1, double_step) capture leap(forward 0,1, en_passant)
        }
    }
}

use fairyforge_engine::codes::CodeSet;
use fairyforge_engine::fen::{parse_position, BoardNotation};

/// The Forsyth board of `units` (`("LI", "d1")` white, `("li", "d1")` black), with the
/// white king on h1 and the black king on a8.
fn board(units: &[(&str, &str)]) -> String {
    let mut squares: Vec<Vec<Option<String>>> = vec![vec![None; 8]; 8];
    for &(code, sq) in units.iter().chain(&[("K", "h1"), ("k", "a8")]) {
        let b = sq.as_bytes();
        let (file, rank) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        assert!(squares[rank][file].is_none(), "two units on {sq}");
        let written = if code.len() == 2 {
            format!(".{code}")
        } else {
            code.to_string()
        };
        squares[rank][file] = Some(written);
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let (mut row, mut empty) = (String::new(), 0);
            for square in &squares[rank] {
                match square {
                    Some(unit) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(unit);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    rows.join("/")
}

/// The legal moves of the unit on `from`, White to move: arrival squares, `x` before a
/// capture, sorted.
fn targets(units: &[(&str, &str)], from: &str) -> Vec<String> {
    let text = format!("{} w - -", board(units));
    let notation = BoardNotation::Forsyth(CodeSet::Fairyforge);
    let mut pos = parse_position(&text, notation, manual::Rules::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.from.to_string() == from)
        .map(|m| format!("{}{}", if m.captured.is_some() { "x" } else { "" }, m.to))
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn ride_with_max_stops_after_that_many_steps() {
    assert_eq!(
        targets(&[("SR", "d4")], "d4"),
        ["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4"]
    );
}

#[test]
fn ride_along_knight_lines_stops_before_a_unit() {
    assert_eq!(
        targets(&[("N", "b1"), ("P", "d5")], "b1"),
        ["a3", "c3", "d2", "f3", "h4"]
    );
}

#[test]
fn hop_lands_right_beyond_the_hurdle() {
    // Along the d-file over the knight on d5; the king on h1 is a hurdle with nothing beyond.
    assert_eq!(targets(&[("G", "d1"), ("s", "d5")], "d1"), ["d6"]);
}

#[test]
fn hop_land_any_goes_up_to_and_onto_the_first_unit_beyond() {
    assert_eq!(
        targets(&[("LI", "d1"), ("P", "d3"), ("s", "d6")], "d1"),
        ["d4", "d5", "xd6"]
    );
}

#[test]
fn hop_over_two_hurdles() {
    assert_eq!(
        targets(&[("KA", "d1"), ("P", "d3"), ("s", "d5")], "d1"),
        ["d6"]
    );
}

#[test]
fn hop_taking_the_hurdle_captures_it_and_lands_beyond() {
    // Over the black knights on d4 and f3; not over the own pawn on b3.
    let moves = targets(&[("LO", "d1"), ("s", "d4"), ("s", "f3"), ("P", "b3")], "d1");
    assert_eq!(moves, ["xd5", "xg4"]);
}

#[test]
fn equihop_non_stop_ignores_other_units_on_the_way() {
    // Midpoints b2 (landing on c3, a capture), c2 (a knight line) and c3 (over b2 and d4).
    let units = [("EQ", "a1"), ("P", "b2"), ("P", "c2"), ("s", "c3")];
    assert_eq!(targets(&units, "a1"), ["e3", "e5", "xc3"]);
}

#[test]
fn equihop_english_needs_a_clear_queen_line() {
    let units = [("EA", "a1"), ("P", "b2"), ("P", "c2"), ("s", "c3")];
    assert_eq!(targets(&units, "a1"), ["e3", "xc3"]);
}

#[test]
fn lame_via_rook_is_blocked_on_the_orthogonal_step() {
    assert_eq!(
        targets(&[("MA", "d4"), ("P", "d5")], "d4"),
        ["b3", "b5", "c2", "e2", "f3", "f5"]
    );
}

#[test]
fn lame_via_bishop_is_blocked_on_the_diagonal_step() {
    assert_eq!(
        targets(&[("MO", "d4"), ("P", "e5")], "d4"),
        ["b3", "b5", "c2", "c6", "e2", "f3"]
    );
}

#[test]
fn hop_over_an_adjacent_hurdle_only() {
    // Over d2, e2 and c2; the knight on b1 is not adjacent, so not a hurdle.
    let units = [("KH", "d1"), ("P", "d2"), ("s", "e2"), ("s", "f3")];
    let units = [&units[..], &[("s", "c2"), ("s", "b1")]].concat();
    assert_eq!(targets(&units, "d1"), ["b3", "d3", "xf3"]);
}

#[test]
fn hop_over_an_adjacent_hurdle_landing_anywhere_beyond() {
    // The knight on f1 is not adjacent: no hop along the first rank.
    let units = [("CG", "d1"), ("P", "d2"), ("s", "d5"), ("s", "f1")];
    assert_eq!(targets(&units, "d1"), ["d3", "d4", "xd5"]);
}

#[test]
fn lame_ride_repeats_the_leap_while_its_squares_are_empty() {
    // Up the (1,2) line only to c3 (c4 is taken); along the (2,1) line to d2 and onto f3.
    let units = [("AO", "b1"), ("P", "c4"), ("s", "f3")];
    assert_eq!(targets(&units, "b1"), ["a3", "c3", "d2", "xf3"]);
}

#[test]
fn lame_over_a_unit_needs_the_square_passed_occupied() {
    assert_eq!(
        targets(&[("AH", "d4"), ("P", "d5"), ("s", "e6")], "d4"),
        ["c6", "xe6"]
    );
}

#[test]
fn berolina_pawn_moves_diagonally_and_captures_straight() {
    assert_eq!(
        targets(&[("BP", "e2"), ("s", "e3")], "e2"),
        ["c4", "d3", "f3", "g4", "xe3"]
    );
}
