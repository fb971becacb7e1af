//! Semantic checks: what the grammar cannot see. Duplicate names and codes, more kinds
//! than the engine holds, examples whose position is illegal, conditions' truths that
//! cannot apply; a clause's primitive, lines and options are checked by the primitive
//! ([`primitive`](crate::primitive)). Every error of every file is collected; on
//! success the rules are lowered to the [`lower`](crate::lower) form.
//!
//! The pieces' checks are in `check/piece.rs`, the examples' in `check/example.rs`, the
//! conditions' here.

mod condition;
mod effect;
mod example;
mod piece;
mod rebirth;
mod truth;

use crate::ast::{self, Spanned};
use crate::diagnostic::{line_col, Diagnostic, Diagnostics, SourceFile, Span};
use crate::lower;
use fairyforge_vocab::Param;
use std::collections::HashMap;
use truth::{uses_last, Place};

/// Checks the parsed files and lowers them. `parsed[i]` comes from `files[i]`.
pub fn check(files: &[SourceFile], parsed: &[ast::RuleFile]) -> Result<lower::Rules, Diagnostics> {
    let mut cx = Checker {
        files,
        errors: Diagnostics::default(),
        squares_given: false,
        codes: Vec::new(),
        attributes: parsed
            .iter()
            .flat_map(|f| &f.conditions)
            .filter(|c| c.attribute)
            .map(|c| c.name.node.clone())
            .collect(),
    };
    let mut kinds = Vec::new();
    for file in parsed {
        for piece in &file.pieces {
            kinds.push(cx.piece(piece));
        }
    }
    cx.duplicates(parsed);
    cx.kind_limit(parsed);
    let mut kinds: Vec<lower::Kind> = kinds.into_iter().flatten().collect();
    cx.promotions(parsed, &mut kinds);
    cx.codes = kinds.iter().map(|k| k.codes.clone()).collect();
    // Examples are read against every piece written, also those with errors of their own,
    // so that one error does not make its codes look unknown.
    let written: Vec<(Vec<String>, bool)> = parsed
        .iter()
        .flat_map(|f| &f.pieces)
        .map(|p| {
            (
                p.codes.iter().map(|c| c.node.clone()).collect(),
                p.flags.iter().any(|f| f.node == "pawn"),
            )
        })
        .collect();
    for file in parsed {
        for piece in &file.pieces {
            for ex in &piece.examples {
                cx.example_units(ex, &written, false);
            }
        }
    }
    let all_conditions: Vec<&ast::ConditionDef> =
        parsed.iter().flat_map(|f| &f.conditions).collect();
    let mut conditions = Vec::new();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for c in &all_conditions {
        if let Some(first) = seen.insert(&c.name.node, c.name.span) {
            let at = cx.source(first);
            cx.error(
                c.name.span,
                format!("the condition `{}` is defined twice", c.name.node),
                format!("first defined at {at}"),
            );
        }
        conditions.extend(cx.condition(c));
        for ex in &c.examples {
            cx.example_units(ex, &written, !c.pawn_steps.is_empty());
        }
    }
    let (attributes, plain): (Vec<&ast::ConditionDef>, Vec<&ast::ConditionDef>) =
        all_conditions.iter().partition(|c| c.attribute);
    // (attributes and conditions are written in different places of a problem)
    cx.condition_names(&plain);
    cx.condition_names(&attributes);
    cx.attribute_limit(&attributes);
    cx.incompatibilities(&all_conditions);
    // every example names conditions some rule defines
    let known: Vec<String> = all_conditions
        .iter()
        .flat_map(|c| c.names.iter().map(|n| normal_name(&n.node)))
        .collect();
    let examples = parsed
        .iter()
        .flat_map(|f| f.pieces.iter().flat_map(|p| &p.examples))
        .chain(all_conditions.iter().flat_map(|c| &c.examples));
    // the names of the conditions a problem writes squares after (`MagicSquares d4e5`)
    let with_squares: Vec<String> = all_conditions
        .iter()
        .filter(|c| c.params.iter().any(|p| p.node == "squares"))
        .flat_map(|c| c.names.iter().map(|n| normal_name(&n.node)))
        .collect();
    // and those it may write numbers after (`SAT 1 2`)
    let with_numbers: Vec<String> = all_conditions
        .iter()
        .filter(|c| c.params.iter().any(|p| p.node == "side_numbers"))
        .flat_map(|c| c.names.iter().map(|n| normal_name(&n.node)))
        .collect();
    for ex in examples {
        if let Some(c) = &ex.conditions {
            if !spelled(
                &normal_name(&c.node),
                &known,
                [&with_squares, &with_numbers],
            ) {
                cx.error(
                    c.span,
                    format!("unknown condition `{}` in an example", c.node.trim()),
                    "expected a name given by some condition's `names`",
                );
            }
        }
    }
    if cx.errors.is_empty() {
        Ok(lower::Rules {
            kinds,
            conditions,
            files: files.iter().map(|f| f.path.clone()).collect(),
        })
    } else {
        Err(cx.errors)
    }
}

/// Whether `text` is a run of names of `known`, each the longest that fits (a condition,
/// or a base followed by its options: `circe diametral`), a name of `with_squares`
/// followed by its squares (`magicsquares d4e5`).
fn spelled(text: &str, known: &[String], [with_squares, with_numbers]: [&[String]; 2]) -> bool {
    let words: Vec<&str> = text.split(' ').collect();
    let mut at = 0;
    while at < words.len() {
        let longest = (at + 1..=words.len())
            .rev()
            .find(|&end| known.contains(&words[at..end].join(" ")));
        match longest {
            Some(end) if with_squares.contains(&words[at..end].join(" ")) => {
                if !words.get(end).is_some_and(|w| squares(w)) {
                    return false;
                }
                at = end + 1;
            }
            Some(end) if with_numbers.contains(&words[at..end].join(" ")) => {
                at = end;
                for _ in 0..2 {
                    if words
                        .get(at)
                        .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
                    {
                        at += 1;
                    }
                }
            }
            Some(end) => at = end,
            None => return false,
        }
    }
    !words.is_empty()
}

/// Whether `word` is a run of squares (`d4e5`).
fn squares(word: &str) -> bool {
    let b = word.as_bytes();
    !b.is_empty()
        && b.len().is_multiple_of(2)
        && b.chunks(2)
            .all(|c| (b'a'..=b'h').contains(&c[0]) && (b'1'..=b'8').contains(&c[1]))
}

/// A condition name with case and white space folded, for comparing names.
fn normal_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

struct Checker<'a> {
    files: &'a [SourceFile],
    errors: Diagnostics,
    /// Whether the condition being checked reads squares from a problem (`params
    /// squares`), which `given(…)` looks at.
    squares_given: bool,
    /// The codes of each kind, by index, for the conditions that name walks.
    codes: Vec<Vec<String>>,
    /// The names of the `attribute` blocks, by index, for the truths that name them.
    attributes: Vec<String>,
}

impl Checker<'_> {
    fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.errors.0.push(Diagnostic::new(span, message, label));
    }

    fn source(&self, span: Span) -> String {
        let f = &self.files[span.file];
        let (line, _) = line_col(&f.text, span.start);
        format!("{}:{line}", f.path)
    }

    fn text(&self, span: Span) -> String {
        self.files[span.file].text[span.start..span.end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Checker<'_> {
    fn condition(&mut self, c: &ast::ConditionDef) -> Option<lower::Condition> {
        let before = self.errors.0.len();
        if c.names.is_empty() {
            self.error(
                c.name.span,
                format!("the condition `{}` has no `names`", c.name.node),
                "add `names \"…\"` as problems write it",
            );
        }
        let text = match &c.text {
            Some(t) if !t.node.trim().is_empty() => {
                t.node.split_whitespace().collect::<Vec<_>>().join(" ")
            }
            _ => {
                self.error(
                    c.name.span,
                    format!("the condition `{}` has no definition text", c.name.node),
                    "add `text \"…\"` quoting the definition it implements",
                );
                String::new()
            }
        };
        let params = self.params(&c.params);
        self.squares_given = params.contains(&Param::Squares);
        let side = c.side.as_ref().map(|s| (s.node.as_str(), s.span));
        let defender = matches!(side, Some(("defender", _)));
        let white_only = match side {
            None | Some(("defender", _)) => None,
            Some(("white", _)) => Some(true),
            Some(("black", _)) => Some(false),
            Some((w, span)) => {
                self.error(
                    span,
                    format!("unknown side `{w}`"),
                    "expected `white`, `black` or `defender`",
                );
                None
            }
        };
        if c.rebirths.len() > 1 {
            self.error(
                c.rebirths[1].span,
                "a condition has at most one rebirth",
                "remove this `rebirth`, or write another condition",
            );
        }
        self.attribute_block(c);
        let option = self.option_of(c);
        let rebirth = c.rebirths.first().and_then(|r| self.rebirth(r, option));
        let paralyse: Vec<lower::Cond> = c
            .paralyse
            .iter()
            .filter_map(|e| self.cond(e, Place::Unit))
            .collect();
        let (mut forbid, mut forbid_moves, mut forbid_legal) = (Vec::new(), Vec::new(), Vec::new());
        for f in &c.forbid {
            let place = self.forbid_place(f.scope.as_ref());
            let when = self.cond(&f.when, place.unwrap_or(Place::Move));
            match (place, when) {
                (Some(Place::MoveOnly), Some(when)) if when.judges_after() => {
                    forbid_legal.push(when)
                }
                (Some(Place::MoveOnly), Some(when)) => forbid_moves.push(when),
                // a capture's truth: every observation is a capture, so it binds them too
                (Some(Place::Captures), Some(when)) => forbid.push(lower::Cond::And(
                    Box::new(lower::Cond::Is(lower::Val::Captures)),
                    Box::new(when),
                )),
                (Some(_), Some(when)) => forbid.push(when),
                _ => {}
            }
        }
        let (recolour, recolour_partner) = self.recolours(&c.recolour);
        let vanish: Vec<lower::Cond> = c
            .vanish
            .iter()
            .filter_map(|e| self.cond(e, Place::Effect))
            .collect();
        let (transmute, transmute_partner) = self.transmutes(&c.transmute);
        let first_rank_steps = self.pawn_steps(c);
        let no_promotion = self.no_promotion(c);
        let paralysis_stalemates = self.paralysis_stalemates(c);
        let promotion_marks = self.promotion_marks(c);
        let exchanges = self.exchanges(c);
        if c.select.len() > 1 {
            self.error(
                c.select[1].0.span,
                "a condition selects at most once",
                "remove this `select`",
            );
        }
        let select =
            c.select
                .first()
                .and_then(|(how, by)| match (how.node.as_str(), by.node.as_str()) {
                    ("first", "alphabetic") => Some(lower::Select::FirstAlphabetic),
                    ("max", "length") => Some(lower::Select::MaxLength),
                    ("min", "length") => Some(lower::Select::MinLength),
                    ("max", "capture") => Some(lower::Select::MaxCapture),
                    ("min", "capture") => Some(lower::Select::MinCapture),
                    ("first", _) => {
                        self.error(
                            by.span,
                            format!("unknown order `{}`", by.node),
                            "expected `alphabetic` (a1, a2 … a8, b1 … h8)",
                        );
                        None
                    }
                    ("max" | "min", _) => {
                        self.error(
                            by.span,
                            format!("unknown measure `{}`", by.node),
                            "expected `length` or `capture`",
                        );
                        None
                    }
                    _ => {
                        self.error(
                            how.span,
                            format!("unknown selection `{}`", how.node),
                            "expected `first`, `max` or `min`",
                        );
                        None
                    }
                });
        let checks_from_both = self.check_from(c, option);
        let check_by_flights = !option && self.check_flights(c, &params);
        let leg = self.leg(c).filter(|_| !option);
        let leg_after_capture = leg == Some(false);
        let leg_before_capture = leg == Some(true);
        let walk_lent = self.lend(c).filter(|_| !option);
        let royal_walks = self.royal_walks(c, walk_lent.is_some()).filter(|_| !option);
        let royal_change = self.royal_change(c).filter(|_| !option);
        let swap_royals = self.swap_royals(c).filter(|_| !option);
        let (holes_given, holes_left) = self.holes(c);
        let (holes_given, holes_left) = (holes_given && !option, holes_left && !option);
        let transfers_given = self.transfer(c) && !option;
        let strike = self.strike(c).filter(|_| !option);
        let recolour_observed = self.recolour_observed(c).filter(|_| !option);
        // (an attribute may only mark units, for other rules' truths to ask)
        if !c.attribute
            && rebirth.is_none()
            && !holes_given
            && !holes_left
            && !transfers_given
            && strike.is_none()
            && recolour_observed.is_none()
            && !checks_from_both
            && !check_by_flights
            && leg.is_none()
            && walk_lent.is_none()
            && royal_walks.is_none()
            && royal_change.is_none()
            && swap_royals.is_none()
            && paralyse.is_empty()
            && forbid.is_empty()
            && forbid_moves.is_empty()
            && forbid_legal.is_empty()
            && recolour.is_empty()
            && vanish.is_empty()
            && recolour_partner.is_empty()
            && transmute.is_empty()
            && transmute_partner.is_empty()
            && first_rank_steps.is_none()
            && !no_promotion
            && promotion_marks.is_empty()
            && exchanges.is_none()
            && select.is_none()
            && self.errors.0.len() == before
        {
            self.error(
                c.name.span,
                format!("the condition `{}` does nothing", c.name.node),
                "add a `rebirth`, `paralyse`, `forbid`, `recolour`, `transmute`, `select`, \
                 `check from`, `check when flights`, `after|before capture move`, `after capture remove`, `move as friend`, \
                 `royal moves as observers`, `after capture royal becomes`, `swap royals`, `holes at`, `transfer`, `recolour observed`, `exchange places` or `pawns …` \
                 statement",
            );
        }
        let uses_last = paralyse
            .iter()
            .chain(&forbid)
            .chain(&forbid_moves)
            .chain(&forbid_legal)
            .chain(&recolour)
            .chain(&recolour_partner)
            .chain(transmute.iter().map(|(c, _)| c))
            .chain(transmute_partner.iter().map(|(c, _)| c))
            .any(uses_last);
        let examples = c.examples.iter().filter_map(|e| self.example(e)).collect();
        (self.errors.0.len() == before).then(|| lower::Condition {
            name: c.name.node.clone(),
            source: self.source(c.name.span),
            text,
            names: c.names.iter().map(|n| n.node.clone()).collect(),
            attribute: c.attribute,
            params,
            white_only,
            defender,
            option,
            rebirth,
            paralyse,
            forbid,
            forbid_moves,
            forbid_legal,
            recolour,
            recolour_partner,
            vanish,
            transmute,
            transmute_partner,
            first_rank_steps,
            no_promotion,
            paralysis_stalemates,
            promotion_marks,
            exchanges,
            select,
            checks_from_both,
            check_by_flights,
            leg_after_capture,
            leg_before_capture,
            walk_lent,
            royal_walks,
            royal_change,
            swap_royals,
            holes_given,
            holes_left,
            transfers_given,
            strike,
            recolour_observed,
            incompatible: c.incompatible.iter().map(|n| n.node.clone()).collect(),
            fairy_refused: self.fairy_refused(c),
            uses_last,
            examples,
        })
    }

    /// `check when flights above given`: at most one, in a condition that reads its
    /// numbers (`params side_numbers`); whether the condition says it.
    fn check_flights(&mut self, c: &ast::ConditionDef, params: &[Param]) -> bool {
        if let Some(&extra) = c.check_flights.get(1) {
            self.error(
                extra,
                "a condition says `check when flights` at most once",
                "remove this statement",
            );
        }
        let Some(&span) = c.check_flights.first() else {
            return false;
        };
        if !params.contains(&Param::SideNumbers) {
            self.error(
                span,
                "`check when flights above given` needs the numbers a problem gives",
                "declare them with `params side_numbers`",
            );
            return false;
        }
        true
    }

    /// `check from both`: at most one, naming `both`, binding both sides (no `side`);
    /// whether the condition says it (an option of rebirth is refused elsewhere).
    fn check_from(&mut self, c: &ast::ConditionDef, option: bool) -> bool {
        if let Some(extra) = c.check_from.get(1) {
            self.error(
                extra.span,
                "a condition says `check from` at most once",
                "remove this `check from`",
            );
        }
        let Some(word) = c.check_from.first() else {
            return false;
        };
        if let Some(side) = &c.side {
            self.error(
                side.span,
                "`check from` binds both sides: a condition saying it cannot take a `side`",
                "remove this `side`",
            );
        }
        if word.node != "both" {
            self.error(
                word.span,
                format!("unknown `check from {}`", word.node),
                "expected `check from both`: a royal unit is in check from the units of \
                 either side",
            );
            return false;
        }
        !option
    }

    /// `after|before capture move as captured`: at most one, naming `captured`; whether
    /// the condition says it, and whether the leg comes `before` the capture.
    fn leg(&mut self, c: &ast::ConditionDef) -> Option<bool> {
        if let Some((extra, _)) = c.legs.get(1) {
            self.error(
                extra.span,
                "a condition says `after|before capture move` at most once",
                "remove this statement",
            );
        }
        let (when, word) = c.legs.first()?;
        if word.node != "captured" {
            self.error(
                word.span,
                format!("unknown `{} capture move as {}`", when.node, word.node),
                "expected `move as captured`: the capturer moves as the unit it takes",
            );
            return None;
        }
        Some(when.node == "before")
    }

    /// `holes at given|departure`: each at most once, `given` only with `params
    /// squares`; whether the condition makes the given squares holes, and whether it
    /// makes the squares units leave holes.
    fn holes(&mut self, c: &ast::ConditionDef) -> (bool, bool) {
        let (mut given, mut left) = (false, false);
        for word in &c.holes {
            let seen = match word.node.as_str() {
                "given" => &mut given,
                "departure" => &mut left,
                other => {
                    self.error(
                        word.span,
                        format!("unknown `holes at {other}`"),
                        "expected `given` (the squares the problem writes after the name) \
                         or `departure` (a square a unit leaves)",
                    );
                    continue;
                }
            };
            if *seen {
                self.error(
                    word.span,
                    format!("a condition says `holes at {}` at most once", word.node),
                    "remove this `holes at`",
                );
            }
            *seen = true;
        }
        if given && !c.params.iter().any(|p| p.node == "squares") {
            let at = c.holes.iter().find(|w| w.node == "given").expect("given");
            self.error(
                at.span,
                "`holes at given` needs the squares a problem gives",
                "add `params squares`",
            );
        }
        (given, left)
    }

    /// `after capture remove|recolour unit of capturer_side|captured_side like captured`:
    /// at most one; (recolour, the capturer's side, neutrals included, as promoted).
    fn strike(&mut self, c: &ast::ConditionDef) -> Option<(bool, bool, bool, bool)> {
        if let Some(extra) = c.strikes.get(1) {
            self.error(
                extra.action.span,
                "a condition says `after capture remove|recolour` at most once",
                "remove this statement",
            );
        }
        let s = c.strikes.first()?;
        let recolour = match s.action.node.as_str() {
            "remove" => Some(false),
            "recolour" => Some(true),
            other => {
                self.error(
                    s.action.span,
                    format!("unknown `after capture {other}`"),
                    "expected `remove` (the unit leaves the board) or `recolour` (it \
                     changes side)",
                );
                None
            }
        };
        let own = match s.side.node.as_str() {
            "capturer_side" => Some(true),
            "captured_side" => Some(false),
            other => {
                self.error(
                    s.side.span,
                    format!("unknown side `{other}`"),
                    "expected `capturer_side` or `captured_side`",
                );
                None
            }
        };
        Some((recolour?, own?, s.neutrals, s.promoted))
    }

    /// `recolour observed by mover|checkers`: at most one; whether every unit giving
    /// check recolours (`checkers`) rather than the moving unit alone (`mover`).
    fn recolour_observed(&mut self, c: &ast::ConditionDef) -> Option<bool> {
        if let Some(extra) = c.recolour_observed.get(1) {
            self.error(
                extra.span,
                "a condition says `recolour observed` at most once",
                "remove this statement",
            );
        }
        let by = c.recolour_observed.first()?;
        match by.node.as_str() {
            "mover" => Some(false),
            "checkers" => Some(true),
            other => {
                self.error(
                    by.span,
                    format!("unknown observer `{other}`"),
                    "expected `mover` (the unit that moved, when it gives check) or \
                     `checkers` (every unit of its side giving check)",
                );
                None
            }
        }
    }

    /// `transfer mover from given to given`: at most one, with `params squares`; whether
    /// the condition says it.
    fn transfer(&mut self, c: &ast::ConditionDef) -> bool {
        if let Some([extra, ..]) = c.transfers.get(1) {
            self.error(
                extra.span,
                "a condition says `transfer` at most once",
                "remove this `transfer`",
            );
        }
        let Some([who, from, to]) = c.transfers.first() else {
            return false;
        };
        let before = self.errors.0.len();
        if who.node != "mover" {
            self.error(
                who.span,
                format!("unknown `transfer {}`", who.node),
                "expected `transfer mover`: the unit that moved is carried on",
            );
        }
        for set in [from, to] {
            if set.node != "given" {
                self.error(
                    set.span,
                    format!("unknown set of squares `{}`", set.node),
                    "expected `given` (the squares the problem writes after the name)",
                );
            }
        }
        if !c.params.iter().any(|p| p.node == "squares") {
            self.error(
                who.span,
                "`transfer … given` needs the squares a problem gives",
                "add `params squares`",
            );
        }
        self.errors.0.len() == before
    }

    /// `move as friend|enemy behind|ahead|beside`: at most one; whose unit lends its walk
    /// and from which squares.
    fn lend(&mut self, c: &ast::ConditionDef) -> Option<lower::Lend> {
        if let Some((extra, _)) = c.lends.get(1) {
            self.error(
                extra.span,
                "a condition says `move as` at most once",
                "remove this `move as`",
            );
        }
        let (whom, place) = c.lends.first()?;
        let enemy = match whom.node.as_str() {
            "friend" => false,
            "enemy" => true,
            other => {
                self.error(
                    whom.span,
                    format!("unknown `move as {other}`"),
                    "expected `friend` (a unit of the unit's side lends its walk) or \
                     `enemy` (a unit of the other side)",
                );
                return None;
            }
        };
        let squares = match place.node.as_str() {
            "behind" => vec![(0, -1)],
            "ahead" => vec![(0, 1)],
            "beside" => vec![(-1, 0), (1, 0)],
            other => {
                self.error(
                    place.span,
                    format!("unknown `move as {} {other}`", whom.node),
                    "expected `behind` (the square right behind the unit, as its side \
                     moves), `ahead` (the square right in front of it) or `beside` (the \
                     squares right and left of it)",
                );
                return None;
            }
        };
        Some(lower::Lend { enemy, squares })
    }

    /// `royal moves as observers instead|too|becoming`: at most one, not with `move as` (a royal
    /// unit would move by two kinds of lent walks); whether the royal unit keeps its own
    /// walk.
    fn royal_walks(&mut self, c: &ast::ConditionDef, lends: bool) -> Option<lower::RoyalWalks> {
        if let Some(extra) = c.royal_walks.get(1) {
            self.error(
                extra.span,
                "a condition says `royal moves as observers` at most once",
                "remove this `royal moves as observers`",
            );
        }
        let how = c.royal_walks.first()?;
        if lends {
            self.error(
                how.span,
                "`royal moves as observers` with `move as` lends a royal unit two kinds of walks",
                "write them in two conditions, or remove one",
            );
            return None;
        }
        let (keeps_own, becomes) = match how.node.as_str() {
            "instead" => (false, false),
            "too" => (true, false),
            "becoming" => (false, true),
            other => {
                self.error(
                    how.span,
                    format!("unknown `royal moves as observers {other}`"),
                    "expected `instead` (observed, the royal unit moves by its observers' \
                     walks alone), `too` (by its own walk as well) or `becoming` (observed, \
                     the side moves the royal unit alone, by one of those walks, and it \
                     becomes a unit of that walk)",
                );
                return None;
            }
        };
        Some(lower::RoyalWalks { keeps_own, becomes })
    }

    /// `swap royals when always|checking|safe`: at most one; when the royal units change
    /// places.
    fn swap_royals(&mut self, c: &ast::ConditionDef) -> Option<lower::SwapRoyals> {
        if let Some(extra) = c.swap_royals.get(1) {
            self.error(
                extra.span,
                "a condition says `swap royals` at most once",
                "remove this `swap royals`",
            );
        }
        let when = c.swap_royals.first()?;
        Some(match when.node.as_str() {
            "always" => lower::SwapRoyals::Always,
            "checking" => lower::SwapRoyals::Checking,
            "safe" => lower::SwapRoyals::Safe,
            other => {
                self.error(
                    when.span,
                    format!("unknown `swap royals when {other}`"),
                    "expected `always` (after every move), `checking` (after a move that \
                     checks the other side) or `safe` (after every move, a move leaving the \
                     mover in check before the swap being illegal)",
                );
                return None;
            }
        })
    }

    /// `after capture royal becomes captured pawn as CODE`: at most one; the kind index
    /// of the walk a pawn taken gives.
    fn royal_change(&mut self, c: &ast::ConditionDef) -> Option<u8> {
        if let Some(extra) = c.royal_changes.get(1) {
            self.error(
                extra.span,
                "a condition says `after capture royal becomes` at most once",
                "remove this `after capture royal becomes`",
            );
        }
        let code = c.royal_changes.first()?;
        match self.codes.iter().position(|k| k.contains(&code.node)) {
            Some(k) => Some(k as u8),
            None => {
                self.error(
                    code.span,
                    format!("unknown piece code `{}`", code.node),
                    "expected a code given by some piece's `codes`: the walk a royal unit \
                     takes when a pawn of its side is taken",
                );
                None
            }
        }
    }

    fn sq(&mut self, e: &Spanned<ast::SqExpr>) -> Option<lower::Sq> {
        use ast::SqExpr;
        Some(match &e.node {
            SqExpr::Word(w) => {
                match w.node.as_str() {
                    "base" => lower::Sq::Base,
                    "capture" => lower::Sq::Capture,
                    "departure" => lower::Sq::Departure,
                    "arrival" => lower::Sq::Arrival,
                    "partner_departure" => lower::Sq::PartnerDeparture,
                    "partner_arrival" => lower::Sq::PartnerArrival,
                    "choice" => {
                        self.error(w.span, "`choice` is a rebirth's whole square", "write `at choice` alone: any free square, the side that moves choosing");
                        return None;
                    }
                    other => {
                        self.error(w.span, format!("unknown square `{other}`"), "expected `capture`, `departure`, `arrival`, `partner_departure`, `partner_arrival`, `game_array(…)` or `(A.file, B.rank)`");
                        return None;
                    }
                }
            }
            SqExpr::Call(f, args) => {
                if let Some(&(_, map)) = lower::SqMap::ALL.iter().find(|(n, _)| *n == f.node) {
                    return self.sq_map(e, map, args);
                }
                if f.node != "game_array" {
                    self.error(
                        f.span,
                        format!("unknown square function `{}`", f.node),
                        "expected `game_array(captured|capturer[, mirrored])`, `rotated(S)`, `file_mirrored(S)` or `antipode(S)`",
                    );
                    return None;
                }
                let capturer = match args.first().map(|a| a.node.as_str()) {
                    Some("captured") => false,
                    Some("capturer") => true,
                    _ => {
                        self.error(
                            e.span,
                            "`game_array` needs the unit",
                            "expected `game_array(captured)` or `game_array(capturer)`",
                        );
                        return None;
                    }
                };
                let mirrored = match args.get(1).map(|a| (a.node.as_str(), a.span)) {
                    None => false,
                    Some(("mirrored", _)) => true,
                    Some((w, span)) => {
                        self.error(
                            span,
                            format!("unknown option `{w}` of `game_array`"),
                            "expected `mirrored`",
                        );
                        return None;
                    }
                };
                lower::Sq::GameArray { capturer, mirrored }
            }
            SqExpr::Pair(a, fa, b, rb) => {
                if fa.node != "file" {
                    self.error(
                        fa.span,
                        format!("expected `file`, found `{}`", fa.node),
                        "the first part of a pair is a file: `A.file`",
                    );
                }
                if rb.node != "rank" {
                    self.error(
                        rb.span,
                        format!("expected `rank`, found `{}`", rb.node),
                        "the second part of a pair is a rank: `B.rank`",
                    );
                }
                lower::Sq::Pair(Box::new(self.sq(a)?), Box::new(self.sq(b)?))
            }
            SqExpr::Shift(s, plus, a, b) => lower::Sq::Shift(
                Box::new(self.sq(s)?),
                *plus,
                Box::new(self.sq(a)?),
                Box::new(self.sq(b)?),
            ),
        })
    }
}
