//! The checks that make a condition block the whole registry entry of its condition: the
//! parameters it declares (`params squares`, read from problems in that order) and its
//! names, which no other condition may use, since a name a problem writes must select one
//! rule.

use super::{normal_name, Checker};
use crate::ast::{self, Spanned};
use crate::diagnostic::{one_of, Span};
use fairyforge_vocab::{Param, Vocabulary};
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
