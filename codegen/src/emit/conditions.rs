//! Rust for the conditions: the `RuleSet` hooks (paralysis, restriction, observation,
//! rebirth, selection, history), each a chain of `if` blocks over the active conditions,
//! so a problem without conditions pays one bit test per hook.

use super::kinds::vocabulary;
use crate::lower::{Cond, Condition, Rules, Select, Sq, Val};
use crate::snake;
use fairyforge_vocab::ConditionSide;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The bit of condition `i` in `Rules::active`.
fn bit(i: usize) -> u64 {
    1u64 << i
}

fn mask(rules: &Rules, f: impl Fn(&Condition) -> bool) -> u64 {
    rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| f(c))
        .fold(0, |m, (i, _)| m | bit(i))
}

/// `self.active & bit != 0`, with the side restriction of the condition on `side`.
fn active(i: usize, c: &Condition, side: TokenStream) -> TokenStream {
    let b = bit(i);
    match c.white_only {
        None if c.defender => quote!(self.active & #b != 0 && self.defender == Some(#side)),
        None => quote!(self.active & #b != 0),
        Some(true) => quote!(self.active & #b != 0 && #side == Side::White),
        Some(false) => quote!(self.active & #b != 0 && #side == Side::Black),
    }
}

/// A square expression as `Option<Square>`; `mv` and `side` in scope.
fn sq(e: &Sq) -> TokenStream {
    match e {
        Sq::Departure => quote!(Some(mv.from)),
        Sq::Arrival => quote!(Some(mv.to)),
        Sq::Capture => quote!(Some(mv.capture_at)),
        Sq::PartnerDeparture => quote!(mv.partner().map(|(from, _)| from)),
        Sq::PartnerArrival => quote!(mv.partner().map(|(_, to)| to)),
        Sq::GameArray { capturer, mirrored } => {
            let (unit, who, at) = if *capturer {
                // the file of the capture, where a locust's capture and arrival differ
                (
                    quote!(mv.arriving()),
                    quote!(Reborn::Capturer),
                    quote!(mv.capture_at),
                )
            } else {
                (
                    quote!(mv.captured.unwrap_or(mv.mover)),
                    quote!(Reborn::Captured),
                    quote!(mv.capture_at),
                )
            };
            let camp = if *mirrored {
                quote!(camp(#unit, #who, side).opponent())
            } else {
                quote!(camp(#unit, #who, side))
            };
            quote!(Some(game_array_square::<Rules>(#unit, #camp, #at)))
        }
        Sq::Pair(a, b) => {
            let (a, b) = (sq(a), sq(b));
            quote!(match (#a, #b) { (Some(a), Some(b)) => Square::from_coords(a.file(), b.rank()), _ => None })
        }
        Sq::Shift(s, plus, a, b) => {
            let (s, a, b) = (sq(s), sq(a), sq(b));
            let sign = if *plus { quote!(1) } else { quote!(-1) };
            quote!(match (#s, #a, #b) {
                (Some(s), Some(a), Some(b)) => s.offset(#sign * (a.file() - b.file()), #sign * (a.rank() - b.rank())),
                _ => None,
            })
        }
    }
}

/// A value as an `Option<_>` expression; `piece`, `side`, `last`, `mv` (for moves) and
/// `pos` in scope.
fn val(v: &Val) -> TokenStream {
    match v {
        Val::UnitWalk => quote!(Some(piece.kind)),
        Val::LastWalk => quote!(last.map(|(m, _)| m.mover.kind)),
        Val::LastSide => quote!(last.map(|(_, s)| s)),
        Val::Side => quote!(Some(side)),
        Val::Colour(s) => {
            let s = sq(s);
            quote!((#s).map(|s| (s.file() + s.rank()) % 2))
        }
        Val::UnitRoyal => quote!(Some(Rules::KINDS[piece.kind.index()].royal)),
        Val::UnitObservedBySameWalk => {
            quote!(Some(observed_by_kind(
                self,
                pos,
                mv.from,
                piece.kind,
                side.opponent()
            )))
        }
    }
}

fn cond(c: &Cond) -> TokenStream {
    match c {
        Cond::And(a, b) => {
            let (a, b) = (cond(a), cond(b));
            quote!((#a && #b))
        }
        Cond::Or(a, b) => {
            let (a, b) = (cond(a), cond(b));
            quote!((#a || #b))
        }
        Cond::Not(a) => {
            let a = cond(a);
            quote!(!#a)
        }
        Cond::Compare(a, eq, b) => {
            let (a, b) = (val(a), val(b));
            quote!(match (#a, #b) { (Some(a), Some(b)) => (a == b) == #eq, _ => false })
        }
        Cond::Is(v) => {
            let v = val(v);
            quote!((#v).unwrap_or(false))
        }
    }
}

/// The `CONDITIONS` table entries.
pub fn infos(rules: &Rules) -> Vec<TokenStream> {
    rules
        .conditions
        .iter()
        .map(|c| {
            let (name, names, text, source) = (&c.name, &c.names, &c.text, &c.source);
            let side = vocabulary(match (c.white_only, c.defender) {
                (Some(true), _) => ConditionSide::White,
                (Some(false), _) => ConditionSide::Black,
                (None, true) => ConditionSide::Defender,
                (None, false) => ConditionSide::Both,
            });
            let selects = c.select.is_some();
            quote! { ConditionInfo { name: #name, names: &[#(#names),*], definition: #text, source: #source, side: #side, selects: #selects } }
        })
        .collect()
}

/// Inherent helpers of `Rules` (one per condition truth) and the hook methods of the
/// `RuleSet` impl.
pub fn hooks(rules: &Rules) -> (TokenStream, TokenStream) {
    let paralyse_mask = mask(rules, |c| !c.paralyse.is_empty());
    let forbid_mask = mask(rules, |c| !c.forbid.is_empty());
    let rebirth_mask = mask(rules, |c| c.rebirth.is_some());
    let rebirth_forbid_mask = mask(rules, |c| {
        c.rebirth.as_ref().is_some_and(|r| r.forbid_when_taken)
    });
    let select_mask = mask(rules, |c| c.select.is_some());
    let last_mask = mask(rules, |c| c.uses_last);
    let filter_mask = paralyse_mask | forbid_mask | rebirth_forbid_mask;

    let mut paralysed = TokenStream::new();
    let mut forbidden = TokenStream::new();
    let mut rebirths = TokenStream::new();
    let mut rebirth_effects = TokenStream::new();
    let mut rebirth_checks = TokenStream::new();
    let mut selects = TokenStream::new();
    let mut helpers = TokenStream::new();
    for (i, c) in rules.conditions.iter().enumerate() {
        let doc = format!(" {} ({}): {}", c.name, c.source, c.text);
        let snake = snake(&c.name);
        if !c.paralyse.is_empty() {
            let on = active(i, c, quote!(side));
            let conds = c.paralyse.iter().map(cond);
            let fname = format_ident!("paralysed_by_{}", snake);
            helpers.extend(quote! {
                #[doc = " Whether this condition paralyses `piece` on `mv.from` for `side`:"]
                #[doc = #doc]
                #[inline]
                fn #fname(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side, last: Option<(&Move, Side)>) -> bool {
                    #on && (#(#conds)||*)
                }
            });
            paralysed.extend(quote! {
                if self.#fname(pos, mv, piece, side, last) { return true; }
            });
        }
        if !c.forbid.is_empty() {
            let on = active(i, c, quote!(side));
            let conds = c.forbid.iter().map(cond);
            let fname = format_ident!("forbidden_by_{}", snake);
            helpers.extend(quote! {
                #[doc = " Whether this condition forbids `mv` of `piece` by `side`:"]
                #[doc = #doc]
                #[inline]
                fn #fname(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side, last: Option<(&Move, Side)>) -> bool {
                    #on && (#(#conds)||*)
                }
            });
            forbidden.extend(quote! {
                if self.#fname(pos, mv, piece, side, last) { return true; }
            });
        }
        if let Some(r) = &c.rebirth {
            let fname = format_ident!("rebirth_square_{}", i);
            let at = sq(&r.at);
            let rdoc = format!(
                " Where `{}` puts the unit: {} ({}).",
                r.text, c.name, c.source
            );
            helpers.extend(quote! {
                #[doc = #rdoc]
                #[inline]
                fn #fname(mv: &Move, side: Side) -> Option<Square> { #at }
            });
            let who = if r.capturer {
                quote!(Reborn::Capturer)
            } else {
                quote!(Reborn::Captured)
            };
            let when = if r.forbid_when_taken {
                quote!(WhenTaken::Forbid)
            } else {
                quote!(WhenTaken::Vanish)
            };
            let promote = r.promoting;
            let on = active(i, c, quote!(side));
            rebirths.extend(quote! {
                if #on {
                    let at = Rules::#fname(&mv, side);
                    return push_rebirth(pos, mv, side, Rebirth { who: #who, at, when_taken: #when, promote: #promote }, out);
                }
            });
            rebirth_effects.extend(quote! {
                if #on {
                    let at = Rules::#fname(mv, side);
                    return rebirth_effects(pos, mv, side, Rebirth { who: #who, at, when_taken: #when, promote: #promote });
                }
            });
            if r.forbid_when_taken {
                rebirth_checks.extend(quote! {
                    if #on {
                        let victim = pos.board().get(target).unwrap_or(piece);
                        let mv = Move::capture_elsewhere(from, arrival, piece, victim, target);
                        // a pawn arriving on its last rank promotes: observed when some
                        // promotion leaves a rebirth square
                        let allowed = if Self::KINDS[piece.kind.index()].pawn && arrival.rank() == side.relative_rank(7) {
                            pos.promotions().iter().any(|&k| {
                                let mv = mv.with_promotion(k);
                                rebirth_allowed(pos, &mv, Rebirth { who: #who, at: Rules::#fname(&mv, side), when_taken: #when, promote: false })
                            })
                        } else {
                            rebirth_allowed(pos, &mv, Rebirth { who: #who, at: Rules::#fname(&mv, side), when_taken: #when, promote: false })
                        };
                        if !allowed { return false; }
                    }
                });
            }
        }
        if let Some(sel) = c.select {
            let on = active(i, c, quote!(pos.side()));
            let how = match sel {
                Select::FirstAlphabetic => quote!(keep_best(moves, |m| -alphabetic(m.from))),
                Select::MaxLength => quote!(keep_best(moves, length)),
                Select::MinLength => quote!(keep_best(moves, |m| -length(m))),
            };
            let _ = &doc;
            selects.extend(quote! {
                if #on { #how; }
            });
        }
    }

    let inherent = quote! {
        /// Whether a condition paralyses the unit `piece` on `mv.from` for `side`.
        #[inline]
        fn paralysed(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move();
            let _ = (&last, mv, piece, side);
            #paralysed
            false
        }

        /// Whether a condition forbids `mv` of `piece` by `side`.
        #[inline]
        fn forbidden(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move();
            let _ = (&last, mv, piece, side);
            #forbidden
            false
        }

        /// Whether the rebirth of a capture on `target` by `piece` from `from`, arriving on
        /// `arrival`, has a square (for conditions whose capture is forbidden otherwise).
        #[inline]
        fn rebirth_possible(&self, pos: &Position<Rules>, from: Square, piece: Piece, target: Square, arrival: Square, side: Side) -> bool {
            let _ = (from, piece, target, arrival, side);
            #rebirth_checks
            true
        }

        #helpers
    };

    let impls = quote! {
        fn activate(&mut self, condition: usize) {
            assert!(condition < Self::CONDITIONS.len(), "no condition has the index {condition}");
            self.active |= 1u64 << condition;
        }

        fn set_defender(&mut self, side: Side) {
            self.defender = Some(side);
        }

        #[inline(always)]
        fn may_move(&self, pos: &Position<Self>, from: Square, piece: Piece, side: Side) -> bool {
            self.active & #paralyse_mask == 0 || !self.paralysed(pos, &Move::quiet(from, from, piece), piece, side)
        }

        #[inline(always)]
        fn has_conditions(&self) -> bool {
            self.active != 0
        }

        #[inline(always)]
        fn has_restriction(&self) -> bool {
            self.active & #forbid_mask != 0
        }

        #[inline(always)]
        fn allows(&self, pos: &Position<Self>, mv: &Move) -> bool {
            !self.forbidden(pos, mv, mv.mover, pos.side())
        }

        #[inline(always)]
        fn has_observation_filter(&self) -> bool {
            self.active & #filter_mask != 0
        }

        #[inline]
        fn observation_ok(&self, pos: &Position<Self>, from: Square, piece: Piece, target: Square, arrival: Square, side: Side) -> bool {
            // (the move judged as the capture is: arriving where the capture lands)
            let mv = Move::quiet(from, arrival, piece);
            !self.paralysed(pos, &mv, piece, side)
                && !self.forbidden(pos, &mv, piece, side)
                && self.rebirth_possible(pos, from, piece, target, arrival, side)
        }

        #[inline(always)]
        fn has_rebirth(&self) -> bool {
            self.active & #rebirth_mask != 0
        }

        #[inline]
        fn rebirth(&self, pos: &Position<Self>, mv: Move, out: &mut MoveList) {
            let side = pos.side();
            #rebirths
            out.push(mv);
        }

        #[inline]
        fn rebirth_effects(&self, pos: &Position<Self>, mv: &Move) -> Rebirths {
            let side = pos.side();
            #rebirth_effects
            Rebirths::Unchanged
        }

        #[inline(always)]
        fn has_selection(&self) -> bool {
            self.active & #select_mask != 0
        }

        #[inline]
        fn select(&self, pos: &Position<Self>, moves: &mut MoveList) {
            #selects
        }

        #[inline]
        fn history_key(&self, pos: &Position<Self>) -> u64 {
            if self.active & #last_mask == 0 {
                return 0;
            }
            pos.last_move().map_or(0, |(m, s)| (u64::from(m.mover.kind.0) << 1 | s.index() as u64) + 1)
        }
    };
    (inherent, impls)
}
