//! Whole problem files: every section in the three languages, problem separation,
//! errors with their line and column, and recovery after an error.

use crate::input::*;
use crate::{Owner, Side, Square};

fn one(text: &str) -> Problem {
    let mut r = read_problems(text);
    assert_eq!(r.len(), 1, "{:?}", r);
    r.remove(0).unwrap_or_else(|e| panic!("{}", e))
}

fn error(text: &str) -> InputError {
    let mut r = read_problems(text);
    assert_eq!(r.len(), 1, "{:?}", r);
    r.remove(0).expect_err("an error")
}

fn units(p: &Problem) -> Vec<String> {
    p.pieces.iter().map(|u| u.to_string()).collect()
}

const ENGLISH: &str = "BeginProblem
Author Stephen Emmerson
Author Second Author
Origin Unpublished
Title A title
Award 1st Prize
Remark some words
Pieces White Royal Sg1 Ke1 Qd1 Pa2b2 Sb1 Black HalfNeutral Ke8 LIe4 Neutral EQc2d3
Stipulation #2
Condition Circe File Madrasi
Option Try Defence 2 SetPlay Variation Threat 1 NoThreat MaxSolutions 3 WhiteToPlay NoBoard MaxTime 10 NoShortVariations
Twin Move d1 d2
Twin Continued Exchange e1 e8 Remark after the twin
EndProblem
";

#[test]
fn an_english_problem() {
    let p = one(ENGLISH);
    assert_eq!(p.language, Language::English);
    assert_eq!(p.line, 1);
    assert_eq!(p.texts.authors, ["Stephen Emmerson", "Second Author"]);
    assert_eq!(p.author(), "Stephen Emmerson\nSecond Author");
    assert_eq!(p.texts.origins, ["Unpublished"]);
    assert_eq!(p.texts.titles, ["A title"]);
    assert_eq!(p.texts.award.as_deref(), Some("1st Prize"));
    assert_eq!(p.texts.remarks, ["some words"]);
    assert_eq!(
        units(&p),
        [
            "White Royal Sg1",
            "White Ke1",
            "White Qd1",
            "White Pa2",
            "White Pb2",
            "White Sb1",
            "Black HalfNeutral Ke8",
            "Black HalfNeutral LIe4",
            "Neutral EQc2",
            "Neutral EQd3"
        ]
    );
    let e4 = &p.pieces[7];
    assert_eq!(
        (e4.colour, e4.code.as_str(), e4.square),
        (Owner::Black, "LI", Square::parse("e4").unwrap())
    );
    let b = p.stipulation.basic().expect("basic");
    assert_eq!((b.family, b.goal, b.moves), (Family::Direct, Goal::Mate, 2));
    assert_eq!(b.first_side(), Side::White);
    assert_eq!(
        p.conditions
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["Circe File", "Madrasi"]
    );
    assert!(p.condition("Circe").is_some_and(|c| c.has_variant("File")));
    assert_eq!(p.options.len(), 11);
    assert!(p.has_option(|o| matches!(o, ProblemOption::Defence(2))));
    assert!(p.has_option(|o| matches!(o, ProblemOption::MaxTime(10))));
    assert_eq!(p.twins.len(), 2);
    assert_eq!(p.twins[0].line, 12);
    assert!(!p.twins[0].continued);
    assert_eq!(
        p.twins[0].commands,
        [TwinCommand::Move(
            Square::parse("d1").unwrap(),
            Square::parse("d2").unwrap()
        )]
    );
    assert!(p.twins[1].continued);
    assert_eq!(p.twins[1].remarks, ["after the twin"]);
    assert!(p.warnings.is_empty());
}

#[test]
fn keywords_may_be_abbreviated_and_written_in_any_case() {
    let p =
        one("beg\npie WHITE kE1 bla ke8\nstip H#2.5\ncond CIRCE\nopt vari\nTWIN rotate 90\nend\n");
    assert_eq!(units(&p), ["White Ke1", "Black Ke8"]);
    let b = p.stipulation.basic().unwrap();
    assert_eq!((b.family, b.moves, b.half_move), (Family::Help, 2, true));
    assert_eq!(b.first_side(), Side::White);
    assert_eq!(p.conditions[0].name, "Circe");
    assert_eq!(p.options, [ProblemOption::Variations]);
    assert_eq!(
        p.twins[0].commands,
        [TwinCommand::Rotate(Rotation::Quarter)]
    );
}

#[test]
fn a_german_problem() {
    let p = one("AnfangProblem
autor           Bo Lindgren
quelle          3. Preis, feenschach 1991
forderung       h#4
steine  weiss   kh3 lh7 bd3e3
        schwarz kd6 df6 tg5 le5 bb4b5h5h6
bedingung       SchwarzerLaengstzueger exakt SpiegelCirce
option          intelligent Verfuehrung Satzspiel
nullstellung    versetze e5 g8
zwilling        ferner versetze h7 a7 entferne b4 hinzufuegen weiss da1 tausche a1 h3
zwilling        Drehung 180 Spiegelung a1<-->h8 Verschiebung a1 b2 Farbwechsel ersetze d l
zwilling        Forderung h=3 Bedingung Madrasi
EndeProblem
");
    assert_eq!(p.language, Language::German);
    assert_eq!(p.texts.origins, ["3. Preis, feenschach 1991"]);
    assert_eq!(units(&p)[..3], ["White Kh3", "White Lh7", "White Bd3"]);
    assert_eq!(p.pieces.len(), 12);
    assert_eq!(p.stipulation.basic().unwrap().first_side(), Side::Black);
    assert_eq!(
        p.conditions
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["BlackMaximummer exact", "MirrorCirce"]
    );
    assert_eq!(
        p.options,
        [
            ProblemOption::Intelligent(None),
            ProblemOption::Try,
            ProblemOption::SetPlay
        ]
    );
    assert!(p.zero_position);
    let twins: Vec<String> = p.twins.iter().map(|t| t.to_string()).collect();
    assert_eq!(
        twins,
        [
            "Twin Move e5 g8",
            "Twin Continued Move h7 a7 Remove b4 Add White Da1 Exchange a1 h3",
            "Twin Rotate 180 Mirror a1<-->h8 Shift a1 b2 PolishType Substitute D L",
            "Twin Stipulation h=3 Condition Madrasi",
        ]
    );
}

#[test]
fn a_french_problem() {
    let p = one("DebutProbleme
auteur Un Auteur
source Une revue
titre Un titre
prix 1er prix
remarque un mot
pieces blanc rc3 dd1 noir ra8 neutre tc1
enonce ser-h=3
condition CirceMalefique EchecsAlphabetiques
option Essais Apparent Variantes ApparentSeul
jumeau enplus deplacement c3 c4 ote d1 ajoute blanc fb1
jumeau rotation 270 miroir a1<-->a8 translation a1 a2 CouleurEchange remplace t d
FinProbleme
");
    assert_eq!(p.language, Language::French);
    assert_eq!(p.texts.award.as_deref(), Some("1er prix"));
    assert_eq!(
        units(&p),
        ["White Rc3", "White Dd1", "Black Ra8", "Neutral Tc1"]
    );
    let b = p.stipulation.basic().unwrap();
    assert_eq!(
        (b.family, b.goal, b.moves),
        (Family::SeriesHelp, Goal::Stalemate, 3)
    );
    assert_eq!(
        p.conditions
            .iter()
            .map(|c| c.normalized_name())
            .collect::<Vec<_>>(),
        ["Circe[Mirror]", "AlphabeticChess"]
    );
    assert_eq!(
        p.options,
        [
            ProblemOption::Try,
            ProblemOption::SetPlay,
            ProblemOption::Variations,
            ProblemOption::WhiteToPlay
        ]
    );
    let twins: Vec<String> = p.twins.iter().map(|t| t.to_string()).collect();
    assert_eq!(
        twins,
        [
            "Twin Continued Move c3 c4 Remove d1 Add White Fb1",
            "Twin Rotate 270 Mirror a1<-->a8 Shift a1 a2 PolishType Substitute T D"
        ]
    );
}

#[test]
fn forsyth_and_the_game_array() {
    let p = one("BeginProblem\nForsyth 32/6p1/1p6/5Q2/K1k5/\nStipulation #1\nEndProblem\n");
    assert_eq!(
        units(&p),
        [
            "Black Pg4",
            "Black Pb3",
            "White Qf2",
            "White Ka1",
            "Black Kc1"
        ]
    );
    let p = one("BeginProblem\nfors 8/8/8/8/8/8/8/=.LI+s-R5\nstip h#1\nEndProblem");
    assert_eq!(units(&p), ["Neutral LIa1", "White Sb1", "Black Rc1"]);
    let p = one("AnfangProblem\nPartieAnfangsStellung\nForderung dia2.5\nEndeProblem\n");
    assert_eq!(p.pieces.len(), 32);
    assert!(units(&p).contains(&"Black Dd8".to_string()));
    match &p.stipulation {
        Stipulation::Other(o) => {
            assert_eq!(o.family, "dia");
            assert_eq!((o.moves, o.half_move), (Some(2), true));
        }
        s => panic!("{:?}", s),
    }
}

#[test]
fn a_square_given_twice_keeps_its_last_unit() {
    let p = one("BeginProblem\nPieces White Ke1 Qd1 Black Qd1\nStipulation ~1\nEndProblem\n");
    assert_eq!(units(&p), ["White Ke1", "Black Qd1"]);
}

#[test]
fn a_to_b_sets_the_start_position_aside() {
    let p = one("BeginProblem\nPieces White Ra7 Black Ra8\nStipulation a=>b0.5\nPieces White Ra8 Black Ra7\nEndProblem\n");
    let start: Vec<String> = p
        .start_position
        .as_ref()
        .unwrap()
        .iter()
        .map(|u| u.to_string())
        .collect();
    assert_eq!(start, ["White Ra7", "Black Ra8"]);
    assert_eq!(units(&p), ["White Ra8", "Black Ra7"]);
}

#[test]
fn structured_stipulations_and_other_families_are_read() {
    let p = one("BeginProblem\nPieces White Ka1 Black Ka8\nSStipulation White 3a[#]d & - 4hh[#]\nOption Try\nEndProblem\n");
    assert_eq!(p.stipulation.family_name(), "sstipulation");
    assert_eq!(p.stipulation.text(), "White 3a[#]d & - 4hh[#]");
    assert_eq!(p.options, [ProblemOption::Try]);
    let p = one("BeginProblem\nStipulation reci-h(=)#3\nEndProblem\n");
    assert_eq!(p.stipulation.family_name(), "reci-h");
}

#[test]
fn free_text_is_taken_to_the_end_of_the_line() {
    let p = one("BeginProblem\nTitle Pieces, Stipulation and \"quotes\" are fine here\nRemark\nStipulation #2\nEndProblem\n");
    assert_eq!(
        p.texts.titles,
        ["Pieces, Stipulation and \"quotes\" are fine here"]
    );
    // A keyword that ends its line has no text, as in the reference.
    assert!(p.texts.remarks.is_empty());
}

#[test]
fn protocol_and_latex() {
    let p = one("BeginProblem\nProtocol out.txt\nLaTeX out.tex\nLaTeXPieces\nLI Li Lion\nStipulation #2\nEndProblem\n");
    assert_eq!(p.protocol.as_deref(), Some("out.txt"));
    assert_eq!(p.latex_file.as_deref(), Some("out.tex"));
    assert_eq!(
        p.latex_pieces,
        [LatexPiece {
            code: "LI".into(),
            abbreviation: "Li".into(),
            name: "Lion".into()
        }]
    );
}

#[test]
fn total_invisibles() {
    let p = one(
        "BeginProblem\nPieces White Ke1 TotalInvisible 2 Black Ke8\nStipulation #2\nEndProblem\n",
    );
    assert_eq!(p.total_invisible, Some(2));
    assert_eq!(p.pieces.len(), 2);
}

#[test]
fn several_problems_in_one_file() {
    let r = read_problems(
        "BeginProblem\nStipulation #2\nNextProblem\nStipulation h#2\nEndProblem\n\nAnfangProblem\nForderung s#3\nEndeProblem\n",
    );
    assert_eq!(r.len(), 3);
    let lines: Vec<u32> = r.iter().map(|p| p.as_ref().unwrap().line).collect();
    assert_eq!(lines, [1, 3, 7]);
    assert_eq!(r[1].as_ref().unwrap().stipulation.text(), "h#2");
    // each problem starts afresh
    assert_eq!(r[2].as_ref().unwrap().language, Language::German);
}

#[test]
fn nothing_is_kept_from_one_problem_to_the_next() {
    let r = read_problems("BeginProblem\nPieces White Ke1\nCondition Madrasi\nOption Try\nStipulation #2\nNextProblem\nStipulation #3\nEndProblem\n");
    let p = r[1].as_ref().unwrap();
    assert!(p.pieces.is_empty() && p.conditions.is_empty() && p.options.is_empty());
}

#[test]
fn a_bad_piece_square_is_reported_where_it_stands() {
    let e = error("BeginProblem\nPieces White Ke1 Kx9\nStipulation #2\nEndProblem\n");
    assert_eq!((e.line, e.column), (2, 19));
    assert_eq!(
        e.message,
        "expected a square like e4 after the piece code K, found \"x9\""
    );
    assert_eq!(e.to_string(), format!("2:19: {}", e.message));
    let e = error("BeginProblem\nPieces White Ke1e9\nStipulation #2\nEndProblem\n");
    assert_eq!((e.line, e.column), (2, 17));
    assert!(
        e.message.contains("after Ke1, found \"e9\""),
        "{}",
        e.message
    );
    let e = error("BeginProblem\nPieces White Q\nBlack Ke8\nStipulation #2\nEndProblem\n");
    assert_eq!((e.line, e.column), (3, 1));
    assert_eq!(
        e.message,
        "expected a square like e4 after the piece code Q, found \"Black\""
    );
    // "S" could begin two keywords, but here it is a knight without its square
    let e = error("BeginProblem\nPieces White Ke1 S\nBlack Ke8\nStipulation #2\nEndProblem\n");
    assert_eq!(
        e.message,
        "expected a square like e4 after the piece code S, found \"Black\""
    );
    // after a colour, K is an abbreviation of the attribute Kamikaze, as in the
    // reference, so e1 is taken for a piece code
    let e = error("BeginProblem\nPieces White K e1\nStipulation #2\nEndProblem\n");
    assert_eq!((e.line, e.column), (3, 1));
}

#[test]
fn errors_in_each_section() {
    let cases = [
        (
            "BeginProblem\nPieces Ke1\nStipulation #2\nEndProblem\n",
            (2, 8),
            "expected a colour",
        ),
        (
            "BeginProblem\nPieces White Ke1\nStipulation h?2\nEndProblem\n",
            (3, 14),
            "expected a goal",
        ),
        (
            "BeginProblem\nStipulation #2\nCondition Circe Quux\nEndProblem\n",
            (3, 17),
            "unknown condition or keyword \"Quux\"",
        ),
        (
            "BeginProblem\nStipulation #2\nCondition Quux\nEndProblem\n",
            (3, 11),
            "unknown condition \"Quux\"",
        ),
        (
            "BeginProblem\nStipulation #2\nOption Defense 1\nEndProblem\n",
            (3, 8),
            "unknown option \"Defense\"",
        ),
        (
            "BeginProblem\nStipulation #2\nTwin Move a1\nEndProblem\n",
            (4, 1),
            "expected a square like e4 after Move",
        ),
        (
            "BeginProblem\nStipulation #2\nTwin Rotate 45\nEndProblem\n",
            (3, 13),
            "90, 180 or 270",
        ),
        (
            "BeginProblem\nStipulation #2\nFoo\nEndProblem\n",
            (3, 1),
            "unknown keyword \"Foo\"",
        ),
        (
            "BeginProblem\nPieces White Ke1\nEndProblem\n",
            (3, 1),
            "no stipulation",
        ),
        (
            "BeginProblem\nStipulation #2\nTwin Move a1 b2 Foo\nEndProblem\n",
            (3, 17),
            "expected a twinning command",
        ),
        (
            "BeginProblem\nStipulation #2\ns\nEndProblem\n",
            (3, 1),
            "ambiguous keyword \"s\": it could be SStipulation or Stipulation",
        ),
        (
            "BeginProblem\nStipulation #2\nPieces White Ke1 \"\nEndProblem\n",
            (3, 18),
            "unexpected character '\"'",
        ),
        (
            "BeginProblem\nStipulation #2\n",
            (3, 1),
            "found the end of the file",
        ),
    ];
    for (text, (line, col), words) in cases {
        let e = error(text);
        assert_eq!((e.line, e.column), (line, col), "{}: {}", text, e);
        assert!(e.message.contains(words), "{}: {}", text, e);
    }
}

#[test]
fn german_errors_use_german_keywords() {
    let e = error("AnfangProblem\nSteine Ke1\nForderung #2\nEndeProblem\n");
    assert!(
        e.message.contains("(Weiss, Schwarz or Neutral)"),
        "{}",
        e.message
    );
    let e = error("AnfangProblem\nForderung #2\nFoo\nEndeProblem\n");
    assert!(
        e.message
            .contains("Steine, Forderung, Bedingung, Option, Zwilling or EndeProblem"),
        "{}",
        e.message
    );
}

#[test]
fn french_errors_use_french_keywords() {
    let e = error("DebutProbleme\nenonce #2\ncondition CirceFichier\nFinProbleme\n");
    assert_eq!((e.line, e.column), (3, 11));
    assert!(
        e.message.contains("unknown condition \"CirceFichier\""),
        "{}",
        e.message
    );
    let e = error("DebutProbleme\nenonce #2\npieces blanc rc3 neutral tc1\nFinProbleme\n");
    assert_eq!((e.line, e.column), (3, 18));
    assert!(
        e.message.contains("unknown keyword \"neutral\""),
        "{}",
        e.message
    );
    assert!(
        e.message
            .contains("Pieces, Enonce, Condition, Option, Jumeau or FinProbleme"),
        "{}",
        e.message
    );
}

#[test]
fn reading_resumes_after_a_faulty_problem() {
    let r = read_problems(
        "BeginProblem\nAuthor Remarks about EndProblem\nPieces White Kx9\nStipulation #2\nNextProblem\nStipulation #3\nEndProblem\n",
    );
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (3, 15));
    assert_eq!(r[1].as_ref().unwrap().stipulation.text(), "#3");
    assert_eq!(r[1].as_ref().unwrap().line, 5);
}

#[test]
fn files_that_do_not_start_with_begin_problem() {
    let r = read_problems("");
    assert_eq!(r.len(), 1);
    assert!(r[0]
        .as_ref()
        .unwrap_err()
        .message
        .contains("holds no problem"));
    let r = read_problems("Pieces White Ke1\n");
    assert!(r[0]
        .as_ref()
        .unwrap_err()
        .message
        .contains("expected BeginProblem"));
    // the reference stops at EndProblem: what follows is ignored with a warning
    let p = one("BeginProblem\nStipulation #2\nEndProblem\ntrailing words\n");
    assert!(p.warnings[0]
        .message
        .contains("text after EndProblem is ignored"));
    assert_eq!((p.warnings[0].line, p.warnings[0].column), (4, 1));
    // a byte-order mark and a DOS end-of-file character are no problem
    let p = one("\u{feff}BeginProblem\nStipulation #2\nEndProblem\n\u{1a}");
    assert!(p.warnings.is_empty());
}

#[test]
fn warnings_for_what_the_reference_passes_over() {
    let p = one("BeginProblem\nStipulation ct4\nOption maxflight -1\nEndProblem\n");
    assert!(p.options.is_empty());
    assert_eq!(p.warnings.len(), 1);
    assert_eq!((p.warnings[0].line, p.warnings[0].column), (3, 18));
    let p = one(
        "BeginProblem\nStipulation #2\nCondition blackmindister e5e5\nOption Try\nEndProblem\n",
    );
    assert!(p.conditions.is_empty());
    assert_eq!(p.options, [ProblemOption::Try]);
    assert_eq!(p.warnings.len(), 1);
}

#[test]
fn crlf_line_ends_and_latin1_bytes() {
    let p = one("BeginProblem\r\nAuthor J\u{f6}rg\r\nStipulation #2\r\nEndProblem\r\n");
    assert_eq!(p.texts.authors, ["J\u{f6}rg"]);
    let bytes = b"BeginProblem\nAuthor J\xf6rg\nStipulation #2\nEndProblem\n";
    let text = decode(bytes);
    assert_eq!(one(&text).texts.authors, ["J\u{f6}rg"]);
}
