//! A problem as the input states it, and the reader that strings the other readers
//! together: the language is fixed by the first keyword of the file, each problem
//! runs from `BeginProblem` (or the `NextProblem` before it) to `EndProblem` or
//! `NextProblem`, its initial part holds the sections in any order, then come the
//! twins. Each problem is read on its own: after an error the reader skips to the
//! problem's end and reads the next one.

use std::fmt;

use super::condition::{read_conditions, Condition};
use super::declared::Declared;
use super::error::InputError;
use super::language::{lookup, Language, Lookup, Table};
use super::lexer::{Cursor, Token};
use super::option::{read_options, ProblemOption};
use super::pieces::{
    ambiguous, game_array, occupied_warning, place, read_forsyth, read_pieces, PlacedUnit,
};
use super::stipulation::{read_stipulation, read_structured, Goal, Stipulation};
use super::tables::{BEGIN_PROBLEM, INITIAL, PROBLEM_END, TWIN_END};
use super::twin::{read_twin, Twin};

/// The free texts of a problem, each line as written (without the line end).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Texts {
    /// `Author` lines, in order (the keyword may be repeated).
    pub authors: Vec<String>,
    /// `Origin` lines.
    pub origins: Vec<String>,
    /// `Title` lines.
    pub titles: Vec<String>,
    /// `Award`: the last one given (the reference keeps only one).
    pub award: Option<String>,
    /// `Remark` lines of the initial part (a twin keeps its own).
    pub remarks: Vec<String>,
}

/// One entry of a `LaTeXPieces` section: a piece code with the abbreviation and the
/// name the LaTeX output should use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatexPiece {
    /// The piece code, upper-cased.
    pub code: String,
    /// The abbreviation to print.
    pub abbreviation: String,
    /// The full name (rest of the line).
    pub name: String,
}

/// A problem read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The language of the file.
    pub language: Language,
    /// Line where the problem begins: its `BeginProblem`, or the `NextProblem`
    /// that opened it.
    pub line: u32,
    /// Author, origin, title, award and remarks.
    pub texts: Texts,
    /// The units of the diagram (`Pieces`, `Forsyth`, `InitialGameArray`), a square
    /// given twice keeping its last unit. For an `a=>b` stipulation: the target
    /// position b, given after the stipulation.
    pub pieces: Vec<PlacedUnit>,
    /// For an `a=>b` stipulation: the start position a, the units given before the
    /// stipulation (reading `a=>b` sets them aside and starts an empty board, as the
    /// reference does).
    pub start_position: Option<Vec<PlacedUnit>>,
    /// The number of total invisibles (`Pieces TotalInvisible n`), if given.
    pub total_invisible: Option<u32>,
    /// The stipulation (the last one given).
    pub stipulation: Stipulation,
    /// Where the stipulation was written: line and column, counted from 1.
    pub stipulation_at: (u32, u32),
    /// The conditions, in the order given.
    pub conditions: Vec<Condition>,
    /// The options, in the order given.
    pub options: Vec<ProblemOption>,
    /// `ZeroPosition`: the diagram is a zero position that is not solved itself,
    /// and `twins[0]` holds the commands written after `ZeroPosition` (twin a).
    pub zero_position: bool,
    /// The twins, in order.
    pub twins: Vec<Twin>,
    /// The file name after `Protocol`, if given.
    pub protocol: Option<String>,
    /// The file name after `LaTeX`, if given.
    pub latex_file: Option<String>,
    /// The `LaTeXPieces` entries.
    pub latex_pieces: Vec<LatexPiece>,
    /// Mistakes the reference reports and then passes over, reading the problem
    /// as if the faulty item were absent (an option with a malformed argument, a
    /// dister condition without two squares). The problem is complete without
    /// them; a caller may print them.
    pub warnings: Vec<InputError>,
}

impl Problem {
    /// Whether the option selected by `f` was given, e.g.
    /// `p.has_option(|o| matches!(o, ProblemOption::Try))`.
    pub fn has_option(&self, f: impl Fn(&ProblemOption) -> bool) -> bool {
        self.options.iter().any(f)
    }

    /// The first condition whose normalized base name is `base` (`"Circe"` finds
    /// `Circe File` and `FileCirce`).
    pub fn condition(&self, base: &str) -> Option<&Condition> {
        self.conditions.iter().find(|c| c.normalized().0 == base)
    }

    /// The authors as one text, one line each.
    pub fn author(&self) -> String {
        self.texts.authors.join("\n")
    }
}

impl fmt::Display for Problem {
    /// A summary in English input form: stipulation, pieces, conditions, options
    /// and twins, one section a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Stipulation {}", self.stipulation)?;
        f.write_str("Pieces")?;
        for u in &self.pieces {
            write!(f, " {}", u)?;
        }
        writeln!(f)?;
        if !self.conditions.is_empty() {
            f.write_str("Condition")?;
            self.conditions
                .iter()
                .try_for_each(|c| write!(f, " {}", c))?;
            writeln!(f)?;
        }
        if !self.options.is_empty() {
            f.write_str("Option")?;
            self.options.iter().try_for_each(|o| write!(f, " {}", o))?;
            writeln!(f)?;
        }
        if self.zero_position {
            writeln!(f, "ZeroPosition")?;
        }
        for t in &self.twins {
            writeln!(f, "{}", t)?;
        }
        Ok(())
    }
}

/// How a problem ended.
enum Ending {
    /// `EndProblem`.
    EndProblem,
    /// `NextProblem` on this line.
    NextProblem(u32),
    /// The file ended (only while skipping after an error).
    EndOfFile,
}

/// Entries of `INITIAL` (the keywords of the initial part).
mod kw {
    pub const REMARK: usize = 0;
    pub const SSTIPULATION: usize = 1;
    pub const AUTHOR: usize = 2;
    pub const ORIGIN: usize = 3;
    pub const PIECES: usize = 4;
    pub const CONDITION: usize = 5;
    pub const OPTION: usize = 6;
    pub const STIPULATION: usize = 7;
    pub const PROTOCOL: usize = 8;
    pub const TITLE: usize = 10;
    pub const LATEX: usize = 11;
    pub const LATEX_PIECES: usize = 12;
    pub const AWARD: usize = 13;
    pub const GAME_ARRAY: usize = 14;
    pub const FORSYTH: usize = 15;
}

/// Entry `i` of `table` in the problem's language, capitalised for messages.
fn word<const N: usize>(cur: &Cursor, table: &Table<N>, i: usize) -> String {
    let w = cur.local(table, i);
    let mut c = w.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Reads every problem of `text`, conditions by the rules `declared` first. See
/// `read_problems` in the module root.
pub(crate) fn read_all(text: &str, declared: &Declared) -> Vec<Result<Problem, InputError>> {
    // A byte-order mark is no part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cur = Cursor::declaring(text, declared);
    let mut results = Vec::new();
    let first = match cur.next_raw() {
        Ok(Some(t)) => t,
        Ok(None) => {
            results.push(Err(cur.error_here(
                "the file holds no problem: expected BeginProblem (AnfangProblem, DebutProbleme)",
            )));
            return results;
        }
        Err(e) => {
            results.push(Err(e));
            return results;
        }
    };
    match detect_language(&first) {
        Some(lang) => cur.lang = lang,
        None => {
            results.push(Err(first.error(format!(
                "expected BeginProblem (AnfangProblem, DebutProbleme) at the start of the file, found \"{}\"",
                first.text
            ))));
            return results;
        }
    }
    let mut line = first.line;
    loop {
        let end = match read_problem(&mut cur, line) {
            Ok((problem, end)) => {
                results.push(Ok(problem));
                end
            }
            Err(e) => {
                cur.move_to(&e);
                results.push(Err(e));
                skip_problem(&mut cur)
            }
        };
        match end {
            Ending::EndOfFile => break,
            Ending::NextProblem(l) => line = l,
            Ending::EndProblem => match cur.next_tolerant() {
                None => break,
                Some(t) => match detect_language(&t) {
                    Some(lang) => {
                        cur.lang = lang;
                        line = t.line;
                    }
                    None => {
                        // The reference stops reading at EndProblem.
                        if let Some(Ok(last)) = results.last_mut() {
                            last.warnings.push(t.error(format!(
                                "text after {} is ignored: found \"{}\" where {} or the end of the file was expected",
                                word(&cur, &PROBLEM_END, 0),
                                t.text,
                                word(&cur, &BEGIN_PROBLEM, 0)
                            )));
                        }
                        break;
                    }
                },
            },
        }
    }
    results
}

/// The language whose `BeginProblem` keyword `tok` selects, trying French, German,
/// then English as the reference does.
fn detect_language(tok: &Token) -> Option<Language> {
    [Language::French, Language::German, Language::English]
        .into_iter()
        .find(|lang| lookup(&BEGIN_PROBLEM[lang.index()], tok.text) == Lookup::Found(0))
}

/// Skips the rest of a problem after an error: to its `EndProblem` or
/// `NextProblem` (written with at least three letters), passing over free-text
/// lines.
fn skip_problem(cur: &mut Cursor) -> Ending {
    while let Some(t) = cur.next_tolerant() {
        if t.text.len() >= 3 {
            match cur.lookup(&PROBLEM_END, &t) {
                Lookup::Found(0) => return Ending::EndProblem,
                Lookup::Found(_) => return Ending::NextProblem(t.line),
                _ => {}
            }
        }
        if let Lookup::Found(i) = cur.lookup(&INITIAL, &t) {
            if matches!(
                i,
                kw::REMARK
                    | kw::AUTHOR
                    | kw::ORIGIN
                    | kw::TITLE
                    | kw::AWARD
                    | kw::PROTOCOL
                    | kw::LATEX
            ) {
                cur.rest_of_line();
            }
        }
    }
    Ending::EndOfFile
}

/// The error for a token that is no keyword where a keyword was expected; `after`
/// is the section just read, to say what else the token might have been.
fn unknown_keyword(cur: &Cursor, tok: &Token, after: Option<usize>) -> InputError {
    let end = word(cur, &PROBLEM_END, 0);
    let general = format!(
        "a keyword such as {}, {}, {}, {}, {} or {}",
        word(cur, &INITIAL, kw::PIECES),
        word(cur, &INITIAL, kw::STIPULATION),
        word(cur, &INITIAL, kw::CONDITION),
        word(cur, &INITIAL, kw::OPTION),
        word(cur, &TWIN_END, 0),
        end
    );
    let message = match after {
        Some(kw::PIECES) | Some(kw::FORSYTH) => format!(
            "unknown keyword \"{}\": expected a piece like Ke1, a colour, or {}",
            tok.text, general
        ),
        Some(kw::CONDITION) => format!(
            "unknown condition or keyword \"{}\": expected a condition name or {}{}",
            tok.text,
            general,
            super::condition::suggestion(cur, tok)
        ),
        Some(kw::OPTION) => format!(
            "unknown option or keyword \"{}\": expected an option name or {}",
            tok.text, general
        ),
        _ => format!("unknown keyword \"{}\": expected {}", tok.text, general),
    };
    tok.error(message)
}

/// Reads one problem; `line` is where it begins.
fn read_problem(cur: &mut Cursor, line: u32) -> Result<(Problem, Ending), InputError> {
    let mut texts = Texts::default();
    let mut pieces = Vec::new();
    let mut start_position = None;
    let mut total_invisible = None;
    let mut stipulation = None;
    let mut stipulation_at = (line, 1);
    let mut conditions = Vec::new();
    let mut options = Vec::new();
    let mut protocol = None;
    let mut latex_file = None;
    let mut latex_pieces = Vec::new();
    let mut last = None;
    cur.warnings.clear();

    let mut tok = cur.next()?;
    loop {
        let index = match cur.lookup(&INITIAL, &tok) {
            Lookup::Found(i) => i,
            Lookup::Ambiguous(a, b) => return Err(ambiguous(cur, &tok, "keyword", &INITIAL, a, b)),
            Lookup::NotFound => {
                if cur.lookup(&PROBLEM_END, &tok) != Lookup::NotFound
                    || cur.lookup(&TWIN_END, &tok) != Lookup::NotFound
                {
                    break;
                }
                return Err(unknown_keyword(cur, &tok, last));
            }
        };
        let keyword = tok.text;
        tok = match index {
            kw::REMARK | kw::AUTHOR | kw::ORIGIN | kw::TITLE | kw::AWARD | kw::PROTOCOL => {
                if let Some(text) = cur.rest_of_line() {
                    let text = text.to_string();
                    match index {
                        kw::REMARK => texts.remarks.push(text),
                        kw::AUTHOR => texts.authors.push(text),
                        kw::ORIGIN => texts.origins.push(text),
                        kw::TITLE => texts.titles.push(text),
                        kw::AWARD => texts.award = Some(text),
                        _ => protocol = Some(text),
                    }
                }
                cur.next()?
            }
            kw::SSTIPULATION | kw::STIPULATION => {
                let (s, next) = if index == kw::STIPULATION {
                    let t = cur.next_expecting("a stipulation")?;
                    stipulation_at = (t.line, t.col);
                    read_stipulation(cur, t)?
                } else {
                    let t =
                        cur.next_expecting("the side that starts the structured stipulation")?;
                    stipulation_at = (t.line, t.col);
                    read_structured(cur, t)?
                };
                if s.has_goal(Goal::AToB) {
                    start_position = Some(std::mem::take(&mut pieces));
                }
                stipulation = Some(s);
                next
            }
            kw::PIECES => {
                let t = cur.next_expecting("a colour")?;
                let (read, next) = read_pieces(cur, t, keyword)?;
                for u in read.units {
                    place_warning(cur, &mut pieces, u);
                }
                if read.total_invisible.is_some() {
                    total_invisible = read.total_invisible;
                }
                next
            }
            kw::CONDITION => {
                let t = cur.next_expecting("a condition")?;
                let (c, next) = read_conditions(cur, t, keyword)?;
                conditions.extend(c);
                next
            }
            kw::OPTION => {
                let t = cur.next_expecting("an option")?;
                let (o, next) = read_options(cur, t, keyword)?;
                options.extend(o);
                next
            }
            kw::LATEX => match cur.rest_of_line() {
                Some(file) => {
                    latex_file = Some(file.to_string());
                    read_latex_pieces(cur, &mut latex_pieces)?
                }
                None => cur.next()?,
            },
            kw::LATEX_PIECES => read_latex_pieces(cur, &mut latex_pieces)?,
            kw::GAME_ARRAY => {
                pieces = game_array(cur.lang);
                cur.next()?
            }
            kw::FORSYTH => {
                let t = cur.next_expecting("a board in Forsyth notation")?;
                for u in read_forsyth(&t)? {
                    place_warning(cur, &mut pieces, u);
                }
                cur.next()?
            }
            _ => return Err(unknown_keyword(cur, &tok, last)),
        };
        last = Some(index);
    }

    let stipulation = match stipulation {
        Some(s) => s,
        None => {
            return Err(tok.error(format!(
                "the problem has no stipulation: expected {} before \"{}\"",
                word(cur, &INITIAL, kw::STIPULATION),
                tok.text
            )))
        }
    };

    let mut zero_position = false;
    let mut twins = Vec::new();
    loop {
        match cur.lookup(&TWIN_END, &tok) {
            Lookup::Found(i) => {
                if i == 1 {
                    if zero_position || !twins.is_empty() {
                        return Err(tok.error(format!(
                            "{} must come before the first twin",
                            word(cur, &TWIN_END, 1)
                        )));
                    }
                    zero_position = true;
                }
                let first = cur.next()?;
                let (twin, next) = read_twin(cur, first, tok.line)?;
                twins.push(twin);
                tok = next;
            }
            Lookup::Ambiguous(a, b) => {
                return Err(ambiguous(cur, &tok, "keyword", &TWIN_END, a, b))
            }
            Lookup::NotFound => break,
        }
    }

    let end = match cur.lookup(&PROBLEM_END, &tok) {
        Lookup::Found(0) => Ending::EndProblem,
        Lookup::Found(_) => Ending::NextProblem(tok.line),
        Lookup::Ambiguous(a, b) => return Err(ambiguous(cur, &tok, "keyword", &PROBLEM_END, a, b)),
        Lookup::NotFound => {
            return Err(tok.error(format!(
                "expected a twinning command, a Remark, {} or {}, found \"{}\"",
                word(cur, &TWIN_END, 0),
                word(cur, &PROBLEM_END, 0),
                tok.text
            )))
        }
    };

    let problem = Problem {
        language: cur.lang,
        line,
        texts,
        pieces,
        start_position,
        total_invisible,
        stipulation,
        stipulation_at,
        conditions,
        options,
        zero_position,
        twins,
        protocol,
        latex_file,
        latex_pieces,
        warnings: std::mem::take(&mut cur.warnings),
    };
    Ok((problem, end))
}

/// Places `unit` on the diagram, with the reference's warning when its square was
/// taken by a unit written before.
fn place_warning(cur: &mut Cursor, pieces: &mut Vec<PlacedUnit>, unit: PlacedUnit) {
    let (square, (line, column)) = (unit.square, unit.at);
    if place(pieces, unit) {
        cur.warnings
            .push(InputError::new(line, column, 0, occupied_warning(square)));
    }
}

/// Reads `LaTeXPieces` entries (a code of at most two characters, its
/// abbreviation, then its name to the end of the line) and returns the first token
/// after them.
fn read_latex_pieces<'a>(
    cur: &mut Cursor<'a>,
    entries: &mut Vec<LatexPiece>,
) -> Result<Token<'a>, InputError> {
    let mut tok = cur.next()?;
    while tok.text.len() <= 2 && tok.text.bytes().all(|b| b.is_ascii_alphanumeric()) {
        let abbreviation = cur.next_expecting("the LaTeX abbreviation of the piece")?;
        let name = cur.rest_of_line().unwrap_or("");
        entries.push(LatexPiece {
            code: tok.text.to_ascii_uppercase(),
            abbreviation: abbreviation.text.to_string(),
            name: name.to_string(),
        });
        tok = cur.next()?;
    }
    Ok(tok)
}
