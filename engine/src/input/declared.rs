//! The conditions a rule set declares, as the reader meets them: each rule's names (one
//! or more words, `Circe File`) and the parameters it takes after them (`params squares`
//! in the rule). A condition written in a problem is read by the rule whose name it
//! spells, its parameters as that rule declares them; the reference's own name table
//! only reads conditions no rule names, to say that they are known but not yet written
//! as rules (and to find a rule under one of the reference's spellings: a German name,
//! an abbreviation, a shorthand such as `FileCirce` for `Circe File`).

use super::condition::normalized_words;
use super::lexer::{Cursor, Token};
use fairyforge_vocab::Param;

/// One name of one rule.
#[derive(Debug)]
struct Entry {
    /// The index of the rule in the rule set's conditions.
    rule: usize,
    /// The name as the rule writes it.
    name: &'static str,
    /// Its words.
    words: Vec<&'static str>,
    /// The rule's parameters.
    params: &'static [Param],
    /// The name as a base condition and its variant words, the variants sorted.
    normal: (&'static str, Vec<&'static str>),
}

/// Every name of every condition of a rule set.
#[derive(Debug, Default)]
pub struct Declared {
    entries: Vec<Entry>,
}

/// A rule's name found at the reading position.
pub(crate) struct Found<'a> {
    /// The index of the rule.
    pub rule: usize,
    /// The name as the rule writes it.
    pub name: &'static str,
    /// The rule's parameters.
    pub params: &'static [Param],
    /// The reading position after the name's last word.
    pub after: Cursor<'a>,
}

/// No rule: problems are read by the reference's table alone.
pub(crate) static NONE: Declared = Declared {
    entries: Vec::new(),
};

impl Declared {
    /// The names and parameters of a rule set's conditions, in the rule set's order.
    pub fn new(
        conditions: impl IntoIterator<Item = (&'static [&'static str], &'static [Param])>,
    ) -> Self {
        let mut entries = Vec::new();
        for (rule, (names, params)) in conditions.into_iter().enumerate() {
            for &name in names {
                let words: Vec<&'static str> = name.split_whitespace().collect();
                if words.is_empty() {
                    continue;
                }
                let (base, mut variants) = normalized_words(&words);
                variants.sort_unstable();
                entries.push(Entry {
                    rule,
                    name,
                    words,
                    params,
                    normal: (base, variants),
                });
            }
        }
        Declared { entries }
    }

    /// The rule whose name the tokens from `tok` on spell, each word whole (case
    /// ignored); the longest name when several do.
    pub(crate) fn find<'a>(&self, cur: &Cursor<'a>, tok: &Token<'a>) -> Option<Found<'a>> {
        let mut best: Option<(usize, Found<'a>)> = None;
        for e in &self.entries {
            if !e.words[0].eq_ignore_ascii_case(tok.text) {
                continue;
            }
            if best.as_ref().is_some_and(|(n, _)| *n >= e.words.len()) {
                continue;
            }
            let mut after = cur.clone();
            let rest_match = e.words[1..].iter().all(|w| {
                let mut ahead = after.clone();
                let same = ahead
                    .next_tolerant()
                    .is_some_and(|t| t.text.eq_ignore_ascii_case(w));
                if same {
                    after = ahead;
                }
                same
            });
            if rest_match {
                let found = Found {
                    rule: e.rule,
                    name: e.name,
                    params: e.params,
                    after,
                };
                best = Some((e.words.len(), found));
            }
        }
        best.map(|(_, f)| f)
    }

    /// The rule one of whose names is `name` (case ignored).
    pub(crate) fn by_name(&self, name: &str) -> Option<usize> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .map(|e| e.rule)
    }

    /// The rule one of whose names is, as a base condition with variant words, the
    /// same as `base` with `variants` (in any order).
    pub(crate) fn by_normal(&self, base: &str, variants: &[&str]) -> Option<usize> {
        let mut variants = variants.to_vec();
        variants.sort_unstable();
        self.entries
            .iter()
            .find(|e| {
                e.normal.0.eq_ignore_ascii_case(base)
                    && e.normal.1.len() == variants.len()
                    && e.normal
                        .1
                        .iter()
                        .zip(&variants)
                        .all(|(a, b)| a.eq_ignore_ascii_case(b))
            })
            .map(|e| e.rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{read_problems_declaring, Condition, ConditionParam};
    use crate::square::Square;

    const NO: &[Param] = &[];

    fn rules() -> Declared {
        Declared::new([
            (&["Circe"][..], NO),
            (&["Circe File", "FileCirce"][..], NO),
            (&["MirrorCirce", "Circe Mirror"][..], NO),
            (&["Madrasi"][..], NO),
            (&["Hole"][..], &[Param::Squares][..]),
            (&["Zanzibar Chess"][..], &[Param::Number, Param::Walks][..]),
        ])
    }

    fn read(text: &str) -> Result<Vec<Condition>, String> {
        let problem = format!("BeginProblem\nCondition {text}\nStipulation #1\nEndProblem\n");
        let declared = rules();
        let mut read = read_problems_declaring(&problem, &declared);
        match read.pop() {
            Some(Ok(p)) => Ok(p.conditions),
            Some(Err(e)) => Err(format!("{}:{}: {}", e.line, e.column, e.message)),
            None => Err("nothing read".into()),
        }
    }

    fn rules_of(text: &str) -> Vec<Option<usize>> {
        read(text).unwrap().iter().map(|c| c.rule).collect()
    }

    #[test]
    fn a_name_new_to_the_reference_reads_its_declared_parameters() {
        let c = read("Zanzibar chess 3 Q LI Hole a1b2").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!((c[0].name, c[0].rule), ("Zanzibar Chess", Some(5)));
        assert_eq!(
            c[0].params,
            [
                ConditionParam::Number(3),
                ConditionParam::Walks(vec!["Q".into(), "LI".into()])
            ]
        );
        let squares = vec![Square::parse("a1").unwrap(), Square::parse("b2").unwrap()];
        assert_eq!(c[1].params, [ConditionParam::Squares(squares)]);
        assert_eq!(c[1].rule, Some(4));
    }

    #[test]
    fn the_longest_name_wins() {
        assert_eq!(rules_of("Circe File Madrasi"), [Some(1), Some(3)]);
        assert_eq!(rules_of("Circe Madrasi"), [Some(0), Some(3)]);
        assert_eq!(rules_of("FileCirce"), [Some(1)]);
    }

    #[test]
    fn the_reference_spellings_find_the_rule_with_the_same_base_and_variants() {
        // an abbreviation, a shorthand, the variants in another order
        assert_eq!(rules_of("mad"), [Some(3)]);
        assert_eq!(rules_of("MirrorCirce"), [Some(2)]);
        let german = "AnfangProblem\nBedingung SpiegelCirce\nForderung #1\nEndeProblem\n";
        let read = read_problems_declaring(german, &rules())
            .pop()
            .unwrap()
            .unwrap();
        assert_eq!(read.conditions[0].rule, Some(2));
    }

    #[test]
    fn variants_no_rule_spells_leave_the_condition_without_a_rule() {
        let c = read("Circe RexInclusive").unwrap();
        assert_eq!((c.len(), c[0].rule), (1, None));
        assert_eq!(c[0].normalized(), ("Circe", vec!["RexInclusive"]));
        assert_eq!(rules_of("Isardam"), [None]);
    }

    #[test]
    fn a_missing_declared_parameter_is_an_error_at_its_place() {
        let e = read("Zanzibar Chess Q").unwrap_err();
        assert_eq!(
            e,
            "2:26: expected a number after Zanzibar Chess, found \"Q\""
        );
        let e = read("Zanzibar Chess 2 3").unwrap_err();
        assert!(e.starts_with("2:28: expected piece codes"), "{e}");
        let e = read("Hole x9").unwrap_err();
        assert!(e.starts_with("2:16: expected squares"), "{e}");
    }

    #[test]
    fn without_rules_the_reference_table_reads_alone() {
        let problem = "BeginProblem\nCondition Circe File\nStipulation #1\nEndProblem\n";
        let read = crate::input::read_problems(problem).pop().unwrap().unwrap();
        assert_eq!(read.conditions[0].rule, None);
        assert_eq!(read.conditions[0].normalized(), ("Circe", vec!["File"]));
    }
}
