//! Splitting a problem file into tokens the way the reference solver does, and the
//! cursor every reader advances. Tokens are runs of the characters the reference
//! accepts in its input (letters, digits and `#=+-%>!.<()~/&|:[]{}?`); blanks, tabs,
//! line ends, `;` and `,` separate them; any other character outside free text is an
//! error. Free text (author, title, remarks, ...) is taken to the end of the line.
//! The cursor also knows the problem's language so that readers can look keywords
//! up without passing it around.

use super::declared::Declared;
#[cfg(test)]
use super::declared::NONE;
use super::error::InputError;
use super::language::{lookup, Language, Lookup, Table};

/// Characters that make up tokens.
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "#=+-%>!.<()~/&|:[]{}?".contains(c)
}

/// Characters that separate tokens.
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | ';' | ',')
}

/// The digits at the start of `text` as a number (as `strtoul` reads them) and the
/// number of bytes they use; a number too large for a `u32` reads as `u32::MAX`, for
/// the caller's bound to refuse.
pub(crate) fn leading_number(text: &str) -> Option<(u32, usize)> {
    let n = text.bytes().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 {
        return None;
    }
    Some((text[..n].parse::<u32>().unwrap_or(u32::MAX), n))
}

/// One token: its text as written and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The characters of the token, case preserved.
    pub text: &'a str,
    /// 1-based line of the first character.
    pub line: u32,
    /// 1-based column (in characters) of the first character.
    pub col: u32,
    /// Byte offset of the first character.
    pub offset: usize,
}

impl<'a> Token<'a> {
    /// An error located at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::new(self.line, self.col, self.offset, message)
    }

    /// An error located `skip` bytes into this token (tokens are ASCII).
    pub fn error_within(&self, skip: usize, message: impl Into<String>) -> InputError {
        let skip = skip.min(self.text.len());
        InputError::new(
            self.line,
            self.col + skip as u32,
            self.offset + skip,
            message,
        )
    }
}

/// The reading position in a file plus the language of the problem being read.
/// Cheap to clone: readers clone it to look ahead and restore it to backtrack.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    src: &'a str,
    pos: usize,
    line: u32,
    /// Column of `pos`, in characters from 1.
    col: u32,
    /// The language fixed by the first keyword of the file.
    pub lang: Language,
    /// Mistakes of the current problem that the reference passes over.
    pub warnings: Vec<InputError>,
    /// Line, column and byte offset of the last token read.
    last: (u32, u32, usize),
    /// The conditions the rule set declares, which read condition names first.
    pub declared: &'a Declared,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `src`, reading conditions by the reference's table alone.
    #[cfg(test)]
    pub fn new(src: &'a str) -> Self {
        Cursor::declaring(src, &NONE)
    }

    /// A cursor at the start of `src`, reading conditions by the rules `declared` first.
    pub fn declaring(src: &'a str, declared: &'a Declared) -> Self {
        Cursor {
            declared,
            src,
            pos: 0,
            line: 1,
            col: 1,
            lang: Language::English,
            warnings: Vec::new(),
            last: (1, 1, 0),
        }
    }

    /// Moves the reading position back to the start of the last token read.
    pub fn reread_last_token(&mut self) {
        (self.line, self.col, self.pos) = self.last;
    }

    /// Moves the reading position to where error `e` was found (a token start, or
    /// a character, seen before).
    pub fn move_to(&mut self, e: &InputError) {
        self.line = e.line;
        self.col = e.column;
        self.pos = e.offset.min(self.src.len());
        while !self.src.is_char_boundary(self.pos) {
            self.pos -= 1;
        }
    }

    /// Records a mistake that the reference reports and passes over.
    pub fn warn(&mut self, warning: InputError) {
        self.warnings.push(warning);
    }

    /// The whole input.
    pub fn source(&self) -> &'a str {
        self.src
    }

    fn peek_char(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    /// Advances over one character, counting lines and columns.
    fn bump(&mut self) {
        if let Some(c) = self.peek_char() {
            self.pos += c.len_utf8();
            let newline = c == '\n' || (c == '\r' && !self.src[self.pos..].starts_with('\n'));
            if newline {
                self.line += 1;
                self.col = 1;
            } else if c != '\r' {
                self.col += 1;
            }
        }
    }

    /// An error located at the reading position (used at the end of the file).
    pub fn error_here(&self, message: impl Into<String>) -> InputError {
        InputError::new(self.line, self.col, self.pos, message)
    }

    /// The next token, `None` at the end of the file, or an error for a character
    /// that may not appear outside free text.
    pub fn next_raw(&mut self) -> Result<Option<Token<'a>>, InputError> {
        while let Some(c) = self.peek_char() {
            if is_separator(c) {
                self.bump();
            } else {
                break;
            }
        }
        let c = match self.peek_char() {
            None => return Ok(None),
            Some(c) => c,
        };
        if !is_token_char(c) {
            return Err(self.error_here(format!(
                "unexpected character '{}': outside free text only letters, digits and #=+-%>!.<()~/&|:[]{{}}? may appear",
                c
            )));
        }
        let (line, col, start) = (self.line, self.col, self.pos);
        self.last = (line, col, start);
        while let Some(c) = self.peek_char() {
            if is_token_char(c) {
                self.bump();
            } else {
                break;
            }
        }
        Ok(Some(Token {
            text: &self.src[start..self.pos],
            line,
            col,
            offset: start,
        }))
    }

    /// The next token; the end of the file is an error saying that `expected` was
    /// expected.
    pub fn next_expecting(&mut self, expected: &str) -> Result<Token<'a>, InputError> {
        match self.next_raw()? {
            Some(t) => Ok(t),
            None => {
                Err(self.error_here(format!("expected {}, found the end of the file", expected)))
            }
        }
    }

    /// The next token inside a problem, where the end of the file is premature.
    pub fn next(&mut self) -> Result<Token<'a>, InputError> {
        self.next_expecting("more input before EndProblem")
    }

    /// The next token skipping characters that are not allowed (used to resynchronise
    /// after an error).
    pub fn next_tolerant(&mut self) -> Option<Token<'a>> {
        loop {
            match self.next_raw() {
                Ok(t) => return t,
                Err(_) => self.bump(),
            }
        }
    }

    /// Free text following a keyword, read as the reference does: nothing if the
    /// keyword ends its line; otherwise the character after the keyword and any
    /// following blanks, tabs, `;`, `.` and `,` are skipped and the rest of the line
    /// (without the line end) is the text. Must be called right after the keyword.
    pub fn rest_of_line(&mut self) -> Option<&'a str> {
        match self.peek_char() {
            None | Some('\n') | Some('\r') => return None,
            Some(_) => self.bump(),
        }
        while let Some(c) = self.peek_char() {
            if matches!(c, ' ' | '\t' | ';' | '.' | ',') {
                self.bump();
            } else {
                break;
            }
        }
        let start = self.pos;
        while let Some(c) = self.peek_char() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
        Some(&self.src[start..self.pos])
    }

    /// Looks a token up in a keyword table in the problem's language.
    pub fn lookup<const N: usize>(&self, table: &Table<N>, tok: &Token) -> Lookup {
        lookup(&table[self.lang.index()], tok.text)
    }

    /// The canonical (English) spelling of entry `index` of `table`.
    pub fn english<const N: usize>(table: &Table<N>, index: usize) -> &'static str {
        table[Language::English.index()][index]
    }

    /// The spelling of entry `index` of `table` in the problem's language.
    pub fn local<const N: usize>(&self, table: &Table<N>, index: usize) -> &'static str {
        table[self.lang.index()][index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(src: &str) -> Vec<(String, u32, u32)> {
        let mut c = Cursor::new(src);
        let mut v = Vec::new();
        while let Some(t) = c.next_raw().unwrap() {
            v.push((t.text.to_string(), t.line, t.col));
        }
        v
    }

    #[test]
    fn splits_on_blanks_semicolons_and_commas() {
        assert_eq!(
            tokens("Pieces White Ke1,Qd1;\n  Black\tKe8\r\nh#2.5"),
            vec![
                ("Pieces".to_string(), 1, 1),
                ("White".to_string(), 1, 8),
                ("Ke1".to_string(), 1, 14),
                ("Qd1".to_string(), 1, 18),
                ("Black".to_string(), 2, 3),
                ("Ke8".to_string(), 2, 9),
                ("h#2.5".to_string(), 3, 1),
            ]
        );
    }

    #[test]
    fn structured_stipulation_characters_stay_in_one_token() {
        assert_eq!(tokens("2hh[/2da[#]{!+}]").len(), 1);
        assert_eq!(tokens("a1<-->h1").len(), 1);
    }

    #[test]
    fn a_stray_character_is_an_error_with_its_position() {
        let mut c = Cursor::new("Pieces\n  \"Ke1");
        c.next_raw().unwrap();
        let e = c.next_raw().unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(
            e.message.contains("unexpected character '\"'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn rest_of_line_skips_leading_blanks_and_keeps_the_rest() {
        let mut c = Cursor::new("Author  ; John Doe, Jr. \nStip #2");
        c.next_raw().unwrap();
        assert_eq!(c.rest_of_line(), Some("John Doe, Jr. "));
        assert_eq!(c.next_raw().unwrap().unwrap().text, "Stip");
    }

    #[test]
    fn rest_of_line_is_nothing_when_the_keyword_ends_the_line() {
        let mut c = Cursor::new("Remark\r\nStip #2");
        c.next_raw().unwrap();
        assert_eq!(c.rest_of_line(), None);
        let t = c.next_raw().unwrap().unwrap();
        assert_eq!((t.text, t.line, t.col), ("Stip", 2, 1));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let mut c = Cursor::new("Author Lörinc\nPieces Wéiss");
        c.next_raw().unwrap();
        c.rest_of_line();
        c.next_raw().unwrap();
        c.next_raw().unwrap();
        let e = c.next_raw().unwrap_err();
        assert_eq!((e.line, e.column), (2, 9));
    }

    #[test]
    fn moving_back_to_an_error_restores_its_position() {
        let mut c = Cursor::new("a\nb\nc");
        c.next_raw().unwrap();
        let b = c.next_raw().unwrap().unwrap();
        c.next_raw().unwrap();
        c.move_to(&b.error("here"));
        let again = c.next_raw().unwrap().unwrap();
        assert_eq!((again.text, again.line, again.col), ("b", 2, 1));
        c.next_raw().unwrap();
        c.reread_last_token();
        assert_eq!(c.next_raw().unwrap().unwrap().text, "c");
    }
}
