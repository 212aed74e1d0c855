//! A charge's normal move and bonus as markers (5.3.1, 5.3.2): the red marker of the total
//! distance and the yellow one where it falls into disorder.

use super::{Distance, Facts, Plan, Standing, Who, commands, inches, out_of_range, roll_due};
use crate::systems::johnny_reb::resolve::card::Resolution;
use johnny_reb::rules::charge::distance::{
    BonusPath, ChargeMarks, ChargeMoveSetup, ChargingArm, bonus_move, mark_charge,
};
use johnny_reb::rules::movement::{Ground, TerrainType};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::unit::{Arm, Formation, Terrain};
use johnny_reb::rules::{Die, Ratio, RuleResult};

/// The charge bonus (5.3.2): where the bonus portion runs and what it enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bonus {
    /// The terrain of the bonus portion: Table 4's dice (road 4, open 3, broken 2, rough 1).
    pub terrain: Terrain,
    /// The bonus carries it into broken or rough terrain after this many card inches
    /// (5.3.2.c: half or quarter inches beyond).
    pub enters: Option<(Terrain, Ratio)>,
}

impl Bonus {
    /// The bonus path as the charge engine reads it, night applied (Appendix F.15).
    pub fn path(self, settings: &RulesSettings) -> BonusPath {
        let p = BonusPath {
            terrain: self.terrain,
            enters: self
                .enters
                .map(|(terrain, after)| johnny_reb::rules::charge::distance::TerrainChange { after, terrain }),
        };
        if settings.charges.night { p.at_night() } else { p }
    }
}

/// The charge marks (5.3): the normal move taken, a failed normal-move roll, and the bonus
/// dice if a bonus is taken. Card inches in, words in table inches out.
pub fn charge_marks(
    facts: &Facts,
    ground: Ground,
    normal_move: Ratio,
    failed_roll: bool,
    bonus: Option<(Bonus, &[Die])>,
    settings: &RulesSettings,
) -> RuleResult<(ChargeMarks, Vec<String>)> {
    let (arm, formation) = match facts.who {
        Who::Regiment { arm, formation, .. } => (arm, formation),
        Who::Guns { .. } => return Err(out_of_range("guns do not charge (5)")),
    };
    let rolled = match bonus {
        Some((b, dice)) => Some(bonus_move(dice, b.path(settings), false)?),
        None => None,
    };
    // 5.3.2.b: mounted cavalry is disordered from the start if the charge will be in broken or
    // rough, read on the worst terrain of the whole path (6.3.1, RULINGS.md).
    let rank = |t: Terrain| match t {
        Terrain::Rough => 3,
        Terrain::Broken => 2,
        _ => 1,
    };
    let normal = match ground.under(&settings.movement) {
        Ground::Road => Terrain::Road,
        Ground::Terrain(t) | Ground::Trail(t) => match t {
            TerrainType::Open => Terrain::Open,
            TerrainType::Broken => Terrain::Broken,
            TerrainType::Rough => Terrain::Rough,
        },
    };
    let mut path = vec![normal];
    if let Some((b, _)) = bonus {
        let p = b.path(settings);
        path.push(p.terrain);
        path.extend(p.enters.map(|c| c.terrain));
    }
    let worst = path.into_iter().max_by_key(|t| rank(*t)).unwrap_or(Terrain::Open);
    let setup = ChargeMoveSetup {
        arm: if matches!(arm, Arm::Cavalry { mounted: true }) { ChargingArm::Mounted } else { ChargingArm::Foot },
        normal_move,
        disordered_from_start: formation == Formation::Disorder || arm == (Arm::MountedInfantry { mounted: true }),
        failed_normal_move_roll: failed_roll,
        worst_terrain: worst,
    };
    let marks = mark_charge(&setup, rolled);
    let mut words = Vec::new();
    if let Some(b) = &marks.bonus {
        words.push(format!(
            "The bonus dice total {}: a bonus of {} (5.3.2.a).",
            b.rolled,
            inches(settings, b.distance)
        ));
    }
    words.push(format!(
        "Red marker, the total charge distance: {} from the start (5.3.2).",
        inches(settings, marks.total)
    ));
    words.push(match marks.disorder_at {
        Some(d) if d == Ratio::ZERO => {
            "Yellow marker: it charges in disorder from the start (5.3.2.b, 6.7.3).".to_string()
        }
        Some(d) => {
            format!("Yellow marker, where it falls into disorder: {} from the start (5.3.2.b).", inches(settings, d))
        }
        None => "No yellow marker: without a bonus it stays in order to the end of its move (5.3.1).".to_string(),
    });
    Ok((marks, words))
}

/// The result of a charge's normal move and bonus (5.3.1, 5.3.2): the red and yellow markers.
/// `None` while a due die is missing; an error for dice that do not fit Table 4.
#[allow(clippy::too_many_arguments)]
pub fn charge_resolution(
    facts: &Facts,
    id: Option<&str>,
    plan: &Plan,
    ground: Ground,
    distance: Distance,
    die: Option<Die>,
    bonus: Option<(Bonus, Vec<Die>)>,
    settings: &RulesSettings,
) -> Option<RuleResult<Resolution>> {
    let (first, greater) = plan.charge_normal?;
    let due = roll_due(plan, distance);
    let mut details = Vec::new();
    let failed = match (due, plan.roll) {
        (true, Some(roll)) => {
            let d = die?;
            let passed = i16::from(d.face()) > roll.target;
            details.push(format!(
                "Normal move disorder roll: {} against {}: {}.",
                d.face(),
                roll.target,
                if passed {
                    "no effect (6.2)"
                } else {
                    "it will be in disorder from the end of its normal move (5.3.1)"
                }
            ));
            !passed
        }
        _ => false,
    };
    let normal = match (distance, greater) {
        (Distance::Greater, Some(g)) => g,
        _ => first,
    };
    let bonus = match &bonus {
        Some((b, dice)) => {
            let wanted = match johnny_reb::rules::charge::distance::bonus_dice_count(b.path(settings).terrain) {
                Ok(n) => n,
                Err(e) => return Some(Err(e)),
            };
            if dice.len() < wanted {
                return None;
            }
            Some((*b, &dice[..wanted]))
        }
        None => None,
    };
    let (marks, words) = match charge_marks(facts, ground, normal, failed, bonus, settings) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    details.extend(words);
    details.push(format!(
        "The charge halts {} short of the defender for defensive fire (5.3.4); a halting point announced at the declaration is rolled for in Other rolls, Attempt to halt (5.3.3).",
        inches(settings, Ratio::whole(3))
    ));
    let headline =
        format!("{} charges: red marker {} from the start (5.3).", facts.name, inches(settings, marks.total));
    let before = Standing::of(&facts.who);
    let commands = id.map(|id| commands(id, before, plan.after)).unwrap_or_default();
    Some(Ok(Resolution { headline, details, commands, recorded: id.is_some(), ..Default::default() }))
}
