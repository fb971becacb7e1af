//! Rust for the conditions: the `RuleSet` hooks (paralysis, restriction, observation,
//! rebirth, selection, history), each a chain of `if` blocks over the active conditions,
//! so a problem without conditions pays one bit test per hook (a word test per 64
//! conditions).

use super::kinds::vocabulary;
use crate::lower::{Cond, Condition, Rules, Select, Sq, Val};
use crate::snake;
use fairyforge_vocab::ConditionSide;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

/// The words of `Rules::active`: one bit per condition, as many words as the conditions need.
pub fn active_words(rules: &Rules) -> usize {
    rules.conditions.len().div_ceil(64).max(1)
}

/// The word and the bit of condition `i` in `Rules::active`.
fn bit(i: usize) -> (usize, u64) {
    (i / 64, 1u64 << (i % 64))
}

/// Whether any condition that satisfies `f` is active: a test of each word that holds one,
/// `false` when none does (unparenthesised: negate it as `!(…)`).
fn any_active(rules: &Rules, f: impl Fn(&Condition) -> bool) -> TokenStream {
    let mut words = vec![0u64; active_words(rules)];
    for (i, _) in rules.conditions.iter().enumerate().filter(|(_, c)| f(c)) {
        let (w, b) = bit(i);
        words[w] |= b;
    }
    let tests: Vec<TokenStream> = words
        .iter()
        .enumerate()
        .filter(|(_, m)| **m != 0)
        .map(|(w, m)| {
            let w = Literal::usize_unsuffixed(w);
            quote!(self.active[#w] & #m != 0)
        })
        .collect();
    if tests.is_empty() {
        quote!(false)
    } else {
        quote!(#(#tests)||*)
    }
}

/// Whether condition `i` is active, with its side restriction on `side`.
fn active(i: usize, c: &Condition, side: TokenStream) -> TokenStream {
    let (w, b) = bit(i);
    let w = Literal::usize_unsuffixed(w);
    let on = quote!(self.active[#w] & #b != 0);
    match c.white_only {
        None if c.defender => quote!(#on && self.defender == Some(#side)),
        None => on,
        Some(true) => quote!(#on && #side == Side::White),
        Some(false) => quote!(#on && #side == Side::Black),
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
        Val::Captures => quote!(Some(mv.captured.is_some())),
        Val::Edge(s) => {
            let s = sq(s);
            quote!((#s).map(on_edge))
        }
        Val::Cell(s) => {
            let s = sq(s);
            quote!((#s).map(grid_cell))
        }
        Val::ContactBefore(s) => {
            let s = sq(s);
            quote!((#s).map(|s| contact_before(pos, s)))
        }
        Val::ContactAfter(s) => {
            let s = sq(s);
            quote!((#s).map(|s| contact_after(pos, mv, s)))
        }
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
            let moves_only = !c.forbid_moves.is_empty()
                && c.forbid.is_empty()
                && c.paralyse.is_empty()
                && c.rebirth.is_none();
            let params = c.params.iter().map(|&p| vocabulary(p));
            quote! {
                ConditionInfo {
                    name: #name, names: &[#(#names),*], params: &[#(#params),*], definition: #text,
                    source: #source, side: #side, selects: #selects, moves_only: #moves_only,
                }
            }
        })
        .collect()
}

/// The kinds of truth a condition states.
#[derive(Clone, Copy)]
enum Truth {
    /// `paralyse when`.
    Paralyse,
    /// `forbid when`: moves and observation.
    Forbid,
    /// `forbid moves when`: moves only.
    ForbidMoves,
}

/// The code each condition adds to the hooks, gathered condition by condition.
#[derive(Default)]
struct Parts {
    /// Tests in `paralysed`.
    paralysed: TokenStream,
    /// Tests in `forbidden`.
    forbidden: TokenStream,
    /// Tests in `forbidden_moves`.
    forbidden_moves: TokenStream,
    /// Rebirths in `rebirth`.
    rebirths: TokenStream,
    /// Rebirths in `rebirth_effects`.
    rebirth_effects: TokenStream,
    /// Tests in `rebirth_possible`.
    rebirth_checks: TokenStream,
    /// Selections in `select`.
    selects: TokenStream,
    /// Inherent functions of `Rules`.
    helpers: TokenStream,
}

impl Parts {
    /// A `paralyse`, `forbid` or `forbid moves` truth of condition `i`: a helper, and its
    /// call in the hook of its kind.
    fn truth(&mut self, i: usize, c: &Condition, kind: Truth) {
        let (conds, prefix, what) = match kind {
            Truth::Paralyse => (
                &c.paralyse,
                "paralysed_by",
                " Whether this condition paralyses `piece` on `mv.from` for `side`:",
            ),
            Truth::Forbid => (
                &c.forbid,
                "forbidden_by",
                " Whether this condition forbids `mv` of `piece` by `side`:",
            ),
            Truth::ForbidMoves => (
                &c.forbid_moves,
                "forbidden_moves_by",
                " Whether this condition forbids the move `mv` of `piece` by `side` (not its observation):",
            ),
        };
        if conds.is_empty() {
            return;
        }
        let doc = format!(" {} ({}): {}", c.name, c.source, c.text);
        let on = active(i, c, quote!(side));
        let conds = conds.iter().map(cond);
        let fname = format_ident!("{}_{}", prefix, snake(&c.name));
        self.helpers.extend(quote! {
            #[doc = #what]
            #[doc = #doc]
            #[inline]
            fn #fname(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side, last: Option<(&Move, Side)>) -> bool {
                #on && (#(#conds)||*)
            }
        });
        let call = quote! {
            if self.#fname(pos, mv, piece, side, last) { return true; }
        };
        match kind {
            Truth::Paralyse => self.paralysed.extend(call),
            Truth::Forbid => self.forbidden.extend(call),
            Truth::ForbidMoves => self.forbidden_moves.extend(call),
        }
    }

    /// The rebirth of condition `i`: its square as a helper, the moves and effects it
    /// makes, and, where a taken square forbids the capture, the observation test.
    fn rebirth(&mut self, i: usize, c: &Condition, r: &crate::lower::Rebirth) {
        let fname = format_ident!("rebirth_square_{}", i);
        let at = sq(&r.at);
        let rdoc = format!(
            " Where `{}` puts the unit: {} ({}).",
            r.text, c.name, c.source
        );
        self.helpers.extend(quote! {
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
        self.rebirths.extend(quote! {
            if #on {
                let at = Rules::#fname(&mv, side);
                return push_rebirth(pos, mv, side, Rebirth { who: #who, at, when_taken: #when, promote: #promote }, out);
            }
        });
        self.rebirth_effects.extend(quote! {
            if #on {
                let at = Rules::#fname(mv, side);
                return rebirth_effects(pos, mv, side, Rebirth { who: #who, at, when_taken: #when, promote: #promote });
            }
        });
        if r.forbid_when_taken {
            self.rebirth_checks.extend(quote! {
                if #on {
                    let victim = pos.board().get(target).unwrap_or(piece);
                    let mv = Move::capture_elsewhere(from, arrival, piece, victim, target);
                    // a pawn arriving on its last rank promotes: observed when some
                    // promotion leaves a rebirth square
                    let allowed = if Self::KINDS[piece.kind.index()].pawn && arrival.rank() == side.relative_rank(7) {
                        pos.promotions_of(piece.kind).iter().any(|&k| {
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

    /// The selection of condition `i` among the legal moves.
    fn selection(&mut self, i: usize, c: &Condition, sel: Select) {
        let on = active(i, c, quote!(pos.side()));
        let how = match sel {
            Select::FirstAlphabetic => quote!(keep_best(moves, |m| -alphabetic(m.from))),
            Select::MaxLength => quote!(keep_best(moves, length)),
            Select::MinLength => quote!(keep_best(moves, |m| -length(m))),
            Select::MaxCapture => quote!(keep_best(moves, |m| i32::from(m.is_capture()))),
            Select::MinCapture => quote!(keep_best(moves, |m| -i32::from(m.is_capture()))),
        };
        self.selects.extend(quote! {
            if #on { #how; }
        });
    }
}

/// Inherent helpers of `Rules` (one per condition truth) and the hook methods of the
/// `RuleSet` impl.
pub fn hooks(rules: &Rules) -> (TokenStream, TokenStream) {
    let mut parts = Parts::default();
    for (i, c) in rules.conditions.iter().enumerate() {
        for kind in [Truth::Paralyse, Truth::Forbid, Truth::ForbidMoves] {
            parts.truth(i, c, kind);
        }
        if let Some(r) = &c.rebirth {
            parts.rebirth(i, c, r);
        }
        if let Some(sel) = c.select {
            parts.selection(i, c, sel);
        }
    }
    (inherent(&parts), impls(rules, &parts))
}

/// The inherent functions of `Rules` the hooks call.
fn inherent(parts: &Parts) -> TokenStream {
    let Parts {
        paralysed,
        forbidden,
        forbidden_moves,
        rebirth_checks,
        helpers,
        ..
    } = parts;
    quote! {
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

        /// Whether a condition forbids the move `mv` of `piece` by `side`, observation
        /// aside (`forbid moves when …`).
        #[inline]
        fn forbidden_moves(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move();
            let _ = (&last, mv, piece, side);
            #forbidden_moves
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
    }
}

/// The hook methods of the `RuleSet` impl.
fn impls(rules: &Rules, parts: &Parts) -> TokenStream {
    let paralysing = any_active(rules, |c| !c.paralyse.is_empty());
    let forbidding = any_active(rules, |c| {
        !c.forbid.is_empty() || !c.forbid_moves.is_empty()
    });
    let reborn = any_active(rules, |c| c.rebirth.is_some());
    let selecting = any_active(rules, |c| c.select.is_some());
    let looking_back = any_active(rules, |c| c.uses_last);
    let filtering = any_active(rules, |c| {
        !c.paralyse.is_empty()
            || !c.forbid.is_empty()
            || c.rebirth.as_ref().is_some_and(|r| r.forbid_when_taken)
    });
    let Parts {
        rebirths,
        rebirth_effects,
        selects,
        ..
    } = parts;
    quote! {
        fn activate(&mut self, condition: usize) {
            assert!(condition < Self::CONDITIONS.len(), "no condition has the index {condition}");
            self.active[condition / 64] |= 1u64 << (condition % 64);
        }

        fn set_defender(&mut self, side: Side) {
            self.defender = Some(side);
        }

        #[inline(always)]
        fn may_move(&self, pos: &Position<Self>, from: Square, piece: Piece, side: Side) -> bool {
            !(#paralysing) || !self.paralysed(pos, &Move::quiet(from, from, piece), piece, side)
        }

        #[inline(always)]
        fn has_conditions(&self) -> bool {
            self.active.iter().any(|&w| w != 0)
        }

        #[inline(always)]
        fn has_restriction(&self) -> bool {
            #forbidding
        }

        #[inline(always)]
        fn allows(&self, pos: &Position<Self>, mv: &Move) -> bool {
            !self.forbidden(pos, mv, mv.mover, pos.side())
                && !self.forbidden_moves(pos, mv, mv.mover, pos.side())
        }

        #[inline(always)]
        fn has_observation_filter(&self) -> bool {
            #filtering
        }

        #[inline]
        fn observation_ok(&self, pos: &Position<Self>, from: Square, piece: Piece, target: Square, arrival: Square, side: Side) -> bool {
            // (the move judged as the capture is: arriving where the capture lands, the
            // unit taken gone)
            let victim = pos.board().get(target).unwrap_or(piece);
            let mv = Move::capture_elsewhere(from, arrival, piece, victim, target);
            !self.paralysed(pos, &mv, piece, side)
                && !self.forbidden(pos, &mv, piece, side)
                && self.rebirth_possible(pos, from, piece, target, arrival, side)
        }

        #[inline(always)]
        fn has_rebirth(&self) -> bool {
            #reborn
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
            #selecting
        }

        #[inline]
        fn select(&self, pos: &Position<Self>, moves: &mut MoveList) {
            #selects
        }

        #[inline]
        fn history_key(&self, pos: &Position<Self>) -> u64 {
            if !(#looking_back) {
                return 0;
            }
            pos.last_move().map_or(0, |(m, s)| (u64::from(m.mover.kind.0) << 1 | s.index() as u64) + 1)
        }
    }
}
