//! Twins: a twin's commands applied to the units, stipulation and conditions it starts
//! from, each change recorded as data ([`TwinChange`]) that the output writes as the
//! twin's heading.

use super::stipulation::printed_stipulation;
use super::units::resolve;
use super::Setup;
use crate::codes::{kind_by_code, CodeSet};
use crate::input::{self, TwinCommand};
use crate::output::layout::{Mirror, TwinChange};
use crate::piece::Piece;
use crate::rules::RuleSet;
use crate::square::Square;

/// Applies a twin's commands to `setup`; returns the new setup and the changes made.
pub(super) fn apply_twin<R: RuleSet>(
    mut setup: Setup,
    twin: &input::Twin,
    codes: CodeSet,
    problem: &input::Problem,
) -> Result<(Setup, Vec<TwinChange>), String> {
    setup.stipulation_given = false;
    let mut changes = Vec::new();
    for command in &twin.commands {
        apply::<R>(&mut setup, command, codes, problem, &mut changes)?;
    }
    Ok((setup, changes))
}

/// The unit on `at`, if any.
fn unit_on(setup: &Setup, at: Square) -> Option<Piece> {
    setup.units.iter().find(|(s, _)| *s == at).map(|u| u.1)
}

/// Applies one command, recording its changes.
fn apply<R: RuleSet>(
    setup: &mut Setup,
    command: &TwinCommand,
    codes: CodeSet,
    problem: &input::Problem,
    changes: &mut Vec<TwinChange>,
) -> Result<(), String> {
    match command {
        TwinCommand::Move(a, b) => move_unit(setup, *a, *b, changes)?,
        TwinCommand::Exchange(a, b) => exchange(setup, *a, *b, changes)?,
        TwinCommand::Remove(sqs) => {
            for s in sqs {
                let s = *s;
                if let Some(p) = unit_on(setup, s) {
                    changes.push(TwinChange::Remove(p, s));
                }
                setup.units.retain(|(x, _)| *x != s);
            }
        }
        TwinCommand::Add(units) => {
            for (s, p) in resolve::<R>(units, codes)? {
                if let Some(old) = unit_on(setup, s) {
                    changes.push(TwinChange::Remove(old, s));
                }
                setup.units.retain(|(x, _)| *x != s);
                setup.units.push((s, p));
                changes.push(TwinChange::Add(p, s));
            }
        }
        TwinCommand::Substitute(from, to) => {
            let f = kind_by_code(R::KINDS, codes, from)
                .ok_or_else(|| format!("twin: unknown piece code {from}"))?;
            let t = kind_by_code(R::KINDS, codes, to)
                .ok_or_else(|| format!("twin: unknown piece code {to}"))?;
            for u in &mut setup.units {
                if u.1.kind == f {
                    u.1.kind = t;
                }
            }
            changes.push(TwinChange::Substitute(from.clone(), to.clone()));
        }
        TwinCommand::Rotate(r) => changes.push(rotate(setup, *r)),
        TwinCommand::Mirror(axis) => changes.push(mirror(setup, *axis)),
        TwinCommand::Shift(a, b) => {
            let (a, b) = (*a, *b);
            let (dx, dy) = (b.file() - a.file(), b.rank() - a.rank());
            let mut moved = Vec::new();
            for (s, p) in &setup.units {
                let t = s
                    .offset(dx, dy)
                    .ok_or_else(|| format!("twin: Shift {a} {b} moves a unit off the board"))?;
                moved.push((t, *p));
            }
            setup.units = moved;
            changes.push(TwinChange::Shift(a, b));
        }
        TwinCommand::PolishType => {
            for u in &mut setup.units {
                u.1.owner = u.1.owner.swapped();
            }
            changes.push(TwinChange::PolishType);
        }
        TwinCommand::Stipulation(s) => {
            setup.stipulation = s.clone();
            setup.stipulation_given = true;
            changes.push(TwinChange::Stipulation(printed_stipulation(s, problem)));
        }
        TwinCommand::Condition(c) => {
            setup.conditions = c.clone();
            changes.push(TwinChange::Conditions(
                c.iter()
                    .map(|c| c.reference_text(problem.language))
                    .collect(),
            ));
        }
    }
    Ok(())
}

/// `Move a b`: the unit on `a` to `b`, a unit there taken off. `Move a a` takes the
/// unit off, as the reference does (the unit arriving takes off the one standing there,
/// itself).
fn move_unit(
    setup: &mut Setup,
    a: Square,
    b: Square,
    changes: &mut Vec<TwinChange>,
) -> Result<(), String> {
    let p = unit_on(setup, a).ok_or_else(|| format!("twin: no unit on {a} to move"))?;
    if a == b {
        setup.units.retain(|(s, _)| *s != a);
        changes.push(TwinChange::Remove(p, a));
        changes.push(TwinChange::MovedOntoItself(a));
        return Ok(());
    }
    if let Some(old) = unit_on(setup, b) {
        changes.push(TwinChange::Remove(old, b));
    }
    setup.units.retain(|(s, _)| *s != b);
    let i = setup
        .units
        .iter()
        .position(|(s, _)| *s == a)
        .ok_or_else(|| format!("twin: no unit on {a} to move"))?;
    setup.units[i].0 = b;
    changes.push(TwinChange::Move(p, a, b));
    Ok(())
}

/// `Exchange a b`: the units on `a` and `b` swapped.
fn exchange(
    setup: &mut Setup,
    a: Square,
    b: Square,
    changes: &mut Vec<TwinChange>,
) -> Result<(), String> {
    let (Some(pa), Some(pb)) = (unit_on(setup, a), unit_on(setup, b)) else {
        return Err(format!(
            "twin: Exchange {a} {b} needs units on both squares"
        ));
    };
    for u in &mut setup.units {
        if u.0 == a {
            u.1 = pb;
        } else if u.0 == b {
            u.1 = pa;
        }
    }
    changes.push(TwinChange::Exchange(pa, a, pb, b));
    Ok(())
}

/// `Rotate`: every unit turned about the board's centre.
fn rotate(setup: &mut Setup, r: input::Rotation) -> TwinChange {
    let (turns, deg) = match r {
        input::Rotation::Quarter => (1, 90),
        input::Rotation::Half => (2, 180),
        input::Rotation::ThreeQuarters => (3, 270),
    };
    for u in &mut setup.units {
        for _ in 0..turns {
            let (f, rk) = (u.0.file(), u.0.rank());
            u.0 = Square::from_coords(7 - rk, f).expect("on board");
        }
    }
    TwinChange::Rotate(deg)
}

/// `Mirror`: every unit reflected in `axis`.
fn mirror(setup: &mut Setup, axis: input::MirrorAxis) -> TwinChange {
    use input::MirrorAxis::*;
    for u in &mut setup.units {
        let (f, r) = (u.0.file(), u.0.rank());
        let (nf, nr) = match axis {
            A1H1 => (7 - f, r),
            A1A8 => (f, 7 - r),
            A1H8 => (7 - r, 7 - f),
            A8H1 => (r, f),
        };
        u.0 = Square::from_coords(nf, nr).expect("on board");
    }
    TwinChange::Mirror(match axis {
        A1H1 => Mirror::A1H1,
        A1A8 => Mirror::A1A8,
        A1H8 => Mirror::A1H8,
        A8H1 => Mirror::A8H1,
    })
}
