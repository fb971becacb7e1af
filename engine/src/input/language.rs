//! The three input languages of the reference solver and the rule by which a token
//! selects a keyword: case-insensitive, any prefix, resolved in table order. Lives
//! apart from the tables (`tables.rs`) so that the rule is stated, and tested, once.

use std::fmt;

/// A keyword table: for each language (English, German, French, in that order) the
/// same entries in the same order. English spellings are the canonical names.
pub(crate) type Table<const N: usize> = [[&'static str; N]; 3];

/// The language a problem file is written in, fixed by its first keyword
/// (`BeginProblem`, `AnfangProblem` or `DebutProbleme`). It governs every keyword,
/// colour, condition and option name of the file, and the piece codes (which the
/// reader keeps unresolved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// `BeginProblem` ... `EndProblem`.
    English,
    /// `AnfangProblem` ... `EndeProblem`.
    German,
    /// `DebutProbleme` ... `FinProbleme`.
    French,
}

impl Language {
    /// All languages, in the order the tables list them.
    pub const ALL: [Language; 3] = [Language::English, Language::German, Language::French];

    /// Position of the language in the keyword tables.
    pub(crate) fn index(self) -> usize {
        match self {
            Language::English => 0,
            Language::German => 1,
            Language::French => 2,
        }
    }

    /// The English name of the language.
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German",
            Language::French => "French",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a token selects in a keyword table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// The entry at this index.
    Found(usize),
    /// No entry starts with the token.
    NotFound,
    /// The token is a proper prefix of (at least) these two entries.
    Ambiguous(usize, usize),
}

/// Whether `token` is a prefix of `keyword`, ignoring ASCII case.
fn is_prefix_of(token: &str, keyword: &str) -> bool {
    token.len() <= keyword.len()
        && keyword.as_bytes()[..token.len()].eq_ignore_ascii_case(token.as_bytes())
}

/// The entry of `entries` that `token` selects, as the reference resolves it: the
/// first entry (in table order) that starts with the token is taken if the token
/// spells it completely or if no later entry also starts with the token; otherwise
/// the token is ambiguous. (So an exact spelling wins only over later entries: a
/// token that completely spells an entry but also begins an earlier one is
/// ambiguous.)
pub(crate) fn lookup(entries: &[&str], token: &str) -> Lookup {
    if token.is_empty() {
        return Lookup::NotFound;
    }
    let first = match entries.iter().position(|k| is_prefix_of(token, k)) {
        None => return Lookup::NotFound,
        Some(i) => i,
    };
    if entries[first].len() == token.len() {
        return Lookup::Found(first);
    }
    match entries[first + 1..]
        .iter()
        .position(|k| is_prefix_of(token, k))
    {
        None => Lookup::Found(first),
        Some(j) => Lookup::Ambiguous(first, first + 1 + j),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: [&str; 5] = ["remark", "remove", "Stipulation", "sstipulation", "ab"];

    #[test]
    fn any_unambiguous_prefix_selects_case_insensitively() {
        assert_eq!(lookup(&WORDS, "STIP"), Lookup::Found(2));
        assert_eq!(lookup(&WORDS, "remo"), Lookup::Found(1));
        assert_eq!(lookup(&WORDS, "sst"), Lookup::Found(3));
    }

    #[test]
    fn a_shared_prefix_is_ambiguous() {
        assert_eq!(lookup(&WORDS, "rem"), Lookup::Ambiguous(0, 1));
    }

    #[test]
    fn a_longer_token_or_another_word_is_not_found() {
        assert_eq!(lookup(&WORDS, "remarks"), Lookup::NotFound);
        assert_eq!(lookup(&WORDS, "x"), Lookup::NotFound);
        assert_eq!(lookup(&WORDS, ""), Lookup::NotFound);
    }

    #[test]
    fn an_exact_spelling_wins_only_when_it_is_the_first_match() {
        let t = ["abc", "ab"];
        assert_eq!(lookup(&t, "ab"), Lookup::Ambiguous(0, 1));
        let t = ["ab", "abc"];
        assert_eq!(lookup(&t, "ab"), Lookup::Found(0));
    }

    #[test]
    fn empty_entries_never_match() {
        let t = ["", "", "exact", "ultra"];
        assert_eq!(lookup(&t, "u"), Lookup::Found(3));
        assert_eq!(lookup(&t, "q"), Lookup::NotFound);
    }
}
