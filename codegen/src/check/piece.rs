//! The checks of `piece` blocks: codes and definition present, the words of `promotion`
//! and `numbering`, `home` squares on the board, at least one `moves` (each clause checked
//! by its primitive), `promotes` naming known codes; no name or code defined twice, and
//! no more pieces than the engine holds.

use super::Checker;
use crate::ast::{self, PieceDef, Spanned};
use crate::diagnostic::one_of;
use crate::lower::{self, Numbering, PromotionChoice};
use crate::primitive;
use fairyforge_vocab::{Vocabulary, MAX_KINDS};
use std::collections::HashMap;

/// One of a piece's lists of codes, by name.
type CodeList = fn(&PieceDef) -> &Vec<Spanned<String>>;

impl Checker<'_> {
    /// Checks a piece and lowers it (its `promotes` is read later, against every kind).
    pub(super) fn piece(&mut self, p: &PieceDef) -> Option<lower::Kind> {
        let errors_before = self.errors.0.len();
        if p.codes.is_empty() {
            self.error(
                p.name.span,
                format!("the piece `{}` has no `codes`", p.name.node),
                "add `codes XY`",
            );
        }
        let text = self.definition(p);
        let flag = |name: &str| p.flags.iter().any(|f| f.node == name);
        let (royal, pawn) = (flag("royal"), flag("pawn"));
        let never = royal || pawn;
        let idle_on_first_rank = flag("idle_on_first_rank");
        if let Some(f) = p
            .flags
            .iter()
            .find(|f| f.node == "idle_on_first_rank" && !pawn)
        {
            self.error(
                f.span,
                "`idle_on_first_rank` is for pawns",
                "mark the piece `pawn`, or remove the flag",
            );
        }
        let promotion = match never {
            true => PromotionChoice::Never,
            false => PromotionChoice::IfPresent,
        };
        let promotion = self.word(p.promotion.as_ref(), "promotion choice", promotion);
        let numbering = self.word(p.numbering.as_ref(), "numbering", Numbering::Turn);
        let home = self.home(p);
        if p.moves.is_empty() {
            self.error(
                p.name.span,
                format!("the piece `{}` has no `moves`", p.name.node),
                "add `moves …` (`moves nothing` for a piece that never moves)",
            );
        }
        let mut clauses = Vec::new();
        for c in &p.moves {
            let written = (self.text(c.span), self.source(c.span));
            let facts = (royal, pawn);
            clauses.extend(primitive::lower_clause(c, facts, written, &mut self.errors));
        }
        let examples = p.examples.iter().filter_map(|e| self.example(e)).collect();
        let codes = |l: &Vec<Spanned<String>>| l.iter().map(|c| c.node.clone()).collect::<Vec<_>>();
        let own = codes(&p.codes);
        let or_own = |l: &Vec<Spanned<String>>| if l.is_empty() { own.clone() } else { codes(l) };
        (self.errors.0.len() == errors_before).then(|| lower::Kind {
            name: p.name.node.clone(),
            source: self.source(p.name.span),
            text,
            codes: own.clone(),
            popeye: or_own(&p.popeye),
            german: or_own(&p.german),
            french: or_own(&p.french),
            royal,
            pawn,
            castling_partner: flag("castling_partner"),
            unlettered: flag("unlettered"),
            idle_on_first_rank,
            orthodox: flag("orthodox"),
            promotion,
            numbering,
            promotes_to: Vec::new(),
            home,
            clauses,
            examples,
        })
    }

    /// The piece's definition text, white space folded.
    fn definition(&mut self, p: &PieceDef) -> String {
        match &p.text {
            Some(t) if !t.node.trim().is_empty() => {
                t.node.split_whitespace().collect::<Vec<_>>().join(" ")
            }
            _ => {
                self.error(
                    p.name.span,
                    format!("the piece `{}` has no definition text", p.name.node),
                    "add `text \"…\"` quoting the definition it implements",
                );
                String::new()
            }
        }
    }

    /// The value a statement's word names (`default` when the statement is absent or
    /// its word unknown); `what` names it in the error.
    fn word<V: Vocabulary>(&mut self, w: Option<&Spanned<String>>, what: &str, default: V) -> V {
        let Some(w) = w else { return default };
        V::from_word(&w.node).unwrap_or_else(|| {
            self.error(
                w.span,
                format!("unknown {what} `{}`", w.node),
                format!("expected {}", one_of(&V::words())),
            );
            default
        })
    }

    /// The piece's `home` squares as (file, rank).
    fn home(&mut self, p: &PieceDef) -> Vec<(i8, i8)> {
        let mut home = Vec::new();
        for sq in &p.home {
            let b = sq.node.as_bytes();
            let (f, r) = (b[0] as i8 - b'a' as i8, b[1] as i8 - b'1' as i8);
            if (0..8).contains(&f) && (0..8).contains(&r) {
                home.push((f, r));
            } else {
                self.error(
                    sq.span,
                    format!("`{}` is not a square of the board", sq.node),
                    "expected a square from a1 to h8",
                );
            }
        }
        home
    }

    /// Reads every pawn's own promotion choices (`promotes`, by code) into `kinds`.
    pub(super) fn promotions(&mut self, parsed: &[ast::RuleFile], kinds: &mut [lower::Kind]) {
        for piece in parsed.iter().flat_map(|f| &f.pieces) {
            let mut to = Vec::new();
            for code in &piece.promotes {
                match kinds.iter().position(|k| k.codes.contains(&code.node)) {
                    Some(i) => to.push(i as u8),
                    None => self.error(
                        code.span,
                        format!("unknown piece code `{}` to promote to", code.node),
                        "expected a code given by some piece's `codes`",
                    ),
                }
            }
            if !piece.promotes.is_empty() && !piece.flags.iter().any(|f| f.node == "pawn") {
                self.error(
                    piece.name.span,
                    format!("the piece `{}` promotes but is not a pawn", piece.name.node),
                    "add `pawn`, or remove `promotes`",
                );
            }
            if let Some(k) = kinds.iter_mut().find(|k| k.name == piece.name.node) {
                k.promotes_to = to;
            }
        }
    }

    /// The engine holds [`MAX_KINDS`] kinds (a kind is one byte; a bitboard each, and a set of the
    /// kinds present): the first piece beyond them is an error.
    pub(super) fn kind_limit(&mut self, parsed: &[ast::RuleFile]) {
        if let Some(p) = parsed.iter().flat_map(|f| &f.pieces).nth(MAX_KINDS) {
            self.error(
                p.name.span,
                format!("too many pieces: a rule set holds at most {MAX_KINDS}"),
                format!(
                    "this is piece {}; remove pieces or merge rule sets",
                    MAX_KINDS + 1
                ),
            );
        }
    }

    /// No piece name and no code (of each language) defined twice.
    pub(super) fn duplicates(&mut self, parsed: &[ast::RuleFile]) {
        let pieces: Vec<&PieceDef> = parsed.iter().flat_map(|f| &f.pieces).collect();
        let mut names: HashMap<&str, crate::diagnostic::Span> = HashMap::new();
        for p in &pieces {
            if let Some(first) = names.insert(&p.name.node, p.name.span) {
                let at = self.source(first);
                self.error(
                    p.name.span,
                    format!("the piece `{}` is defined twice", p.name.node),
                    format!("first defined at {at}"),
                );
            }
        }
        let lists: [(&str, CodeList); 4] = [
            ("code", |p| &p.codes),
            ("reference code", |p| &p.popeye),
            ("German code", |p| &p.german),
            ("French code", |p| &p.french),
        ];
        for (what, list) in lists {
            let mut seen: HashMap<&str, (crate::diagnostic::Span, &str)> = HashMap::new();
            for p in &pieces {
                for c in list(p) {
                    match seen.get(c.node.as_str()) {
                        Some(&(first, owner)) if owner != p.name.node => {
                            let at = self.source(first);
                            self.error(
                                c.span,
                                format!("duplicate {what} `{}`: `{owner}` already uses it", c.node),
                                format!("first used at {at}"),
                            );
                        }
                        _ => {
                            seen.insert(&c.node, (c.span, &p.name.node));
                        }
                    }
                }
            }
        }
    }
}
