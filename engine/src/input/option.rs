//! Solving options: the `Option` section, a list of option names (abbreviable) with
//! the arguments some of them take (`Defence 2`, `EnPassant e3`, `MaxTime 60`,
//! `StartMoveNumber 3:2`). Each option is a variant of `ProblemOption`, so the
//! engine matches on them instead of comparing strings.

use std::fmt;

use super::error::InputError;
use super::language::Lookup;
use super::lexer::{leading_number, Cursor, Token};
use super::pieces::ambiguous;
use super::square::{parse_square_list, Square};
use super::tables::{INITIAL, OPTIONS, PROBLEM_END, TWIN_END};

/// An option with its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemOption {
    /// `Defence n`: show tries with up to n refutations.
    Defence(u32),
    /// `SetPlay`.
    SetPlay,
    /// `WhiteToPlay`: in help play, White moves first.
    WhiteToPlay,
    /// `Variations`.
    Variations,
    /// `MoveNumbers`.
    MoveNumbers,
    /// `StartMoveNumber n[:m...]`: start at this move number (numbers per level).
    StartMoveNumber(Vec<u32>),
    /// `NoWk`: no white king needed.
    NoWk,
    /// `Duplex`.
    Duplex,
    /// `NoBk`: no black king needed.
    NoBk,
    /// `Threat n`: threats of at most n moves.
    Threat(u32),
    /// `NoThreat`.
    NoThreat,
    /// `Try`.
    Try,
    /// `MaxSolutions n`.
    MaxSolutions(u32),
    /// `MaxFlightsquares n`.
    MaxFlightsquares(u32),
    /// `Search`.
    Search,
    /// `MultiSolutions`.
    MultiSolutions,
    /// `NoSymmetry`.
    NoSymmetry,
    /// `NonTrivial n m`: at most n non-trivial defences, of at least m moves.
    NonTrivial(u32, u32),
    /// `KeepMatingPiece`.
    KeepMatingPiece,
    /// `EnPassant sq...`: the squares a pawn just passed (the last move was a
    /// double step).
    EnPassant(Vec<Square>),
    /// `NoBoard`.
    NoBoard,
    /// `NoShortVariations`.
    NoShortVariations,
    /// `HalfDuplex`.
    HalfDuplex,
    /// `PostKeyPlay`.
    PostKeyPlay,
    /// `Intelligent [n]`: intelligent mode, optionally n solutions per target.
    Intelligent(Option<u32>),
    /// `MaxTime s`: give up after s seconds.
    MaxTime(u32),
    /// `NoCastling sq...`: the kings and rooks on these squares may not castle.
    NoCastling(Vec<Square>),
    /// `Quodlibet`.
    Quodlibet,
    /// `StopOnShortSolutions`.
    StopOnShortSolutions,
    /// `Beep [n]`.
    Beep(Option<u32>),
    /// `SuppressGrid`.
    SuppressGrid,
    /// `WriteGrid`.
    WriteGrid,
    /// `CastlingMutuallyExclusive a1a8`: castling with the white rook of the first
    /// square excludes castling with the black rook of the second.
    CastlingMutuallyExclusive(Square, Square),
    /// `GoalIsEnd`.
    GoalIsEnd,
    /// `unpublishedoption` (an internal option of the reference).
    UnpublishedOption,
    /// `NullMoves`.
    NullMoves,
    /// `UpToMoveNumber n[:m...]`.
    UpToMoveNumber(Vec<u32>),
    /// `TrivialTriesAvoid`.
    TrivialTriesAvoid,
    /// `MatesIn1`.
    MatesIn1,
}

impl ProblemOption {
    /// The canonical English name of the option.
    pub fn name(&self) -> &'static str {
        Cursor::english(&OPTIONS, self.index())
    }

    /// The position of the option in the reference's table.
    fn index(&self) -> usize {
        use ProblemOption::*;
        match self {
            Defence(_) => 0,
            SetPlay => 1,
            WhiteToPlay => 2,
            Variations => 3,
            MoveNumbers => 4,
            StartMoveNumber(_) => 5,
            NoWk => 6,
            Duplex => 7,
            NoBk => 8,
            Threat(_) => 9,
            NoThreat => 10,
            Try => 11,
            MaxSolutions(_) => 12,
            MaxFlightsquares(_) => 13,
            Search => 14,
            MultiSolutions => 15,
            NoSymmetry => 16,
            NonTrivial(..) => 17,
            KeepMatingPiece => 18,
            EnPassant(_) => 19,
            NoBoard => 20,
            NoShortVariations => 21,
            HalfDuplex => 22,
            PostKeyPlay => 23,
            Intelligent(_) => 24,
            MaxTime(_) => 25,
            NoCastling(_) => 26,
            Quodlibet => 27,
            StopOnShortSolutions => 28,
            Beep(_) => 29,
            SuppressGrid => 30,
            WriteGrid => 31,
            CastlingMutuallyExclusive(..) => 32,
            GoalIsEnd => 33,
            UnpublishedOption => 34,
            NullMoves => 35,
            UpToMoveNumber(_) => 36,
            TrivialTriesAvoid => 37,
            MatesIn1 => 38,
        }
    }
}

impl fmt::Display for ProblemOption {
    /// The option as the input would write it (`Defence 2`, `EnPassant e3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ProblemOption::*;
        f.write_str(self.name())?;
        let numbers = |f: &mut fmt::Formatter<'_>, v: &[u32]| {
            let s: Vec<String> = v.iter().map(|n| n.to_string()).collect();
            write!(f, " {}", s.join(":"))
        };
        let squares = |f: &mut fmt::Formatter<'_>, v: &[Square]| {
            f.write_str(" ")?;
            v.iter().try_for_each(|s| write!(f, "{}", s))
        };
        match self {
            Defence(n) | Threat(n) | MaxSolutions(n) | MaxFlightsquares(n) | MaxTime(n) => {
                write!(f, " {}", n)
            }
            Intelligent(Some(n)) | Beep(Some(n)) => write!(f, " {}", n),
            NonTrivial(n, m) => write!(f, " {} {}", n, m),
            StartMoveNumber(v) | UpToMoveNumber(v) => numbers(f, v),
            EnPassant(v) | NoCastling(v) => squares(f, v),
            CastlingMutuallyExclusive(a, b) => write!(f, " {}{}", a, b),
            _ => Ok(()),
        }
    }
}

/// Reads the option list after `Option` (starting with `tok`); returns the options
/// and the first token that is not part of the list.
///
/// An option whose argument is malformed is dropped with a warning, and the list
/// ends after the malformed argument, as the reference does.
pub(crate) fn read_options<'a>(
    cur: &mut Cursor<'a>,
    mut tok: Token<'a>,
    keyword: &str,
) -> Result<(Vec<ProblemOption>, Token<'a>), InputError> {
    use ProblemOption::*;
    let mut options: Vec<ProblemOption> = Vec::new();
    loop {
        let index = match cur.lookup(&OPTIONS, &tok) {
            Lookup::Found(i) => i,
            Lookup::Ambiguous(a, b) => return Err(ambiguous(cur, &tok, "option", &OPTIONS, a, b)),
            Lookup::NotFound if options.is_empty() => {
                return Err(tok.error(format!(
                    "unknown option \"{}\": expected an option name after {}",
                    tok.text, keyword
                )))
            }
            Lookup::NotFound => return Ok((options, tok)),
        };
        let name = cur.local(&OPTIONS, index);
        // Options with an optional number look at the next token and leave it
        // unread when it is no number.
        if index == 24 || index == 29 {
            let arg = cur.next()?;
            let n = leading_number(arg.text).map(|(n, _)| n);
            options.push(if index == 24 { Intelligent(n) } else { Beep(n) });
            tok = if n.is_some() { cur.next()? } else { arg };
            continue;
        }
        match read_option(cur, index, name)? {
            Ok(option) => {
                let both_duplex = matches!(option, Duplex | HalfDuplex)
                    && options
                        .iter()
                        .any(|o| matches!(o, Duplex | HalfDuplex) && *o != option);
                if both_duplex {
                    return Err(tok.error("Duplex and HalfDuplex exclude each other"));
                }
                options.push(option);
                tok = cur.next()?;
            }
            Err(warning) => {
                // The reference takes the malformed argument for the next keyword
                // and passes over it when it is none.
                cur.reread_last_token();
                let at = cur.next()?;
                cur.warn(InputError {
                    message: format!("{}; the option is ignored", warning.message),
                    ..warning
                });
                let keyword = cur.lookup(&INITIAL, &at) != Lookup::NotFound
                    || cur.lookup(&PROBLEM_END, &at) != Lookup::NotFound
                    || cur.lookup(&TWIN_END, &at) != Lookup::NotFound;
                if keyword {
                    return Ok((options, at));
                }
                return Ok((options, cur.next()?));
            }
        }
    }
}

/// Reads option `index` and its arguments. The outer error is fatal (the file
/// ends); the inner one reports a malformed argument, which has been read.
fn read_option(
    cur: &mut Cursor,
    index: usize,
    name: &str,
) -> Result<Result<ProblemOption, InputError>, InputError> {
    use ProblemOption::*;
    let mut arg = |what: &str| cur.next_expecting(&format!("{} after {}", what, name));
    Ok(Ok(match index {
        0 => match number(&arg("a number")?, name, u32::MAX, false) {
            Ok(n) => Defence(n),
            Err(e) => return Ok(Err(e)),
        },
        1 => SetPlay,
        2 => WhiteToPlay,
        3 => Variations,
        4 => MoveNumbers,
        5 => return Ok(move_numbers(&arg("a move number")?, name).map(StartMoveNumber)),
        6 => NoWk,
        7 => Duplex,
        8 => NoBk,
        9 => return Ok(number(&arg("a number")?, name, u32::MAX, false).map(Threat)),
        10 => NoThreat,
        11 => Try,
        12 => return Ok(number(&arg("a number")?, name, u32::MAX - 1, true).map(MaxSolutions)),
        13 => return Ok(number(&arg("a number")?, name, 64, false).map(MaxFlightsquares)),
        14 => Search,
        15 => MultiSolutions,
        16 => NoSymmetry,
        17 => {
            let n = match number(&arg("a number")?, name, u32::MAX, false) {
                Ok(n) => n,
                Err(e) => return Ok(Err(e)),
            };
            return Ok(number(&arg("a number")?, name, u32::MAX, false).map(|m| NonTrivial(n, m)));
        }
        18 => KeepMatingPiece,
        19 => return Ok(squares(&arg("squares")?, name).map(EnPassant)),
        20 => NoBoard,
        21 => NoShortVariations,
        22 => HalfDuplex,
        23 => PostKeyPlay,
        25 => {
            let t = arg("a number of seconds")?;
            return Ok(match number(&t, name, u32::MAX, true) {
                Ok(0) => Err(t.error(format!(
                    "expected a number of seconds of at least 1 after {}, found \"0\"",
                    name
                ))),
                other => other.map(MaxTime),
            });
        }
        26 => return Ok(squares(&arg("squares")?, name).map(NoCastling)),
        27 => Quodlibet,
        28 => StopOnShortSolutions,
        30 => SuppressGrid,
        31 => WriteGrid,
        32 => {
            let t = arg("two rook squares")?;
            let (sq, rest) = parse_square_list(t.text);
            if sq.len() != 2 || !rest.is_empty() {
                return Ok(Err(t.error(format!(
                    "expected two rook squares written together (like a1a8) after {}, found \"{}\"",
                    name, t.text
                ))));
            }
            CastlingMutuallyExclusive(sq[0], sq[1])
        }
        33 => GoalIsEnd,
        34 => UnpublishedOption,
        35 => NullMoves,
        36 => return Ok(move_numbers(&arg("a move number")?, name).map(UpToMoveNumber)),
        37 => TrivialTriesAvoid,
        _ => MatesIn1,
    }))
}

/// The number in token `t` after option `name`, not above `max`; `whole`: the
/// token must be the number and nothing else (otherwise what follows the digits is
/// ignored, as the reference does).
fn number(t: &Token, name: &str, max: u32, whole: bool) -> Result<u32, InputError> {
    match leading_number(t.text) {
        Some((n, len)) if n <= max && (!whole || len == t.text.len()) => Ok(n),
        _ if max < u32::MAX - 1 => Err(t.error(format!(
            "expected a number up to {} after {}, found \"{}\"",
            max, name, t.text
        ))),
        _ => Err(t.error(format!(
            "expected a number after {}, found \"{}\"",
            name, t.text
        ))),
    }
}

/// Move numbers `n` or `n:m:...` in token `t`.
fn move_numbers(t: &Token, name: &str) -> Result<Vec<u32>, InputError> {
    let mut numbers = Vec::new();
    let mut rest = t.text;
    loop {
        match leading_number(rest) {
            Some((n, len)) => {
                numbers.push(n);
                rest = &rest[len..];
                match rest.strip_prefix(':') {
                    Some(r) => rest = r,
                    None => return Ok(numbers),
                }
            }
            None => {
                return Err(t.error(format!(
                    "expected a move number (like 3 or 3:2) after {}, found \"{}\"",
                    name, t.text
                )))
            }
        }
    }
}

/// The squares, written together, of token `t` after option `name`.
fn squares(t: &Token, name: &str) -> Result<Vec<Square>, InputError> {
    let (sq, rest) = parse_square_list(t.text);
    if sq.is_empty() || !rest.is_empty() {
        let skip = t.text.len() - rest.len();
        return Err(t.error_within(
            skip,
            format!(
                "expected squares like e3 after {}, found \"{}\"",
                name,
                if sq.is_empty() { t.text } else { rest }
            ),
        ));
    }
    Ok(sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::language::Language;

    fn opts(lang: Language, src: &str) -> Result<(Vec<ProblemOption>, String), InputError> {
        opts_warned(lang, src).map(|(o, t, _)| (o, t))
    }

    fn opts_warned(
        lang: Language,
        src: &str,
    ) -> Result<(Vec<ProblemOption>, String, Vec<InputError>), InputError> {
        let src = format!("{} EndProblem", src);
        let mut cur = Cursor::new(&src);
        cur.lang = lang;
        let tok = cur.next().unwrap();
        read_options(&mut cur, tok, "Option")
            .map(|(o, t)| (o, t.text.to_string(), cur.warnings.clone()))
    }

    fn shown(lang: Language, src: &str) -> Vec<String> {
        let (o, next) = opts(lang, src).unwrap_or_else(|e| panic!("{}: {}", src, e));
        assert_eq!(next, "EndProblem", "{}", src);
        o.iter().map(|o| o.to_string()).collect()
    }

    #[test]
    fn options_with_and_without_arguments() {
        assert_eq!(
            shown(Language::English, "Try Defence 2 SetPlay Variation Threat 1 NoThreat MaxSolutions 3 wh Duplex NoBoard MaxTime 60 NoShortVariations"),
            ["Try", "Defence 2", "SetPlay", "Variations", "Threat 1", "NoThreat", "MaxSolutions 3", "WhiteToPlay", "Duplex", "NoBoard", "MaxTime 60", "NoShortVariations"]
        );
        assert_eq!(
            shown(
                Language::English,
                "movenum start 25:8:27 upto 25:8 enpassant g7g6g5 nocastling e1h1 nontriv 2 1"
            ),
            [
                "MoveNumbers",
                "StartMoveNumber 25:8:27",
                "UpToMoveNumber 25:8",
                "EnPassant g7g6g5",
                "NoCastling e1h1",
                "NonTrivial 2 1"
            ]
        );
        assert_eq!(
            shown(Language::English, "intelligent 3 beep"),
            ["Intelligent 3", "Beep"]
        );
        assert_eq!(
            shown(Language::English, "intelligent nowk"),
            ["Intelligent", "NoWk"]
        );
        assert_eq!(
            shown(Language::English, "CastlingMutuallyExclusive a1h8"),
            ["CastlingMutuallyExclusive a1h8"]
        );
    }

    #[test]
    fn german_and_french_names() {
        assert_eq!(
            shown(
                Language::German,
                "Verf Satz WeissBeginnt Varianten OhneDrohung zug halbduplex"
            ),
            [
                "Try",
                "SetPlay",
                "WhiteToPlay",
                "Variations",
                "NoThreat",
                "MoveNumbers",
                "HalfDuplex"
            ]
        );
        assert_eq!(
            shown(
                Language::French,
                "Essais Apparent Variantes Menace 2 SansEchiquier"
            ),
            ["Try", "SetPlay", "Variations", "Threat 2", "NoBoard"]
        );
    }

    #[test]
    fn option_errors() {
        let e = opts(Language::English, "Defense 1").unwrap_err();
        assert!(
            e.message.contains("unknown option \"Defense\""),
            "{}",
            e.message
        );
        let e = opts(Language::English, "t").unwrap_err();
        assert!(e.message.contains("ambiguous option"), "{}", e.message);
        let e = opts(Language::English, "Duplex HalfDuplex").unwrap_err();
        assert!(e.message.contains("exclude"), "{}", e.message);
        let (o, next, w) = opts_warned(Language::English, "Try Defence").unwrap();
        assert_eq!((o.len(), next.as_str(), w.len()), (1, "EndProblem", 1));
    }

    #[test]
    fn a_malformed_argument_drops_the_option_with_a_warning() {
        let (o, next, w) = opts_warned(Language::English, "Try Defence x Stipulation").unwrap();
        assert_eq!(o, [ProblemOption::Try]);
        assert_eq!(next, "Stipulation");
        assert_eq!((w[0].line, w[0].column), (1, 13));
        assert!(
            w[0].message
                .contains("expected a number after Defence, found \"x\"; the option is ignored"),
            "{}",
            w[0].message
        );
        let (o, _, w) = opts_warned(Language::English, "maxflight -1").unwrap();
        assert!(o.is_empty());
        assert!(w[0].message.contains("up to 64"), "{}", w[0].message);
        let (o, next, w) = opts_warned(Language::English, "EnPassant e3x Try").unwrap();
        assert_eq!(w[0].column, 13);
        assert_eq!((o.len(), next.as_str()), (0, "Try"));
        let (_, _, w) = opts_warned(Language::English, "MaxTime 0").unwrap();
        assert!(w[0].message.contains("at least 1"), "{}", w[0].message);
    }
}
