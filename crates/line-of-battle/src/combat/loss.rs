//! Losses applied to a Stack (9.4a, 9.4b) and the Leader Loss Checks they call for (4.1a).

use crate::due::DueKind;
use crate::fire::check_distribution;
use crate::game::Game;
use crate::oob::Unit;
use crate::refusal::Refused;

/// The units of a Stack named top first: each on the map, of one side, named once.
pub(crate) fn stack(game: &Game, ids: &[String]) -> Result<Vec<Unit>, Refused> {
    if ids.is_empty() {
        return Err(Refused::because("name the units of the Stack, top first"));
    }
    let mut out: Vec<Unit> = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(Refused::because(format!("{id} is named twice")));
        }
        let u = game.oob.unit(id).ok_or_else(|| Refused::because(format!("no unit {id}")))?;
        if u.dead || !u.on_map {
            return Err(Refused::because(format!("{} is not on the map", u.name)));
        }
        if out.first().is_some_and(|f| f.side != u.side) {
            return Err(Refused::by("7.0c", "a Stack holds one side's units"));
        }
        out.push(u.clone());
    }
    Ok(out)
}

/// 9.4a: the one legal distribution of `loss` over a Stack (`strengths[0]` its Top Unit),
/// when the owner has no choice; `None` when he has one.
pub fn only_distribution(strengths: &[u8], loss: u8) -> Option<Vec<u8>> {
    let total: u16 = strengths.iter().map(|s| u16::from(*s)).sum();
    let due = u16::from(loss).min(total);
    if due == total {
        return Some(strengths.to_vec());
    }
    let alive: Vec<usize> = (0..strengths.len()).filter(|i| strengths[*i] > 0).collect();
    if strengths.first().is_none_or(|s| *s == 0) {
        return None;
    }
    let n = alive.len() as u16;
    let mut out = vec![0u8; strengths.len()];
    if due == 0 {
        return Some(out);
    }
    if due == 1 {
        out[0] = 1;
        return Some(out);
    }
    if due < n {
        return None;
    }
    for i in &alive {
        out[*i] = 1;
    }
    let extra = due - n;
    if extra == 0 {
        return Some(out);
    }
    let spare: Vec<usize> = alive.iter().copied().filter(|i| strengths[*i] > 1).collect();
    if spare.len() == 1 {
        out[spare[0]] += extra as u8;
        return Some(out);
    }
    None
}

fn take(game: &mut Game, id: &str, sps: u8) -> Result<Vec<String>, Refused> {
    if sps == 0 {
        return Ok(Vec::new());
    }
    let u = game.oob.unit_mut(id)?;
    let was_wrecked = u.wrecked();
    u.take_loss(sps);
    let mut lines = vec![format!("{} loses {sps} SP, {} left", u.name, u.strength)];
    if u.dead {
        lines.push(format!("{} to the Dead Pile (9.4b)", u.name));
    } else if u.wrecked() && !was_wrecked {
        lines.push(format!("{} is Wrecked (1.3b)", u.name));
    }
    Ok(lines)
}

/// What a loss did.
pub(crate) struct Applied {
    /// In the players' words.
    pub lines: Vec<String>,
    /// Left for the owner to distribute.
    pub pending: bool,
    /// The Stack's last Combat Unit is destroyed (9.4b).
    pub destroyed_all: bool,
}

/// Applies `loss` over the Stack `units`, top first: with the owner's `allocation`, or the
/// only legal one; otherwise leaves a Loss due for the owner (9.4a). `volley`: an Opening
/// Volley's loss, all on the Top Unit and the remainder on the next (9.2).
pub(crate) fn apply_loss(
    game: &mut Game,
    units: &[String],
    loss: u8,
    allocation: Option<&[u8]>,
    volley: bool,
    (rule, cause): (&str, u32),
) -> Result<Applied, Refused> {
    let members = stack(game, units)?;
    let strengths: Vec<u8> = members.iter().map(|u| u.strength).collect();
    let split = if volley {
        Some(crate::fire::opening_volley_distribution(&strengths, loss))
    } else if let Some(a) = allocation {
        check_distribution(&strengths, loss, a)?;
        Some(a.to_vec())
    } else {
        only_distribution(&strengths, loss)
    };
    let Some(split) = split else {
        game.dues.add(cause, DueKind::Loss { units: units.to_vec(), sps: loss, rule: rule.into() });
        return Ok(Applied {
            lines: vec![format!("{loss} SP lost: the owner distributes them (9.4a)")],
            pending: true,
            destroyed_all: false,
        });
    };
    let mut lines = Vec::new();
    for (id, sps) in units.iter().zip(&split) {
        lines.extend(take(game, id, *sps)?);
    }
    let destroyed_all = loss > 0 && units.iter().all(|id| game.oob.unit(id).is_none_or(|u| u.dead));
    if destroyed_all {
        lines
            .push("The Stack's last Combat Unit is destroyed: Cowardly Legs in the hex, no Morale Check (9.4b)".into());
    }
    Ok(Applied { lines, pending: false, destroyed_all })
}

/// 4.1a: a Leader Loss Check due for each Leader named, on `column`.
pub(crate) fn leader_checks(
    game: &mut Game,
    leaders: &[String],
    column: &str,
    rule: &str,
    cause: u32,
) -> Result<Vec<String>, Refused> {
    let mut lines = Vec::new();
    for id in leaders {
        let l = game.oob.leader(id).ok_or_else(|| Refused::because(format!("no Leader {id}")))?;
        if l.lost {
            continue;
        }
        if column.trim().is_empty() {
            return Err(Refused::by("4.1a", "name the Leader Loss Table's column the situation calls for"));
        }
        lines.push(format!("Leader Loss Check due for {} (4.1a)", l.name));
        game.dues.add(cause, DueKind::LeaderLoss { leader: id.clone(), column: column.into(), rule: rule.into() });
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 9.4a: the Top Unit takes the first loss; the owner chooses only when more than one
    /// distribution is legal.
    #[test]
    fn rule_9_4a_when_the_owner_has_no_choice() {
        assert_eq!(only_distribution(&[4, 3], 1), Some(vec![1, 0]));
        assert_eq!(only_distribution(&[4, 3], 2), Some(vec![1, 1]));
        assert_eq!(only_distribution(&[4, 3, 2], 2), None, "which of the two others takes the second");
        assert_eq!(only_distribution(&[4, 1], 3), Some(vec![2, 1]));
        assert_eq!(only_distribution(&[4, 3], 3), None);
        assert_eq!(only_distribution(&[4, 3], 9), Some(vec![4, 3]));
        assert_eq!(only_distribution(&[5], 2), Some(vec![2]));
    }

    proptest! {
        /// The only distribution, when there is one, is a legal one.
        #[test]
        fn the_only_distribution_is_legal(strengths in proptest::collection::vec(1u8..8, 1..5), loss in 0u8..20) {
            if let Some(a) = only_distribution(&strengths, loss) {
                prop_assert!(check_distribution(&strengths, loss, &a).is_ok(), "{:?}", a);
            }
        }
    }
}
