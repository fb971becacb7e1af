//! The checks of a condition's truths (`paralyse when …`, `forbid [moves] when …`): every
//! value known and typed, compared only with a value of its type, and looked at only
//! where it means something — a unit has no move in `paralyse`, and an observation is
//! always a capture, so whether the move captures can only restrict moves (`forbid moves
//! when …`), never observation; nor can whether it checks or mates, which observation
//! itself tells.

use super::Checker;
use crate::ast::{self, Spanned};
use crate::lower::{Cond, Sq, Val};

/// Where a truth is evaluated: what it may look at.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// `paralyse when`: a unit (`unit`, `side`, `last`).
    Unit,
    /// `forbid when`: a move and the observation it stands for (also its squares).
    Move,
    /// `forbid moves when`: a move only (also whether it captures).
    MoveOnly,
    /// `forbid captures when`: a capture and the observation it stands for.
    Captures,
    /// `recolour … when`: a move, before it is judged (whether it captures, not whether
    /// it checks or mates, which its effects decide).
    Effect,
}

/// The type of a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Type {
    Walk,
    Side,
    Colour,
    Cell,
    Bool,
}

impl Type {
    /// The type in words, with its article.
    fn words(self) -> &'static str {
        match self {
            Type::Walk => "a kind of unit",
            Type::Side => "a side",
            Type::Colour => "a square colour",
            Type::Cell => "a grid cell",
            Type::Bool => "a truth",
        }
    }
}

/// The values, in words, for the diagnostic of an unknown one.
const VALUES: &str = "unit.walk, unit.royal, unit.pawn, unit.observed_by_same_walk, \
     observed_by(W) with W a piece's code or an attribute, a piece's code (a walk), \
     unit.has(A), captured.has(A) with A an attribute, \
     unit.observed_by_friend, unit.observed_by_enemy, unit.linked_to_royal, captured.royal, \
     captured.observed_by_friend, last.walk, last.side, \
     side, move.captures, move.promotes, move.checks, move.mates, move.leaves_same_walk_observation, \
     move.exceeds_game_array, \
     colour(S), edge(S), first_rank(S), cell(S), contact_before(S), contact_after(S) or given(S) with S one \
     of departure, arrival, partner_departure, partner_arrival (or landing, in `recolour`)";

impl Checker<'_> {
    /// A truth, checked and lowered; `None` after an error (all of them reported).
    pub(super) fn cond(&mut self, e: &Spanned<ast::BoolExpr>, place: Place) -> Option<Cond> {
        use ast::BoolExpr;
        Some(match &e.node {
            // Both sides are checked before giving up, so every error is reported.
            BoolExpr::And(a, b) => {
                let (a, b) = (self.cond(a, place), self.cond(b, place));
                Cond::And(Box::new(a?), Box::new(b?))
            }
            BoolExpr::Or(a, b) => {
                let (a, b) = (self.cond(a, place), self.cond(b, place));
                Cond::Or(Box::new(a?), Box::new(b?))
            }
            BoolExpr::Not(a) => Cond::Not(Box::new(self.cond(a, place)?)),
            BoolExpr::Compare(a, eq, b) => {
                let (a, b) = (self.value(a, place), self.value(b, place));
                let ((va, ta), (vb, tb)) = (a?, b?);
                if ta != tb {
                    self.error(
                        e.span,
                        format!("cannot compare {} with {}", ta.words(), tb.words()),
                        "compare values of one type: walks, sides, colours, cells or truths",
                    );
                    return None;
                }
                Cond::Compare(va, *eq, vb)
            }
            BoolExpr::Is(v) => {
                let (val, t) = self.value(v, place)?;
                if t != Type::Bool {
                    self.error(
                        v.span,
                        format!("{} is not a truth", t.words()),
                        "compare it: `A == B` or `A != B`",
                    );
                    return None;
                }
                Cond::Is(val)
            }
        })
    }

    fn value(&mut self, v: &Spanned<ast::Value>, place: Place) -> Option<(Val, Type)> {
        let found = match &v.node {
            ast::Value::Path(p) => path_value(p),
            ast::Value::Call(f, x) if f == "observed_by" => {
                if let Some(a) = self.attribute_index(x) {
                    return Some((Val::UnitObservedByMarked(a), Type::Bool));
                }
                return self
                    .walk(v, x)
                    .map(|k| (Val::UnitObservedBy(k), Type::Bool));
            }
            ast::Value::Call(f, x) if f == "unit.has" || f == "captured.has" => {
                let a = self.attribute(v, x)?;
                Some(match f.as_str() {
                    "unit.has" => (Val::UnitHas(a), Type::Bool),
                    _ => (Val::CapturedHas(a), Type::Bool),
                })
            }
            ast::Value::Call(f, x) => return self.square_value(v, f, x, place),
            ast::Value::Walk(code) => {
                return self.walk(v, code).map(|k| (Val::Walk(k), Type::Walk))
            }
        };
        match found {
            Some((Val::Captures, _)) if place == Place::Captures => {
                self.error(
                    v.span,
                    "`move.captures` cannot apply in `forbid captures when …`",
                    "every move it judges captures: leave it out",
                );
                None
            }
            Some((val, _))
                if of_capture(&val) && !matches!(place, Place::Captures | Place::MoveOnly) =>
            {
                let word = self.text(v.span);
                self.error(
                    v.span,
                    format!("`{word}` cannot apply in {}", place_words(place)),
                    if place == Place::Unit {
                        "use it in `forbid captures when …`"
                    } else {
                        "a move there may capture nothing: write `forbid captures when …`"
                    },
                );
                None
            }
            Some((Val::Checks | Val::Mates | Val::ExceedsGameArray, _))
                if place == Place::Effect =>
            {
                let word = self.text(v.span);
                self.error(
                    v.span,
                    format!("`{word}` cannot apply in {}", place_words(place)),
                    "the effects of a move are made before it is judged: whether it checks, \
                     mates or leaves a side too many units depends on them",
                );
                None
            }
            Some((val, _))
                if moves_only(&val) && !matches!(place, Place::MoveOnly | Place::Effect) =>
            {
                let word = self.text(v.span);
                let label = if place == Place::Unit {
                    "use it in `forbid moves when …`".to_string()
                } else if val == Val::Captures {
                    "an observation is a capture: write `forbid moves when …`, so that check \
                     stays as the walks give it"
                        .to_string()
                } else {
                    format!(
                        "observation is what tells check: `{word}` cannot judge it; write \
                         `forbid moves when …`, so that check stays as the walks give it"
                    )
                };
                self.error(
                    v.span,
                    format!("`{word}` cannot apply in {}", place_words(place)),
                    label,
                );
                None
            }
            Some((Val::LeavesSameWalkObservation | Val::ExceedsGameArray, _))
                if place == Place::Unit =>
            {
                let word = self.text(v.span);
                self.error(
                    v.span,
                    format!("`{word}` cannot apply in {}", place_words(place)),
                    "use it in `forbid when …` (moves and observation) or `forbid moves when …`",
                );
                None
            }
            Some(found) => Some(found),
            None => {
                self.unknown_value(v);
                None
            }
        }
    }

    /// A value of a square of the move: `colour(arrival)`, `edge(departure)`, …
    /// The index of the attribute block named `name`, if there is one.
    fn attribute_index(&self, name: &str) -> Option<u8> {
        self.attributes
            .iter()
            .position(|a| a == name)
            .map(|i| i as u8)
    }

    /// The index of the attribute block named `name`; an unknown name is an error.
    fn attribute(&mut self, v: &Spanned<ast::Value>, name: &str) -> Option<u8> {
        let found = self.attribute_index(name);
        if found.is_none() {
            let known = if self.attributes.is_empty() {
                "no `attribute` block is written".to_string()
            } else {
                format!("expected one of {}", self.attributes.join(", "))
            };
            self.error(
                v.span,
                format!("unknown attribute `{name}`"),
                format!("an attribute is named by its `attribute` block: {known}"),
            );
        }
        found
    }

    /// The kind index of a walk named by its code; an unknown code is an error.
    fn walk(&mut self, v: &Spanned<ast::Value>, code: &str) -> Option<u8> {
        match self.codes.iter().position(|c| c.iter().any(|k| k == code)) {
            Some(k) => Some(k as u8),
            None => {
                self.error(
                    v.span,
                    format!("unknown piece code `{code}`"),
                    "expected a code given by some piece's `codes`",
                );
                None
            }
        }
    }

    fn square_value(
        &mut self,
        v: &Spanned<ast::Value>,
        f: &str,
        x: &str,
        place: Place,
    ) -> Option<(Val, Type)> {
        let sq = match x {
            "departure" => Sq::Departure,
            "arrival" => Sq::Arrival,
            "partner_departure" => Sq::PartnerDeparture,
            "partner_arrival" => Sq::PartnerArrival,
            "landing" if place == Place::Effect => Sq::Landing,
            "landing" => {
                self.error(
                    v.span,
                    format!("`{f}(landing)` cannot apply in {}", place_words(place)),
                    "where the move leaves its unit is known once its rebirths are made: \
                     use it in `recolour … when …`",
                );
                return None;
            }
            _ => {
                self.unknown_value(v);
                return None;
            }
        };
        let found = match f {
            "colour" => (Val::Colour(sq), Type::Colour),
            "edge" => (Val::Edge(sq), Type::Bool),
            "first_rank" => (Val::FirstRank(sq), Type::Bool),
            "cell" => (Val::Cell(sq), Type::Cell),
            "contact_before" => (Val::ContactBefore(sq), Type::Bool),
            "contact_after" => (Val::ContactAfter(sq), Type::Bool),
            "given" if !self.squares_given => {
                self.error(
                    v.span,
                    format!("`given({x})` needs squares given after the condition's name"),
                    "declare them with `params squares`",
                );
                return None;
            }
            "given" => (Val::Given(sq), Type::Bool),
            _ => {
                self.unknown_value(v);
                return None;
            }
        };
        if place == Place::Unit {
            self.error(
                v.span,
                format!("`{f}({x})` cannot apply in `paralyse`: a unit has no move there"),
                "use it in `forbid when …`",
            );
            return None;
        }
        Some(found)
    }

    fn unknown_value(&mut self, v: &Spanned<ast::Value>) {
        self.error(
            v.span,
            format!("unknown value `{}`", self.text(v.span)),
            format!("expected {VALUES}"),
        );
    }
}

/// A dotted value: `unit.walk`, `side`, `move.captures`, …
fn path_value(p: &[String]) -> Option<(Val, Type)> {
    Some(
        match p.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["unit", "walk"] => (Val::UnitWalk, Type::Walk),
            ["unit", "royal"] => (Val::UnitRoyal, Type::Bool),
            ["unit", "pawn"] => (Val::UnitPawn, Type::Bool),
            ["unit", "observed_by_same_walk"] => (Val::UnitObservedBySameWalk, Type::Bool),
            ["unit", "observed_by_friend"] => (Val::UnitObservedByFriend, Type::Bool),
            ["unit", "observed_by_enemy"] => (Val::UnitObservedByEnemy, Type::Bool),
            ["unit", "linked_to_royal"] => (Val::UnitLinkedToRoyal, Type::Bool),
            ["captured", "royal"] => (Val::CapturedRoyal, Type::Bool),
            ["captured", "observed_by_friend"] => (Val::CapturedObservedByFriend, Type::Bool),
            ["last", "walk"] => (Val::LastWalk, Type::Walk),
            ["last", "side"] => (Val::LastSide, Type::Side),
            ["side"] => (Val::Side, Type::Side),
            ["move", "captures"] => (Val::Captures, Type::Bool),
            ["move", "promotes"] => (Val::Promotes, Type::Bool),
            ["move", "checks"] => (Val::Checks, Type::Bool),
            ["move", "mates"] => (Val::Mates, Type::Bool),
            ["move", "leaves_same_walk_observation"] => {
                (Val::LeavesSameWalkObservation, Type::Bool)
            }
            ["move", "exceeds_game_array"] => (Val::ExceedsGameArray, Type::Bool),
            _ => return None,
        },
    )
}

/// Whether a value speaks of the move as it is played, never of an observation: whether
/// it captures (every observation is a capture), whether it checks or mates (what
/// observation itself tells).
fn moves_only(v: &Val) -> bool {
    matches!(v, Val::Captures | Val::Promotes | Val::Checks | Val::Mates)
}

/// Whether a value speaks of the unit a move captures, so that only a capture has it.
fn of_capture(v: &Val) -> bool {
    matches!(
        v,
        Val::CapturedRoyal | Val::CapturedObservedByFriend | Val::CapturedHas(_)
    )
}

/// The statement a place is, in words.
fn place_words(place: Place) -> &'static str {
    match place {
        Place::Unit => "`paralyse`: a unit has no move there",
        Place::Move => "`forbid when …`, which binds observation too",
        Place::MoveOnly => "`forbid moves when …`",
        Place::Captures => "`forbid captures when …`, which binds observation too",
        Place::Effect => "an effect, `recolour … when …` or `transmute … when …`",
    }
}

/// Whether a truth looks at the last move.
pub(super) fn uses_last(c: &Cond) -> bool {
    match c {
        Cond::And(a, b) | Cond::Or(a, b) => uses_last(a) || uses_last(b),
        Cond::Not(a) => uses_last(a),
        Cond::Compare(a, _, b) => [a, b]
            .iter()
            .any(|v| matches!(v, Val::LastWalk | Val::LastSide)),
        Cond::Is(_) => false,
    }
}

impl Checker<'_> {
    /// The scope of a `forbid`: none (moves and observation), `moves` or `captures`
    /// (captures and observation); another word is an error.
    pub(super) fn forbid_place(&mut self, scope: Option<&Spanned<String>>) -> Option<Place> {
        match scope.map(|s| (s.node.as_str(), s.span)) {
            None => Some(Place::Move),
            Some(("moves", _)) => Some(Place::MoveOnly),
            Some(("captures", _)) => Some(Place::Captures),
            Some((w, span)) => {
                self.error(
                    span,
                    format!("unknown scope `{w}` of `forbid`"),
                    "expected `moves` (the moves only, check as the walks give it), \
                     `captures` (the captures and the observations), or nothing (the moves \
                     and the observations)",
                );
                None
            }
        }
    }
}
