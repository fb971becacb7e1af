//! The checks of a condition's effects after a move (`recolour mover when …`, `recolour
//! partner when …`, `transmute mover along … when …`) and of its words on pawns (`pawns
//! step up to N from first rank`, `pawns never promote`): the unit named must be one the
//! engine follows through the move, a chain names known walks, and the truth is a
//! move's, as in `forbid moves when …`, but for whether the move checks or mates, which
//! the effects themselves decide.

use super::truth::Place;
use super::Checker;
use crate::ast;
use crate::diagnostic::Span;
use crate::lower::Cond;

/// The most squares a pawn may step from its first rank: the position remembers two
/// squares passed over for en passant.
const MAX_FIRST_RANK_STEPS: i64 = 3;

/// Truths with the chain of kind indices each one walks a unit along.
type Chains = Vec<(Cond, Vec<u8>)>;

impl Checker<'_> {
    /// The truths under which the moved unit changes side, and those under which the
    /// castling partner does, checked and lowered; an unknown unit is an error.
    pub(super) fn recolours(&mut self, defs: &[ast::RecolourDef]) -> (Vec<Cond>, Vec<Cond>) {
        let (mut mover, mut partner) = (Vec::new(), Vec::new());
        for r in defs {
            let list = self.effect_unit(&r.who, "recolour");
            let list = list.map(|p| if p { &mut partner } else { &mut mover });
            let when = self.cond(&r.when, Place::Effect);
            if let (Some(list), Some(when)) = (list, when) {
                list.push(when);
            }
        }
        (mover, partner)
    }

    /// The chains along which the moved unit changes walk, and those of the castling
    /// partner, each with its truth, checked and lowered: a chain names at least two
    /// known codes.
    pub(super) fn transmutes(&mut self, defs: &[ast::TransmuteDef]) -> (Chains, Chains) {
        let (mut mover, mut partner) = (Vec::new(), Vec::new());
        for t in defs {
            let list = self.effect_unit(&t.who, "transmute");
            let list = list.map(|p| if p { &mut partner } else { &mut mover });
            let chain = self.chain(&t.chain, t.who.span);
            let when = self.cond(&t.when, Place::Effect);
            if let (Some(list), Some(chain), Some(when)) = (list, chain, when) {
                list.push((when, chain));
            }
        }
        (mover, partner)
    }

    /// Whether the unit an effect names is the castling partner (else the mover);
    /// `None`, with an error, for any other word.
    fn effect_unit(&mut self, who: &ast::Spanned<String>, verb: &str) -> Option<bool> {
        match who.node.as_str() {
            "mover" => Some(false),
            "partner" => Some(true),
            _ => {
                self.error(
                    who.span,
                    format!("unknown unit `{}` to {verb}", who.node),
                    "expected `mover` (the unit that moves, where the move leaves it) or \
                     `partner` (the castling partner, where it arrives)",
                );
                None
            }
        }
    }

    /// The kind indices of a chain's codes (`at`: where to report a chain too short).
    pub(super) fn chain(&mut self, codes: &[ast::Spanned<String>], at: Span) -> Option<Vec<u8>> {
        let chain = self.kinds_of(codes, " in a chain");
        if codes.len() < 2 {
            self.error(
                at,
                "a chain names at least two walks",
                "write the walks in order: `along Q R B S P`, a unit of one becoming the next",
            );
            return None;
        }
        (chain.len() == codes.len()).then_some(chain)
    }

    /// `pawns step up to N from first rank`: at most once, N from 1 to 3.
    pub(super) fn pawn_steps(&mut self, c: &ast::ConditionDef) -> Option<u8> {
        if let Some(extra) = c.pawn_steps.get(1) {
            self.error(
                extra.span,
                "a condition says `pawns step` at most once",
                "remove this `pawns step`",
            );
        }
        let n = c.pawn_steps.first()?;
        if !(1..=MAX_FIRST_RANK_STEPS).contains(&n.node) {
            self.error(
                n.span,
                format!("a pawn cannot step {} squares from its first rank", n.node),
                format!("write a number from 1 to {MAX_FIRST_RANK_STEPS}: the position keeps two squares passed over"),
            );
            return None;
        }
        Some(n.node as u8)
    }

    /// `exchange places with same walk [kings included|excluded]`: at most once;
    /// whether royal units exchange too (they do unless `kings excluded`).
    pub(super) fn exchanges(&mut self, c: &ast::ConditionDef) -> Option<bool> {
        if let Some(&(extra, _)) = c.exchanges.get(1) {
            self.error(
                extra,
                "a condition says `exchange places` at most once",
                "remove this `exchange places`",
            );
        }
        let (_, kings) = c.exchanges.first()?;
        match kings.as_ref().map(|k| k.node.as_str()) {
            None | Some("included") => Some(true),
            Some("excluded") => Some(false),
            Some(other) => {
                let span = kings.as_ref().map_or(c.name.span, |k| k.span);
                self.error(
                    span,
                    format!("unknown inclusion of kings `{other}`"),
                    "expected `included` (royal units exchange too, the default) or `excluded`",
                );
                None
            }
        }
    }

    /// `fairy pieces refused`: at most once; whether the condition says it.
    pub(super) fn fairy_refused(&mut self, c: &ast::ConditionDef) -> bool {
        if let Some(&extra) = c.fairy_refused.get(1) {
            self.error(
                extra,
                "a condition says `fairy pieces refused` at most once",
                "remove this `fairy pieces refused`",
            );
        }
        !c.fairy_refused.is_empty()
    }

    /// `pawns never promote`: at most once; whether the condition says it.
    pub(super) fn no_promotion(&mut self, c: &ast::ConditionDef) -> bool {
        if let Some(&extra) = c.no_promotion.get(1) {
            self.error(
                extra,
                "a condition says `pawns never promote` at most once",
                "remove this `pawns never promote`",
            );
        }
        !c.no_promotion.is_empty()
    }

    /// `promotion may add it to CODES`, once, in an attribute block: the kinds.
    pub(super) fn promotion_marks(&mut self, c: &ast::ConditionDef) -> Vec<u8> {
        if let Some((extra, _)) = c.promotion_marks.get(1) {
            self.error(
                *extra,
                "a block says `promotion may add it` at most once",
                "list every walk in one statement",
            );
        }
        let Some((span, codes)) = c.promotion_marks.first() else {
            return Vec::new();
        };
        if !c.attribute {
            self.error(
                *span,
                "`promotion may add it` needs an attribute block",
                "`it` is the attribute the block defines: write `attribute NAME { … }`",
            );
            return Vec::new();
        }
        self.kinds_of(codes, "")
    }

    /// The kind indices of `codes`, an unknown code an error (`place` follows the code
    /// in its message: ` in a chain`).
    fn kinds_of(&mut self, codes: &[ast::Spanned<String>], place: &str) -> Vec<u8> {
        let mut kinds = Vec::new();
        for code in codes {
            match self.codes.iter().position(|c| c.contains(&code.node)) {
                Some(i) => kinds.push(i as u8),
                None => self.error(
                    code.span,
                    format!("unknown piece code `{}`{place}", code.node),
                    "expected a code given by some piece's `codes`",
                ),
            }
        }
        kinds
    }

    /// `paralysis stalemates`, once, in a block that paralyses.
    pub(super) fn paralysis_stalemates(&mut self, c: &ast::ConditionDef) -> bool {
        if let Some(&extra) = c.paralysis_stalemates.get(1) {
            self.error(
                extra,
                "a condition says `paralysis stalemates` at most once",
                "remove this `paralysis stalemates`",
            );
        }
        if let (Some(&first), true) = (c.paralysis_stalemates.first(), c.paralyse.is_empty()) {
            self.error(
                first,
                "`paralysis stalemates` needs a `paralyse` statement in the same block",
                "it says how the paralysis this block gives ends play: add `paralyse when …`",
            );
            return false;
        }
        !c.paralysis_stalemates.is_empty()
    }
}
