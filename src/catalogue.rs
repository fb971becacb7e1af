//! `fairyforge rules [NAME]`: what the built-in rule set knows, read back from the tables
//! the code generator emitted (`Rules::KINDS`, `Rules::CONDITIONS`, `EXAMPLES`).
//!
//! Without a name, [`list`] prints one line per piece (name, codes, the reference's codes
//! when they differ, the definition's first sentence) and per condition. With a name,
//! [`show`] prints one rule in full: definition, source, examples, and for a piece where
//! it can go from a sample square, computed by the generated move generator on a board
//! holding the unit alone, then among units in the way when those change its moves (the
//! hoppers). Nothing here knows a particular piece.

use crate::engine::codes::{code_of, CodeSet};
use crate::engine::input::Language;
use crate::engine::output::names::Names;
use crate::engine::output::notation::move_text;
use crate::engine::Vocabulary;
use crate::engine::{
    Board, Castling, ConditionInfo, Kind, KindInfo, Move, MoveList, Owner, Piece, Position,
    PromotionChoice, RuleSet, Side, Square,
};
use crate::rules::EXAMPLES;
use crate::Rules;
use std::collections::BTreeSet;
use std::fmt::Write;

/// The widest a listing line gets before its definition is cut with `…`.
const WIDTH: usize = 110;

/// A rule found by [`find`].
#[derive(Clone, Copy, Debug)]
pub enum Found {
    /// A kind of unit.
    Piece(Kind),
    /// A condition, by its index in `Rules::CONDITIONS`.
    Condition(usize),
}

/// Case- and blank-insensitive form of a name.
fn folded(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The rule called `name`, case-insensitively: a piece's rule name or one of its
/// fairyforge codes, a condition's rule name or one of the names problems write (blanks
/// ignored), and last a piece's reference code.
pub fn find(name: &str) -> Option<Found> {
    let wanted = folded(name);
    let kinds = Rules::KINDS.iter().enumerate();
    let kind = |pick: &dyn Fn(&KindInfo) -> bool| {
        kinds
            .clone()
            .find(|(_, k)| pick(k))
            .map(|(i, _)| Found::Piece(Kind(i as u8)))
    };
    let code = |codes: &[&str]| codes.iter().any(|c| c.eq_ignore_ascii_case(name.trim()));
    kind(&|k| folded(k.name) == wanted)
        .or_else(|| condition(|c| folded(c.name) == wanted))
        .or_else(|| kind(&|k| code(k.codes)))
        .or_else(|| condition(|c| c.names.iter().any(|n| folded(n) == wanted)))
        .or_else(|| kind(&|k| code(k.popeye_codes)))
}

fn condition(pick: impl Fn(&ConditionInfo) -> bool) -> Option<Found> {
    Rules::CONDITIONS
        .iter()
        .position(pick)
        .map(Found::Condition)
}

/// The rules whose names contain `name` (for a hint when nothing matches exactly).
pub fn similar(name: &str) -> Vec<&'static str> {
    let wanted = folded(name);
    if wanted.is_empty() {
        return Vec::new();
    }
    Rules::KINDS
        .iter()
        .map(|k| k.name)
        .chain(Rules::CONDITIONS.iter().map(|c| c.name))
        .filter(|n| folded(n).contains(&wanted))
        .collect()
}

/// The first sentence of a definition, cut to `width` characters.
fn first_sentence(text: &str, width: usize) -> String {
    let end = text
        .char_indices()
        .find(|&(i, c)| c == '.' && text[i + 1..].starts_with(' '))
        .map_or(text.len(), |(i, _)| i + 1);
    let sentence = &text[..end];
    if sentence.chars().count() <= width {
        sentence.to_string()
    } else {
        let cut: String = sentence.chars().take(width.saturating_sub(1)).collect();
        format!("{}…", cut.trim_end())
    }
}

/// Lays out rows as columns (the last column unpadded), each line cut to [`WIDTH`] by
/// shortening the last column.
fn columns(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::from("  ");
        for (c, cell) in row.iter().enumerate() {
            if c + 1 == row.len() {
                let room = WIDTH.saturating_sub(line.chars().count()).max(20);
                line.push_str(&first_sentence(cell, room));
            } else {
                let _ = write!(line, "{cell:<w$}  ", w = widths[c]);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Every piece and every condition, one line each.
pub fn list() -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Pieces ({}):", Rules::KINDS.len());
    let mut rows = vec![vec![
        "name".to_string(),
        "codes".to_string(),
        "reference".to_string(),
        "definition".to_string(),
    ]];
    for k in Rules::KINDS {
        let reference = if k.popeye_codes == k.codes {
            String::new()
        } else {
            k.popeye_codes.join(" ")
        };
        rows.push(vec![
            k.name.to_string(),
            k.codes.join(" "),
            reference,
            k.definition.to_string(),
        ]);
    }
    out.push_str(&columns(&rows));
    for (title, attributes) in [("Conditions", false), ("Attributes of units", true)] {
        let rules = Rules::CONDITIONS
            .iter()
            .filter(|c| c.attribute == attributes);
        let _ = writeln!(out, "\n{title} ({}):", rules.clone().count());
        let mut rows = vec![vec![
            "name".to_string(),
            "written".to_string(),
            "definition".to_string(),
        ]];
        for c in rules {
            rows.push(vec![
                c.name.to_string(),
                c.names.join(", "),
                c.definition.to_string(),
            ]);
        }
        out.push_str(&columns(&rows));
    }
    out.push_str(
        "\n`fairyforge rules NAME` shows one of them in full (a name or a code, any case).\n",
    );
    out
}

/// `text` wrapped at `width` columns, each line indented by `indent` blanks.
fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            let _ = writeln!(out, "{}{line}", " ".repeat(indent));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{}{line}", " ".repeat(indent));
    }
    out
}

/// The examples written beside the rule `name`: each with its source, problem and the
/// solution it expects.
fn examples_of(name: &str) -> String {
    let mut out = String::new();
    let examples: Vec<_> = EXAMPLES.iter().filter(|e| e.rule == name).collect();
    if examples.is_empty() {
        out.push_str("\nNo example.\n");
        return out;
    }
    let _ = writeln!(out, "\nExamples ({}):", examples.len());
    for e in examples {
        let _ = writeln!(out, "\n  \"{}\" ({})", e.title, e.source);
        for l in e.problem.lines() {
            let _ = writeln!(out, "    {l}");
        }
        out.push_str("    expected solution:\n");
        for l in e.solution.lines() {
            let _ = writeln!(out, "      {l}");
        }
    }
    out
}

/// The full description of a rule: definition, source, examples, and for a piece where
/// it goes from a sample square.
pub fn show(found: Found) -> String {
    match found {
        Found::Piece(kind) => show_piece(kind),
        Found::Condition(i) => {
            let c = &Rules::CONDITIONS[i];
            let what = if c.attribute {
                "Attribute"
            } else {
                "Condition"
            };
            let mut out = format!("{what} {} ({})\n", c.name, c.source);
            let names: Vec<String> = c.names.iter().map(|n| format!("\"{n}\"")).collect();
            let _ = writeln!(out, "  written: {}", names.join(", "));
            if !c.params.is_empty() {
                let params: Vec<&str> = c.params.iter().filter_map(|p| p.word()).collect();
                let _ = writeln!(out, "  followed by: {}", params.join(", "));
            }
            out.push_str("\nDefinition:\n");
            out.push_str(&wrap(c.definition, 80, 2));
            out.push_str(&examples_of(c.name));
            out
        }
    }
}

fn show_piece(kind: Kind) -> String {
    let k = &Rules::KINDS[kind.index()];
    let mut out = format!("Piece {} ({})\n", k.name, k.source);
    let _ = writeln!(out, "  codes: {}", k.codes.join(" "));
    for (label, list) in [
        ("reference", k.popeye_codes),
        ("German", k.german),
        ("French", k.french),
    ] {
        if list != k.codes {
            let _ = writeln!(out, "  {label} codes: {}", list.join(" "));
        }
    }
    let flags: Vec<&str> = [
        (k.royal, "royal"),
        (k.pawn, "pawn"),
        (k.castling_partner, "castling partner"),
        (k.unlettered, "written without its code"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, name)| *name)
    .collect();
    if !flags.is_empty() {
        let _ = writeln!(out, "  {}", flags.join(", "));
    }
    let promotion = match k.promotion {
        PromotionChoice::Always => "always",
        PromotionChoice::IfPresent => "when a unit of the kind is in the problem",
        PromotionChoice::Never => "never",
    };
    let _ = writeln!(out, "  a pawn promotes to it: {promotion}");
    out.push_str("\nDefinition:\n");
    out.push_str(&wrap(k.definition, 80, 2));
    out.push_str(&moves_of(kind));
    out.push_str(&examples_of(k.name));
    out
}

// ---------------------------------------------------------------------------
// Where a unit can go, by the generated move generator

/// The moves a white unit of `kind` on `from` generates among `others`.
fn generate(kind: Kind, from: Square, others: &[(Square, Piece)]) -> MoveList {
    let mut board = Board::empty();
    let piece = Piece::new(kind, Owner::White);
    board.put(from, piece);
    for &(sq, p) in others {
        board.put(sq, p);
    }
    let rules = Rules::default();
    let pos = Position::new(board, Side::White, Castling::NONE, None, rules.clone());
    let mut out = MoveList::new();
    rules.generate(&pos, from, piece, Side::White, &mut out);
    out
}

/// The kind used for the other units of the diagrams: a pawn if the rules have one.
fn filler() -> Kind {
    let i = Rules::KINDS
        .iter()
        .position(|k| k.pawn && !k.royal)
        .or_else(|| Rules::KINDS.iter().position(|k| !k.royal))
        .unwrap_or(0);
    Kind(i as u8)
}

/// How a unit is drawn: its fairyforge code, lower case for Black.
fn letter(p: Piece) -> String {
    let code = code_of(Rules::KINDS, CodeSet::Fairyforge, p.kind);
    match p.owner {
        Owner::Black => code.to_lowercase(),
        _ => code.to_string(),
    }
}

/// A board of cells (index = square), rank 8 on top, with coordinates.
fn draw(cells: &[String; 64]) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let _ = write!(out, "    {}", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on the board");
            let _ = write!(out, "{:>4}", cells[sq.index()]);
        }
        out.push('\n');
    }
    out.push_str("     ");
    for file in "abcdefgh".chars() {
        let _ = write!(out, "{file:>4}");
    }
    out.push('\n');
    out
}

/// The units in the way of the second diagram: white pawns at `d6 f5`, black pawns at
/// `d7 f6 f4 c3 b2`, so that lines from d4 meet hurdles of either colour at several
/// distances, two in a row (c3 b2, d6 d7), and midpoints of longer leaps (f5, f6).
fn obstacles() -> Vec<(Square, Piece)> {
    let pawn = filler();
    let at = |name: &str, owner: Owner| {
        (
            Square::parse(name).expect("a square name"),
            Piece::new(pawn, owner),
        )
    };
    vec![
        at("d6", Owner::White),
        at("f5", Owner::White),
        at("d7", Owner::Black),
        at("f6", Owner::Black),
        at("f4", Owner::Black),
        at("c3", Owner::Black),
        at("b2", Owner::Black),
    ]
}

/// Quiet arrival squares and capture squares of `moves`.
fn targets(moves: &[Move]) -> (BTreeSet<Square>, BTreeSet<Square>) {
    let quiet = moves
        .iter()
        .filter(|m| m.captured.is_none())
        .map(|m| m.to)
        .collect();
    let captures = moves
        .iter()
        .filter(|m| m.captured.is_some())
        .map(|m| m.capture_at)
        .collect();
    (quiet, captures)
}

/// The two diagrams of a piece: from its sample square (d4, d2 for a pawn) on an
/// otherwise empty board, then among units in the way when those give it moves it does
/// not have on the empty board (a hopper), with the moves written out.
fn moves_of(kind: Kind) -> String {
    let info = &Rules::KINDS[kind.index()];
    let from = Square::parse(if info.pawn { "d2" } else { "d4" }).expect("a square name");
    let me = Piece::new(kind, Owner::White);
    let (quiet, _) = targets(&generate(kind, from, &[]));
    // a capture square: the unit takes a black unit standing there alone
    let mut captures = BTreeSet::new();
    let mut lands_elsewhere = false;
    for t in Square::ALL {
        if t == from {
            continue;
        }
        let lone = [(t, Piece::new(filler(), Owner::Black))];
        for m in generate(kind, from, &lone) {
            if m.captured.is_some() && m.capture_at == t {
                captures.insert(t);
                lands_elsewhere |= m.to != t;
            }
        }
    }
    let mut cells: [String; 64] = std::array::from_fn(|_| ".".to_string());
    for sq in Square::ALL {
        cells[sq.index()] = match (quiet.contains(&sq), captures.contains(&sq)) {
            (true, true) => "*".into(),
            (true, false) => "o".into(),
            (false, true) => "x".into(),
            (false, false) => ".".into(),
        };
    }
    cells[from.index()] = letter(me);
    let mut out = format!(
        "\nWhere a white {} on {from} can go on an otherwise empty board:\n\n",
        info.name
    );
    out.push_str(&draw(&cells));
    out.push_str(
        "\n    o moves there   x captures a unit standing there alone   * both   . neither\n",
    );
    if info.pawn {
        return out;
    }
    let others = obstacles();
    let moves = generate(kind, from, &others);
    let (quiet_b, captures_b) = targets(&moves);
    let hops = !quiet_b.is_subset(&quiet) || !captures_b.is_subset(&captures) || lands_elsewhere;
    if !hops {
        return out;
    }
    let mut cells: [String; 64] = std::array::from_fn(|_| ".".to_string());
    for &(sq, p) in &others {
        cells[sq.index()] = letter(p);
    }
    for m in &moves {
        if m.captured.is_some() {
            cells[m.capture_at.index()] = format!("x{}", cells[m.capture_at.index()]);
        }
        if cells[m.to.index()] == "." {
            cells[m.to.index()] = "o".into();
        }
    }
    cells[from.index()] = letter(me);
    let filler_code = letter(Piece::new(filler(), Owner::White));
    let _ = writeln!(
        out,
        "\nAmong units in the way ({filler_code} white, {} black):\n",
        filler_code.to_lowercase()
    );
    out.push_str(&draw(&cells));
    out.push_str("\n    o arrives there   x before a unit: captures it\n");
    let names = Names::new(Rules::KINDS, CodeSet::Fairyforge, Language::English);
    let mut written: Vec<String> = moves.iter().map(|m| move_text(&names, m)).collect();
    written.dedup();
    if written.is_empty() {
        out.push_str("    no move\n");
    } else {
        out.push('\n');
        out.push_str(&wrap(&written.join("  "), 76, 4));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str) -> Kind {
        match find(name) {
            Some(Found::Piece(k)) => k,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn rules_are_found_by_name_code_or_condition_name() {
        let grasshopper = piece("Grasshopper");
        assert_eq!(Rules::KINDS[grasshopper.index()].name, "Grasshopper");
        assert_eq!(piece("grasshopper"), grasshopper);
        assert_eq!(piece("g"), grasshopper);
        // fairyforge's codes before the reference's: EQ is the non-stop Equihopper
        assert_eq!(Rules::KINDS[piece("EQ").index()].name, "Equihopper");
        assert_eq!(Rules::KINDS[piece("ea").index()].name, "EnglishEquihopper");
        for written in ["Circe File", "circefile", "FileCirce", "CIRCE  FILE"] {
            match find(written) {
                Some(Found::Condition(i)) => assert_eq!(Rules::CONDITIONS[i].name, "CirceFile"),
                other => panic!("{written}: {other:?}"),
            }
        }
        assert!(find("Xyzzy").is_none());
        assert!(similar("circe").contains(&"CirceEquipollents"));
        assert!(similar("").is_empty());
    }

    #[test]
    fn the_list_names_every_rule_once() {
        let text = list();
        for k in Rules::KINDS {
            let line = text
                .lines()
                .find(|l| l.split_whitespace().next() == Some(k.name))
                .unwrap_or_else(|| panic!("{} missing", k.name));
            assert!(line.contains(&k.codes.join(" ")), "{line}");
            assert!(line.chars().count() <= WIDTH, "{line}");
        }
        for c in Rules::CONDITIONS {
            assert!(text.lines().any(|l| l.trim_start().starts_with(c.name)));
        }
        // the reference's codes only where they differ
        let eq = text
            .lines()
            .find(|l| l.starts_with("  Equihopper "))
            .unwrap();
        assert!(eq.contains("EQ NE  NE "), "{eq}");
        let g = text
            .lines()
            .find(|l| l.starts_with("  Grasshopper "))
            .unwrap();
        assert!(!g.contains(" G  G "), "{g}");
    }

    #[test]
    fn definitions_are_cut_at_their_first_sentence() {
        assert_eq!(first_sentence("One. Two.", 40), "One.");
        assert_eq!(first_sentence("Moves 1.5 squares", 40), "Moves 1.5 squares");
        assert_eq!(first_sentence("abcdefghij", 5), "abcd…");
        assert_eq!(wrap("a b c d", 3, 1), " a b\n c d\n");
    }

    /// The marks a diagram shows on `square` (rank 8 first; cells four wide).
    fn cell<'a>(diagram: &'a str, square: &str) -> &'a str {
        let sq = Square::parse(square).unwrap();
        let line = diagram
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", sq.rank() + 1)))
            .unwrap();
        let start = 5 + 4 * sq.file() as usize;
        line[start..start + 4].trim()
    }

    #[test]
    fn a_rider_is_drawn_once_and_a_hopper_with_hurdles() {
        let rook = moves_of(piece("R"));
        assert_eq!(cell(&rook, "d4"), "R");
        assert_eq!(cell(&rook, "d8"), "*");
        assert_eq!(cell(&rook, "a4"), "*");
        assert_eq!(cell(&rook, "e5"), ".");
        assert!(!rook.contains("Among units in the way"));

        let grasshopper = moves_of(piece("G"));
        let (empty, hurdles) = grasshopper.split_once("Among units in the way").unwrap();
        for sq in Square::ALL
            .iter()
            .filter(|&&s| s != Square::parse("d4").unwrap())
        {
            assert_eq!(cell(empty, &sq.to_string()), ".", "{empty}");
        }
        // over d6 onto the black unit on d7, over f6 to g7, over c3 onto b2
        assert_eq!(cell(hurdles, "d7"), "xp");
        assert_eq!(cell(hurdles, "g7"), "o");
        assert_eq!(cell(hurdles, "b2"), "xp");
        assert_eq!(cell(hurdles, "d5"), ".");
        assert!(hurdles.contains("Gd4*d7"), "{hurdles}");

        let pawn = moves_of(piece("P"));
        assert_eq!(cell(&pawn, "d2"), "P");
        assert_eq!(cell(&pawn, "d4"), "o");
        assert_eq!(cell(&pawn, "c3"), "x");
        assert!(!pawn.contains("Among units in the way"));
    }

    #[test]
    fn a_rule_in_full() {
        let text = show(Found::Piece(piece("Grasshopper")));
        let k = &Rules::KINDS[piece("G").index()];
        assert!(text.starts_with(&format!("Piece Grasshopper ({})\n", k.source)));
        assert!(text.contains("Examples ("), "{text}");
        for e in EXAMPLES.iter().filter(|e| e.rule == "Grasshopper") {
            assert!(text.contains(e.title) && text.contains(e.source));
        }
        let Some(Found::Condition(i)) = find("Disparate") else {
            panic!("Disparate is a condition");
        };
        let text = show(Found::Condition(i));
        assert!(text.contains("written: \"Disparate\""), "{text}");
        assert!(text.contains("1.nQc1-c8 # !"), "{text}");
    }
}
