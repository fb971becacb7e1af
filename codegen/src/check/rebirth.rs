//! The checks of `rebirth` statements and of options of rebirth. A base condition's
//! rebirth says every aspect (who, where, what a taken square does, whether kings are
//! reborn); an `option of rebirth` block writes only the aspects it changes, may adapt
//! the base's square through the word `base`, and states nothing else, since a problem
//! writes it after a base (`Circe Diametral`) and it has no meaning alone.

use super::Checker;
use crate::ast::{self, Spanned};
use crate::diagnostic::Span;
use crate::lower::{self, Sq, SqMap};

impl Checker<'_> {
    /// Whether the block is an option of rebirth (`option of rebirth`), with an error for
    /// any statement an option cannot have.
    pub(super) fn option_of(&mut self, c: &ast::ConditionDef) -> bool {
        let Some(of) = &c.option_of else {
            return false;
        };
        if of.node != "rebirth" {
            self.error(
                of.span,
                format!("an option of `{}` is not known", of.node),
                "expected `option of rebirth`: an option changes the rebirth of a base",
            );
        }
        let mut misplaced = Vec::new();
        misplaced.extend(c.params.iter().map(|p| (p.span, "params")));
        misplaced.extend(c.side.iter().map(|s| (s.span, "side")));
        misplaced.extend(c.paralyse.iter().map(|p| (p.span, "paralyse")));
        misplaced.extend(c.forbid.iter().map(|f| (f.when.span, "forbid")));
        misplaced.extend(c.select.iter().map(|(how, _)| (how.span, "select")));
        misplaced.extend(c.check_from.iter().map(|w| (w.span, "check from")));
        misplaced.extend(c.check_flights.iter().map(|&s| (s, "check when flights")));
        misplaced.extend(
            c.legs
                .iter()
                .map(|(w, _)| (w.span, "after|before capture move")),
        );
        misplaced.extend(c.lends.iter().map(|(w, _)| (w.span, "move as")));
        misplaced.extend(c.swap_royals.iter().map(|w| (w.span, "swap royals")));
        misplaced.extend(
            c.royal_changes
                .iter()
                .map(|w| (w.span, "after capture royal becomes")),
        );
        misplaced.extend(
            c.royal_walks
                .iter()
                .map(|w| (w.span, "royal moves as observers")),
        );
        misplaced.extend(c.holes.iter().map(|w| (w.span, "holes at")));
        misplaced.extend(c.transfers.iter().map(|[w, ..]| (w.span, "transfer")));
        misplaced.extend(
            c.strikes
                .iter()
                .map(|s| (s.action.span, "after capture remove")),
        );
        misplaced.extend(
            c.recolour_observed
                .iter()
                .map(|w| (w.span, "recolour observed")),
        );
        misplaced.extend(c.transmute.iter().map(|t| (t.who.span, "transmute")));
        misplaced.extend(c.no_promotion.iter().map(|&s| (s, "pawns never promote")));
        misplaced.extend(
            c.vanish
                .iter()
                .map(|e| (e.span, "after capture remove capturer")),
        );
        misplaced.extend(
            c.paralysis_stalemates
                .iter()
                .map(|&s| (s, "paralysis stalemates")),
        );
        misplaced.extend(c.fairy_refused.iter().map(|&s| (s, "fairy pieces refused")));
        misplaced.extend(c.exchanges.iter().map(|&(s, _)| (s, "exchange places")));
        misplaced.extend(c.incompatible.iter().map(|w| (w.span, "incompatible with")));
        for (span, what) in misplaced {
            self.error(
                span,
                format!("an option of rebirth cannot `{what}`"),
                "an option changes the base's rebirth only: write a condition of its own",
            );
        }
        if c.rebirths.is_empty() {
            self.error(
                of.span,
                format!("the option `{}` changes nothing", c.name.node),
                "add a `rebirth` writing the aspects it changes (`rebirth at …`)",
            );
        }
        true
    }

    /// A `rebirth` statement lowered: of a base every aspect, of an option those it
    /// writes.
    pub(super) fn rebirth(&mut self, r: &ast::RebirthDef, option: bool) -> Option<lower::Rebirth> {
        let capturer = self.reborn(r, option)?;
        let before = self.before(r)?;
        let forbid_when_taken = r.when_taken.as_ref().and_then(|w| match w.node.as_str() {
            "vanish" => Some(false),
            "forbid" => Some(true),
            other => {
                self.error(
                    w.span,
                    format!("unknown consequence `{other}`"),
                    "expected `vanish` (the unit disappears) or `forbid` (no capture)",
                );
                None
            }
        });
        let kings = r.kings.as_ref().and_then(|w| match w.node.as_str() {
            "included" => Some(true),
            "excluded" => Some(false),
            other => {
                self.error(
                    w.span,
                    format!("unknown inclusion of kings `{other}`"),
                    "expected `included` (royal units are reborn) or `excluded`",
                );
                None
            }
        });
        let forbid_in_place = r.in_place.as_ref().and_then(|w| match w.node.as_str() {
            "forbid" => Some(true),
            "stay" => Some(false),
            other => {
                self.error(
                    w.span,
                    format!("unknown consequence `{other}`"),
                    "expected `forbid` (no capture) or `stay` (the capturer stays where it is)",
                );
                None
            }
        });
        let transmuted = match &r.transmuted {
            Some(chain) => Some((
                self.chain(&chain.node, chain.span)?,
                r.reversed_for_capturer,
            )),
            None => None,
        };
        let at = match &r.at {
            Some(at) => Some(self.rebirth_square(at, option)?),
            None if option => None,
            None => {
                self.error(
                    r.span,
                    "a rebirth says where the unit is reborn",
                    "add `at SQUARE` (only an `option of rebirth` may keep the base's square)",
                );
                return None;
            }
        };
        if before.is_some() {
            self.before_misused(r);
        }
        if r.imagined {
            self.imagined_misused(r, option);
        }
        if at == Some(Sq::Choice) {
            self.choice_misused(r);
        }
        if r.after_next_move {
            self.delay_misused(r, capturer && !option, at == Some(Sq::Choice));
        }
        Some(lower::Rebirth {
            capturer,
            before,
            at,
            // (a unit reborn before it moves makes no such move from a taken square)
            forbid_when_taken: forbid_when_taken.or((!option).then_some(before.is_some())),
            kings: kings.or((!option).then_some(capturer)),
            promoting: r.promoting,
            forbid_in_place,
            transmuted,
            turned: r.turned,
            cloned: r.cloned,
            mirrored: r.mirrored,
            imagined: r.imagined,
            delayed: r.after_next_move,
            text: self.text(r.span),
        })
    }

    /// The moves a unit makes from its rebirth square, for `rebirth mover before …`;
    /// `Some(None)` for a rebirth after a capture, `None` after an error.
    fn before(&mut self, r: &ast::RebirthDef) -> Option<Option<lower::Before>> {
        let mover = r.who.as_ref().filter(|w| w.node == "mover");
        match (&r.before, mover) {
            (None, None) => Some(None),
            (None, Some(w)) => {
                self.error(
                    w.span,
                    "a `mover` is reborn before it moves",
                    "write `rebirth mover before captures at …` (or `before quiet moves`)",
                );
                None
            }
            (Some(b), None) => {
                self.error(
                    b.span,
                    "only the unit that moves is reborn before its move",
                    "write `rebirth mover before …`",
                );
                None
            }
            (Some(b), Some(_)) => match b.node.as_str() {
                "captures" => Some(Some(lower::Before::Captures)),
                "quiet moves" => Some(Some(lower::Before::Quiet)),
                "moves" => Some(Some(lower::Before::All)),
                other => {
                    self.error(
                        b.span,
                        format!("unknown moves `{other}` made from the rebirth square"),
                        "expected `captures` (Mars Circe), `quiet moves` (Anti-Mars Circe) or \
                         `moves` (Phantom chess)",
                    );
                    None
                }
            },
        }
    }

    /// Errors for the aspects a rebirth before the move cannot have: the unit is not
    /// reborn changed, nor where a capture left it, and a taken square keeps it from
    /// making the moves from there.
    fn before_misused(&mut self, r: &ast::RebirthDef) {
        let mut misused: Vec<(Span, &str)> = Vec::new();
        if r.promoting {
            misused.push((r.span, "promoting"));
        }
        if let Some(w) = &r.in_place {
            misused.push((w.span, "when in place"));
        }
        if let Some(t) = &r.transmuted {
            misused.push((t.span, "transmuted"));
        }
        for (said, what) in [(r.turned, "turned"), (r.cloned, "cloned")] {
            if said {
                misused.push((r.span, what));
            }
        }
        for (span, what) in misused {
            self.error(
                span,
                format!("a unit reborn before it moves cannot be `{what}`"),
                "it moves from its rebirth square as it is: remove the word",
            );
        }
        if let Some(w) = r.when_taken.as_ref().filter(|w| w.node == "vanish") {
            self.error(
                w.span,
                "a unit reborn before it moves cannot vanish",
                "write `when taken forbid`: from a taken square it makes none of these moves",
            );
        }
    }

    /// Errors for an `imagined` rebirth that could not be: in an option (the base says
    /// whether the unit is put on the square), or without `when taken forbid` (a
    /// rebirth that neither places the unit nor forbids anything does nothing).
    fn imagined_misused(&mut self, r: &ast::RebirthDef, option: bool) {
        if option {
            self.error(
                r.span,
                "an option of rebirth cannot make the rebirth `imagined`",
                "the base condition says whether the unit is put on the square",
            );
        } else if r.when_taken.as_ref().is_none_or(|w| w.node != "forbid") {
            self.error(
                r.span,
                "an `imagined` rebirth does nothing unless a taken square forbids the capture",
                "add `when taken forbid`",
            );
        }
    }

    /// Errors for `at choice` where one square is needed: a unit reborn before it moves
    /// makes its moves from one square, an imagined rebirth asks one square to be free.
    fn choice_misused(&mut self, r: &ast::RebirthDef) {
        let at = r.at.as_ref().map_or(r.span, |a| a.span);
        if r.before.is_some() {
            self.error(
                at,
                "a unit reborn before it moves goes to one square, not to a `choice`",
                "write the square: `at game_array(capturer)`",
            );
        }
        if r.imagined {
            self.error(
                at,
                "an `imagined` rebirth asks one square to be free, not a `choice`",
                "write the square: `at game_array(captured)`",
            );
        }
    }

    /// Errors for `after next move` where it cannot be: a capturer is reborn as it
    /// captures (it moves on next), a unit reborn before it moves goes first, and an
    /// imagined rebirth asks for its square as the capture is made.
    fn delay_misused(&mut self, r: &ast::RebirthDef, capturer: bool, choice: bool) {
        let why = if r.before.is_some() {
            Some("a unit reborn before it moves goes there first")
        } else if capturer {
            Some("a capturer moves on at its next move, it is reborn at once")
        } else if r.imagined {
            Some("an imagined rebirth asks for its square as the capture is made")
        } else if choice {
            Some("the side that moves chooses the square as it captures")
        } else {
            None
        };
        if let Some(why) = why {
            self.error(
                r.span,
                "this rebirth cannot wait for the next move",
                format!("{why}: remove `after next move`"),
            );
        }
    }

    /// Who is reborn: `capturer` (true), `mover` (true: the unit moving reborn before
    /// its move) or `captured`; an option keeps the base's.
    fn reborn(&mut self, r: &ast::RebirthDef, option: bool) -> Option<bool> {
        match (r.who.as_ref(), option) {
            (None, true) => Some(false),
            (None, false) => {
                self.error(
                    r.span,
                    "a rebirth says who is reborn",
                    "write `rebirth captured at …`, `rebirth capturer at …` or `rebirth mover \
                     before captures at …`",
                );
                None
            }
            (Some(w), true) => {
                self.error(
                    w.span,
                    "an option of rebirth cannot change who is reborn",
                    "remove the word: the base condition says who is reborn",
                );
                None
            }
            (Some(w), false) => match w.node.as_str() {
                "captured" => Some(false),
                "capturer" | "mover" => Some(true),
                other => {
                    self.error(
                        w.span,
                        format!("unknown unit `{other}` to rebirth"),
                        "expected `captured`, `capturer` or `mover`",
                    );
                    None
                }
            },
        }
    }

    /// The square of a rebirth; `base` only in an option.
    fn rebirth_square(&mut self, at: &Spanned<ast::SqExpr>, option: bool) -> Option<Sq> {
        if matches!(&at.node, ast::SqExpr::Word(w) if w.node == "choice") {
            return Some(Sq::Choice);
        }
        let sq = self.sq(at)?;
        if sq.uses_base() && !option {
            self.error(
                at.span,
                "`base` is the square a base condition gives its options",
                "only an `option of rebirth` can adapt it: write the square itself",
            );
            return None;
        }
        Some(sq)
    }

    /// `rotated(S)`, `file_mirrored(S)`, `antipode(S)`: one square word transformed.
    pub(super) fn sq_map(
        &mut self,
        e: &Spanned<ast::SqExpr>,
        map: SqMap,
        args: &[Spanned<String>],
    ) -> Option<Sq> {
        let [arg] = args else {
            self.error(
                e.span,
                "a square function takes one square",
                "write it as `rotated(capture)` or `rotated(base)`",
            );
            return None;
        };
        let word = Spanned::new(ast::SqExpr::Word(arg.clone()), arg.span);
        Some(Sq::Map(map, Box::new(self.sq(&word)?)))
    }
}
