//! Rust for the conditions: the `RuleSet` hooks (paralysis, restriction, observation,
//! rebirth, legality by the position a move leaves, selection, history), each a chain of `if` blocks over the active conditions,
//! so a problem without conditions pays one bit test per hook (a word test per 64
//! conditions).

use super::kinds::vocabulary;
use crate::lower::{Before, Cond, Condition, Param, Rebirth, Rules, Select, Sq, SqMap, Val};
use crate::snake;
use fairyforge_vocab::ConditionSide;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

/// The words of `Rules::active`: one bit per condition, as many words as the conditions need.
pub fn active_words(rules: &Rules) -> usize {
    rules.conditions.len().div_ceil(64).max(1)
}

/// The conditions that read squares from a problem (`params squares`), each with its
/// slot in `Rules::squares`.
pub fn square_slots(rules: &Rules) -> Vec<(usize, usize)> {
    rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.params.contains(&Param::Squares))
        .enumerate()
        .map(|(slot, (i, _))| (i, slot))
        .collect()
}

/// The word and the bit of condition `i` in `Rules::active`.
fn bit(i: usize) -> (usize, u64) {
    (i / 64, 1u64 << (i % 64))
}

/// Whether any condition that satisfies `f` is active: a test of each word that holds one,
/// `false` when none does (unparenthesised: negate it as `!(…)`).
pub(super) fn any_active(rules: &Rules, f: impl Fn(&Condition) -> bool) -> TokenStream {
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

/// Whether a condition for which `f` holds is active for `side` (a `side` in scope).
pub(super) fn any_active_for(rules: &Rules, f: impl Fn(&Condition) -> bool) -> TokenStream {
    let tests: Vec<TokenStream> = rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| f(c))
        .map(|(i, c)| active(i, c, quote!(side)))
        .collect();
    if tests.is_empty() {
        quote!(false)
    } else {
        quote!(#(#tests)||*)
    }
}

/// Whether condition `i` is active, with its side restriction on `side`.
pub(super) fn active(i: usize, c: &Condition, side: TokenStream) -> TokenStream {
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
        Sq::Landing => quote!(mv.mover_lands().map(|(at, _)| at)),
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
            // (`mirror`: an option of rebirth mirrors every game-array square)
            let camp = quote!({
                let camp = camp(#unit, #who, side);
                if #mirrored != mirror { camp.opponent() } else { camp }
            });
            quote!(Some(game_array_square::<Rules>(#unit, #camp, #at)))
        }
        Sq::Base => quote!(base),
        // (the engine chooses: `Rebirth::choice`)
        Sq::Choice => quote!(None),
        Sq::Map(map, s) => {
            let s = sq(s);
            let to = match map {
                SqMap::Rotated => quote!(Square::from_coords(7 - s.file(), 7 - s.rank())),
                SqMap::FileMirrored => quote!(Square::from_coords(7 - s.file(), s.rank())),
                SqMap::Antipode => {
                    quote!(Square::from_coords((s.file() + 4) % 8, (s.rank() + 4) % 8))
                }
            };
            quote!((#s).and_then(|s| #to))
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
        Val::UnitRoyal => quote!(Some(piece.is_royal(Rules::KINDS))),
        Val::UnitPawn => quote!(Some(Rules::KINDS[piece.kind.index()].pawn)),
        Val::FirstRank(s) => {
            let s = sq(s);
            quote!((#s).map(|s| s.rank() == side.relative_rank(0)))
        }
        Val::Captures => quote!(Some(mv.captured.is_some())),
        Val::Promotes => quote!(Some(mv.promotion.is_some())),
        // (only in the truths of phase 5, where `pos` is mutable: the move is played on
        // it and taken back)
        Val::Checks => quote!(Some(pos.gives_check(mv))),
        Val::Mates => quote!(Some(pos.mates(mv))),
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
        // (`given`, the condition's squares, is bound in the helper of its truth)
        Val::Given(s) => {
            let s = sq(s);
            quote!((#s).map(|s| given.contains(s)))
        }
        Val::UnitObservedByFriend => {
            // by the walks alone, from where the units observe
            quote!(Some(pos.observes_by_walks(
                mv.from,
                side,
                pos.board().movable_by(side)
            )))
        }
        Val::UnitObservedByEnemy => {
            let by = quote!(side.opponent());
            quote!(Some(pos.observes_by_walks(
                mv.from,
                #by,
                pos.board().movable_by(#by)
            )))
        }
        Val::UnitLinkedToRoyal => {
            // the units linked grow from the royal units, each round adding the units of
            // the side that a linked unit observes (by the walks alone), until none is added
            quote!(Some({
                let board = pos.board();
                let own = board.movable_by(side);
                let mut linked = pos.royal_squares(side);
                loop {
                    if linked.contains(mv.from) {
                        break true;
                    }
                    let mut grown = linked;
                    for sq in own & !linked {
                        if pos.observes_by_walks(sq, side, linked) {
                            grown.insert(sq);
                        }
                    }
                    if grown == linked {
                        break false;
                    }
                    linked = grown;
                }
            }))
        }
        Val::LeavesSameWalkObservation => {
            // the move is played on a copy of the position, so that observation (which
            // sees the position immutably) can ask too
            quote!(Some(same_walk_observation_after(self, pos, mv)))
        }
        Val::ExceedsGameArray => quote!(Some(exceeds_game_array(pos, mv))),
        Val::CapturedRoyal => quote!(mv.captured.map(|c| c.is_royal(Rules::KINDS))),
        Val::CapturedObservedByFriend => {
            // the captured unit's side is the other side
            quote!(mv.captured.map(|_| {
                let guards = side.opponent();
                pos.observes_by_walks(mv.capture_at, guards, pos.board().movable_by(guards))
            }))
        }
        Val::Walk(k) => quote!(Some(Kind(#k))),
        Val::UnitObservedBy(k) => {
            quote!(Some(observed_by_kind(self, pos, mv.from, Kind(#k), side.opponent())))
        }
        Val::UnitHas(a) => quote!(Some(piece.marks.has(#a))),
        Val::CapturedHas(a) => quote!(mv.captured.map(|c| c.marks.has(#a))),
        Val::UnitObservedByMarked(a) => {
            // by the walks alone, from where the units observe
            quote!(Some({
                let by = side.opponent();
                pos.observes_by_walks(mv.from, by, pos.board().marked(by, #a))
            }))
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

pub(super) fn cond(c: &Cond) -> TokenStream {
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
            // (a royal unit changing walk, when observed, is the only unit its side moves)
            let selects = c.select.is_some() || c.royal_walks.is_some_and(|r| r.becomes);
            // (a capture's second leg leaves check as the walks give it)
            let moves_only =
                !(c.forbid_moves.is_empty() && c.forbid_legal.is_empty() && !c.leg_after_capture)
                    && c.forbid.is_empty()
                    && c.paralyse.is_empty()
                    && c.rebirth.is_none();
            let params = c.params.iter().map(|&p| vocabulary(p));
            let (rebirth, option) = (c.rebirth.is_some(), c.option);
            let attribute = c.attribute;
            let vanishes = !c.vanish.is_empty();
            let lends_walks = c.walk_lent.is_some() || c.royal_walks.is_some();
            let incompatible = &c.incompatible;
            let fairy_refused = c.fairy_refused;
            let r = c.rebirth.as_ref();
            let kings_reborn = match r.and_then(|r| r.kings) {
                Some(k) => quote!(Some(#k)),
                None => quote!(None),
            };
            let clones = r.is_some_and(|r| r.cloned);
            let reborn_before = r.is_some_and(|r| r.before.is_some());
            let changes_reborn = r.is_some_and(|r| {
                r.transmuted.is_some()
                    || r.turned
                    || r.cloned
                    || r.promoting
                    || r.forbid_in_place.is_some()
                    || r.forbid_when_taken == Some(false)
                    || r.delayed
            });
            let delays_rebirth = r.is_some_and(|r| r.delayed);
            let reborn_capturer = r.is_some_and(|r| r.capturer && r.before.is_none()) && !option;
            let asks_observers = [
                &c.paralyse,
                &c.forbid,
                &c.forbid_moves,
                &c.forbid_legal,
                &c.recolour,
                &c.recolour_partner,
            ]
            .into_iter()
            .flatten()
            .any(asks_observers);
            quote! {
                ConditionInfo {
                    name: #name, names: &[#(#names),*], attribute: #attribute,
                    vanishes: #vanishes, params: &[#(#params),*], definition: #text,
                    source: #source, side: #side, selects: #selects, moves_only: #moves_only,
                    rebirth: #rebirth, option: #option, lends_walks: #lends_walks,
                    asks_observers: #asks_observers, incompatible: &[#(#incompatible),*],
                    fairy_refused: #fairy_refused,
                    kings_reborn: #kings_reborn,
                    clones: #clones,
                    reborn_before: #reborn_before,
                    changes_reborn: #changes_reborn,
                    delays_rebirth: #delays_rebirth,
                    reborn_capturer: #reborn_capturer,
                }
            }
        })
        .collect()
}

/// The body of `promotion_marks`: for each active attribute whose promotions may add
/// it, its mark when `kind` is one of its walks.
fn promotion_marks(rules: &Rules) -> TokenStream {
    let attributes = rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.attribute);
    let adding = attributes.enumerate().filter_map(|(mark, (i, c))| {
        if c.promotion_marks.is_empty() {
            return None;
        }
        let on = active(i, c, quote!(Side::White));
        let kinds = &c.promotion_marks;
        let mark = mark as u8;
        Some(quote! {
            if #on && matches!(kind.0, #(#kinds)|*) {
                marks = marks.with(#mark);
            }
        })
    });
    quote!(#(#adding)*)
}

/// Whether a truth asks which units observe which, by their walks.
fn asks_observers(c: &Cond) -> bool {
    let observers = |v: &Val| {
        matches!(
            v,
            Val::UnitObservedBySameWalk
                | Val::UnitObservedBy(_)
                | Val::UnitObservedByMarked(_)
                | Val::UnitObservedByFriend
                | Val::UnitObservedByEnemy
                | Val::UnitLinkedToRoyal
                | Val::CapturedObservedByFriend
                | Val::LeavesSameWalkObservation
        )
    };
    match c {
        Cond::And(a, b) | Cond::Or(a, b) => asks_observers(a) || asks_observers(b),
        Cond::Not(a) => asks_observers(a),
        Cond::Compare(a, _, b) => observers(a) || observers(b),
        Cond::Is(v) => observers(v),
    }
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
    /// `forbid moves when`, judged by the position the move leaves (phase 5).
    ForbidLegal,
    /// `recolour mover when`: an effect after the move (phase 4, after rebirth).
    Recolour,
    /// `recolour partner when`: an effect after a castling.
    RecolourPartner,
    /// `after capture remove capturer when`: the capturer leaves the board.
    Vanish,
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
    /// Tests in `forbidden_legal`.
    forbidden_legal: TokenStream,
    /// Tests in `recolours`.
    recolours: TokenStream,
    /// Tests in `recolours_partner_of`.
    recolours_partner: TokenStream,
    /// Tests in `vanishes`.
    vanishes: TokenStream,
    /// Each condition's slot in `Rules::squares`, by index.
    slots: Vec<(usize, usize)>,
    /// Rebirths in `rebirth`.
    rebirths: TokenStream,
    /// Rebirths in `rebirth_effects`.
    rebirth_effects: TokenStream,
    /// Tests in `rebirth_possible`.
    rebirth_checks: TokenStream,
    /// The moves made from rebirth squares, in `moves_from_rebirth`.
    from_rebirth: TokenStream,
    /// Squares in `rebirth_departure`.
    departures: TokenStream,
    /// Selections in `select`.
    selects: TokenStream,
    /// Tests in `delays_rebirth`.
    delaying: TokenStream,
    /// Rebirths in `pending_rebirth`.
    pendings: TokenStream,
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
            Truth::ForbidLegal => (
                &c.forbid_legal,
                "forbidden_legal_by",
                " Whether this condition forbids the move `mv` of `piece` by `side`, which keeps its royal units safe, by the position it leaves:",
            ),
            Truth::Recolour => (
                &c.recolour,
                "recolours_by",
                " Whether this condition makes `piece`, moved by `side` in `mv`, pass to the other side where the move leaves it:",
            ),
            Truth::Vanish => (
                &c.vanish,
                "vanishes_by",
                " Whether this condition takes `piece`, capturing in `mv` for `side`, off the board:",
            ),
            Truth::RecolourPartner => (
                &c.recolour_partner,
                "recolours_partner_by",
                " Whether this condition makes `piece`, the castling partner of `mv` by `side`, pass to the other side where it arrives:",
            ),
        };
        if conds.is_empty() {
            return;
        }
        let doc = format!(" {} ({}): {}", c.name, c.source, c.text);
        let on = active(i, c, quote!(side));
        let conds = conds.iter().map(cond);
        let fname = format_ident!("{}_{}", prefix, snake(&c.name));
        // the squares the problem gave after the condition's name, for `given(…)`
        let given = match self.slots.iter().find(|&&(index, _)| index == i) {
            Some(&(_, slot)) => {
                let slot = Literal::usize_unsuffixed(slot);
                quote!(let given = self.squares[#slot];)
            }
            None => quote!(),
        };
        let helper = if let Truth::ForbidLegal = kind {
            // the move is played on the position, so the last move is a copy
            quote! {
                fn #fname(&self, pos: &mut Position<Rules>, mv: &Move, piece: Piece, side: Side, last: Option<(Move, Side)>) -> bool {
                    let last = last.as_ref().map(|(m, s)| (m, *s));
                    let _ = (&last, piece);
                    #given
                    #on && (#(#conds)||*)
                }
            }
        } else {
            quote! {
                fn #fname(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side, last: Option<(&Move, Side)>) -> bool {
                    #given
                    #on && (#(#conds)||*)
                }
            }
        };
        self.helpers.extend(quote! {
            #[doc = #what]
            #[doc = #doc]
            #[inline]
            #helper
        });
        let call = quote! {
            if self.#fname(pos, mv, piece, side, last) { return true; }
        };
        match kind {
            Truth::Paralyse => self.paralysed.extend(call),
            Truth::Forbid => self.forbidden.extend(call),
            Truth::ForbidMoves => self.forbidden_moves.extend(call),
            Truth::ForbidLegal => self.forbidden_legal.extend(call),
            Truth::Recolour => self.recolours.extend(call),
            Truth::RecolourPartner => self.recolours_partner.extend(call),
            Truth::Vanish => self.vanishes.extend(call),
        }
    }

    /// The rebirth of base condition `i` with the options of rebirth: its square as a
    /// helper, the rebirth the active options make of it, the moves and effects it makes,
    /// and the observation test (a taken square may forbid the capture).
    fn rebirth(&mut self, i: usize, c: &Condition, r: &Rebirth, options: &[(usize, &Condition)]) {
        let at = r.at.as_ref().map_or(quote!(None), sq);
        let fname = format_ident!("rebirth_square_{}", i);
        let rdoc = format!(
            " Where `{}` puts the unit: {} ({}).",
            r.text, c.name, c.source
        );
        self.helpers.extend(quote! {
            #[doc = #rdoc]
            #[inline]
            fn #fname(mv: &Move, side: Side, mirror: bool) -> Option<Square> {
                let _ = mirror;
                #at
            }
        });
        let composed = format_ident!("rebirth_of_{}", i);
        let body = composition(i, r, options);
        let cdoc = format!(
            " The rebirth of {} ({}), as the active options of rebirth change it.",
            c.name, c.source
        );
        self.helpers.extend(quote! {
            #[doc = #cdoc]
            #[inline]
            fn #composed(&self, mv: &Move, side: Side) -> Rebirth { #body }
        });
        let on = active(i, c, quote!(side));
        if let Some(before) = r.before {
            self.departure(&on, &composed, before);
            return;
        }
        let delays_on = options
            .iter()
            .filter(|(_, o)| o.rebirth.as_ref().is_some_and(|r| r.delayed))
            .map(|(j, o)| active(*j, o, quote!(side)));
        let base_delayed = r.delayed;
        self.delaying
            .extend(quote!(if #on { return #base_delayed #(|| #delays_on)*; }));
        self.pendings.extend(quote! {
            if #on {
                return Some(self.#composed(basis, side));
            }
        });
        self.rebirths.extend(quote! {
            if #on {
                let r = self.#composed(&mv, side);
                return push_rebirth(pos, mv, side, r, out);
            }
        });
        self.rebirth_effects.extend(quote! {
            if #on {
                return rebirth_effects(pos, mv, side, self.#composed(mv, side));
            }
        });
        if judges_observation(Some(r))
            || options
                .iter()
                .any(|(_, o)| judges_observation(o.rebirth.as_ref()))
        {
            self.rebirth_checks.extend(quote! {
                if #on {
                    let victim = pos.board().get(target).unwrap_or(piece);
                    let mv = Move::capture_elsewhere(from, arrival, piece, victim, target);
                    let allowed = |mv: &Move| rebirth_observes(pos, mv, Rebirth { promote: false, ..self.#composed(mv, side) });
                    // a pawn arriving on its last rank promotes: observed when some
                    // promotion leaves a rebirth square
                    let promotions = if Self::KINDS[piece.kind.index()].pawn && arrival.rank() == side.relative_rank(7) {
                        pos.promotion_choices(piece.kind, side)
                    } else {
                        &[]
                    };
                    let allowed = if promotions.is_empty() {
                        allowed(&mv)
                    } else {
                        promotions.iter().any(|&k| allowed(&mv.with_promotion(k)))
                    };
                    if !allowed { return false; }
                }
            });
        }
    }

    /// A rebirth before the move (`rebirth mover before …`, Mars Circe), active when `on`
    /// holds: which moves start from the rebirth square, and that square, found as for a
    /// unit captured where it stands by itself (`capture`, `departure`, `arrival` are its
    /// square). A royal unit the rebirth leaves out makes none of those moves.
    fn departure(&mut self, on: &TokenStream, composed: &Ident, before: Before) {
        let how = match before {
            Before::Captures => quote!(FromRebirth::Captures),
            Before::Quiet => quote!(FromRebirth::Quiet),
            Before::All => quote!(FromRebirth::All),
        };
        self.from_rebirth
            .extend(quote!(if #on { return Some(#how); }));
        self.departures.extend(quote! {
            if #on {
                let r = self.#composed(&Move::capture(from, from, piece, piece), side);
                return if piece.is_royal(Self::KINDS) && !r.kings { None } else { r.at };
            }
        });
    }

    /// Helpers for the options of rebirth: each option's square, from the base's.
    fn option_squares(&mut self, options: &[(usize, &Condition)]) {
        for (j, o) in options {
            let Some(at) = o.rebirth.as_ref().and_then(|r| r.at.as_ref()) else {
                continue;
            };
            if *at == Sq::Choice {
                continue;
            }
            let fname = format_ident!("rebirth_square_{}", j);
            let at = sq(at);
            let doc = format!(
                " Where the option {} ({}) puts the unit, from the base's square `base`.",
                o.name, o.source
            );
            self.helpers.extend(quote! {
                #[doc = #doc]
                #[inline]
                fn #fname(mv: &Move, side: Side, base: Option<Square>, mirror: bool) -> Option<Square> {
                    let _ = (mv, side, base, mirror);
                    #at
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
    let mut parts = Parts {
        slots: square_slots(rules),
        ..Parts::default()
    };
    let options: Vec<(usize, &Condition)> = rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.option)
        .collect();
    parts.option_squares(&options);
    for (i, c) in rules.conditions.iter().enumerate() {
        for kind in [
            Truth::Paralyse,
            Truth::Forbid,
            Truth::ForbidMoves,
            Truth::ForbidLegal,
            Truth::Recolour,
            Truth::RecolourPartner,
            Truth::Vanish,
        ] {
            parts.truth(i, c, kind);
        }
        match &c.rebirth {
            Some(r) if !c.option => parts.rebirth(i, c, r, &options),
            _ => {}
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
        forbidden_legal,
        recolours,
        recolours_partner,
        vanishes,
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

        /// Whether a condition forbids the move `mv` of `piece` by `side`, which keeps its
        /// royal units safe, by the position it leaves (phase 5).
        #[inline]
        fn forbidden_legal(&self, pos: &mut Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move().map(|(m, s)| (*m, s));
            let _ = (&last, &pos, mv, piece, side);
            #forbidden_legal
            false
        }

        /// Whether a condition takes `piece`, capturing in `mv` for `side`, off the board
        /// (`after capture remove capturer when …`).
        #[inline]
        fn vanishes(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move();
            let _ = (&last, mv, piece, side);
            #vanishes
            false
        }

        /// Whether a condition makes `piece`, moved by `side` in `mv`, pass to the other
        /// side where the move leaves it (`recolour mover when …`).
        #[inline]
        fn recolours(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move();
            let _ = (&last, mv, piece, side);
            #recolours
            false
        }

        /// Whether a condition makes `piece`, the castling partner in `mv` by `side`, pass
        /// to the other side where it arrives (`recolour partner when …`).
        #[inline]
        fn recolours_partner_of(&self, pos: &Position<Rules>, mv: &Move, piece: Piece, side: Side) -> bool {
            let last = pos.last_move();
            let _ = (&last, mv, piece, side);
            #recolours_partner
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
    let judging_after = any_active(rules, |c| !c.forbid_legal.is_empty());
    let reborn = any_active(rules, |c| {
        c.rebirth.as_ref().is_some_and(|r| r.before.is_none()) && !c.option
    });
    let selecting = any_active(rules, |c| c.select.is_some());
    let vanishing = any_active(rules, |c| !c.vanish.is_empty());
    let recolouring = any_active(rules, |c| {
        !c.recolour.is_empty()
            || !c.recolour_partner.is_empty()
            || !c.transmute.is_empty()
            || !c.transmute_partner.is_empty()
    });
    let set_squares = parts.slots.iter().map(|&(i, slot)| {
        let slot = Literal::usize_unsuffixed(slot);
        quote!(#i => self.squares[#slot] = squares,)
    });
    let looking_back = any_active(rules, |c| c.uses_last);
    // (which units may exchange places depends on whether the last move exchanged)
    let exchanging = any_active(rules, |c| c.exchanges.is_some());
    // (a royal unit in check from its own side too: the shortcuts that look at one side
    // alone are off, as under a filter)
    let filtering = any_active(rules, |c| {
        !c.paralyse.is_empty()
            || !c.forbid.is_empty()
            || c.checks_from_both
            || c.check_by_flights
            || c.walk_lent.is_some()
            || c.royal_walks.is_some()
            || c.leg_before_capture
            || c.transfers_given
            || judges_observation(c.rebirth.as_ref())
            || c.rebirth.as_ref().is_some_and(|r| r.before.is_some())
    });
    let both_check = any_active(rules, |c| c.checks_from_both);
    let suffocating = any_active(rules, |c| c.paralysis_stalemates);
    let marking_promotions = promotion_marks(rules);
    let by_flights = any_active(rules, |c| c.check_by_flights);
    let reads_numbers: Vec<usize> = rules
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.params.contains(&Param::SideNumbers))
        .map(|(i, _)| i)
        .collect();
    let set_numbers = match reads_numbers.is_empty() {
        true => quote!(let _ = (condition, numbers);),
        false => quote! {
            if matches!(condition, #(#reads_numbers)|*) {
                self.numbers = numbers;
            }
        },
    };
    let continuing = any_active_for(rules, |c| c.leg_after_capture);
    let leading = any_active_for(rules, |c| c.leg_before_capture);
    let lending = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let lend = c.walk_lent.as_ref()?;
        let enemy = lend.enemy;
        let squares = lend.squares.iter().map(|&(dx, dy)| {
            let (dx, dy) = (Literal::i8_suffixed(dx), Literal::i8_suffixed(dy));
            quote!((#dx, #dy))
        });
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return Some(Lender { enemy: #enemy, squares: &[#(#squares),*] }); }))
    });
    let royal_walking = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let crate::lower::RoyalWalks { keeps_own, becomes } = c.royal_walks?;
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return Some(RoyalWalks { keeps_own: #keeps_own, becomes: #becomes }); }))
    });
    let royal_changing = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let pawn = c.royal_change?;
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return Some(Kind(#pawn)); }))
    });
    let swapping = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let when = match c.swap_royals? {
            crate::lower::SwapRoyals::Always => quote!(SwapRoyals::Always),
            crate::lower::SwapRoyals::Checking => quote!(SwapRoyals::Checking),
            crate::lower::SwapRoyals::Safe => quote!(SwapRoyals::Safe),
        };
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return Some(#when); }))
    });
    let selecting_for = any_active_for(rules, |c| c.select.is_some());
    let leaving_holes = any_active(rules, |c| c.holes_left);
    let striking = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let (recolour, own, neutrals, promoted) = c.strike?;
        let on = active(i, c, quote!(side));
        Some(quote! {
            if #on {
                return Some(Strike { recolour: #recolour, own: #own, neutrals: #neutrals, promoted: #promoted });
            }
        })
    });
    let recolouring_observed = rules.conditions.iter().enumerate().filter_map(|(i, c)| {
        let observers = if c.recolour_observed? {
            quote!(Observers::Checkers)
        } else {
            quote!(Observers::Mover)
        };
        let on = active(i, c, quote!(side));
        Some(quote!(if #on { return Some(#observers); }))
    });
    // the union of the given squares of the active conditions for which `f` holds
    let given = |f: fn(&Condition) -> bool, set: TokenStream| -> Vec<TokenStream> {
        parts
            .slots
            .iter()
            .filter(|&&(i, _)| f(&rules.conditions[i]))
            .map(|&(i, slot)| {
                let (w, b) = bit(i);
                let w = Literal::usize_unsuffixed(w);
                let slot = Literal::usize_unsuffixed(slot);
                quote!(if self.active[#w] & #b != 0 { #set |= self.squares[#slot]; })
            })
            .collect()
    };
    let given_holes = given(|c| c.holes_given, quote!(holes));
    let given_transfers = given(|c| c.transfers_given, quote!(squares));
    let Parts {
        rebirths,
        rebirth_effects,
        from_rebirth,
        departures,
        selects,
        delaying,
        pendings,
        ..
    } = parts;
    let delaying_any = any_active(rules, |c| c.rebirth.as_ref().is_some_and(|r| r.delayed));
    let transmutes = super::transmute::hooks(rules);
    quote! {
        fn activate(&mut self, condition: usize) {
            assert!(condition < Self::CONDITIONS.len(), "no condition has the index {condition}");
            self.active[condition / 64] |= 1u64 << (condition % 64);
        }

        fn set_defender(&mut self, side: Side) {
            self.defender = Some(side);
        }

        fn set_numbers(&mut self, condition: usize, numbers: [u32; 2]) {
            #set_numbers
        }

        #[inline(always)]
        fn check_by_flights(&self) -> Option<[u32; 2]> {
            (#by_flights).then_some(self.numbers)
        }

        fn set_squares(&mut self, condition: usize, squares: Bitboard) {
            let _ = squares;
            match condition {
                #(#set_squares)*
                _ => {}
            }
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

        #[inline(always)]
        fn checks_from_both_sides(&self) -> bool {
            #both_check
        }

        #[inline(always)]
        fn paralysis_stalemates(&self) -> bool {
            #suffocating
        }

        #[inline]
        fn promotion_marks(&self, kind: Kind) -> Marks {
            let mut marks = Marks::NONE;
            let _ = kind;
            #marking_promotions
            marks
        }

        #[inline(always)]
        fn walk_lent_from(&self, side: Side) -> Option<Lender> {
            let _ = side;
            #(#lending)*
            None
        }

        #[inline(always)]
        fn royal_walks(&self, side: Side) -> Option<RoyalWalks> {
            let _ = side;
            #(#royal_walking)*
            None
        }

        #[inline(always)]
        fn swaps_royals(&self, side: Side) -> Option<SwapRoyals> {
            let _ = side;
            #(#swapping)*
            None
        }

        #[inline(always)]
        fn royal_becomes_captured(&self, side: Side) -> Option<Kind> {
            let _ = side;
            #(#royal_changing)*
            None
        }

        fn holes(&self) -> Bitboard {
            #[allow(unused_mut)]
            let mut holes = Bitboard::EMPTY;
            #(#given_holes)*
            holes
        }

        #[inline(always)]
        fn strike(&self, side: Side) -> Option<Strike> {
            let _ = side;
            #(#striking)*
            None
        }

        #[inline(always)]
        fn recolours_observed(&self, side: Side) -> Option<Observers> {
            let _ = side;
            #(#recolouring_observed)*
            None
        }

        #[inline]
        fn transfer_squares(&self) -> Bitboard {
            #[allow(unused_mut)]
            let mut squares = Bitboard::EMPTY;
            #(#given_transfers)*
            squares
        }

        #[inline(always)]
        fn leaves_holes(&self) -> bool {
            #leaving_holes
        }

        #[inline(always)]
        fn continues_captures(&self, side: Side) -> bool {
            let _ = side;
            #continuing
        }

        #[inline(always)]
        fn leads_captures(&self, side: Side) -> bool {
            let _ = side;
            #leading
        }

        #[inline(always)]
        fn has_legality_test(&self) -> bool {
            #judging_after
        }

        #[inline]
        fn allows_legal(&self, pos: &mut Position<Self>, mv: &Move) -> bool {
            let side = pos.side();
            !self.forbidden_legal(pos, mv, mv.mover, side)
        }

        #[inline]
        fn observation_ok(&self, pos: &Position<Self>, from: Square, piece: Piece, target: Square, arrival: Square, side: Side) -> bool {
            // (the move judged as the capture is: arriving where the capture lands, the
            // unit taken gone; on an empty square, a square a castling passes, as the
            // move there)
            let mv = match pos.board().get(target) {
                Some(victim) => Move::capture_elsewhere(from, arrival, piece, victim, target),
                None => Move::quiet(from, arrival, piece),
            };
            // a pawn arriving on its last rank promotes: observed when some promotion is
            // allowed (a truth may judge the position the capture leaves)
            let promotions = if Self::KINDS[piece.kind.index()].pawn && arrival.rank() == side.relative_rank(7) {
                pos.promotion_choices(piece.kind, side)
            } else {
                &[]
            };
            let allowed = |mv: &Move| !self.forbidden(pos, mv, piece, side);
            let allowed = if promotions.is_empty() {
                allowed(&mv)
            } else {
                promotions.iter().any(|&k| allowed(&mv.with_promotion(k)))
            };
            !self.paralysed(pos, &mv, piece, side)
                && allowed
                && self.rebirth_possible(pos, from, piece, target, arrival, side)
                && pos.transfer_observes(from, arrival)
        }

        #[inline(always)]
        fn has_rebirth(&self) -> bool {
            #reborn
        }

        #[inline]
        fn moves_from_rebirth(&self, side: Side) -> Option<FromRebirth> {
            #from_rebirth
            None
        }

        #[inline]
        fn rebirth_departure(&self, pos: &Position<Self>, from: Square, piece: Piece, side: Side) -> Option<Square> {
            let _ = pos;
            #departures
            Some(from)
        }

        #[inline]
        fn rebirth(&self, pos: &Position<Self>, mv: Move, out: &mut MoveList) {
            let side = pos.side();
            #rebirths
            out.push(mv);
        }

        #[inline]
        fn delays_rebirth(&self, side: Side) -> bool {
            let _ = side;
            #delaying
            false
        }

        #[inline]
        fn pending_rebirth(&self, pos: &Position<Self>, basis: &Move) -> Option<Rebirth> {
            let side = pos.side();
            let _ = (basis, side);
            #pendings
            None
        }

        #[inline]
        fn rebirth_effects(&self, pos: &Position<Self>, mv: &Move) -> Rebirths {
            let side = pos.side();
            #rebirth_effects
            Rebirths::Unchanged
        }

        #[inline(always)]
        fn has_after_effects(&self) -> bool {
            #recolouring
        }

        #transmutes

        #[inline(always)]
        fn removes_capturers(&self) -> bool {
            #vanishing
        }

        #[inline]
        fn removes_capturer(&self, pos: &Position<Self>, mv: &Move) -> bool {
            self.vanishes(pos, mv, mv.mover, pos.side())
        }

        #[inline]
        fn recolours_mover(&self, pos: &Position<Self>, mv: &Move) -> bool {
            self.recolours(pos, mv, mv.mover, pos.side())
        }

        #[inline]
        fn recolours_partner(&self, pos: &Position<Self>, mv: &Move, partner: Piece) -> bool {
            self.recolours_partner_of(pos, mv, partner, pos.side())
        }

        #[inline(always)]
        fn has_selection(&self) -> bool {
            #selecting
        }

        #[inline(always)]
        fn selects_for(&self, side: Side) -> bool {
            let _ = side;
            #selecting_for
        }

        #[inline]
        fn select(&self, pos: &Position<Self>, moves: &mut MoveList) {
            #selects
        }

        #[inline]
        fn history_key(&self, pos: &Position<Self>) -> u64 {
            let mut key = 0;
            if #looking_back {
                key = pos.last_move().map_or(0, |(m, s)| (u64::from(m.mover.kind.0) << 1 | s.index() as u64) + 1);
            }
            if #delaying_any {
                // the capture whose unit the next move puts back
                if let Some((c, at)) = pos.last_made().and_then(|m| Some((m.captured?, m.capture_at))) {
                    key ^= ((u64::from(c.kind.0) << 2 | c.owner.index() as u64) << 6 | at.index() as u64 | 1 << 16) << 32;
                }
            }
            if #exchanging {
                if let [Some(a), Some(b)] = exchanged_last(pos.last_made()) {
                    key ^= ((a.index() as u64) << 6 | b.index() as u64 | 1 << 12) << 16;
                }
            }
            key
        }
    }
}

/// The body of `rebirth_of_i`: the base's rebirth, each aspect replaced by the active
/// options that write it (the options defining a square of their own first, then those
/// adapting the base's, each in the order of the rule files).
fn composition(i: usize, r: &Rebirth, options: &[(usize, &Condition)]) -> TokenStream {
    let base_sq = format_ident!("rebirth_square_{}", i);
    let of = |f: &dyn Fn(&Rebirth) -> bool| -> Vec<(usize, TokenStream, &Rebirth)> {
        options
            .iter()
            .filter_map(|(j, o)| {
                let r = o.rebirth.as_ref()?;
                f(r).then(|| (*j, active(*j, o, quote!(side)), r))
            })
            .collect()
    };
    let mut squares = TokenStream::new();
    for adapting in [false, true] {
        for (j, on, o) in of(&|o| o.at.as_ref().is_some_and(|a| a.uses_base() == adapting)) {
            let f = format_ident!("rebirth_square_{}", j);
            squares.extend(match (o.at.as_ref(), adapting) {
                (Some(Sq::Choice), _) => quote!(if #on { choice = true; }),
                (_, false) => {
                    quote!(if #on { at = Rules::#f(mv, side, at, mirror); choice = false; })
                }
                (_, true) => quote!(if #on { at = Rules::#f(mv, side, at, mirror); }),
            });
        }
    }
    let base_choice = r.at == Some(Sq::Choice);
    let when = |forbid: bool| {
        if forbid {
            quote!(WhenTaken::Forbid)
        } else {
            quote!(WhenTaken::Vanish)
        }
    };
    let base_when = when(r.forbid_when_taken == Some(true));
    let whens = of(&|o| o.forbid_when_taken.is_some())
        .into_iter()
        .map(|(_, on, o)| {
            let w = when(o.forbid_when_taken == Some(true));
            quote!(if #on { when_taken = #w; })
        });
    let base_kings = r.kings.unwrap_or(r.capturer);
    let kings = of(&|o| o.kings.is_some()).into_iter().map(|(_, on, o)| {
        let k = o.kings == Some(true);
        quote!(if #on { kings = #k; })
    });
    let base_promote = r.promoting;
    let promotes = of(&|o| o.promoting)
        .into_iter()
        .map(|(_, on, _)| quote!(|| #on));
    let who = if r.capturer {
        quote!(Reborn::Capturer)
    } else {
        quote!(Reborn::Captured)
    };
    let base_in_place = r.forbid_in_place == Some(true);
    let in_place = of(&|o| o.forbid_in_place.is_some())
        .into_iter()
        .map(|(_, on, o)| {
            let f = o.forbid_in_place == Some(true);
            quote!(if #on { forbid_in_place = #f; })
        });
    let base_turned = r.turned;
    let base_delayed = r.delayed;
    let delays = of(&|o| o.delayed)
        .into_iter()
        .map(|(_, on, _)| quote!(|| #on));
    let placed = !r.imagined;
    let base_mirrored = r.mirrored;
    let mirrors = of(&|o| o.mirrored)
        .into_iter()
        .map(|(_, on, _)| quote!(|| #on));
    let turns = of(&|o| o.turned)
        .into_iter()
        .map(|(_, on, _)| quote!(|| #on));
    // the reborn unit's walk: the base's chain, then each active option's, the first
    // that changes it deciding; its square is found by the walk it takes
    let chains = std::iter::once((quote!(true), r))
        .chain(
            of(&|o| o.transmuted.is_some())
                .into_iter()
                .map(|(_, on, o)| (on, o)),
        )
        .filter_map(|(on, o)| {
            let (chain, reversed) = o.transmuted.as_ref()?;
            let mut chain = chain.clone();
            if *reversed && r.capturer {
                chain.reverse();
            }
            let (from, to) = super::transmute::steps(&chain);
            Some(quote! {
                if #on && walk.is_none() {
                    walk = match unit.kind.0 {
                        #(#from => Some(Kind(#to)),)*
                        _ => None,
                    };
                }
            })
        });
    // the walk of the other unit of the capture, for `cloned` (none when either is royal)
    let other = if r.capturer {
        quote!(mv.captured.map(|c| c.kind))
    } else {
        quote!(Some(mv.mover.kind))
    };
    let clones = std::iter::once((quote!(true), r))
        .chain(of(&|o| o.cloned).into_iter().map(|(_, on, o)| (on, o)))
        .filter(|(_, o)| o.cloned)
        .map(|(on, _)| {
            quote! {
                if #on && walk.is_none() && !unit.is_royal(Rules::KINDS) {
                    walk = (#other).filter(|k| !Rules::KINDS[k.index()].royal);
                }
            }
        });
    let (unit, adapt) = if r.capturer {
        (quote!(mv.arriving()), quote!(adapted.promotion = Some(k);))
    } else {
        (
            quote!(mv.captured.unwrap_or(mv.mover)),
            quote!(adapted.captured = adapted.captured.map(|c| c.with_kind(k));),
        )
    };
    quote! {
        let _ = self;
        let unit = #unit;
        let _ = unit;
        #[allow(unused_mut)]
        let mut walk: Option<Kind> = None;
        #(#chains)*
        #(#clones)*
        let mut adapted = *mv;
        if let Some(k) = walk {
            #adapt
        }
        let mv = &adapted;
        let mirror = #base_mirrored #(#mirrors)*;
        #[allow(unused_mut)]
        let mut at = Rules::#base_sq(mv, side, mirror);
        #[allow(unused_mut)]
        let mut choice = #base_choice;
        #squares
        #[allow(unused_mut)]
        let mut when_taken = #base_when;
        #(#whens)*
        #[allow(unused_mut)]
        let mut kings = #base_kings;
        #(#kings)*
        let promote = #base_promote #(#promotes)*;
        #[allow(unused_mut)]
        let mut forbid_in_place = #base_in_place;
        #(#in_place)*
        let turned = #base_turned #(#turns)*;
        let delayed = #base_delayed #(#delays)*;
        Rebirth { who: #who, at, when_taken, promote, kings, walk, turned, forbid_in_place, placed: #placed, choice, delayed }
    }
}

/// Whether a rebirth (of a base or an option) can change what a unit observes: a taken
/// square forbidding the capture, or a captured king reborn.
fn judges_observation(r: Option<&Rebirth>) -> bool {
    r.is_some_and(|r| {
        r.forbid_when_taken == Some(true)
            || r.forbid_in_place == Some(true)
            || (!r.capturer && r.kings == Some(true))
    })
}
