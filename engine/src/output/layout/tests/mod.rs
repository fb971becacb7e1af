//! The layout against the reference's output: headers, diagrams, twin headings,
//! solution lines and closings of corpus problems, and every diagram of the corpus.

use super::*;

mod corpus;
mod twins;
use crate::piece::{Kind, Owner, Side};

/// The codes of the units the tests place, kind 0 first.
const CODES: &[&str] = &[
    "K", "Q", "R", "B", "S", "P", "T", "L", "D", "LI", "WE", "S/B", "B/R", "B/S", "G",
];

/// The names of the tests' units in `language`.
fn names(language: Language) -> Names {
    Names::from_codes(CODES, &["P"], language)
}

/// The unit of `owner` written `code`.
fn piece(owner: Owner, code: &str) -> Piece {
    let i = CODES.iter().position(|c| *c == code).expect("a test code");
    Piece::new(Kind(i as u8), owner)
}

/// Places units given as in the reference's `Pieces` command (`Kh1
/// Bg1g2 LId8`): an odd token length means a one-letter code.
fn place(board: &mut Diagram, colour: Owner, units: &str) {
    for token in units.split_whitespace() {
        let code_len = if token.len() % 2 == 1 { 1 } else { 2 };
        let (code, squares) = token.split_at(code_len);
        for i in (0..squares.len()).step_by(2) {
            let sq = Square::parse(&squares[i..i + 2]).expect("square");
            board.put(sq, piece(colour, code));
        }
    }
}

fn board(white: &str, black: &str) -> Diagram {
    let mut b = Diagram::default();
    place(&mut b, Owner::White, white);
    place(&mut b, Owner::Black, black);
    b
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn simple_header<'a>(
    names: &'a Names,
    language: Language,
    board: Diagram,
    stipulation: &str,
) -> Header<'a> {
    Header {
        names,
        language,
        heading: Heading::default(),
        board,
        stipulation: stipulation.to_string(),
        total_invisible: 0,
        attributes_in_problem: Vec::new(),
        atob_start: None,
        conditions: Vec::new(),
        option_lines: Vec::new(),
    }
}

/// A line of help play from its half-moves, the first numbered.
fn help_line(inversions: usize, first_number: usize, half_moves: &[&str]) -> String {
    let mut s = help_line_intro(inversions).to_string();
    let mut numbered = inversions != 1;
    for (i, m) in half_moves.iter().enumerate() {
        if numbered {
            s.push_str(&line_move_number(first_number + (i + inversions) / 2));
        }
        numbered = !numbered;
        s.push_str(m);
        if i + 1 < half_moves.len() {
            s.push(' ');
        }
    }
    s
}

/// Corpus file popeye/0001_EXAMPLES-CASTchess-1: heading, diagram, #2, a condition.
#[test]
fn header_in_english() {
    let n = names(Language::English);
    let mut h = simple_header(
        &n,
        Language::English,
        board("Kh1 Bg1g2 Sd6 Pa7", "Ka8 Sf1 Pa4a6b3g6h5"),
        "#2",
    );
    h.heading.authors.push("Petko A. Petkov".into());
    h.heading
        .origins
        .push("The Problemist Suplement 2020".into());
    h.conditions.push("CASTChess".into());
    let expected = r#"
           Petko A. Petkov
    The Problemist Suplement 2020

+---a---b---c---d---e---f---g---h---+
|                                   |
8  -K   .   .   .   .   .   .   .   8
|                                   |
7   P   .   .   .   .   .   .   .   7
|                                   |
6  -P   .   .   S   .   .  -P   .   6
|                                   |
5   .   .   .   .   .   .   .  -P   5
|                                   |
4  -P   .   .   .   .   .   .   .   4
|                                   |
3   .  -P   .   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   B   .   2
|                                   |
1   .   .   .   .   .  -S   B   K   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  #2                          5 + 7
              CASTChess
"#;
    assert_eq!(header(&h), expected);
}

/// Corpus file popeye/0239_EXAMPLES-halfneut-1: a neutral half-neutral rook, a white
/// half-neutral bishop, a title too wide to centre.
#[test]
fn neutral_and_half_neutral_units() {
    let mut b = board("Kh1 Sb7", "Kd7 Rc3g4 Bb8f1 Sa1d6 Pc8e6g7h7");
    let half = |owner, code| Piece {
        half: true,
        ..piece(owner, code)
    };
    b.put(sq("c6"), half(Owner::Neutral, "R"));
    b.put(sq("e4"), half(Owner::White, "B"));
    let n = names(Language::English);
    let mut h = simple_header(&n, Language::English, b, "hs#2");
    h.heading = Heading {
        authors: vec!["V.Crisan & E.Huber".into()],
        origins: vec!["1 Pl Andernach 2004".into()],
        award: None,
        titles: vec!["last 2 moves only < 1 min on Athlon 2400".into()],
    };
    h.conditions.push("AntiCirce Super".into());
    let expected = r#"
         V.Crisan & E.Huber
         1 Pl Andernach 2004
last 2 moves only < 1 min on Athlon 2400

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .  -B  -P   .   .   .   .   .   8
|                                   |
7   .   S   .  -K   .   .  -P  -P   7
|                                   |
6   .   .  =R  -S  -P   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   B   .  -R   .   4
|                                   |
3   .   .  -R   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1  -S   .   .   .   .  -B   .   K   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  hs#2                  3 + 11 + 1n
          HalfNeutral c6 e4
           AntiCirce Super
"#;
    assert_eq!(header(&h), expected);
    let spec = n.spec(h.board.get(sq("c6")).unwrap());
    assert_eq!(spec, "nhnR");
}

/// Corpus file popeye/0248_EXAMPLES-hunter-1: no heading, hunters drawn on two lines.
#[test]
fn hunters_without_heading() {
    let mut b = board("Ka3 Qe2 Rb4f6 Bc5 Sb6d4 Pa2b3c4g3", "Ke4 Rb1 Bh1h6 Pc6e3g6");
    b.put(sq("b8"), piece(Owner::White, "S/B"));
    b.put(sq("c1"), piece(Owner::Black, "B/R"));
    b.put(sq("g8"), piece(Owner::Black, "B/S"));
    let expected = r#"

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   S/  .   .   .   .  -B/  .   8
|       B                   S       |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   S  -P   .   .   R  -P  -B   6
|                                   |
5   .   .   B   .   .   .   .   .   5
|                                   |
4   .   R   P   S  -K   .   .   .   4
|                                   |
3   K   P   .   .  -P   .   P   .   3
|                                   |
2   P   .   .   .   Q   .   .   .   2
|                                   |
1   .  -R  -B/  .   .   .   .  -B   1
|           R                       |
+---a---b---c---d---e---f---g---h---+
  #3                         12 + 9
"#;
    let n = names(Language::English);
    assert_eq!(
        header(&simple_header(&n, Language::English, b, "#3")),
        expected
    );
}

/// Corpus file popeye/0702_BEISPIEL-atob-1: start and target position in German.
#[test]
fn atob_in_german() {
    let n = names(Language::German);
    let mut h = simple_header(
        &n,
        Language::German,
        board("Kd5 Td6e5 Bc3", "Kb5 Tg4 Lc4"),
        "a=>b6",
    );
    h.atob_start = Some((board("Kb3 Tb6e8 Bc3", "Kc7 Tg3 La6"), Side::White));
    h.heading.authors.push("?".into());
    h.heading.origins.push("Andernach 5/2001".into());
    let expected = r#"
                  ?
          Andernach 5/2001

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   T   .   .   .   8
|                                   |
7   .   .  -K   .   .   .   .   .   7
|                                   |
6  -L   T   .   .   .   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   K   B   .   .   .  -T   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   .   .   .   .   .   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
                              4 + 3

            => (Weiss ->)


+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   .   .   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   T   .   .   .   .   6
|                                   |
5   .  -K   .   K   T   .   .   .   5
|                                   |
4   .   .  -L   .   .   .  -T   .   4
|                                   |
3   .   .   B   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   .   .   .   .   .   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  a=>b6                       4 + 3
"#;
    assert_eq!(header(&h), expected);
}

/// Corpus file popeye/0238_EXAMPLES-grid-3: grid lines between all ranks, an option
/// line after the condition.
#[test]
fn grid_lines_and_option_line() {
    let mut b = board("Kc8 Pb6", "Ka8 Pa7");
    let mut grid = GridLines::default();
    for row in grid.south.iter_mut().skip(1) {
        *row = [true; 8];
    }
    b.grid = Some(grid);
    let n = names(Language::English);
    let mut h = simple_header(&n, Language::English, b, "ser-#7");
    h.heading.authors.push("Th.Steudel".into());
    h.heading.origins.push("feenschach IV-V 1976".into());
    h.conditions.push("GridChess".into());
    h.option_lines
        .push(centred(Language::English.words().half_duplex));
    let expected = r#"
             Th.Steudel
        feenschach IV-V 1976

+---a---b---c---d---e---f---g---h---+
|                                   |
8  -K   .   K   .   .   .   .   .   8
|  --- --- --- --- --- --- --- ---  |
7  -P   .   .   .   .   .   .   .   7
|  --- --- --- --- --- --- --- ---  |
6   .   P   .   .   .   .   .   .   6
|  --- --- --- --- --- --- --- ---  |
5   .   .   .   .   .   .   .   .   5
|  --- --- --- --- --- --- --- ---  |
4   .   .   .   .   .   .   .   .   4
|  --- --- --- --- --- --- --- ---  |
3   .   .   .   .   .   .   .   .   3
|  --- --- --- --- --- --- --- ---  |
2   .   .   .   .   .   .   .   .   2
|  --- --- --- --- --- --- --- ---  |
1   .   .   .   .   .   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  ser-#7                      2 + 2
              GridChess
             HalfDuplex
"#;
    assert_eq!(header(&h), expected);
}

#[test]
fn usual_grid_and_holes() {
    let mut b = board("Kc1", "Ka8");
    b.put(sq("b8"), piece(Owner::White, "WE"));
    b.put(sq("d8"), piece(Owner::Black, "WE"));
    b.grid = Some(GridLines::normal());
    b.holes.push(sq("h1"));
    let d = diagram(&b, &names(Language::English));
    let lines: Vec<&str> = d.lines().collect();
    // a white two-letter code leaves the grid line visible, black hides it
    assert_eq!(lines[2], "8  -K  WE | . -WE | .   . | .   .   8");
    assert_eq!(lines[3], "|                                   |");
    assert_eq!(lines[5], "|  --- --- --- --- --- --- --- ---  |");
    assert_eq!(lines[16], "1   .   . | K   . | .   . | .       1");
}

#[test]
fn stipulation_lines() {
    let en = Language::English;
    let counts = |white, black, neutral, total_invisible| PieceCounts {
        white,
        black,
        neutral,
        total_invisible,
    };
    assert_eq!(
        stipulation_line("h#2", &counts(3, 2, 0, 0), en),
        "  h#2                         3 + 2\n"
    );
    assert_eq!(
        stipulation_line("ser-h#5", &counts(3, 3, 2, 0), en),
        "  ser-h#5                3 + 3 + 2n\n"
    );
    assert_eq!(
        stipulation_line("h#1", &counts(2, 2, 0, 1), en),
        "  h#1                  2 + 2 + 1 TI\n"
    );
    assert_eq!(
        stipulation_line("h#1", &counts(2, 2, 0, 1), Language::German),
        "  h#1                  2 + 2 + 1 TU\n"
    );
    assert_eq!(
        stipulation_line("", &counts(16, 16, 0, 0), en),
        format!("{:>35}\n", "16 + 16")
    );
    // too long: the counts follow the stipulation directly
    assert_eq!(
        stipulation_line(
            "Weiss 3a[#]d&-4hh[#]&4ad[#]&-4hh[=]",
            &counts(8, 10, 0, 0),
            en
        ),
        "  Weiss 3a[#]d&-4hh[#]&4ad[#]&-4hh[=]8 + 10\n"
    );
    for stip in ["#2", "#10/1/1", "r#9;1,1", "ser-reci-h(#)=7", "a=>b2"] {
        let line = stipulation_line(stip, &counts(11, 10, 1, 0), en);
        assert_eq!(line.len(), COUNTS_END + 1, "{line:?}");
    }
}

#[test]
fn centring_counts_bytes() {
    // corpus file popeye/0088_EXAMPLES-bicaptures-1
    assert_eq!(centred("Györgyi Bakcsi"), "           Györgyi Bakcsi\n");
    assert_eq!(
        centred("Magyar Sakkélet 1971 TT, 2nd prize"),
        " Magyar Sakkélet 1971 TT, 2nd prize\n"
    );
    assert_eq!(centred(&"x".repeat(36)), format!("{}\n", "x".repeat(36)));
    assert_eq!(centred(&"x".repeat(35)), format!(" {}\n", "x".repeat(35)));
    assert_eq!(centred(""), format!("{}\n", " ".repeat(18)));
}

#[test]
fn attribute_lines_list_squares_in_reading_order() {
    let en = Language::English;
    let mut b = board("Kd7", "Kh1");
    for s in ["f3", "f6"] {
        b.put(sq(s), piece(Owner::White, "S"));
        b.attributes.push((sq(s), PieceAttribute::Anda));
        b.attributes.push((sq(s), PieceAttribute::Chameleon));
    }
    b.put(sq("a6"), piece(Owner::White, "R"));
    b.attributes.push((sq("a6"), PieceAttribute::Royal));
    assert_eq!(
        attribute_lines(&b, &[], en),
        "              Royal a6\n           Chameleon f6 f3\n             Anda f6 f3\n"
    );
    assert_eq!(
        attribute_lines(
            &Diagram::default(),
            &[PieceAttribute::AliceA, PieceAttribute::Royal],
            en
        ),
        "               AliceA\n"
    );
    assert_eq!(
        attribute_lines(&b, &[], Language::German).lines().next(),
        Some("            Koeniglich a6")
    );
    assert_eq!(
        castling_mutually_exclusive_line(&[(sq("a1"), sq("h8"))], Language::German),
        "RochadenGegenseitigAusschliessend a1h8\n"
    );
    assert_eq!(PieceAttribute::HurdleColourChanging.abbreviation(en), "hcc");
    assert_eq!(PieceAttribute::AliceB.abbreviation(en), "");
}

#[test]
fn closing_lines_and_times() {
    let ms = Duration::from_millis;
    assert_eq!(
        closing(Language::English, Completeness::Complete, ms(7)),
        "\nsolution finished. Time = 0.007 s\n\n\n"
    );
    assert_eq!(
        closing(Language::German, Completeness::Complete, ms(1586)),
        "\nLoesung beendet. Zeit = 1.586 s\n\n\n"
    );
    assert_eq!(
        closing(Language::French, Completeness::Complete, ms(100)),
        "\nsolution terminee. Temps = 0.100 s\n\n\n"
    );
    assert_eq!(
        closing(Language::English, Completeness::Partial, ms(5)),
        "Partial solution Time = 0.005 s\n\n\n"
    );
    assert_eq!(format_time(ms(65_123)), "1:05.123 m:s");
    assert_eq!(format_time(Duration::from_secs(7384)), "2:03:04 h:m:s");
    assert_eq!(format_time(Duration::from_micros(7_999)), "0.007 s");
}

/// Lines of corpus file popeye/0001_EXAMPLES-CASTchess-1 and of set play.
#[test]
fn battle_play_lines() {
    let en = Language::English;
    let w = en.words();
    assert_eq!(
        format!("{}Bg1-b6 {KEY_MARKER} {}", tree_move_prefix(0), w.zugzwang),
        "   1.Bg1-b6 ! zugzwang."
    );
    assert_eq!(format!("{}b3-b2", tree_move_prefix(1)), "      1...b3-b2");
    assert_eq!(
        format!("{}Bg2-d5 #", tree_move_prefix(2)),
        "          2.Bg2-d5 #"
    );
    assert_eq!(
        format!("{}Sd6-c4 {TRY_MARKER} {}", tree_move_prefix(0), w.threat),
        "   1.Sd6-c4 ? threat:"
    );
    assert_eq!(refutations_intro(en), "    but");
    assert_eq!(
        format!("{}Ka8-b7 {KEY_MARKER}", tree_move_prefix(1)),
        "      1...Ka8-b7 !"
    );
    assert_eq!(tree_move_prefix(3), "              2...");
    assert_eq!(tree_move_prefix(20), format!("{} 11.", " ".repeat(80)));
    assert_eq!(refutations_intro(Language::German), "    Aber");
    // corpus file popeye/1656_BEISPIEL-rollentausch-11 (PostKeyPlay)
    assert_eq!(refutes_line(2, Language::German), "        Widerlegt.");
    assert_eq!(Language::German.words().threat, "Drohung:");
    assert_eq!(Language::French.words().zugzwang, "blocus.");
}

#[test]
fn help_play_lines() {
    assert_eq!(
        help_line(0, 1, &["Bd5-b7B", "Rg2-e2B", "Re7-a7B", "e6-e7B #"]),
        "  1.Bd5-b7B Rg2-e2B   2.Re7-a7B e6-e7B #"
    );
    // h#2.5: the line starts with White's half-move
    assert_eq!(
        help_line(
            1,
            1,
            &["Bh1-e4A", "Ba3-b2A", "Be4-d3B", "Bb2*d4B", "Ra4*d4A #"]
        ),
        "  1...Bh1-e4A   2.Ba3-b2A Be4-d3B   3.Bb2*d4B Ra4*d4A #"
    );
    assert_eq!(help_line_intro(2), "  1...  ...");
    assert_eq!(line_move_number(10), " 10.");
    assert_eq!(
        move_number_line(
            &[1],
            "Rd1-a1",
            true,
            Duration::from_millis(13),
            Language::English.words()
        ),
        "  1  (Rd1-a1 +    Time = 0.013 s)"
    );
    assert_eq!(
        move_number_line(
            &[12, 3],
            "Sc4-a3",
            false,
            Duration::from_millis(70),
            Language::German.words()
        ),
        " 12:3  (Sc4-a3    Zeit = 0.070 s)"
    );
}

#[test]
fn words_and_squares() {
    assert_eq!(Language::English.colour_letter(Owner::Black), 'b');
    assert_eq!(Language::German.colour_letter(Owner::Black), 's');
    assert_eq!(Language::French.colour_letter(Owner::White), 'b');
    assert_eq!(Language::French.colour_letter(Owner::Neutral), 'n');
    assert_eq!(
        atob_separator(Side::Black, Language::English),
        "\n            => (Black ->)\n\n"
    );
    assert_eq!(Some(sq("h8")), Square::from_coords(7, 7));
    assert_eq!(sq("a1").to_string(), "a1");
    assert_eq!(Square::parse("i1"), None);
    assert_eq!(board("Kh1 Bg1g2 LId8", "").counts().white, 4);
}
