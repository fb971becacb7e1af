//! The header of a problem: heading block, diagram (with what only the diagram shows:
//! attributes, imitators, holes, grid lines), stipulation line with the piece counts,
//! attribute, condition and option lines.

use super::{Language, BOARD_WIDTH, COUNTS_END};
use crate::board::Board;
use crate::output::names::Names;
use crate::piece::{Owner, Piece, Side};
use crate::square::Square;

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

    /// The diagram of `units`, with the attributes written as rules that they carry,
    /// as `names` knows them.
    pub fn of_units_named(units: &[(Square, Piece)], names: &Names) -> Diagram {
        let mut d = Diagram::of_units(units);
        for (sq, p) in units {
            d.attributes
                .extend(names.marked(*p).map(|attribute| (*sq, attribute)));
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
            || (attribute == PieceAttribute::Royal && piece.royal)
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
