//! Reading `data/perft.txt`: perft counts as data, one entry per position.
//!
//! An entry is an `id NAME` line, then the position as `fen …` (standard FEN) or
//! `forsyth …` (the reference's Forsyth board with fairyforge's codes), then one
//! `perft DEPTH NODES` line per depth. Blank lines and `#` comments are ignored. The format
//! is the one shakmaty and cozy-chess keep their counts in, with `forsyth` added so fairy
//! pieces can stand on the board.

use std::fmt;

/// How an entry's position is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Standard FEN: K Q R B N P.
    Fen,
    /// The reference's Forsyth board (S the knight, `.LI` for two-letter codes).
    Forsyth,
}

/// One position with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name after `id`.
    pub id: String,
    /// The line of the `id` in the file (1-based).
    pub line: usize,
    /// How `position` is written.
    pub notation: Notation,
    /// The position text after `fen` or `forsyth`.
    pub position: String,
    /// `(depth, nodes)` in file order.
    pub counts: Vec<(u32, u64)>,
}

/// A line of the file that is not in the format, with its 1-based number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What was expected.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Reads the text of a perft file. Every entry must have a position and at least one
/// count; ids must be unique.
pub fn parse(text: &str) -> Result<Vec<Entry>, ParseError> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut position_seen = false;
    let err = |line: usize, message: String| ParseError { line, message };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let (keyword, rest) = content
            .split_once(char::is_whitespace)
            .unwrap_or((content, ""));
        let rest = rest.trim();
        match keyword {
            "id" => {
                if let Some(last) = entries.last() {
                    check_complete(last, position_seen)?;
                }
                if rest.is_empty() {
                    return Err(err(line, "expected a name after `id`".into()));
                }
                if let Some(other) = entries.iter().find(|e| e.id == rest) {
                    return Err(err(
                        line,
                        format!("the id `{rest}` is already used on line {}", other.line),
                    ));
                }
                entries.push(Entry {
                    id: rest.to_string(),
                    line,
                    notation: Notation::Fen,
                    position: String::new(),
                    counts: Vec::new(),
                });
                position_seen = false;
            }
            "fen" | "forsyth" => {
                let entry = entries
                    .last_mut()
                    .ok_or_else(|| err(line, format!("`{keyword}` before any `id`")))?;
                if position_seen {
                    return Err(err(line, format!("a second position for `{}`", entry.id)));
                }
                if rest.is_empty() {
                    return Err(err(line, format!("expected a position after `{keyword}`")));
                }
                entry.notation = if keyword == "fen" {
                    Notation::Fen
                } else {
                    Notation::Forsyth
                };
                entry.position = rest.to_string();
                position_seen = true;
            }
            "perft" => {
                let entry = entries
                    .last_mut()
                    .ok_or_else(|| err(line, "`perft` before any `id`".into()))?;
                if !position_seen {
                    return Err(err(
                        line,
                        format!("`perft` before the position of `{}`", entry.id),
                    ));
                }
                let mut numbers = rest.split_whitespace().map(str::parse::<u64>);
                match (numbers.next(), numbers.next(), numbers.next()) {
                    (Some(Ok(depth)), Some(Ok(nodes)), None) if depth <= u64::from(u32::MAX) => {
                        entry.counts.push((depth as u32, nodes));
                    }
                    _ => return Err(err(line, "expected `perft DEPTH NODES`".into())),
                }
            }
            other => {
                return Err(err(
                    line,
                    format!("expected `id`, `fen`, `forsyth` or `perft`, found `{other}`"),
                ));
            }
        }
    }
    if let Some(last) = entries.last() {
        check_complete(last, position_seen)?;
    }
    Ok(entries)
}

fn check_complete(entry: &Entry, position_seen: bool) -> Result<(), ParseError> {
    let message = if !position_seen {
        format!("the entry `{}` has no `fen` or `forsyth` line", entry.id)
    } else if entry.counts.is_empty() {
        format!("the entry `{}` has no `perft` line", entry.id)
    } else {
        return Ok(());
    };
    Err(ParseError {
        line: entry.line,
        message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_entries_in_both_notations() {
        let text = "# comment\n\nid a\nfen 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\nperft 2 9\n\nid b\nforsyth 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\n";
        let entries = parse(text).expect("valid");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].id, "a");
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[0].notation, Notation::Fen);
        assert_eq!(entries[0].counts, vec![(1, 3), (2, 9)]);
        assert_eq!(entries[1].notation, Notation::Forsyth);
        assert_eq!(entries[1].position, "8/8/8/8/8/8/8/K6k w - -");
    }

    #[test]
    fn rejects_malformed_files_naming_the_line() {
        let cases = [
            ("perft 1 20\n", 1, "before any `id`"),
            ("id a\nperft 1 20\n", 2, "before the position"),
            ("id a\nfen x\n", 1, "no `perft` line"),
            ("id a\n", 1, "no `fen` or `forsyth` line"),
            (
                "id a\nfen x\nperft one 20\n",
                3,
                "expected `perft DEPTH NODES`",
            ),
            (
                "id a\nfen x\nperft 1 20\nid a\nfen y\nperft 1 2\n",
                4,
                "already used on line 1",
            ),
            ("id a\nfen x\nfen y\n", 3, "a second position"),
            ("id a\nepd x\n", 2, "found `epd`"),
        ];
        for (text, line, words) in cases {
            let e = parse(text).expect_err(text);
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.message.contains(words), "{text:?}: {e}");
        }
    }
}
