//! The checks that make a condition block the whole registry entry of its condition: the
//! parameters it declares (`params squares`, read from problems in that order) and its
//! names, which no other condition may use, since a name a problem writes must select one
//! rule.

use super::{normal_name, Checker};
use crate::ast::{self, Spanned};
use crate::diagnostic::{one_of, Span};
use fairyforge_vocab::{Param, Vocabulary, MAX_ATTRIBUTES};
use std::collections::HashMap;

impl Checker<'_> {
    /// The parameters a condition declares, in order; an unknown word is an error.
    pub(super) fn params(&mut self, params: &[Spanned<String>]) -> Vec<Param> {
        params
            .iter()
            .filter_map(|p| {
                let param = Param::from_word(&p.node);
                if param.is_none() {
                    self.error(
                        p.span,
                        format!("unknown parameter `{}`", p.node),
                        format!("expected {}", one_of(&Param::words())),
                    );
                }
                param
            })
            .collect()
    }

    /// Every condition named after `incompatible with` is a rule, other than the block
    /// itself.
    pub(super) fn incompatibilities(&mut self, conditions: &[&ast::ConditionDef]) {
        for c in conditions {
            for other in &c.incompatible {
                if other.node == c.name.node {
                    self.error(
                        other.span,
                        format!("`{}` cannot be incompatible with itself", other.node),
                        "name another condition",
                    );
                } else if !conditions.iter().any(|d| d.name.node == other.node) {
                    self.error(
                        other.span,
                        format!(
                            "unknown condition `{}` after `incompatible with`",
                            other.node
                        ),
                        "expected the name of a condition block (`condition AntiCirce { … }`)",
                    );
                }
            }
        }
    }

    /// What an `attribute` block may not say: a problem writes nothing after an
    /// attribute, and an attribute concerns the units carrying it, of either side.
    pub(super) fn attribute_block(&mut self, c: &ast::ConditionDef) {
        if !c.attribute {
            return;
        }
        let misplaced = c
            .params
            .iter()
            .map(|p| (p.span, "params"))
            .chain(c.side.iter().map(|s| (s.span, "side")))
            .chain(c.option_of.iter().map(|o| (o.span, "option of")));
        for (span, word) in misplaced.collect::<Vec<_>>() {
            self.error(
                span,
                format!("an attribute cannot have `{word}`"),
                "an attribute is given to units in a problem's `Pieces`, with nothing after \
                 it; its truths ask `unit.has(…)` for the units it concerns",
            );
        }
    }

    /// At most as many attributes as a unit holds.
    pub(super) fn attribute_limit(&mut self, attributes: &[&ast::ConditionDef]) {
        if let Some(c) = attributes.get(MAX_ATTRIBUTES) {
            self.error(
                c.name.span,
                format!("more than {MAX_ATTRIBUTES} attributes"),
                format!("a unit holds at most {MAX_ATTRIBUTES} attributes written as rules"),
            );
        }
    }

    /// No name written by two conditions (case and spacing folded, as problems are read).
    pub(super) fn condition_names(&mut self, conditions: &[&ast::ConditionDef]) {
        let mut seen: HashMap<String, (Span, &str)> = HashMap::new();
        for c in conditions {
            for name in &c.names {
                let key = normal_name(&name.node);
                match seen.get(&key) {
                    Some(&(first, owner)) => {
                        let at = self.source(first);
                        let message = if owner == c.name.node {
                            format!("the name \"{}\" is given twice", name.node.trim())
                        } else {
                            format!(
                                "duplicate condition name \"{}\": `{owner}` already uses it",
                                name.node.trim()
                            )
                        };
                        self.error(name.span, message, format!("first used at {at}"));
                    }
                    None => {
                        seen.insert(key, (name.span, &c.name.node));
                    }
                }
                if name.node.split_whitespace().next().is_none() {
                    self.error(
                        name.span,
                        "a condition name is empty",
                        "write the name as problems write it",
                    );
                }
            }
        }
    }
}
