//! The reference solver's text layout: diagram, heading, twins and closing.
//!
//! fairyforge prints its output in the convention of the reference solver so
//! that problemists find what they are used to and the spec tests can compare
//! the two outputs. This module holds the pure formatting of everything in
//! that output that is not a move: the heading block (author, origin, award,
//! title), the board diagram, the stipulation line with the piece counts,
//! the attribute, condition and option lines under it, the twin headings, the
//! closing line with the solving time, and the language-dependent words. Its
//! inputs are the engine's squares, units and boards, the names of units in
//! the problem's codes ([`Names`]), strings, and what only the diagram shows
//! (attributes, imitators, holes, grid lines: [`Diagram`]).
//!
//! # The output stream
//!
//! The reference writes every line break *before* the line it introduces.
//! The functions here return fragments that follow that rule byte for byte,
//! and the solver glues them together in this order:
//!
//! ```text
//! version line + "\n"                          once per run
//! header(...)                                  "\n" heading, "\n" diagram, stipulation line, ...
//! twin_intro(...)                              "\n" + "a) ..." + "\n"      (twinned problems only)
//!   per phase (set play, tries and key, ...):
//!     per solution line: "\n" + line           see `tree_move_prefix`, `help_line_intro`
//!     battle play: "\n" after each solved key or try with its tree
//!     "\n"                                     end of the phase
//! closing(...)                                 "\n" + "solution finished. Time = 0.007 s" + "\n\n\n"
//! ```
//!
//! So a help play output reads, after the header, a blank line, the
//! solution lines, a blank line and the closing line; a problem without
//! solution shows two blank lines between the header and the closing line.
//!
//! Lengths used for centring are counted in bytes of UTF-8, as the reference
//! (written in C) counts them.

use super::names::Names;
use crate::board::Board;
use crate::piece::{Owner, Piece, Side};
use crate::square::Square;
use std::time::Duration;

/// Width of the diagram, the field in which heading and condition lines are
/// centred.
pub const BOARD_WIDTH: usize = 37;

/// The column (counted from 1) at which the piece counts end.
pub const COUNTS_END: usize = 35;

/// Printed after a key move (and after a refutation).
pub const KEY_MARKER: &str = "!";

/// Printed after a try.
pub const TRY_MARKER: &str = "?";

/// The language of the output; it follows the language of the input.
pub use crate::input::Language;

/// The words of the output that depend on its language, as the reference
/// spells them (without accents).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// Closing line of a problem solved completely.
    pub solution_finished: &'static str,
    /// Closing words of a problem solved partly (e.g. by MaxSolutions).
    pub solution_partial: &'static str,
    /// Closing words of a problem whose solving was interrupted.
    pub solving_interrupted: &'static str,
    /// Introduces the solving time, e.g. `Time = `.
    pub time: &'static str,
    /// After a key or try that threatens nothing, every defence losing
    /// (printed after one blank).
    pub zugzwang: &'static str,
    /// After a key or try with a threat (printed after one blank).
    pub threat: &'static str,
    /// Introduces the refutations of a try, on its own line.
    pub but: &'static str,
    /// On its own line under a defence that refutes (post-key play), see
    /// [`refutes_line`].
    pub refutes: &'static str,
    /// The white colour, as in `=> (White ->)`.
    pub white: &'static str,
    /// The black colour.
    pub black: &'static str,
    /// The neutral colour.
    pub neutral: &'static str,
    /// Abbreviation of total invisible pieces in the piece counts.
    pub total_invisible: &'static str,
    /// Twinning by rotation, as in `rotate 90`.
    pub rotate: &'static str,
    /// Twinning by reflection, as in `mirror a1<-->h1`.
    pub mirror: &'static str,
    /// Twinning by translation, as in `shift a1 ==> a2`.
    pub shift: &'static str,
    /// Twinning by exchanging the colours.
    pub polish: &'static str,
    /// Heading of the zero position of twins.
    pub zeroposition: &'static str,
    /// Option line Duplex.
    pub duplex: &'static str,
    /// Option line HalfDuplex.
    pub half_duplex: &'static str,
    /// Option line Quodlibet.
    pub quodlibet: &'static str,
    /// Option CastlingMutuallyExclusive (its line is not centred).
    pub castling_mutually_exclusive: &'static str,
}

const ENGLISH: Words = Words {
    solution_finished: "solution finished.",
    solution_partial: "Partial solution",
    solving_interrupted: "solving interrupted.",
    time: "Time = ",
    zugzwang: "zugzwang.",
    threat: "threat:",
    but: "but",
    refutes: "refutes.",
    white: "White",
    black: "Black",
    neutral: "Neutral",
    total_invisible: "TI",
    rotate: "rotate",
    mirror: "mirror",
    shift: "shift",
    polish: "PolishType",
    zeroposition: "zeroposition",
    duplex: "Duplex",
    half_duplex: "HalfDuplex",
    quodlibet: "Quodlibet",
    castling_mutually_exclusive: "CastlingMutuallyExclusive",
};

const GERMAN: Words = Words {
    solution_finished: "Loesung beendet.",
    solution_partial: "Partielle Loesung",
    solving_interrupted: "Bearbeitung abgebrochen.",
    time: "Zeit = ",
    zugzwang: "Zugzwang.",
    threat: "Drohung:",
    but: "Aber",
    refutes: "Widerlegt.",
    white: "Weiss",
    black: "Schwarz",
    neutral: "Neutral",
    total_invisible: "TU",
    rotate: "Drehung",
    mirror: "Spiegelung",
    shift: "Verschiebung",
    polish: "Farbwechsel",
    zeroposition: "NullStellung",
    duplex: "Duplex",
    half_duplex: "HalbDuplex",
    quodlibet: "Quodlibet",
    castling_mutually_exclusive: "RochadenGegenseitigAusschliessend",
};

const FRENCH: Words = Words {
    solution_finished: "solution terminee.",
    solution_partial: "solution partielle",
    solving_interrupted: "solution interrompue.",
    time: "Temps = ",
    zugzwang: "blocus.",
    threat: "menace:",
    but: "mais",
    refutes: "Refute.",
    white: "Blanc",
    black: "Noir",
    neutral: "Neutre",
    total_invisible: "TI",
    rotate: "rotation",
    mirror: "miroir",
    shift: "translation",
    polish: "CouleurEchange",
    zeroposition: "zeroposition",
    duplex: "Duplex",
    half_duplex: "DemiDuplex",
    quodlibet: "Quodlibet",
    castling_mutually_exclusive: "RoquesMutuellementExclusifs",
};

impl Language {
    /// The words of this language.
    pub const fn words(self) -> &'static Words {
        match self {
            Language::English => &ENGLISH,
            Language::German => &GERMAN,
            Language::French => &FRENCH,
        }
    }

    /// The name of a colour, as in `=> (Black ->)`.
    pub fn colour_name(self, colour: Owner) -> &'static str {
        let w = self.words();
        match colour {
            Owner::White => w.white,
            Owner::Black => w.black,
            Owner::Neutral => w.neutral,
        }
    }

    /// The letter that stands for a colour in moves and twin headings: the
    /// initial of its name in lower case (`w`/`b`/`n`; German `w`/`s`/`n`;
    /// French `b`/`n`/`n`).
    pub fn colour_letter(self, colour: Owner) -> char {
        let name = self.colour_name(colour);
        name.chars().next().unwrap_or(' ').to_ascii_lowercase()
    }
}

/// Piece attributes that the reference lists under the diagram, in the order
/// it lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceAttribute {
    /// A royal piece that is not a king (a king's royalty is not listed).
    Royal,
    /// Kamikaze.
    Kamikaze,
    /// Paralysing.
    Paralysing,
    /// Chameleon.
    Chameleon,
    /// Jigger.
    Jigger,
    /// Volage.
    Volage,
    /// Functionary.
    Functionary,
    /// Half-neutral (the unit's current colour is its owner).
    HalfNeutral,
    /// Hurdle colour changing.
    HurdleColourChanging,
    /// Protean.
    Protean,
    /// Magic.
    Magic,
    /// Uncapturable.
    Uncapturable,
    /// Patrol.
    Patrol,
    /// Frischauf.
    Frischauf,
    /// Bul.
    Bul,
    /// Dob.
    Dob,
    /// Anda.
    Anda,
    /// Anda inverse.
    AndaInverse,
    /// On board A of Alice chess.
    AliceA,
    /// On board B of Alice chess.
    AliceB,
}

impl PieceAttribute {
    /// All attributes, in the order of the lines under the diagram.
    pub const ALL: [PieceAttribute; 20] = [
        PieceAttribute::Royal,
        PieceAttribute::Kamikaze,
        PieceAttribute::Paralysing,
        PieceAttribute::Chameleon,
        PieceAttribute::Jigger,
        PieceAttribute::Volage,
        PieceAttribute::Functionary,
        PieceAttribute::HalfNeutral,
        PieceAttribute::HurdleColourChanging,
        PieceAttribute::Protean,
        PieceAttribute::Magic,
        PieceAttribute::Uncapturable,
        PieceAttribute::Patrol,
        PieceAttribute::Frischauf,
        PieceAttribute::Bul,
        PieceAttribute::Dob,
        PieceAttribute::Anda,
        PieceAttribute::AndaInverse,
        PieceAttribute::AliceA,
        PieceAttribute::AliceB,
    ];

    /// The attribute's name in a language, as the line under the diagram
    /// begins (`HalfNeutral c6 e4`).
    pub fn name(self, language: Language) -> &'static str {
        const NAMES: [[&str; 3]; 20] = [
            ["Royal", "Koeniglich", "Royale"],
            ["Kamikaze", "Kamikaze", "Kamikaze"],
            ["Paralysing", "Paralysierend", "Paralysante"],
            ["Chameleon", "Chamaeleon", "Cameleon"],
            ["Jigger", "Jigger", "Jigger"],
            ["Volage", "Volage", "Volage"],
            ["Functionary", "Beamtet", "Fonctionnaire"],
            ["HalfNeutral", "HalbNeutral", "DemiNeutre"],
            [
                "HurdleColourChanging",
                "SprungbockFarbeWechselnd",
                "CouleurEchangeantSautoir",
            ],
            ["Protean", "Proteisch", "Protee"],
            ["Magic", "Magisch", "Magique"],
            ["Uncapturable", "Unschlagbar", "Imprenable"],
            ["Patrol", "Patrouille", "Patrouille"],
            ["Frischauf", "Frischauf", "Frischauf"],
            ["Bul", "Bul", "Bul"],
            ["Dob", "Dob", "Dob"],
            ["Anda", "Anda", "Anda"],
            ["AndaInverse", "AndaInvers", "AndaInverse"],
            ["AliceA", "AliceA", "AliceA"],
            ["AliceB", "AliceB", "AliceB"],
        ];
        let column = match language {
            Language::English => 0,
            Language::German => 1,
            Language::French => 2,
        };
        NAMES[self as usize][column]
    }

    /// The attribute's abbreviation in a unit's description (moves, twin
    /// headings): the capitals of its name in lower case (`hn` for
    /// HalfNeutral). Empty for the Alice boards, which the reference never
    /// abbreviates.
    pub fn abbreviation(self, language: Language) -> String {
        match self {
            PieceAttribute::AliceA | PieceAttribute::AliceB => String::new(),
            _ => self
                .name(language)
                .chars()
                .filter(char::is_ascii_uppercase)
                .map(|c| c.to_ascii_lowercase())
                .collect(),
        }
    }
}

/// The position shown in the diagram: the engine's board, with what only the diagram
/// shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagram {
    /// The units.
    pub board: Board,
    /// Attributes of units beyond those of the unit itself (a half-neutral unit lists
    /// its half-neutrality without one): Royal, Chameleon, ….
    pub attributes: Vec<(Square, PieceAttribute)>,
    /// Squares holding an imitator (condition Imitator), drawn as `I`.
    pub imitators: Vec<Square>,
    /// Squares that are not part of the board (holes), drawn blank.
    pub holes: Vec<Square>,
    /// The lines of Grid chess, drawn unless option SuppressGrid is given.
    pub grid: Option<GridLines>,
}

/// The lines of Grid chess as the diagram draws them: `|` on the left of a
/// square, `---` under it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GridLines {
    /// `west[rank][file]`: a line between the square and its left neighbour
    /// (ignored on the a-file).
    pub west: [[bool; 8]; 8],
    /// `south[rank][file]`: a line between the square and the square below
    /// (ignored on the first rank).
    pub south: [[bool; 8]; 8],
}

impl GridLines {
    /// The lines between squares of different grid cells; `cells[rank][file]`
    /// numbers the cell of each square.
    pub fn from_cells(cells: &[[u32; 8]; 8]) -> GridLines {
        let mut g = GridLines::default();
        for rank in 0..8 {
            for file in 0..8 {
                g.west[rank][file] = file > 0 && cells[rank][file] != cells[rank][file - 1];
                g.south[rank][file] = rank > 0 && cells[rank][file] != cells[rank - 1][file];
            }
        }
        g
    }

    /// The usual grid of 2x2 cells.
    pub fn normal() -> GridLines {
        let mut cells = [[0u32; 8]; 8];
        for (rank, row) in cells.iter_mut().enumerate() {
            for (file, cell) in row.iter_mut().enumerate() {
                *cell = (rank / 2 * 4 + file / 2) as u32;
            }
        }
        GridLines::from_cells(&cells)
    }
}

impl Diagram {
    /// The diagram of `units`.
    pub fn of_units(units: &[(Square, Piece)]) -> Diagram {
        let mut d = Diagram::default();
        for (sq, p) in units {
            d.put(*sq, *p);
        }
        d
    }

    /// Puts a unit on a square, replacing what stood there.
    pub fn put(&mut self, square: Square, piece: Piece) {
        if self.board.get(square).is_some() {
            self.board.take(square);
        }
        self.board.put(square, piece);
    }

    /// The unit on a square.
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.board.get(square)
    }

    /// Whether the unit on `square` has `attribute`.
    fn has(&self, square: Square, piece: Piece, attribute: PieceAttribute) -> bool {
        (attribute == PieceAttribute::HalfNeutral && piece.half)
            || self.attributes.contains(&(square, attribute))
    }

    /// Squares and units from a8 to h8, then a7 ... h1: the order of the
    /// diagram and of the square lists under it.
    fn in_reading_order(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..8i8).rev().flat_map(move |rank| {
            (0..8i8).filter_map(move |file| {
                let sq = Square::from_coords(file, rank)?;
                self.get(sq).map(|p| (sq, p))
            })
        })
    }

    /// How many units of each colour stand on the board.
    pub fn counts(&self) -> PieceCounts {
        let (white, black, neutral) = self.board.counts();
        PieceCounts {
            white: white as usize,
            black: black as usize,
            neutral: neutral as usize,
            total_invisible: 0,
        }
    }
}

/// The piece counts of the stipulation line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCounts {
    /// White units.
    pub white: usize,
    /// Black units.
    pub black: usize,
    /// Neutral units (shown as `+ 1n` when there are any).
    pub neutral: usize,
    /// Total invisible units (shown as `+ 1 TI`, without the neutrals).
    pub total_invisible: usize,
}

impl PieceCounts {
    /// The counts as printed: `5 + 7`, `3 + 11 + 1n`, `2 + 2 + 1 TI`.
    pub fn text(&self, language: Language) -> String {
        if self.total_invisible > 0 {
            format!(
                "{} + {} + {} {}",
                self.white,
                self.black,
                self.total_invisible,
                language.words().total_invisible
            )
        } else if self.neutral > 0 {
            format!("{} + {} + {}n", self.white, self.black, self.neutral)
        } else {
            format!("{} + {}", self.white, self.black)
        }
    }
}

/// The texts above the diagram, each entry one input line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heading {
    /// Lines of `author` commands, in input order.
    pub authors: Vec<String>,
    /// Lines of `origin` commands.
    pub origins: Vec<String>,
    /// The `award` (only the last command counts).
    pub award: Option<String>,
    /// Lines of `title` commands.
    pub titles: Vec<String>,
}

/// Everything printed from the heading down to the first solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// How units are named.
    pub names: &'a Names,
    /// Output language.
    pub language: Language,
    /// Author, origin, award, title.
    pub heading: Heading,
    /// The position.
    pub board: Diagram,
    /// The stipulation as printed, with what options append to it
    /// (`#3/2` for Threat 2, `#7//1` for MaxFlightsquares 1, `r#9;1,1` for
    /// NonTrivial).
    pub stipulation: String,
    /// Number of total invisible units (condition TotalInvisible).
    pub total_invisible: usize,
    /// Attributes that units of the problem have beyond this board (see
    /// [`attribute_lines`]); usually empty.
    pub attributes_in_problem: Vec<PieceAttribute>,
    /// For a=>b problems: the start position and the side to move there.
    /// The header then shows the start position with its counts, the
    /// separator `=> (White ->)`, and `board` as the target position.
    pub atob_start: Option<(Diagram, Side)>,
    /// The condition lines, each centred.
    pub conditions: Vec<String>,
    /// Lines after the conditions: CastlingMutuallyExclusive (not centred,
    /// see [`castling_mutually_exclusive_line`]) and the centred Duplex,
    /// HalfDuplex and Quodlibet lines, already laid out by their helpers.
    pub option_lines: Vec<String>,
}

/// `text` centred in the diagram's width, as the reference centres heading,
/// attribute and condition lines, with its line break. A line as wide as
/// the diagram or wider is not indented.
pub fn centred(text: &str) -> String {
    // the reference counts the line break as part of the text
    let used = text.len() + 1;
    let pad = if BOARD_WIDTH > used {
        (BOARD_WIDTH + 1 - used) / 2
    } else {
        0
    };
    format!("{}{text}\n", " ".repeat(pad))
}

/// The heading block: a line break, then author, origin, award and title
/// lines, each centred.
pub fn heading_block(heading: &Heading) -> String {
    let mut s = String::from("\n");
    let lines = heading
        .authors
        .iter()
        .chain(&heading.origins)
        .chain(&heading.award)
        .chain(&heading.titles);
    for l in lines {
        s.push_str(&centred(l));
    }
    s
}

/// The board diagram, from its top border to its bottom border (each line
/// with its line break, no blank line before it).
pub fn diagram(board: &Diagram, names: &Names) -> String {
    const BORDER: &str = "+---a---b---c---d---e---f---g---h---+\n";
    const BLANK: &str = "|                                   |\n";
    let mut s = String::from(BORDER);
    s.push_str(BLANK);
    for rank in (0..8u8).rev() {
        let label = char::from(b'1' + rank);
        let mut pieces = format!("{label} ");
        let mut base = String::from("| ");
        for file in 0..8u8 {
            let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
            let (cell, base_cell) = cells(board, names, sq);
            pieces.push_str(&cell);
            base.push_str(&base_cell);
        }
        pieces.push_str(&format!("  {label}\n"));
        base.push_str("  |\n");
        s.push_str(&pieces);
        s.push_str(&base);
    }
    s.push_str(BORDER);
    s
}

/// The four characters of a square on its rank's line and on the line under
/// it (where a hunter shows its home walk).
fn cells(board: &Diagram, names: &Names, sq: Square) -> (String, String) {
    let mut cell = [b' '; 4];
    let mut base = [b' '; 4];
    if let Some(grid) = &board.grid {
        let (rank, file) = (sq.rank() as usize, sq.file() as usize);
        if file > 0 && grid.west[rank][file] {
            cell[0] = b'|';
        }
        if rank > 0 && grid.south[rank][file] {
            base[1..4].copy_from_slice(b"---");
        }
    }
    if board.holes.contains(&sq) {
        // a hole is drawn blank
    } else if board.imitators.contains(&sq) {
        cell[2] = b'I';
    } else if let Some(p) = board.get(sq) {
        let code = names.code(p.kind).to_ascii_uppercase();
        let (away, home) = match code.split_once('/') {
            Some((away, home)) => {
                cell[3] = b'/';
                (away.to_string(), Some(home.to_string()))
            }
            None => (code, None),
        };
        let before = write_walk_right_to_left(&mut cell, &away);
        // white leaves the cell as it is (a grid line may show there)
        match p.owner {
            Owner::White => {}
            Owner::Black => cell[before] = b'-',
            Owner::Neutral => cell[before] = b'=',
        }
        if let Some(home) = home {
            write_walk_right_to_left(&mut base, &home);
        }
    } else {
        cell[2] = b'.';
    }
    let text = |c: [u8; 4]| String::from_utf8_lossy(&c).into_owned();
    (text(cell), text(base))
}

/// Writes a one- or two-character code ending in the cell's third column;
/// returns the column before it (where the colour sign goes).
fn write_walk_right_to_left(cell: &mut [u8; 4], code: &str) -> usize {
    let b: Vec<u8> = code.bytes().filter(u8::is_ascii_graphic).take(2).collect();
    match b.as_slice() {
        [] => 1,
        [one] => {
            cell[2] = *one;
            1
        }
        [first, second, ..] => {
            cell[1] = *first;
            cell[2] = *second;
            0
        }
    }
}

/// The line under the diagram: two blanks, the stipulation, and the piece
/// counts ending in column 35 (right after the stipulation when it is too
/// long for that), with its line break. With an empty stipulation it is the
/// counts line of an a=>b start position.
pub fn stipulation_line(stipulation: &str, counts: &PieceCounts, language: Language) -> String {
    let counts = counts.text(language);
    let indentation = 2 + stipulation.len();
    let width = (COUNTS_END + 1).saturating_sub(indentation);
    let used = counts.len() + 1;
    let pad = width.saturating_sub(used);
    format!("  {stipulation}{}{counts}\n", " ".repeat(pad))
}

/// The lines listing units with attributes (royal pieces first), each
/// centred: `Royal a6`, `HalfNeutral c6 e4`, `Chameleon f6 f3`. Squares go
/// from a8 to h8, then a7 to h1. An attribute other than Royal that some unit
/// of the problem has elsewhere (`in_problem`, e.g. in the target position
/// of an a=>b problem) is listed even when no unit on this board has it,
/// as its bare name.
pub fn attribute_lines(
    board: &Diagram,
    in_problem: &[PieceAttribute],
    language: Language,
) -> String {
    let mut s = String::new();
    for a in PieceAttribute::ALL {
        let mut line = a.name(language).to_string();
        let mut any = false;
        for (sq, _) in board
            .in_reading_order()
            .filter(|&(sq, p)| board.has(sq, p, a))
        {
            line.push_str(&format!(" {sq}"));
            any = true;
        }
        if any || (a != PieceAttribute::Royal && in_problem.contains(&a)) {
            s.push_str(&centred(&line));
        }
    }
    s
}

/// The line of option CastlingMutuallyExclusive, listing rook-square pairs
/// (`a1a8`, `h1h8`, ...) that exclude each other; not centred.
pub fn castling_mutually_exclusive_line(pairs: &[(Square, Square)], language: Language) -> String {
    let mut s = language.words().castling_mutually_exclusive.to_string();
    for (a, b) in pairs {
        s.push_str(&format!(" {a}{b}"));
    }
    s.push('\n');
    s
}

/// Everything from the heading to the last line before the solutions: the
/// heading block, a blank line, the diagram, the stipulation line, the
/// attribute lines, the condition lines and the option lines.
pub fn header(h: &Header) -> String {
    let mut s = heading_block(&h.heading);
    if let Some((start, side)) = &h.atob_start {
        s.push('\n');
        s.push_str(&diagram(start, h.names));
        let counts = PieceCounts {
            total_invisible: h.total_invisible,
            ..start.counts()
        };
        s.push_str(&stipulation_line("", &counts, h.language));
        s.push_str(&attribute_lines(
            start,
            &h.attributes_in_problem,
            h.language,
        ));
        s.push_str(&atob_separator(*side, h.language));
    }
    s.push('\n');
    s.push_str(&diagram(&h.board, h.names));
    let counts = PieceCounts {
        total_invisible: h.total_invisible,
        ..h.board.counts()
    };
    s.push_str(&stipulation_line(&h.stipulation, &counts, h.language));
    s.push_str(&attribute_lines(
        &h.board,
        &h.attributes_in_problem,
        h.language,
    ));
    for c in &h.conditions {
        s.push_str(&centred(c));
    }
    for o in &h.option_lines {
        s.push_str(o);
    }
    s
}

/// The separator of an a=>b problem between the start position (diagram and
/// counts) and the target position (whose diagram follows with its own
/// leading blank line): `=> (Black ->)` centred between blank lines.
pub fn atob_separator(side_to_move: Side, language: Language) -> String {
    format!(
        "\n{}\n",
        centred(&format!(
            "=> ({} ->)",
            language.colour_name(side_to_move.owner())
        ))
    )
}

/// A board reflection of twinning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// Files reversed.
    A1H1,
    /// Ranks reversed.
    A1A8,
    /// Reflected in the a1-h8 diagonal.
    A1H8,
    /// Reflected in the a8-h1 diagonal.
    A8H1,
}

/// One change of a twin, in the order the twin command made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// A unit placed (`+wQa1`; printed without `+` when the square was
    /// emptied earlier in the same twin, and then the removal is not
    /// printed).
    Add(Piece, Square),
    /// A unit taken off (`-bPc7`).
    Remove(Piece, Square),
    /// A unit moved (`wKe1-->e2`).
    Move(Piece, Square, Square),
    /// Two units swapped: the unit first on the first square (`bRa1<-->wKe1`).
    Exchange(Piece, Square, Piece, Square),
    /// The board rotated by 90, 180 or 270 degrees (`rotate 90`).
    Rotate(u16),
    /// The board reflected (`mirror a1<-->h1`).
    Mirror(Mirror),
    /// The position shifted (`shift a1 ==> a2`).
    Shift(Square, Square),
    /// The colours exchanged (`PolishType`).
    PolishType,
    /// Every unit of one walk given another (`Q ==> S`), codes as on the board.
    Substitute(String, String),
    /// New conditions, each one line as in the header.
    Conditions(Vec<String>),
    /// A new stipulation as printed (`h#3`).
    Stipulation(String),
}

/// The label of the twin with index `index` (0 for `a`): `a` ... `z`, then
/// `z1`, `z2`, ...
pub fn twin_label(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("z{}", index - 25),
    }
}

/// A twin's heading as data: its label, whether it continues the twin before it, and
/// what it changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TwinHeading {
    /// The twin's index (0 for `a`).
    pub index: usize,
    /// `Twin Continued`: its changes apply to the twin before it (`+b)`).
    pub continued: bool,
    /// What it changes, in order.
    pub changes: Vec<TwinChange>,
}

/// A twin's heading as printed: `b) ` (or `+c) ` for a continued twin), each change
/// followed by two blanks.
pub fn twin_heading(heading: &TwinHeading, names: &Names) -> String {
    let mut s = String::new();
    if heading.continued {
        s.push('+');
    }
    s.push_str(&twin_label(heading.index));
    s.push_str(") ");
    s.push_str(&twin_changes(&heading.changes, names));
    s
}

/// The introduction of a twin: a line break, its heading ([`twin_heading`]), and a
/// line break. The first twin's intro is `"\na) \n"`.
pub fn twin_intro(index: usize, continued: bool, changes: &[TwinChange], names: &Names) -> String {
    let heading = TwinHeading {
        index,
        continued,
        changes: changes.to_vec(),
    };
    format!("\n{}\n", twin_heading(&heading, names))
}

/// The changes of a twin as its heading lists them.
pub fn twin_changes(changes: &[TwinChange], names: &Names) -> String {
    let words = names.language().words();
    let mut s = String::new();
    for (i, change) in changes.iter().enumerate() {
        match change {
            TwinChange::Add(p, sq) => {
                let refilled = changes[..i]
                    .iter()
                    .any(|c| matches!(c, TwinChange::Remove(_, r) if r == sq));
                if !refilled {
                    s.push('+');
                }
                s.push_str(&format!("{}{sq}", names.spec(*p)));
            }
            TwinChange::Remove(p, sq) => {
                let refilled = changes[i + 1..]
                    .iter()
                    .any(|c| matches!(c, TwinChange::Add(_, a) if a == sq));
                if refilled {
                    continue;
                }
                s.push_str(&format!("-{}{sq}", names.spec(*p)));
            }
            TwinChange::Move(p, from, to) => {
                s.push_str(&format!("{}{from}-->{to}", names.spec(*p)));
            }
            TwinChange::Exchange(p, from, q, to) => {
                s.push_str(&format!(
                    "{}{from}<-->{}{to}",
                    names.spec(*p),
                    names.spec(*q)
                ));
            }
            TwinChange::Rotate(degrees) => s.push_str(&format!("{} {degrees}", words.rotate)),
            TwinChange::Mirror(m) => {
                let axis = match m {
                    Mirror::A1H1 => "a1<-->h1",
                    Mirror::A1A8 => "a1<-->a8",
                    Mirror::A1H8 => "a1<-->h8",
                    Mirror::A8H1 => "a8<-->h1",
                };
                s.push_str(&format!("{} {axis}", words.mirror));
            }
            TwinChange::Shift(from, to) => {
                s.push_str(&format!("{} {from} ==> {to}", words.shift));
            }
            TwinChange::PolishType => s.push_str(words.polish),
            TwinChange::Substitute(from, to) => s.push_str(&format!(
                "{} ==> {}",
                from.to_ascii_uppercase(),
                to.to_ascii_uppercase()
            )),
            TwinChange::Conditions(lines) => s.push_str(&lines.join("\n   ")),
            TwinChange::Stipulation(stip) => s.push_str(stip),
        }
        s.push_str("  ");
    }
    s
}

/// The introduction of the zero position of twins: `zeroposition` between
/// line breaks, followed by a blank line.
pub fn zeroposition_intro(language: Language) -> String {
    format!("\n{}\n\n", language.words().zeroposition)
}

/// How far solving got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completeness {
    /// All solutions were searched.
    Complete,
    /// Solving stopped early on purpose (MaxSolutions, StopOnShortSolutions).
    Partial,
    /// Solving was interrupted (MaxTime, a signal).
    Interrupted,
}

/// The solving time as the reference prints it: `0.007 s`, `1:05.123 m:s`,
/// `2:03:04 h:m:s`.
pub fn format_time(elapsed: Duration) -> String {
    let secs = elapsed.as_secs();
    let msec = elapsed.subsec_millis();
    let (hours, minutes, seconds) = (secs / 3600, (secs % 3600) / 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02} h:m:s")
    } else if minutes > 0 {
        format!("{minutes}:{seconds:02}.{msec:03} m:s")
    } else {
        format!("{seconds}.{msec:03} s")
    }
}

/// The closing of a problem: `"\nsolution finished. Time = 0.007 s\n\n\n"`
/// (the partial and interrupted forms have no leading line break).
pub fn closing(language: Language, completeness: Completeness, elapsed: Duration) -> String {
    let w = language.words();
    let what = match completeness {
        Completeness::Complete => format!("\n{}", w.solution_finished),
        Completeness::Partial => w.solution_partial.to_string(),
        Completeness::Interrupted => w.solving_interrupted.to_string(),
    };
    format!("{what} {}{}\n\n\n", w.time, format_time(elapsed))
}

/// The start of a line of battle play (tree output) for the move at
/// `depth` half-moves from the key (0: key or try; 1: defence; 2: the
/// attacker's second move, also a threat's): the indentation, 4 blanks per
/// half-move (at least one), the move number right-aligned in three
/// columns, and `.` for White's moves or `...` for Black's. Set play starts
/// at depth 1. The move, ` +` for check, the goal (` #`), ` !`/` ?` and
/// ` threat:`/` zugzwang.` follow on the same line.
pub fn tree_move_prefix(depth: usize) -> String {
    let indent = (4 * depth).max(1);
    let dots = if depth % 2 == 1 { "..." } else { "." };
    format!("{}{:>3}{dots}", " ".repeat(indent), depth / 2 + 1)
}

/// The line that introduces the refutations of a try (`    but`); the
/// refutations follow at depth 1, each with ` !`.
pub fn refutations_intro(language: Language) -> String {
    format!("    {}", language.words().but)
}

/// The line under a defence at `depth` that refutes (post-key play):
/// indented by 4 blanks per half-move (at least one), as in
/// `        refutes.` under `      1...f3-f2 +`.
pub fn refutes_line(depth: usize, language: Language) -> String {
    format!(
        "{}{}",
        " ".repeat((4 * depth).max(1)),
        language.words().refutes
    )
}

/// The start of a line of help, series or direct line play: empty, or
/// `  1...` when the line starts with the other side's half-move (h#2.5,
/// set play of helpmates), or `  1...  ...` for two such half-moves.
/// Each numbered move is then preceded by [`line_move_number`] and every
/// move but the last is followed by one blank (after ` +` if it checks).
pub fn help_line_intro(move_inversions: usize) -> &'static str {
    match move_inversions {
        0 => "",
        1 => "  1...",
        _ => "  1...  ...",
    }
}

/// The move number of line play, right-aligned in three columns: `  1.`.
pub fn line_move_number(number: usize) -> String {
    format!("{number:>3}.")
}

/// A progress line of option MoveNumbers, without its leading line break:
/// the numbers of the move at each recursion level (`  7` or `  3:2`), the
/// move, ` +` when it checks, and the time so far, as in
/// `  7  (Rd1-a1 +    Time = 0.013 s)`. solcmp removes only the time, so the
/// numbers must follow the reference's move generation order.
pub fn move_number_line(
    numbers: &[usize],
    move_text: &str,
    check: bool,
    elapsed: Duration,
    words: &Words,
) -> String {
    let mut s = String::new();
    for (i, n) in numbers.iter().enumerate() {
        if i == 0 {
            s.push_str(&format!("{n:>3}"));
        } else {
            s.push_str(&format!(":{n}"));
        }
    }
    let check = if check { " +" } else { "" };
    format!(
        "{s}  ({move_text}{check}    {}{})",
        words.time,
        format_time(elapsed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Kind;
    use std::path::{Path, PathBuf};

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

    // -----------------------------------------------------------------------
    // The corpus: every diagram, stipulation line and centred heading line

    fn corpus_dir() -> Option<PathBuf> {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::env::var_os("FAIRYFORGE_SHARED")
            .map(PathBuf::from)
            .into_iter()
            .chain([manifest.join("../../shared"), manifest.join("../shared")])
            .map(|p| p.join("corpus"))
            .find(|p| p.join("popeye").is_dir())
    }

    fn ref_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                ref_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "ref") {
                out.push(p);
            }
        }
    }

    /// Reads a diagram back (the 19 lines from border to border).
    fn read_diagram(lines: &[&str], names: &mut Names) -> Option<Diagram> {
        let mut b = Diagram::default();
        for r in 0..8u8 {
            let row = lines.get(2 + 2 * usize::from(r))?.as_bytes();
            let base = lines.get(3 + 2 * usize::from(r))?.as_bytes();
            if row.len() != 37 || base.len() != 37 {
                return None;
            }
            let rank = 7 - r;
            for file in 0..8u8 {
                let at = 2 + 4 * usize::from(file);
                let (c, bc) = (&row[at..at + 4], &base[at..at + 4]);
                let s = Square::from_coords(file as i8, rank as i8)?;
                if c[0] == b'|' || &bc[1..4] == b"---" {
                    let g = b.grid.get_or_insert_with(GridLines::default);
                    g.west[usize::from(rank)][usize::from(file)] = c[0] == b'|';
                    g.south[usize::from(rank)][usize::from(file)] = &bc[1..4] == b"---";
                }
                match (c[1], c[2]) {
                    (_, b'.') => {}
                    (b' ', b' ') => b.holes.push(s),
                    (b' ', b'I') => b.imitators.push(s),
                    _ => {
                        let two = c[1].is_ascii_alphanumeric();
                        let code = if two { &c[1..3] } else { &c[2..3] };
                        let mut code = String::from_utf8_lossy(code).into_owned();
                        if c[3] == b'/' {
                            code = format!("{code}/{}", String::from_utf8_lossy(&bc[1..3]).trim());
                        }
                        let colour = match c[usize::from(!two)] {
                            b'-' => Owner::Black,
                            b'=' => Owner::Neutral,
                            _ => Owner::White,
                        };
                        b.put(s, Piece::new(names.kind_of(&code), colour));
                    }
                }
            }
        }
        Some(b)
    }

    #[test]
    fn corpus_diagrams_and_stipulation_lines() {
        let Some(corpus) = corpus_dir() else {
            println!("skipped: shared/corpus not found");
            return;
        };
        let mut files = Vec::new();
        ref_files(&corpus, &mut files);
        let (mut diagrams, mut stip_lines, mut headings) = (0, 0, 0);
        for f in &files {
            let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
            let lines: Vec<&str> = text.split('\n').collect();
            let border = "+---a---b---c---d---e---f---g---h---+";
            // heading lines: from the first blank line to the blank before the board
            if let Some(first_board) = lines.iter().position(|l| *l == border) {
                let first_blank = lines.iter().position(|l| l.is_empty()).unwrap();
                for l in &lines[first_blank + 1..first_board - 1] {
                    assert_eq!(centred(l.trim_start()), format!("{l}\n"), "{}", f.display());
                    headings += 1;
                }
            }
            let mut i = 0;
            while i + 19 < lines.len() {
                if lines[i] != border || lines[i + 18] != border {
                    i += 1;
                    continue;
                }
                let mut names = Names::from_codes(&[], &[], Language::English);
                let b = read_diagram(&lines[i..i + 19], &mut names).expect("diagram");
                let theirs: String = lines[i..i + 19].iter().map(|l| format!("{l}\n")).collect();
                assert_eq!(diagram(&b, &names), theirs, "{}", f.display());
                diagrams += 1;
                // the stipulation line, unless a structured stipulation
                // (which may hold blanks) or total invisibles
                let line = lines[i + 19];
                let counts = b.counts().text(Language::English);
                if let Some(stip) = line.strip_suffix(&counts) {
                    let stip = stip.trim();
                    if !stip.contains(' ') {
                        let ours = stipulation_line(stip, &b.counts(), Language::English);
                        assert_eq!(ours, format!("{line}\n"), "{}", f.display());
                        stip_lines += 1;
                    }
                }
                i += 19;
            }
        }
        println!("{diagrams} diagrams, {stip_lines} stipulation lines, {headings} heading lines identical");
        assert!(diagrams > 3000 && stip_lines > 2800);
    }
}
