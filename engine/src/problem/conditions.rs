//! The rules a problem's conditions activate. A condition is read by one rule, or is a
//! base condition followed by options of rebirth (`Circe Diametral RexInclusive`, or a
//! traditional name such as `DiametralCirce` that the reader unfolds so): the base's
//! rule and one rule per option. An option needs a base with a rebirth to change.

use super::{declared, find_condition};
use crate::input;
use crate::rules::RuleSet;

/// The rules of condition `c`: the rule that reads it, or its base and options; `Err`
/// with what fairyforge says when some part has no rule.
pub(super) fn condition_rules<R: RuleSet>(c: &input::Condition) -> Result<Vec<usize>, String> {
    let found = find_condition::<R>(c);
    match found {
        Some(i) if !R::CONDITIONS[i].option => Ok(vec![i]),
        // an option's name may also be a traditional name of a base with it (`PWC` is
        // `Circe PWC`); else the option stands alone, after its base
        Some(i) => base_and_options::<R>(c).or(Ok(vec![i])),
        None => base_and_options::<R>(c),
    }
}

/// The rules of `c` read as a base condition and options of rebirth.
fn base_and_options<R: RuleSet>(c: &input::Condition) -> Result<Vec<usize>, String> {
    let unwritten =
        || format!("the condition {c} is known to the reference but not yet written as a rule");
    let (base, variants) = c.normalized();
    let declared = declared::<R>();
    let base = declared.by_normal(base, &[]).ok_or_else(unwritten)?;
    let mut rules = vec![base];
    for v in variants {
        match declared.by_name(v) {
            Some(o) if R::CONDITIONS[o].option => rules.push(o),
            _ => return Err(unwritten()),
        }
    }
    // (the options of rebirth read nothing after their names: a chameleon sequence
    // written after `Chameleon` is not read yet)
    if let Some(p) = c
        .params
        .iter()
        .find(|p| !matches!(p, input::ConditionParam::Variant(_)))
    {
        return Err(format!(
            "the condition {c} is known to the reference, but {p} after it is not read yet"
        ));
    }
    Ok(rules)
}

/// `Err` naming two conditions of `active` that cannot be combined: one says the other
/// is `incompatible with` it (the reference refuses the pair too), both rebirth bases
/// (Circe with AntiCirce, which the reference plays as two rebirths), or one lends walks
/// (Annan chess) and the other's truths ask which units observe which by their walks
/// (Madrasi), which fairyforge does not make follow the walks lent yet; with the index
/// of the second.
pub(super) fn combinable<R: RuleSet>(active: &[usize]) -> Result<(), (String, usize)> {
    let info = |i: usize| &R::CONDITIONS[i];
    for &a in active {
        if let Some(&b) = active
            .iter()
            .find(|&&b| info(a).incompatible.contains(&info(b).name))
        {
            let message = format!(
                "{} is incompatible with {}",
                info(a).names[0],
                info(b).names[0]
            );
            return Err((message, b));
        }
    }
    rebirths_combinable::<R>(active)?;
    let vanishing = active.iter().find(|&&i| info(i).vanishes);
    if let (Some(&k), Some(&r)) = (vanishing, active.iter().find(|&&i| info(i).rebirth)) {
        let message = format!(
            "{} with {} is not supported yet: a capturer leaving the board would be reborn \
             too",
            info(k).names[0],
            info(r).names[0]
        );
        return Err((message, r));
    }
    if let Some(&c) = active.iter().find(|&&i| info(i).clones) {
        // a royal unit reborn with another walk (a royal queen) is not written yet; kings
        // are reborn by the base's word, unless an option says otherwise (the last in
        // the rule files, as the rebirth composes them)
        let base = active
            .iter()
            .filter(|&&i| info(i).rebirth && !info(i).option)
            .find_map(|&i| info(i).kings_reborn);
        let option = active
            .iter()
            .filter(|&&i| info(i).option)
            .filter_map(|&i| info(i).kings_reborn.map(|k| (i, k)))
            .max_by_key(|&(i, _)| i)
            .map(|(_, k)| k);
        if option.or(base).unwrap_or(false) {
            let message = format!(
                "{} with kings reborn is not supported yet: a king would be reborn with \
                 another walk",
                info(c).names[0]
            );
            return Err((message, c));
        }
    }
    let lenders: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&i| info(i).lends_walks)
        .collect();
    let lender = lenders.first();
    // (a condition of White's and one of Black's lend to different units)
    let apart = |a: usize, b: usize| {
        use crate::rules::ConditionSide::{Black, White};
        matches!(
            (info(a).side, info(b).side),
            (White, Black) | (Black, White)
        )
    };
    let both = lenders.iter().enumerate().find_map(|(n, &a)| {
        lenders[n + 1..]
            .iter()
            .find(|&&b| !apart(a, b))
            .map(|&b| (a, b))
    });
    if let Some((a, b)) = both {
        let message = format!(
            "{} with {} is not supported yet: a unit would move by walks both lend",
            info(a).names[0],
            info(b).names[0]
        );
        return Err((message, b));
    }
    if let (Some(&l), Some(&b)) = (lender, active.iter().find(|&&i| info(i).reborn_before)) {
        let message = format!(
            "{} with {} is not supported yet: a unit moving from its rebirth square would \
             borrow the walk of the unit behind it there",
            info(l).names[0],
            info(b).names[0]
        );
        return Err((message, b));
    }
    let asker = active.iter().find(|&&i| info(i).asks_observers);
    match (lender, asker) {
        (Some(&l), Some(&a)) => Err((
            format!(
                "{} with {} is not supported yet: the observation {} asks for does not follow \
             the walks {} lends",
                info(l).names[0],
                info(a).names[0],
                info(a).names[0],
                info(l).names[0]
            ),
            a,
        )),
        _ => Ok(()),
    }
}

/// `Err` naming two rebirths of `active` that cannot be combined: two rebirths after a
/// capture (the captured unit and the capturer, which fairyforge does not make both),
/// two before a move, an option a unit reborn before it moves cannot have (a change of
/// walk or side: the reference refuses it too), or options with two bases, which would
/// change both.
fn rebirths_combinable<R: RuleSet>(active: &[usize]) -> Result<(), (String, usize)> {
    let info = |i: usize| &R::CONDITIONS[i];
    let bases = |before: bool| {
        active
            .iter()
            .copied()
            .filter(move |&i| info(i).rebirth && !info(i).option && info(i).reborn_before == before)
    };
    let pair = |a: usize, b: usize, why: &str| {
        let message = format!(
            "{} with {} is not supported yet: {why}",
            info(a).names[0],
            info(b).names[0]
        );
        Err((message, b))
    };
    let delaying = active.iter().copied().find(|&i| info(i).delays_rebirth);
    let capturer = active.iter().copied().find(|&i| info(i).reborn_capturer);
    if let (Some(d), Some(c)) = (delaying, capturer) {
        return pair(
            c,
            d,
            "the capturer is reborn as it captures, it cannot wait for the next move",
        );
    }
    for before in [false, true] {
        let mut found = bases(before);
        if let (Some(a), Some(b)) = (found.next(), found.next()) {
            return pair(a, b, "fairyforge makes one rebirth of each kind");
        }
    }
    let option = active.iter().copied().find(|&i| info(i).option);
    match (bases(false).next(), bases(true).next(), option) {
        (Some(a), Some(b), Some(o)) => pair(
            a,
            o,
            &format!(
                "with {} too, fairyforge would apply the option to both",
                info(b).names[0]
            ),
        ),
        (_, Some(b), _) => match active
            .iter()
            .copied()
            .find(|&i| info(i).option && info(i).changes_reborn)
        {
            Some(o) => Err((
                format!(
                    "{} does not apply to {}: a unit reborn before it moves stays as it is \
                     and needs its square free",
                    info(o).names[0],
                    info(b).names[0]
                ),
                o,
            )),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// `Err` naming an option of rebirth among `active` when no base condition with a
/// rebirth is there for it to change.
pub(super) fn options_have_a_base<R: RuleSet>(active: &[usize]) -> Result<(), String> {
    let info = |i: usize| &R::CONDITIONS[i];
    let has_base = active.iter().any(|&i| info(i).rebirth && !info(i).option);
    match active.iter().find(|&&i| info(i).option) {
        Some(&o) if !has_base => Err(format!(
            "the option {} changes the rebirth of a base condition: write it after one \
             (Circe {}, AntiCirce {})",
            info(o).names[0],
            info(o).names[0],
            info(o).names[0]
        )),
        _ => Ok(()),
    }
}
