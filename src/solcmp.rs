//! Solution comparison in the reference solver's text convention.
//!
//! The spec tests judge fairyforge by comparing its output with the output the
//! reference solver printed for the same problem (`*.ref` files of the corpus),
//! and the worked examples of the rule files by comparing the solution part of
//! the output with the solution the example expects ([`compare_solutions`],
//! used by the generated example tests and by `fairyforge check-rules`).
//! Two outputs are equal when they hold the same solutions: the order in which
//! keys, variations or help-play lines are printed does not matter, and neither
//! do the heading, the diagram, the piece counts, condition lines, timings,
//! move counters and progress lines. This module is the Rust twin of the
//! project's `solcmp` tool (`shared/tools/solcmp`): [`canonical`] builds the
//! same canonical form, [`render`] prints it byte for byte as
//! `solcmp --canon FILE` does, and [`compare`] says whether two outputs are
//! equal and gives a unified-style diff of their canonical forms for reports.
//!
//! What the canonical form is, per problem and per twin: the solution lines,
//! as a tree built from their indentation, with every node's children sorted by
//! their rendering, runs of white space collapsed to one blank. A file may hold
//! several problems; each is found by its board diagram or, when the board is
//! not printed, by the closing "solution finished." line.
//!
//! The tool is written in Python, so the helpers here reproduce Python's
//! notions exactly where they matter: `str.splitlines`, `str.strip`/`isspace`
//! (which count U+001C..U+001F as white space, unlike Rust), the regular
//! expression classes `\s` and `\d` (any Unicode decimal digit), and the
//! case-insensitive matching of `re.I`.

use std::cmp::Ordering;
use std::fmt;
use std::io;
use std::path::Path;

/// One solution line with the lines indented below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The line, stripped, with runs of white space collapsed to one blank.
    pub text: String,
    /// The lines indented deeper that follow it, sorted.
    pub children: Vec<Node>,
}

/// The solutions of one twin (or of a problem without twins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    /// The twin heading with runs of blanks collapsed, as `"b) -wBe7 +wSe8"`
    /// (`"a) "`, with its blank, when it lists no change), or `None` for the
    /// part of a problem before its first twin heading (the whole problem
    /// when it has no twins).
    pub key: Option<String>,
    /// The solution lines as a sorted forest.
    pub tree: Vec<Node>,
}

/// The canonical form of one problem of an output file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Its twins in the order printed (the letters identify them).
    pub twins: Vec<Twin>,
}

/// Outcome of [`compare`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Whether both outputs hold the same solutions.
    pub equal: bool,
    /// The canonical form of the expected output, as [`render`] prints it.
    pub expected: String,
    /// The canonical form of the actual output, as [`render`] prints it.
    pub actual: String,
    /// A unified-style diff of the two canonical forms (`-` lines only in the
    /// expected one, `+` lines only in the actual one, three lines of
    /// context); empty when they are equal.
    pub diff: String,
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.equal {
            f.write_str("same solutions")
        } else {
            f.write_str(&self.diff)
        }
    }
}

/// The canonical form of a solver output: its problems, each with its twins'
/// solution trees.
pub fn canonical(text: &str) -> Vec<Problem> {
    split_problems(text)
        .into_iter()
        .map(|lines| Problem {
            twins: twins(&lines),
        })
        .collect()
}

/// Prints canonical forms exactly as `solcmp --canon` does: each problem as
/// `# problem N`, each twin as its key followed by its tree indented by two
/// blanks per level (the tree of the twinless part unindented).
pub fn render(problems: &[Problem]) -> String {
    let blocks: Vec<String> = problems
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let body: Vec<String> = p
                .twins
                .iter()
                .map(|t| match &t.key {
                    None => render_forest(&t.tree, 0),
                    Some(k) => format!("{k}\n{}", render_forest(&t.tree, 1)),
                })
                .collect();
            format!("# problem {}\n{}", i + 1, body.join("\n"))
        })
        .collect();
    blocks.join("\n") + "\n"
}

/// Reads an output file as the tool does: UTF-8, invalid bytes replaced by
/// U+FFFD.
pub fn read_output(path: &Path) -> io::Result<String> {
    Ok(String::from_utf8_lossy(&std::fs::read(path)?).into_owned())
}

/// The canonical form of `text` printed, i.e. `render(&canonical(text))`.
pub fn canonical_text(text: &str) -> String {
    render(&canonical(text))
}

/// The comparison of two canonical forms, with their diff when they differ.
fn comparison(expected: String, actual: String) -> Comparison {
    let equal = expected == actual;
    let diff = if equal {
        String::new()
    } else {
        unified_diff(&expected, &actual, "expected", "actual")
    };
    Comparison {
        equal,
        expected,
        actual,
        diff,
    }
}

/// Compares two solver outputs by their canonical forms.
pub fn compare(expected: &str, actual: &str) -> Comparison {
    let expected = canonical_text(expected);
    let actual = canonical_text(actual);
    comparison(expected, actual)
}

/// The canonical form of a solution part alone: the solution lines of a problem,
/// with its twin headings if it has twins, but without heading, diagram or
/// closing line (as a rule file's example writes its expected solution).
pub fn canonical_solutions(text: &str) -> Problem {
    let lines: Vec<String> = py_splitlines(text)
        .into_iter()
        .map(|l| py_rstrip(l).to_string())
        .collect();
    Problem {
        twins: twins(&lines),
    }
}

/// Compares two solution parts (see [`canonical_solutions`]) as [`compare`]
/// compares whole outputs: same tree of lines by indentation, siblings in any
/// order, white space runs collapsed.
pub fn compare_solutions(expected: &str, actual: &str) -> Comparison {
    // as `render` prints one problem, without its `# problem 1` line
    let rendered = |text: &str| {
        let whole = render(&[canonical_solutions(text)]);
        whole
            .split_once('\n')
            .map_or(String::new(), |(_, rest)| rest.to_string())
    };
    let expected = rendered(expected);
    let actual = rendered(actual);
    comparison(expected, actual)
}

// ---------------------------------------------------------------------------
// Splitting an output into problems and twins

/// Lines of one problem after its heading: the material of its twins.
fn split_problems(text: &str) -> Vec<Vec<String>> {
    #[derive(PartialEq)]
    enum State {
        Header,
        Board,
        AfterBoard,
        Body,
    }
    const BOARD_EDGE: &str = "+---a---b---c---d---e---f---g---h---+";
    let mut out = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut state = State::Header;
    let mut edges = 0usize;
    for raw in py_splitlines(text) {
        let l = py_rstrip(raw);
        let stripped = py_strip(l);
        if stripped == BOARD_EDGE {
            edges += 1;
            state = if edges % 2 == 1 {
                State::Board
            } else {
                State::AfterBoard
            };
            // whatever stood before the diagram was its heading
            cur.clear();
            continue;
        }
        match state {
            State::Board => continue,
            State::AfterBoard => {
                // the stipulation line, then centred condition/option lines,
                // up to the first blank line
                if stripped.is_empty() {
                    state = State::Body;
                }
                continue;
            }
            State::Header | State::Body => {}
        }
        if is_finished(stripped) {
            let lines = std::mem::take(&mut cur);
            out.push(if state == State::Header {
                strip_heading(lines)
            } else {
                lines
            });
            state = State::Header;
            continue;
        }
        cur.push(l.to_string());
    }
    if state == State::Body && cur.iter().any(|x| !py_strip(x).is_empty()) {
        out.push(cur);
    }
    out
}

/// Whether a stripped line is the closing line of a problem, in one of the
/// three output languages.
fn is_finished(stripped: &str) -> bool {
    let lower = stripped.to_lowercase();
    ["solution finished", "loesung beendet", "solution terminee"]
        .iter()
        .any(|f| lower.starts_with(f))
}

/// Without a diagram: drops the heading up to the stipulation line and the
/// lines after it up to the first blank one.
fn strip_heading(lines: Vec<String>) -> Vec<String> {
    for i in (0..lines.len()).rev() {
        if is_stip_line(&lines[i]) {
            let mut j = i + 1;
            while j < lines.len() && !py_strip(&lines[j]).is_empty() {
                j += 1;
            }
            return lines[j..].to_vec();
        }
    }
    lines
}

/// Splits a problem's lines into twins keyed by their letter.
fn twins(lines: &[String]) -> Vec<Twin> {
    let mut parts: Vec<(Option<String>, Vec<&str>)> = Vec::new();
    let mut key: Option<String> = None;
    let mut cur: Vec<&str> = Vec::new();
    for l in lines {
        let stripped = py_strip(l);
        if let Some((letter, rest)) = twin_heading(stripped) {
            if l.starts_with(letter) || stripped == py_lstrip(l) {
                if !cur.is_empty() || key.is_some() {
                    parts.push((key.take(), std::mem::take(&mut cur)));
                }
                key = Some(format!("{letter}) {}", py_strip(&collapse_ws(rest))));
                continue;
            }
        }
        cur.push(l);
    }
    parts.push((key, cur));
    parts
        .into_iter()
        .filter(|(k, v)| k.is_some() || v.iter().any(|x| !py_strip(x).is_empty()))
        .map(|(key, v)| Twin {
            key,
            tree: tree(&v),
        })
        .collect()
}

/// `^([a-z])\)\s*(.*)$` on a stripped line: the twin letter and the rest.
fn twin_heading(s: &str) -> Option<(char, &str)> {
    let mut it = s.char_indices();
    let (_, letter) = it.next()?;
    let (_, paren) = it.next()?;
    if !letter.is_ascii_lowercase() || paren != ')' {
        return None;
    }
    Some((letter, py_lstrip(&s[2..])))
}

// ---------------------------------------------------------------------------
// Solution trees

/// A node together with its rendering at depth 0, the key it is sorted by.
struct Keyed {
    key: String,
    node: Node,
}

/// Builds the indentation tree of a twin's lines, siblings sorted.
fn tree(lines: &[&str]) -> Vec<Node> {
    let mut items: Vec<(usize, String)> = Vec::new();
    for raw in lines {
        let l = clean(raw);
        let stripped = py_strip(&l);
        if stripped.is_empty() || is_counter(&l) || is_progress(&l) {
            continue;
        }
        // the reference's version line, and closing lines
        if stripped.starts_with("Popeye ") || is_finished(stripped) {
            continue;
        }
        let indent = l.chars().take_while(|&c| c == ' ').count();
        items.push((indent, collapse_ws(stripped)));
    }
    let (root, _) = build(&items, 0, 0);
    root.into_iter().map(|k| k.node).collect()
}

/// Collects the nodes starting at `items[i]` whose indentation is at least
/// `min_indent`; returns them sorted and the index of the first item left.
fn build(items: &[(usize, String)], mut i: usize, min_indent: usize) -> (Vec<Keyed>, usize) {
    let mut nodes = Vec::new();
    while i < items.len() && items[i].0 >= min_indent {
        let (indent, text) = (items[i].0, items[i].1.clone());
        i += 1;
        let children = if i < items.len() && items[i].0 > indent {
            let (children, next) = build(items, i, indent + 1);
            i = next;
            children
        } else {
            Vec::new()
        };
        let mut key = text.clone();
        for c in &children {
            for line in c.key.split('\n') {
                key.push_str("\n  ");
                key.push_str(line);
            }
        }
        nodes.push(Keyed {
            key,
            node: Node {
                text,
                children: children.into_iter().map(|k| k.node).collect(),
            },
        });
    }
    // Rust compares strings by UTF-8 bytes, which orders them by code point
    // as Python does.
    nodes.sort_by(|a, b| a.key.cmp(&b.key));
    (nodes, i)
}

/// Renders a forest, two blanks of indentation per level below `depth`.
fn render_forest(nodes: &[Node], depth: usize) -> String {
    let mut lines = Vec::new();
    render_into(nodes, depth, &mut lines);
    lines.join("\n")
}

fn render_into(nodes: &[Node], depth: usize, lines: &mut Vec<String>) {
    for n in nodes {
        lines.push(format!("{}{}", "  ".repeat(depth), n.text));
        render_into(&n.children, depth + 1, lines);
    }
}

// ---------------------------------------------------------------------------
// Line classifiers (the tool's regular expressions)

/// Removes the timings (`TIME` of the tool) and trailing white space.
fn clean(line: &str) -> String {
    py_rstrip(&remove_timings(line)).to_string()
}

/// Removes every match of `\(?\s*(Time|Zeit|Temps) = [0-9.]+ s\s*\)?`.
fn remove_timings(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        match timing_at(&chars, i) {
            Some(end) => i = end,
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

/// The end of a timing match starting at `i`, if one starts there. Greedy
/// matching is exact here: no shorter choice of a repetition could let the
/// rest of the pattern match.
fn timing_at(c: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if c.get(j) == Some(&'(') {
        j += 1;
    }
    while j < c.len() && py_isspace(c[j]) {
        j += 1;
    }
    j = ["Time", "Zeit", "Temps"]
        .iter()
        .find_map(|w| literal_at(c, j, w))?;
    j = literal_at(c, j, " = ")?;
    let digits = j;
    while j < c.len() && (c[j].is_ascii_digit() || c[j] == '.') {
        j += 1;
    }
    if j == digits {
        return None;
    }
    j = literal_at(c, j, " s")?;
    while j < c.len() && py_isspace(c[j]) {
        j += 1;
    }
    if c.get(j) == Some(&')') {
        j += 1;
    }
    Some(j)
}

fn literal_at(c: &[char], i: usize, lit: &str) -> Option<usize> {
    let mut j = i;
    for l in lit.chars() {
        if c.get(j) != Some(&l) {
            return None;
        }
        j += 1;
    }
    Some(j)
}

/// `^\s*[A-Za-z_ ]+:\s+\d+\s*$`: a move counter line such as `name:  123`.
fn is_counter(line: &str) -> bool {
    let Some(colon) = line.find(':') else {
        return false;
    };
    let (name, rest) = (&line[..colon], &line[colon + 1..]);
    // name: white space, then at least one of [A-Za-z_ ]
    let is_name_char = |c: char| c.is_ascii_alphabetic() || c == '_' || c == ' ';
    let name_start = name
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_name_char(c))
        .last()
        .map(|(i, _)| i);
    let Some(name_start) = name_start else {
        return false;
    };
    if !name[..name_start].chars().all(py_isspace) {
        return false;
    }
    // rest: at least one white space, at least one digit, white space
    let rest = rest.trim_end_matches(py_isspace);
    let digits = rest.trim_start_matches(py_isspace);
    digits.len() < rest.len() && !digits.is_empty() && digits.chars().all(py_isdecimal)
}

/// Whether the line holds a progress report of the intelligent mode
/// (searched case-insensitively as `re.I` does).
fn is_progress(line: &str) -> bool {
    const PATTERNS: [&str; 3] = [
        "potential positions in",
        "moegliche stellungen in",
        "positions possibles dans",
    ];
    let folded: Vec<char> = line.chars().map(fold_case).collect();
    PATTERNS.iter().any(|p| {
        let p: Vec<char> = p.chars().collect();
        folded.windows(p.len()).any(|w| w == p.as_slice())
    })
}

/// The character that `re.I` matches a pattern's lowercase ASCII letter to.
fn fold_case(c: char) -> char {
    match c {
        '\u{130}' | '\u{131}' => 'i',
        '\u{17f}' => 's',
        'K' => 'k',
        c => c.to_ascii_lowercase(),
    }
}

/// `^\s+\S.*\s\d+\s*\+\s*\d+(\s*\+\s*\d+n)?(\s*\+\s*\d+\S*)?\s*$`: the
/// stipulation line with the piece counts, as matched when no diagram is
/// printed. Evaluated as sets of reachable positions, which is exact for a
/// regular expression without back references.
fn is_stip_line(line: &str) -> bool {
    let c: Vec<char> = line.chars().collect();
    let n = c.len();
    // ^\s+\S : the first non-space character, after at least one space
    let Some(q) = c.iter().position(|&x| !py_isspace(x)) else {
        return false;
    };
    if q == 0 {
        return false;
    }
    // .* : the tail may start anywhere after that character
    let mut s = vec![false; n + 1];
    for slot in s.iter_mut().skip(q + 1) {
        *slot = true;
    }
    let ws = py_isspace;
    let nws = |x: char| !py_isspace(x);
    let dig = py_isdecimal;
    let plus = |x: char| x == '+';
    let sets = Positions { c: &c };
    let s = sets.one(&s, ws);
    let s = sets.many1(&s, dig);
    let s = sets.many0(&s, ws);
    let s = sets.one(&s, plus);
    let s = sets.many0(&s, ws);
    let s = sets.many1(&s, dig);
    // (\s*\+\s*\d+n)?
    let g = sets.many0(&s, ws);
    let g = sets.one(&g, plus);
    let g = sets.many0(&g, ws);
    let g = sets.many1(&g, dig);
    let g = sets.one(&g, |x| x == 'n');
    let s = union(&s, &g);
    // (\s*\+\s*\d+\S*)?
    let g = sets.many0(&s, ws);
    let g = sets.one(&g, plus);
    let g = sets.many0(&g, ws);
    let g = sets.many1(&g, dig);
    let g = sets.many0(&g, nws);
    let s = union(&s, &g);
    let s = sets.many0(&s, ws);
    s[n]
}

/// Position-set evaluation of a regular expression over a line's characters.
struct Positions<'a> {
    c: &'a [char],
}

impl Positions<'_> {
    /// Positions reached by one character satisfying `p`.
    fn one(&self, from: &[bool], p: impl Fn(char) -> bool) -> Vec<bool> {
        let mut to = vec![false; from.len()];
        for (i, &ch) in self.c.iter().enumerate() {
            if from[i] && p(ch) {
                to[i + 1] = true;
            }
        }
        to
    }

    /// Positions reached by zero or more characters satisfying `p`.
    fn many0(&self, from: &[bool], p: impl Fn(char) -> bool) -> Vec<bool> {
        let mut to = from.to_vec();
        for (i, &ch) in self.c.iter().enumerate() {
            if to[i] && p(ch) {
                to[i + 1] = true;
            }
        }
        to
    }

    /// Positions reached by one or more characters satisfying `p`.
    fn many1(&self, from: &[bool], p: impl Fn(char) -> bool + Copy) -> Vec<bool> {
        self.many0(&self.one(from, p), p)
    }
}

fn union(a: &[bool], b: &[bool]) -> Vec<bool> {
    a.iter().zip(b).map(|(&x, &y)| x || y).collect()
}

// ---------------------------------------------------------------------------
// Python string semantics

/// Python's `str.isspace` (and the regular expression class `\s`).
fn py_isspace(c: char) -> bool {
    matches!(c, '\t'..='\r' | '\u{1c}'..='\u{20}') || (c > '\u{7f}' && c.is_whitespace())
}

/// Python's `str.isdecimal` (and the regular expression class `\d`): the
/// Unicode decimal digits (general category Nd, Unicode 14).
fn py_isdecimal(c: char) -> bool {
    const ND: [(u32, u32); 62] = [
        (0x30, 0x39),
        (0x660, 0x669),
        (0x6F0, 0x6F9),
        (0x7C0, 0x7C9),
        (0x966, 0x96F),
        (0x9E6, 0x9EF),
        (0xA66, 0xA6F),
        (0xAE6, 0xAEF),
        (0xB66, 0xB6F),
        (0xBE6, 0xBEF),
        (0xC66, 0xC6F),
        (0xCE6, 0xCEF),
        (0xD66, 0xD6F),
        (0xDE6, 0xDEF),
        (0xE50, 0xE59),
        (0xED0, 0xED9),
        (0xF20, 0xF29),
        (0x1040, 0x1049),
        (0x1090, 0x1099),
        (0x17E0, 0x17E9),
        (0x1810, 0x1819),
        (0x1946, 0x194F),
        (0x19D0, 0x19D9),
        (0x1A80, 0x1A89),
        (0x1A90, 0x1A99),
        (0x1B50, 0x1B59),
        (0x1BB0, 0x1BB9),
        (0x1C40, 0x1C49),
        (0x1C50, 0x1C59),
        (0xA620, 0xA629),
        (0xA8D0, 0xA8D9),
        (0xA900, 0xA909),
        (0xA9D0, 0xA9D9),
        (0xA9F0, 0xA9F9),
        (0xAA50, 0xAA59),
        (0xABF0, 0xABF9),
        (0xFF10, 0xFF19),
        (0x104A0, 0x104A9),
        (0x10D30, 0x10D39),
        (0x11066, 0x1106F),
        (0x110F0, 0x110F9),
        (0x11136, 0x1113F),
        (0x111D0, 0x111D9),
        (0x112F0, 0x112F9),
        (0x11450, 0x11459),
        (0x114D0, 0x114D9),
        (0x11650, 0x11659),
        (0x116C0, 0x116C9),
        (0x11730, 0x11739),
        (0x118E0, 0x118E9),
        (0x11950, 0x11959),
        (0x11C50, 0x11C59),
        (0x11D50, 0x11D59),
        (0x11DA0, 0x11DA9),
        (0x16A60, 0x16A69),
        (0x16AC0, 0x16AC9),
        (0x16B50, 0x16B59),
        (0x1D7CE, 0x1D7FF),
        (0x1E140, 0x1E149),
        (0x1E2F0, 0x1E2F9),
        (0x1E950, 0x1E959),
        (0x1FBF0, 0x1FBF9),
    ];
    let c = c as u32;
    ND.binary_search_by(|&(lo, hi)| {
        if hi < c {
            Ordering::Less
        } else if lo > c {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    })
    .is_ok()
}

/// Python's `str.splitlines()`: breaks at `\n`, `\r\n`, `\r`, `\v`, `\f`,
/// U+001C..U+001E, U+0085, U+2028 and U+2029; no empty last line.
fn py_splitlines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let is_break = matches!(
            c,
            '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{1c}'
                ..='\u{1e}' | '\u{85}' | '\u{2028}' | '\u{2029}'
        );
        if is_break {
            lines.push(&text[start..i]);
            start = i + c.len_utf8();
            if c == '\r' {
                if let Some(&(j, '\n')) = it.peek() {
                    it.next();
                    start = j + 1;
                }
            }
        }
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

fn py_strip(s: &str) -> &str {
    s.trim_matches(py_isspace)
}

fn py_rstrip(s: &str) -> &str {
    s.trim_end_matches(py_isspace)
}

fn py_lstrip(s: &str) -> &str {
    s.trim_start_matches(py_isspace)
}

/// `re.sub(r"\s+", " ", s)`.
fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_ws = false;
    for c in s.chars() {
        if py_isspace(c) {
            if !in_ws {
                out.push(' ');
            }
            in_ws = true;
        } else {
            out.push(c);
            in_ws = false;
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Unified diff

/// Lines removed, kept or added, as an edit script from `a` to `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    Keep,
    Delete,
    Insert,
}

/// A unified diff of two texts by lines (`--- from`, `+++ to`, hunks with
/// three lines of context); empty when the texts are equal.
pub fn unified_diff(a: &str, b: &str, from: &str, to: &str) -> String {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    let script = edit_script(&a, &b);
    if script.iter().all(|&e| e == Edit::Keep) {
        return String::new();
    }
    const CONTEXT: usize = 3;
    // positions in a and b before each edit
    let mut pos = Vec::with_capacity(script.len() + 1);
    let (mut i, mut j) = (0, 0);
    for &e in &script {
        pos.push((i, j));
        match e {
            Edit::Keep => {
                i += 1;
                j += 1;
            }
            Edit::Delete => i += 1,
            Edit::Insert => j += 1,
        }
    }
    pos.push((i, j));
    // group changes whose context overlaps into hunks of script indices
    let changes: Vec<usize> = (0..script.len())
        .filter(|&k| script[k] != Edit::Keep)
        .collect();
    let mut hunks: Vec<(usize, usize)> = Vec::new();
    for &k in &changes {
        let lo = k.saturating_sub(CONTEXT);
        let hi = (k + 1 + CONTEXT).min(script.len());
        match hunks.last_mut() {
            Some(h) if lo <= h.1 => h.1 = hi,
            _ => hunks.push((lo, hi)),
        }
    }
    let mut out = format!("--- {from}\n+++ {to}\n");
    for (lo, hi) in hunks {
        let (a0, b0) = pos[lo];
        let (a1, b1) = pos[hi];
        out.push_str(&format!(
            "@@ -{} +{} @@\n",
            hunk_range(a0, a1 - a0),
            hunk_range(b0, b1 - b0)
        ));
        for k in lo..hi {
            let (i, j) = pos[k];
            match script[k] {
                Edit::Keep => out.push_str(&format!(" {}\n", a[i])),
                Edit::Delete => out.push_str(&format!("-{}\n", a[i])),
                Edit::Insert => out.push_str(&format!("+{}\n", b[j])),
            }
        }
    }
    out
}

/// A hunk's line range as unified diffs write it (1-based start).
fn hunk_range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        _ => format!("{},{len}", start + 1),
    }
}

/// A shortest edit script (Myers' algorithm) after trimming the common
/// prefix and suffix; when the texts differ in too many places to search the
/// middle economically, the whole middle is replaced.
fn edit_script(a: &[&str], b: &[&str]) -> Vec<Edit> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ma, mb) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut script = vec![Edit::Keep; prefix];
    match myers(ma, mb, 4000) {
        Some(middle) => script.extend(middle),
        None => {
            script.extend(vec![Edit::Delete; ma.len()]);
            script.extend(vec![Edit::Insert; mb.len()]);
        }
    }
    script.extend(vec![Edit::Keep; suffix]);
    script
}

/// Myers' O((N+M)·D) shortest edit script, or `None` when more than
/// `max_d` edits are needed.
fn myers(a: &[&str], b: &[&str], max_d: usize) -> Option<Vec<Edit>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (n + m).min(max_d as isize);
    let offset = max + 1;
    let mut v = vec![0isize; 2 * offset as usize + 1];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let idx = |k: isize| (k + offset) as usize;
    for d in 0..=max {
        trace.push(v.clone());
        let mut k = -d;
        while k <= d {
            let mut x = if k == -d || (k != d && v[idx(k - 1)] < v[idx(k + 1)]) {
                v[idx(k + 1)]
            } else {
                v[idx(k - 1)] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[idx(k)] = x;
            if x >= n && y >= m {
                return Some(backtrack(&trace, n, m, offset));
            }
            k += 2;
        }
    }
    None
}

/// Recovers the edit script from the frontier saved before each round.
fn backtrack(trace: &[Vec<isize>], n: isize, m: isize, offset: isize) -> Vec<Edit> {
    let idx = |k: isize| (k + offset) as usize;
    let mut edits = Vec::new();
    let (mut x, mut y) = (n, m);
    for (d, v) in trace.iter().enumerate().rev() {
        if d == 0 {
            break;
        }
        let d = d as isize;
        let k = x - y;
        let down = k == -d || (k != d && v[idx(k - 1)] < v[idx(k + 1)]);
        let prev_k = if down { k + 1 } else { k - 1 };
        let prev_x = v[idx(prev_k)];
        let prev_y = prev_x - prev_k;
        // the diagonal run after this round's edit
        let mid_x = if down { prev_x } else { prev_x + 1 };
        for _ in mid_x..x {
            edits.push(Edit::Keep);
        }
        edits.push(if down { Edit::Insert } else { Edit::Delete });
        x = prev_x;
        y = prev_y;
    }
    // the diagonal run of round 0, from the start
    while x > 0 && y > 0 {
        edits.push(Edit::Keep);
        x -= 1;
        y -= 1;
    }
    edits.reverse();
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::process::Command;

    /// A #2 with a try, as the reference prints it.
    const BATTLE: &str = "\
Popeye Linux-6.18.44-fc-v669-unknown-64Bit v4.104 (1024 MB)

           Petko A. Petkov

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

   1.Bg1-b6 ! zugzwang.
      1...b3-b2
          2.Bg2-d5 #
      1...a4-a3
          2.Bg2-c6 #

   1.Sd6-c4 ? threat:
          2.Bg2-d5 #
    but
      1...Ka8-b7 !


solution finished. Time = 0.009 s


";

    /// A helpmate with twins, in German.
    const TWINS: &str = "\
Popeye Linux-6.18.44-fc-v669-unknown-64Bit v4.104 (1024 MB)


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
  1.Kf5-g5 d7-d8=D +   2.Kg5-h6 Dd8-h4 #

b) -wBe7  +wSe8  

  1.Kf5-g5 d7-d8=D +   2.Kg5-h6 Dd8-h4 #

Loesung beendet. Zeit = 0.053 s


";

    #[test]
    fn canonical_form_of_battle_play() {
        let expected = "\
# problem 1
1.Bg1-b6 ! zugzwang.
  1...a4-a3
    2.Bg2-c6 #
  1...b3-b2
    2.Bg2-d5 #
1.Sd6-c4 ? threat:
  2.Bg2-d5 #
  but
    1...Ka8-b7 !
";
        assert_eq!(canonical_text(BATTLE), expected);
    }

    #[test]
    fn canonical_form_of_twins() {
        let problems = canonical(TWINS);
        assert_eq!(problems.len(), 1);
        let keys: Vec<_> = problems[0].twins.iter().map(|t| t.key.clone()).collect();
        assert_eq!(
            keys,
            [Some("a) ".to_string()), Some("b) -wBe7 +wSe8".to_string())]
        );
        assert_eq!(
            render(&problems),
            "# problem 1\na) \n  1.Kf5-e6 e7-e8=D + 2.Ke6-d6 d7-d8=D #\n  \
             1.Kf5-g5 d7-d8=D + 2.Kg5-h6 Dd8-h4 #\nb) -wBe7 +wSe8\n  \
             1.Kf5-g5 d7-d8=D + 2.Kg5-h6 Dd8-h4 #\n"
        );
    }

    #[test]
    fn equal_outputs_compare_equal() {
        let c = compare(BATTLE, BATTLE);
        assert!(c.equal);
        assert!(c.diff.is_empty());
        assert_eq!(c.to_string(), "same solutions");
    }

    #[test]
    fn reordered_siblings_are_equal() {
        // variations swapped, tries before the key, timing and heading changed
        let reordered = BATTLE
            .replace(
                "      1...b3-b2\n          2.Bg2-d5 #\n      1...a4-a3\n          2.Bg2-c6 #\n",
                "      1...a4-a3\n          2.Bg2-c6 #\n      1...b3-b2\n          2.Bg2-d5 #\n",
            )
            .replace("0.009 s", "12.345 s")
            .replace("Petko A. Petkov", "Somebody Else");
        assert_ne!(reordered, BATTLE);
        assert!(compare(BATTLE, &reordered).equal);
        let (key, try_) = BATTLE.split_at(BATTLE.find("   1.Sd6-c4").unwrap());
        let (head, key) = key.split_at(key.find("   1.Bg1-b6").unwrap());
        let (try_, tail) = try_.split_at(try_.find("\n\nsolution").unwrap());
        let swapped = format!("{head}{try_}\n\n{}{tail}", key.trim_end_matches('\n'));
        assert!(compare(BATTLE, &swapped).equal, "{swapped}");
        let twins = TWINS.replace(
            "  1.Kf5-e6 e7-e8=D +   2.Ke6-d6 d7-d8=D #\n  1.Kf5-g5 d7-d8=D +   2.Kg5-h6 Dd8-h4 #\n",
            "  1.Kf5-g5 d7-d8=D +   2.Kg5-h6 Dd8-h4 #\n  1.Kf5-e6 e7-e8=D +   2.Ke6-d6 d7-d8=D #\n",
        );
        assert_ne!(twins, TWINS);
        assert!(compare(TWINS, &twins).equal);
    }

    #[test]
    fn dropped_solution_line_is_detected() {
        let dropped = BATTLE.replace("          2.Bg2-c6 #\n", "");
        let c = compare(BATTLE, &dropped);
        assert!(!c.equal);
        assert!(c.diff.contains("\n-    2.Bg2-c6 #\n"), "{}", c.diff);
        assert!(c.diff.starts_with("--- expected\n+++ actual\n@@ "));
        let dropped = TWINS.replace("  1.Kf5-e6 e7-e8=D +   2.Ke6-d6 d7-d8=D #\n", "");
        assert!(!compare(TWINS, &dropped).equal);
    }

    #[test]
    fn changed_move_is_detected() {
        let changed = BATTLE.replace("1...Ka8-b7 !", "1...Ka8-a7 !");
        let c = compare(BATTLE, &changed);
        assert!(!c.equal);
        assert!(
            c.diff.contains("\n-    1...Ka8-b7 !\n+    1...Ka8-a7 !\n"),
            "{}",
            c.diff
        );
        // a move moved to another depth is a different tree
        let deeper = BATTLE.replace("      1...a4-a3\n", "          1...a4-a3\n");
        assert!(!compare(BATTLE, &deeper).equal);
        // a twin's solution belongs to its twin
        let moved = TWINS.replace("b) -wBe7  +wSe8", "b) -wBe7  +wLe8");
        assert!(!compare(TWINS, &moved).equal);
    }

    #[test]
    fn solution_parts_compare_as_trees() {
        // as a rule file writes it: unindented, another order, other spacing
        let expected = "1.Sd6-c4 ? threat:\n      2.Bg2-d5 #\n  but\n    1...Ka8-b7 !\n\
                        1.Bg1-b6 ! zugzwang.\n   1...a4-a3\n      2.Bg2-c6 #\n\
                        \x20  1...b3-b2\n      2.Bg2-d5   #";
        let (_, actual) = BATTLE.split_at(BATTLE.find("   1.Bg1-b6").unwrap());
        let actual = &actual[..actual.find("solution finished").unwrap()];
        let c = compare_solutions(expected, actual);
        assert!(c.equal, "{}", c.diff);
        assert!(c
            .expected
            .starts_with("1.Bg1-b6 ! zugzwang.\n  1...a4-a3\n"));
        // a line at another depth, a dropped line, a changed mark
        let deeper = actual.replace("      1...a4-a3\n", "          1...a4-a3\n");
        assert!(!compare_solutions(expected, &deeper).equal);
        let dropped = actual.replace("          2.Bg2-c6 #\n", "");
        let c = compare_solutions(expected, &dropped);
        assert!(!c.equal);
        assert!(c.diff.contains("\n-    2.Bg2-c6 #\n"), "{}", c.diff);
        assert!(!compare_solutions("1.Sd5-c7 #", "   1.Sd5-c7 # !").equal);
        assert!(compare_solutions("1.Sd5-c7 # !", "\n   1.Sd5-c7 # !\n\n").equal);
        assert!(!compare_solutions("1.Sd5-c7 # !", "").equal);
    }

    #[test]
    fn solution_parts_keep_their_twins() {
        let (_, part) = TWINS.split_at(TWINS.find("a) ").unwrap());
        let part = &part[..part.find("Loesung").unwrap()];
        let expected = "a)\n  1.Kf5-g5 d7-d8=D + 2.Kg5-h6 Dd8-h4 #\n\
                        \x20 1.Kf5-e6 e7-e8=D + 2.Ke6-d6 d7-d8=D #\n\
                        b) -wBe7 +wSe8\n  1.Kf5-g5 d7-d8=D + 2.Kg5-h6 Dd8-h4 #";
        let c = compare_solutions(expected, part);
        assert!(c.equal, "{}", c.diff);
        assert_eq!(canonical_solutions(part).twins.len(), 2);
        // a solution moved to the other twin
        let moved = "a)\n  1.Kf5-g5 d7-d8=D + 2.Kg5-h6 Dd8-h4 #\n\
                     b) -wBe7 +wSe8\n  1.Kf5-g5 d7-d8=D + 2.Kg5-h6 Dd8-h4 #\n\
                     \x20 1.Kf5-e6 e7-e8=D + 2.Ke6-d6 d7-d8=D #";
        assert!(!compare_solutions(moved, part).equal);
    }

    #[test]
    fn problems_without_board_are_found_by_their_closing_line() {
        let text =
            "Popeye v4.104\n\n   1.Qf2-c5[+wRd7] # !\n\n\nsolution finished. Time = 0.013 s\n\n\n";
        assert_eq!(canonical_text(text), "# problem 1\n1.Qf2-c5[+wRd7] # !\n");
        let heading = "  #2                  5 + 7\n   Circe\n\n   1.Qa1 !\n\nsolution finished.\n";
        assert_eq!(canonical_text(heading), "# problem 1\n1.Qa1 !\n");
        assert_eq!(canonical_text(""), "\n");
    }

    #[test]
    fn ignored_lines() {
        let text = "\
+---a---b---c---d---e---f---g---h---+
+---a---b---c---d---e---f---g---h---+
  h#2                         3 + 2

  1.a1 b2   2.c3 d4 #
  positions:  1234
 123 potential positions in 3+4
Popeye some version line
  1.e1 f2   2.g3 h4 #  (Time = 0.012 s)
";
        assert_eq!(
            canonical_text(text),
            "# problem 1\n1.a1 b2 2.c3 d4 #\n1.e1 f2 2.g3 h4 #\n"
        );
    }

    #[test]
    fn python_string_semantics() {
        assert_eq!(
            py_splitlines("a\r\nb\rc\u{1c}d\u{85}e\n"),
            ["a", "b", "c", "d", "e"]
        );
        assert_eq!(py_splitlines("\n\n"), ["", ""]);
        assert!(py_isspace('\u{1f}') && py_isspace('\u{3000}') && !py_isspace('\u{200b}'));
        assert!(py_isdecimal('\u{663}') && !py_isdecimal('\u{b2}'));
        assert_eq!(remove_timings("x (  Time = 1.5 s ) y Zeit = 2 s"), "x  y");
        assert_eq!(remove_timings("Time = s"), "Time = s");
        assert!(is_counter("  nodes: 12 ") && is_counter("   : 7") && !is_counter("\t: 7"));
        assert!(!is_counter("ab: 9x") && !is_counter("ab:9"));
        assert!(is_progress(
            "12 POTENTIAL POS\u{130}T\u{130}ONS \u{131}N 3+4"
        ));
        assert!(is_stip_line("  h#2                         3 + 2"));
        assert!(is_stip_line("  hs#2                  3 + 11 + 1n"));
        assert!(is_stip_line("  #2 5+7+2TI"));
        assert!(!is_stip_line("h#2 3 + 2") && !is_stip_line("  3 + 2"));
    }

    #[test]
    fn diff_of_canonical_forms() {
        let a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
        let b = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n12\n13\n";
        assert_eq!(
            unified_diff(a, b, "expected", "actual"),
            "--- expected\n+++ actual\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n\
             @@ -10,3 +10,4 @@\n 10\n 11\n 12\n+13\n"
        );
        // changes closer than twice the context share a hunk
        let c = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n12\n";
        let d = "1\n2\n3\n4\n5\n6\n7\n8\n9\nten\n11\n12\n";
        assert_eq!(
            unified_diff(c, d, "e", "a"),
            "--- e\n+++ a\n@@ -2,11 +2,11 @@\n 2\n 3\n 4\n-five\n+5\n 6\n 7\n 8\n 9\n-10\n+ten\n 11\n 12\n"
        );
        assert_eq!(unified_diff(a, a, "x", "y"), "");
        assert_eq!(
            unified_diff("", "x\n", "e", "a"),
            "--- e\n+++ a\n@@ -0,0 +1 @@\n+x\n"
        );
    }

    #[test]
    fn edit_scripts_are_shortest_and_replay() {
        let mut seed = 12345u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        let words = ["a", "b", "c", "d"];
        for _ in 0..300 {
            let a: Vec<&str> = (0..next(12)).map(|_| words[next(4) as usize]).collect();
            let b: Vec<&str> = (0..next(12)).map(|_| words[next(4) as usize]).collect();
            let script = edit_script(&a, &b);
            let (mut i, mut j, mut rebuilt) = (0, 0, Vec::new());
            for e in &script {
                match e {
                    Edit::Keep => {
                        assert_eq!(a[i], b[j]);
                        rebuilt.push(a[i]);
                        i += 1;
                        j += 1;
                    }
                    Edit::Delete => i += 1,
                    Edit::Insert => {
                        rebuilt.push(b[j]);
                        j += 1;
                    }
                }
            }
            assert_eq!((i, &rebuilt), (a.len(), &b));
            // shortest: as many kept lines as the longest common subsequence
            let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
            for x in 0..a.len() {
                for y in 0..b.len() {
                    lcs[x + 1][y + 1] = if a[x] == b[y] {
                        lcs[x][y] + 1
                    } else {
                        lcs[x][y + 1].max(lcs[x + 1][y])
                    };
                }
            }
            let kept = script.iter().filter(|&&e| e == Edit::Keep).count();
            assert_eq!(kept, lcs[a.len()][b.len()]);
        }
    }

    /// The shared folder beside the repository, if present.
    fn shared_dir() -> Option<PathBuf> {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::env::var_os("FAIRYFORGE_SHARED")
            .map(PathBuf::from)
            .into_iter()
            .chain([manifest.join("../../shared"), manifest.join("../shared")])
            .find(|p| p.join("corpus").is_dir() && p.join("tools/solcmp").is_file())
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

    /// A spread sample of the corpus's `.ref` files (every `step`-th).
    fn corpus_sample(step: usize) -> Option<(PathBuf, Vec<PathBuf>)> {
        let Some(shared) = shared_dir() else {
            println!("skipped: shared/corpus and shared/tools/solcmp not found");
            return None;
        };
        let mut files = Vec::new();
        ref_files(&shared.join("corpus"), &mut files);
        let sample = files.into_iter().step_by(step).collect();
        Some((shared.join("tools/solcmp"), sample))
    }

    #[test]
    fn matches_python_canon_on_corpus_sample() {
        let Some((tool, sample)) = corpus_sample(53) else {
            return;
        };
        if Command::new("python3").arg("--version").output().is_err() {
            println!("skipped: python3 not available");
            return;
        }
        let halves: Vec<Vec<PathBuf>> = sample
            .chunks(sample.len().div_ceil(2))
            .map(<[_]>::to_vec)
            .collect();
        let mismatches: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = halves
                .iter()
                .map(|files| {
                    let tool = &tool;
                    s.spawn(move || {
                        let mut bad = Vec::new();
                        for f in files {
                            let out = Command::new("python3")
                                .arg(tool)
                                .arg("--canon")
                                .arg(f)
                                .env("PYTHONIOENCODING", "utf-8")
                                .output()
                                .expect("python3 runs");
                            let ours = canonical_text(&read_output(f).unwrap());
                            if ours.as_bytes() != out.stdout.as_slice() {
                                bad.push(f.display().to_string());
                            }
                        }
                        bad
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        println!("{} corpus files compared with solcmp --canon", sample.len());
        assert!(sample.len() > 40);
        assert!(
            mismatches.is_empty(),
            "differ from solcmp --canon: {mismatches:?}"
        );
    }

    #[test]
    fn perturbed_corpus_outputs_are_detected() {
        let Some((_, sample)) = corpus_sample(37) else {
            return;
        };
        let mut checked = 0;
        for f in &sample {
            let text = read_output(f).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            // the last line holding a move, below the diagram
            let below = lines
                .iter()
                .rposition(|l| l.starts_with("+---a"))
                .map_or(0, |i| i + 1);
            let Some(at) = lines.iter().rposition(|l| {
                let t = l.trim_start();
                t.starts_with(|c: char| c.is_ascii_digit()) && t.contains('.') && t.contains('-')
            }) else {
                continue;
            };
            let has_solutions = canonical(&text)
                .iter()
                .any(|p| p.twins.iter().any(|t| !t.tree.is_empty()));
            if at < below || !has_solutions {
                continue;
            }
            let without: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != at)
                .map(|(_, l)| *l)
                .collect();
            let without = without.join("\n");
            assert!(
                !compare(&text, &without).equal,
                "dropped line not seen in {}",
                f.display()
            );
            let changed = lines[at].replacen('-', "~", 1);
            let mut edited: Vec<&str> = lines.clone();
            edited[at] = &changed;
            assert!(
                !compare(&text, &edited.join("\n")).equal,
                "changed move not seen in {}",
                f.display()
            );
            assert!(compare(&text, &text.replace("Time = ", "Time = 9")).equal);
            checked += 1;
        }
        println!("{checked} perturbed corpus files");
        assert!(checked > 30);
    }
}
