//! Whole outputs with twins, and twin headings.

use super::*;

/// Corpus file popeye/1914_BEISPIEL-twin-31, the whole output: German heading with an
/// award, twins replacing a unit, help play lines, German closing.
#[test]
fn whole_german_output_with_twins() {
    let n = names(Language::German);
    let mut h = simple_header(
        &n,
        Language::German,
        board("Ka8 Bd7e7", "Kf5 Tb6c5 Le5 Sh8 Bg6"),
        "h#2",
    );
    h.heading.authors.push(r"Fadil Abdurahmanov\'c".into());
    h.heading.origins.push("Magyar Sakkelet 1979".into());
    h.heading.award = Some("3. Preis".into());
    let de = Language::German;
    let wb = piece(Owner::White, "B");
    let replace = |code: &str| {
        vec![
            TwinChange::Remove(wb, sq("e7")),
            TwinChange::Add(piece(Owner::White, code), sq("e8")),
        ]
    };
    let mut out = String::from("Popeye Linux-6.18.44-fc-v669-unknown-64Bit v4.104 (1024 MB)\n");
    out.push_str(&header(&h));
    let twins: [(Vec<TwinChange>, [&str; 4]); 5] = [
        (vec![], ["Kf5-e6", "e7-e8=D +", "Ke6-d6", "d7-d8=D #"]),
        (replace("S"), ["Kf5-g5", "d7-d8=D +", "Kg5-h6", "Dd8-h4 #"]),
        (replace("L"), ["Tb6-f6", "d7-d8=D", "Kf5-e6", "Dd8-d7 #"]),
        (replace("T"), ["Kf5-f6", "d7-d8=D +", "Kf6-f7", "Dd8-e7 #"]),
        (replace("D"), ["Kf5-f6", "De8-g8", "Kf6-e7", "d7-d8=D #"]),
    ];
    for (i, (changes, moves)) in twins.iter().enumerate() {
        out.push_str(&twin_intro(i, false, changes, &n));
        out.push('\n');
        out.push_str(&help_line(0, 1, moves));
        out.push('\n'); // end of the phase
    }
    out.push_str(&closing(
        de,
        Completeness::Complete,
        Duration::from_millis(53),
    ));
    let expected = r#"Popeye Linux-6.18.44-fc-v669-unknown-64Bit v4.104 (1024 MB)

        Fadil Abdurahmanov\'c
        Magyar Sakkelet 1979
              3. Preis

+---a---b---c---d---e---f---g---h---+
|                                   |
8   K   .   .   .   .   .   .  -S   8
|                                   |
7   .   .   .   B   B   .   .   .   7
|                                   |
6   .  -T   .   .   .   .  -B   .   6
|                                   |
5   .   .  -T   .  -L  -K   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   .   .   .   .   .   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  h#2                         3 + 6

a) 

  1.Kf5-e6 e7-e8=D +   2.Ke6-d6 d7-d8=D #

b) -wBe7  +wSe8  

  1.Kf5-g5 d7-d8=D +   2.Kg5-h6 Dd8-h4 #

c) -wBe7  +wLe8  

  1.Tb6-f6 d7-d8=D   2.Kf5-e6 Dd8-d7 #

d) -wBe7  +wTe8  

  1.Kf5-f6 d7-d8=D +   2.Kf6-f7 Dd8-e7 #

e) -wBe7  +wDe8  

  1.Kf5-f6 De8-g8   2.Kf6-e7 d7-d8=D #

Loesung beendet. Zeit = 0.053 s


"#;
    assert_eq!(out, expected);
}

/// Corpus file popeye/0366_EXAMPLES-mooseim-1: an imitator, the zero position and
/// twins substituting walks; the second twin has no solution.
#[test]
fn imitator_zeroposition_and_substitution() {
    // fors 1B6/16/6P1/6r1/8/1Q5P/7k/
    let mut b = board("Bb8 Qb2 Pg5h2", "Rg4 Kh1");
    b.imitators.push(sq("a8"));
    let en = Language::English;
    let n = names(en);
    let mut h = simple_header(&n, en, b, "h#2");
    h.heading.authors.push("Stephen EMmerson".into());
    h.heading.origins.push("Unpublished".into());
    h.conditions.push("Imitator a8".into());
    let mut out = header(&h);
    out.push_str(&zeroposition_intro(en));
    out.push_str(&twin_intro(
        0,
        false,
        &[TwinChange::Substitute("B".into(), "M".into())],
        &n,
    ));
    out.push_str("\n  1.Rg4-g3[Ia7] Qb2-b3[Ia8]   2.Rg3-g1[Ia6] Qb3-d5[Ic8] #\n");
    out.push_str(&twin_intro(
        1,
        false,
        &[TwinChange::Substitute("Q".into(), "EA".into())],
        &n,
    ));
    out.push('\n');
    out.push_str(&closing(
        en,
        Completeness::Complete,
        Duration::from_millis(17),
    ));
    let tail = r#"  h#2                         4 + 2
             Imitator a8

zeroposition


a) B ==> M  

  1.Rg4-g3[Ia7] Qb2-b3[Ia8]   2.Rg3-g1[Ia6] Qb3-d5[Ic8] #

b) Q ==> EA  


solution finished. Time = 0.017 s


"#;
    assert!(out.ends_with(tail), "{out}");
    assert!(out.contains("\n8   I   B   .   .   .   .   .   .   8\n"));
}

#[test]
fn twin_headings() {
    let en = &names(Language::English);
    let w = |code: &str| piece(Owner::White, code);
    let b = |code: &str| piece(Owner::Black, code);
    let one = |c: TwinChange| twin_intro(1, false, &[c], en);
    assert_eq!(twin_intro(0, false, &[], en), "\na) \n");
    assert_eq!(
        one(TwinChange::Move(w("K"), sq("e1"), sq("e2"))),
        "\nb) wKe1-->e2  \n"
    );
    assert_eq!(one(TwinChange::Add(w("Q"), sq("a1"))), "\nb) +wQa1  \n");
    assert_eq!(one(TwinChange::Remove(b("P"), sq("c7"))), "\nb) -bPc7  \n");
    assert_eq!(
        one(TwinChange::Exchange(b("R"), sq("a1"), w("K"), sq("e1"))),
        "\nb) bRa1<-->wKe1  \n"
    );
    assert_eq!(one(TwinChange::Rotate(90)), "\nb) rotate 90  \n");
    assert_eq!(
        one(TwinChange::Mirror(Mirror::A1H1)),
        "\nb) mirror a1<-->h1  \n"
    );
    assert_eq!(
        one(TwinChange::Shift(sq("a1"), sq("a2"))),
        "\nb) shift a1 ==> a2  \n"
    );
    assert_eq!(one(TwinChange::PolishType), "\nb) PolishType  \n");
    assert_eq!(one(TwinChange::Stipulation("h=2".into())), "\nb) h=2  \n");
    assert_eq!(
        one(TwinChange::Conditions(vec![
            "Circe".into(),
            "MarineChess".into()
        ])),
        "\nb) Circe\n   MarineChess  \n"
    );
    assert_eq!(
        one(TwinChange::Substitute("P".into(), "R/B".into())),
        "\nb) P ==> R/B  \n"
    );
    // continued twins, labels beyond z
    assert_eq!(
        twin_intro(2, true, &[TwinChange::Add(b("P"), sq("c3"))], en),
        "\n+c) +bPc3  \n"
    );
    assert_eq!(twin_label(25), "z");
    assert_eq!(twin_label(26), "z1");
    assert_eq!(twin_label(124), "z99");
    // several changes; a unit put where one was taken off shows no signs
    let changes = [
        TwinChange::Move(b("B"), sq("h5"), sq("d7")),
        TwinChange::Stipulation("ser-reci-h(#)=7".into()),
    ];
    assert_eq!(
        twin_intro(1, false, &changes, &names(Language::German)),
        "\nb) sBh5-->d7  ser-reci-h(#)=7  \n"
    );
    let refill = [
        TwinChange::Remove(w("B"), sq("e7")),
        TwinChange::Add(w("S"), sq("e7")),
    ];
    assert_eq!(twin_changes(&refill, en), "wSe7  ");
    // German and French words and colour letters
    let de = &names(Language::German);
    let exchange = TwinChange::Exchange(b("B"), sq("f2"), w("B"), sq("h4"));
    assert_eq!(
        twin_changes(std::slice::from_ref(&exchange), de),
        "sBf2<-->wBh4  "
    );
    assert_eq!(
        twin_changes(&[exchange], &names(Language::French)),
        "nBf2<-->bBh4  "
    );
    assert_eq!(
        twin_changes(&[TwinChange::Rotate(270)], de),
        "Drehung 270  "
    );
    assert_eq!(
        twin_changes(&[TwinChange::Mirror(Mirror::A1H1)], de),
        "Spiegelung a1<-->h1  "
    );
    assert_eq!(
        twin_changes(&[TwinChange::Shift(sq("a1"), sq("e1"))], de),
        "Verschiebung a1 ==> e1  "
    );
    assert_eq!(twin_changes(&[TwinChange::PolishType], de), "Farbwechsel  ");
    let neutral = piece(Owner::Neutral, "B");
    assert_eq!(
        twin_changes(&[TwinChange::Move(neutral, sq("c2"), sq("c3"))], de),
        "nBc2-->c3  "
    );
}
