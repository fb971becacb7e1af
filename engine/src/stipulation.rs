//! Stipulations: what a problem asks for.
//!
//! The basic families of the reference's notation — direct (`#2`), help (`h#2`, `h#2.5`),
//! self (`s#2`), reflex (`r#2`), help-self (`hs#2`) and series (`ser-#3`, `ser-h#3`,
//! `ser-s#3`, `ser-r#3`, `ser-=3`, `ser-h=3`) — with the goals mate, stalemate and the
//! simple others. Anything else is reported as unsupported with its family name, so that
//! the corpus harness can list it as the next frontier.

use std::fmt;

/// What the last move must achieve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Goal {
    /// `#`: the side to move is checkmated.
    Mate,
    /// `=`: the side to move is stalemated.
    Stalemate,
    /// `==`: both sides would be stalemated.
    DoubleStalemate,
    /// `+`: the side to move is in check.
    Check,
    /// `x`: the move captured.
    Capture,
    /// `00`: the move castled.
    Castling,
    /// `##`: counter-mate (reported as unsupported for now).
    CounterMate,
}

impl Goal {
    /// The symbol the reference writes.
    pub fn symbol(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::DoubleStalemate => "==",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::Castling => "00",
            Goal::CounterMate => "##",
        }
    }
}

/// How the play runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Family {
    /// White forces the goal against any defence.
    Direct,
    /// Both sides cooperate; Black starts (White with half-moves).
    Help,
    /// White forces Black to reach the goal.
    SelfPlay,
    /// As self, but either side must reach the goal in one move when it can.
    Reflex,
    /// Help play to a position where White forces Black to reach the goal in one.
    HelpSelf,
    /// One side plays all moves in a row, the last reaches the goal.
    Series,
    /// Black plays a series, then White reaches the goal in one.
    SeriesHelp,
    /// White plays a series, then Black is forced to reach the goal in one.
    SeriesSelf,
    /// White plays a series, then a reflex goal in one.
    SeriesReflex,
}

/// A parsed stipulation.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Stipulation {
    /// How the play runs.
    pub family: Family,
    /// What the last move achieves.
    pub goal: Goal,
    /// Number of moves (for help play with a half move, the full moves; see `half`).
    pub moves: u32,
    /// Help play with an extra half move (`h#2.5`): White starts.
    pub half: bool,
    /// The text as written.
    pub text: String,
}

/// A stipulation outside the families fairyforge solves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unsupported {
    /// The text as written.
    pub text: String,
    /// A family name for reports (`proof game`, `structured`, `exact`, …).
    pub family: String,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the stipulation `{}` ({}) is not supported yet",
            self.text, self.family
        )
    }
}

impl Stipulation {
    /// Reads the reference's notation.
    pub fn parse(text: &str) -> Result<Stipulation, Unsupported> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        let unsupported = |family: &str| Unsupported {
            text: t.to_string(),
            family: family.to_string(),
        };
        let (family, rest) = if let Some(r) = lower.strip_prefix("ser-hs") {
            return Err(unsupported(&format!("ser-hs{}", goal_part(r))));
        } else if let Some(r) = lower.strip_prefix("ser-h") {
            (Family::SeriesHelp, r)
        } else if let Some(r) = lower.strip_prefix("ser-s") {
            (Family::SeriesSelf, r)
        } else if let Some(r) = lower.strip_prefix("ser-r") {
            (Family::SeriesReflex, r)
        } else if let Some(r) = lower.strip_prefix("ser-") {
            (Family::Series, r)
        } else if let Some(r) = lower.strip_prefix("hs") {
            (Family::HelpSelf, r)
        } else if let Some(r) = lower.strip_prefix('h') {
            (Family::Help, r)
        } else if let Some(r) = lower.strip_prefix('s') {
            (Family::SelfPlay, r)
        } else if let Some(r) = lower.strip_prefix('r') {
            (Family::Reflex, r)
        } else if lower.starts_with(|c: char| "#=+x0".contains(c)) || lower.starts_with("##") {
            (Family::Direct, lower.as_str())
        } else {
            let fam: String = lower
                .chars()
                .take_while(|c| c.is_ascii_alphabetic() || *c == '-')
                .collect();
            return Err(unsupported(if fam.is_empty() {
                "other"
            } else {
                fam.trim_end_matches('-')
            }));
        };
        let (goal, count) = match rest {
            r if r.starts_with("##") => (Goal::CounterMate, &r[2..]),
            r if r.starts_with("==") => (Goal::DoubleStalemate, &r[2..]),
            r if r.starts_with('#') => (Goal::Mate, &r[1..]),
            r if r.starts_with('=') => (Goal::Stalemate, &r[1..]),
            r if r.starts_with('+') => (Goal::Check, &r[1..]),
            r if r.starts_with("00") => (Goal::Castling, &r[2..]),
            r if r.starts_with('x') => (Goal::Capture, &r[1..]),
            _ => return Err(unsupported(&format!("goal {}", goal_part(rest)))),
        };
        let count = count.trim();
        let (whole, half) = match count.split_once('.') {
            Some((w, "5")) => (w, true),
            Some(_) => return Err(unsupported("move count")),
            None => (count, false),
        };
        let moves: u32 = whole.parse().map_err(|_| unsupported("move count"))?;
        if half && !matches!(family, Family::Help | Family::HelpSelf) {
            return Err(unsupported("half-move count outside help play"));
        }
        if moves == 0 && !half {
            return Err(unsupported("zero moves"));
        }
        if goal == Goal::CounterMate {
            return Err(unsupported(&format!("goal {}", goal.symbol())));
        }
        Ok(Stipulation {
            family,
            goal,
            moves,
            half,
            text: t.to_string(),
        })
    }

    /// Number of half-moves of the whole play (help play: both sides; series: the
    /// series side's moves plus the final one for ser-h/ser-s/ser-r).
    pub fn half_moves(&self) -> u32 {
        match self.family {
            Family::Help | Family::HelpSelf => 2 * self.moves + u32::from(self.half),
            _ => 2 * self.moves - 1,
        }
    }
}

fn goal_part(s: &str) -> String {
    s.chars().take_while(|c| !c.is_ascii_digit()).collect()
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_basic_families() {
        let s = Stipulation::parse("h#2.5").unwrap();
        assert_eq!(
            (s.family, s.goal, s.moves, s.half),
            (Family::Help, Goal::Mate, 2, true)
        );
        let s = Stipulation::parse("ser-h=3").unwrap();
        assert_eq!(
            (s.family, s.goal, s.moves),
            (Family::SeriesHelp, Goal::Stalemate, 3)
        );
        assert_eq!(Stipulation::parse("s#2").unwrap().family, Family::SelfPlay);
        assert_eq!(Stipulation::parse("hs#2").unwrap().family, Family::HelpSelf);
        assert_eq!(Stipulation::parse("r#1").unwrap().family, Family::Reflex);
        assert_eq!(Stipulation::parse("#3").unwrap().family, Family::Direct);
        assert_eq!(Stipulation::parse("=1").unwrap().goal, Goal::Stalemate);
        assert_eq!(
            Stipulation::parse("h==2").unwrap().goal,
            Goal::DoubleStalemate
        );
    }

    #[test]
    fn reports_the_others_by_family() {
        assert_eq!(Stipulation::parse("dia3.5").unwrap_err().family, "dia");
        assert_eq!(Stipulation::parse("exact-h#3").unwrap_err().family, "exact");
        assert!(Stipulation::parse("#2.5").is_err());
    }
}
