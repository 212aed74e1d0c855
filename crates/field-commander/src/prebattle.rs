//! Before a battle (10.2): Fog of War on the three tables with Scout re-rolls, the
//! Envelopment Check, Battle Plan Quantities, Insights and set-up on the Battlefield Sheet.

use crate::battlefield::Region;
use crate::force::{ForceType, Loyalty};
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// The three Fog of War tables, by Difficulty Level (7.14, 10.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogTable {
    /// 10.2.6.
    Regular,
    /// 10.2.7.
    Hard,
    /// 10.2.8.
    Veteran,
}

/// A Fog of War event (10.2.6-10.2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogEvent {
    /// Select 1 Insight at random; Lee need not be present.
    RandomInsight,
    /// The player gains Command Points.
    GainCommandPoints(u8),
    /// The player gains 1 Scout.
    GainScout,
    /// Pay 2 CP to add 1 Confederate Brigade to 1 Confederate Held Area.
    BuyBrigade,
    /// Roll d10: 1-5 a Union Regiment joins; 6-10 transfer 2 CP to the Union.
    RegimentOrCommandPoints,
    /// 1 Hit on 1 random Confederate Infantry Force in 1 random Confederate Held Area.
    Disease,
    /// 1 Hit on every Confederate Force in 1 random Confederate Held Area.
    VirulentDisease,
    /// 1 random Union Reinforcement joins the battle.
    UnionReinforcement,
    /// Roll d10: 1-2 a Union Fortification, 3-10 a Union Garrison.
    FortificationOrGarrison,
    /// The Union draws more Special Battle Plans each turn of this battle.
    UnionPlans(u8),
    /// A random Confederate Force makes an Activation check: pass takes a Hit, fail leaves.
    Desertion,
}

impl FogEvent {
    /// The event in the Player Help Sheet's words.
    pub fn words(self) -> String {
        match self {
            FogEvent::RandomInsight => "Select 1 Insight at random; Robert E. Lee does not need to be present".into(),
            FogEvent::GainCommandPoints(n) => format!("You gain {n} Command Points"),
            FogEvent::GainScout => "You gain 1 Scout".into(),
            FogEvent::BuyBrigade => {
                "Pay 2 Command Points to add 1 Confederate Brigade to 1 Confederate Held Area".into()
            }
            FogEvent::RegimentOrCommandPoints => {
                "Roll d10: 1-5 add 1 Union Regiment to the Battle; 6-10 transfer 2 of your Command Points to the Union"
                    .into()
            }
            FogEvent::Disease => {
                "Disease: 1 Hit on 1 random Confederate Infantry Force in 1 random Confederate Held Area".into()
            }
            FogEvent::VirulentDisease => {
                "Virulent Disease: 1 Hit on all Confederate Forces in 1 random Confederate Held Area".into()
            }
            FogEvent::UnionReinforcement => "Add 1 random Union Reinforcement to the Battle".into(),
            FogEvent::FortificationOrGarrison => {
                "Roll d10: 1-2 add 1 Union Fortification; 3-10 add 1 Union Garrison to the Battle".into()
            }
            FogEvent::UnionPlans(n) => format!("Union gains +{n} Special Battle Plan(s) each Turn of the Battle"),
            FogEvent::Desertion => {
                "Desertion: 1 random Confederate Force in a Confederate Held Area makes an Activation check".into()
            }
        }
    }
}

/// One row of a Fog of War table: the Battle Turns and the event (10.2.4, 10.2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FogRow {
    /// How many Battle Turns the battle lasts.
    pub turns: u8,
    /// What happens.
    pub event: FogEvent,
}

const fn row(turns: u8, event: FogEvent) -> FogRow {
    FogRow { turns, event }
}

/// The printed row for `roll` on `table`; the Hard table prints no row 9 (GAPS), which the
/// player enters (`entered_hard_9`) from the Player Help Sheet.
pub fn fog_of_war(table: FogTable, roll: D10, entered_hard_9: Option<FogRow>) -> RuleResult<FogRow> {
    use FogEvent::*;
    Ok(match (table, roll.value()) {
        (FogTable::Regular, 1) => row(3, RandomInsight),
        (FogTable::Regular, 2) => row(4, GainCommandPoints(2)),
        (FogTable::Regular, 3) => row(5, GainScout),
        (FogTable::Regular, 4) => row(4, BuyBrigade),
        (FogTable::Regular, 5) => row(3, RegimentOrCommandPoints),
        (FogTable::Regular, 6) => row(5, Disease),
        (FogTable::Regular, 7) => row(6, UnionReinforcement),
        (FogTable::Regular, 8) => row(4, FortificationOrGarrison),
        (FogTable::Regular, 9) => row(3, UnionPlans(1)),
        (FogTable::Regular, _) => row(4, UnionPlans(2)),
        (FogTable::Hard, 1) => row(3, GainScout),
        (FogTable::Hard, 2) => row(4, BuyBrigade),
        (FogTable::Hard, 3) => row(5, RegimentOrCommandPoints),
        (FogTable::Hard, 4) => row(4, Disease),
        (FogTable::Hard, 5) => row(3, UnionReinforcement),
        (FogTable::Hard, 6) => row(6, FortificationOrGarrison),
        (FogTable::Hard, 7 | 8) => row(5, UnionPlans(1)),
        (FogTable::Hard, 9) => {
            return entered_hard_9
                .ok_or_else(|| RuleError::Missing(CellRef::new("Hard Fog of War Event Table (10.2.7)", "9", "row")));
        }
        (FogTable::Hard, _) => row(4, VirulentDisease),
        (FogTable::Veteran, 1) => row(3, RegimentOrCommandPoints),
        (FogTable::Veteran, 2) => row(4, Disease),
        (FogTable::Veteran, 3) => row(5, UnionReinforcement),
        (FogTable::Veteran, 4) => row(3, FortificationOrGarrison),
        (FogTable::Veteran, 5 | 6) => row(5, UnionPlans(1)),
        (FogTable::Veteran, 7 | 8) => row(4, UnionPlans(2)),
        (FogTable::Veteran, 9) => row(3, VirulentDisease),
        (FogTable::Veteran, _) => row(4, Desertion),
    })
}

/// What the Hard table's unprinted row 9 can be (10.2.7; ruling "Hard Fog of War table row
/// 9"): a battle lasts 1 to 6 Battle Turns (10.2.12.1's bounds), and its event is one of the
/// events the three printed tables hold (10.2.6-10.2.8), read from them here, nothing added.
pub fn hard_row_9_choices() -> (std::ops::RangeInclusive<u8>, Vec<FogEvent>) {
    let mut events: Vec<FogEvent> = Vec::new();
    for table in [FogTable::Regular, FogTable::Hard, FogTable::Veteran] {
        for face in 1..=10 {
            let Ok(roll) = D10::new(face) else { continue };
            if let Ok(r) = fog_of_war(table, roll, None)
                && !events.contains(&r.event)
            {
                events.push(r.event);
            }
        }
    }
    (1..=6, events)
}

/// Checks a row 9 the player enters against [`hard_row_9_choices`].
pub fn check_hard_row_9(row: FogRow) -> RuleResult<()> {
    let (turns, events) = hard_row_9_choices();
    if !turns.contains(&row.turns) {
        return Err(RuleError::OutOfRange {
            what: "Hard Fog of War row 9",
            detail: format!("{} Battle Turns: a battle lasts 1 to 6 (10.2.12.1)", row.turns),
        });
    }
    if !events.contains(&row.event) {
        return Err(RuleError::OutOfRange {
            what: "Hard Fog of War row 9",
            detail: "its event is one of the Fog of War events the tables print (10.2.6-10.2.8)".into(),
        });
    }
    Ok(())
}

/// The Fog of War roll the battle keeps (10.2.2): each roll after the first spends a Scout;
/// the last roll stands, and an earlier one can never be taken back.
pub fn fog_roll_kept(rolls: &[D10], scouts: u32) -> RuleResult<(D10, u32)> {
    let Some((last, _)) = rolls.split_last() else {
        return Err(RuleError::OutOfRange { what: "dice", detail: "roll the d10 for Fog of War".into() });
    };
    let spent = u32::try_from(rolls.len() - 1).unwrap_or(u32::MAX);
    if spent > scouts {
        return Err(RuleError::OutOfRange {
            what: "Scouts",
            detail: format!("{spent} re-rolls need {spent} Scouts; you have {scouts}"),
        });
    }
    Ok((*last, spent))
}

/// What the second roll of an event gives (10.2.6, events 5 and 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogFollowUp {
    /// Add 1 Union Regiment (Infantry or Cavalry).
    UnionRegiment,
    /// Transfer 2 of the player's Command Points to the Union.
    TransferCommandPoints,
    /// Add 1 Union Fortification in the Union Reserve.
    UnionFortification,
    /// Add 1 Union Garrison in the Union Approach.
    UnionGarrison,
}

/// The follow-up roll of an event, if it has one; `player_cp` is what the player holds.
pub fn fog_follow_up(event: FogEvent, roll: D10, player_cp: u32) -> Option<FogFollowUp> {
    match event {
        FogEvent::RegimentOrCommandPoints if roll.value() <= 5 || player_cp < 2 => Some(FogFollowUp::UnionRegiment),
        FogEvent::RegimentOrCommandPoints => Some(FogFollowUp::TransferCommandPoints),
        FogEvent::FortificationOrGarrison if roll.value() <= 2 => Some(FogFollowUp::UnionFortification),
        FogEvent::FortificationOrGarrison => Some(FogFollowUp::UnionGarrison),
        _ => None,
    }
}

/// The side Enveloped or Routed: one side's combined Combat Value three times the other's or
/// more (10.2.9, 14.5). With no forces on either side no one is.
pub fn three_to_one(union: u32, confederate: u32) -> Option<Loyalty> {
    if union == 0 && confederate == 0 {
        None
    } else if union >= confederate.saturating_mul(3) {
        Some(Loyalty::Confederate)
    } else if confederate >= union.saturating_mul(3) {
        Some(Loyalty::Union)
    } else {
        None
    }
}

/// 10.2.11: buying more Battle Plans, once a battle (ruling "Buying Battle Plans").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlanPurchase {
    /// None bought.
    None,
    /// 2 Command Points for +1.
    One,
    /// 5 Command Points for +2.
    Two,
}

impl PlanPurchase {
    /// (Command Points paid, Battle Plans gained).
    pub fn cost_and_gain(self) -> (u32, u32) {
        match self {
            PlanPurchase::None => (0, 0),
            PlanPurchase::One => (2, 1),
            PlanPurchase::Two => (5, 2),
        }
    }
}

/// What sets the two Battle Plan Quantities (10.2.10-10.2.12). The Campaign Information
/// Sheet's values are entered by the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuantityInputs {
    /// The sheet's Confederate quantity without Lee, at the Difficulty Level (entered).
    pub confederate_without_lee: u32,
    /// Lee's Command Rating when he is in the Battle Location Area (4.7, entered).
    pub lee_rating_if_present: Option<u32>,
    /// The sheet's Union quantity at the Difficulty Level (entered).
    pub union_base: u32,
    /// Fog of War events "Union gains +N Special Battle Plans".
    pub union_fog_bonus: u32,
    /// Bought with Command Points (10.2.11).
    pub purchase: PlanPurchase,
    /// Insights selected (each costs one Battle Plan, 10.2.12; not the Fog of War one).
    pub insights_selected: u32,
}

/// The two quantities for every turn of this battle (10.2.10): (Confederate, Union).
pub fn plan_quantities(q: &QuantityInputs) -> RuleResult<(u32, u32)> {
    if q.insights_selected > 0 && q.lee_rating_if_present.is_none() {
        return Err(RuleError::OutOfRange {
            what: "Insights",
            detail: "Insights are selected only when Robert E. Lee is present (4.15, 10.2.12)".into(),
        });
    }
    let base = q.lee_rating_if_present.unwrap_or(q.confederate_without_lee);
    let bought = base + q.purchase.cost_and_gain().1;
    let confederate = bought.checked_sub(q.insights_selected).ok_or_else(|| RuleError::OutOfRange {
        what: "Insights",
        detail: format!("{} Insights cost more than the {bought} Battle Plans", q.insights_selected),
    })?;
    Ok((confederate, q.union_base + q.union_fog_bonus))
}

/// The Insight counters (10.2.12.1-10.2.12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Insight {
    /// 10.2.12.1: ±1 Battle Turn, 1 to 6.
    Duration,
    /// 10.2.12.2: Activation roll at Lee's rating; destroys a Union Garrison or Fortification.
    Demolitions,
    /// 10.2.12.3: -2/-2 to Union attackers; +2 to the Shock check.
    Entrench,
    /// 10.2.12.4: up to 3 Mobile Forces start in the Confederate Front.
    Front,
    /// 10.2.12.5: +2/+0 on Shock checks.
    Morale,
    /// 10.2.12.6: +1 to every Confederate Activation number.
    Officers,
    /// 10.2.12.7: Activation roll at Lee's rating +2; three attacks on the Union rear.
    Screen,
    /// 10.2.12.8: every Union Force starts in the Union Approach or Reserve.
    Terrain,
}

impl Insight {
    /// Every Insight, in the order of 10.2.12.
    pub const ALL: [Insight; 8] = [
        Insight::Duration,
        Insight::Demolitions,
        Insight::Entrench,
        Insight::Front,
        Insight::Morale,
        Insight::Officers,
        Insight::Screen,
        Insight::Terrain,
    ];

    /// Its name as printed.
    pub fn label(self) -> &'static str {
        match self {
            Insight::Duration => "Duration",
            Insight::Demolitions => "Demolitions",
            Insight::Entrench => "Entrench",
            Insight::Front => "Front",
            Insight::Morale => "Morale",
            Insight::Officers => "Officers",
            Insight::Screen => "Screen",
            Insight::Terrain => "Terrain",
        }
    }

    /// Its rule.
    pub fn rule(self) -> &'static str {
        match self {
            Insight::Duration => "10.2.12.1",
            Insight::Demolitions => "10.2.12.2",
            Insight::Entrench => "10.2.12.3",
            Insight::Front => "10.2.12.4",
            Insight::Morale => "10.2.12.5",
            Insight::Officers => "10.2.12.6",
            Insight::Screen => "10.2.12.7",
            Insight::Terrain => "10.2.12.8",
        }
    }

    /// What it does, in a line.
    pub fn words(self) -> &'static str {
        match self {
            Insight::Duration => "One Battle Turn more or fewer (1 to 6), at the first Insight step",
            Insight::Demolitions => {
                "Roll Lee's rating or less: destroy a Union Garrison or Fortification in or next to your Region"
            }
            Insight::Entrench => "On one force: Union attacks on it -2/-2, +2 on its Shock checks",
            Insight::Front => "Up to 3 Mobile Forces start in the Confederate Front",
            Insight::Morale => "+2/+0 on your Shock checks",
            Insight::Officers => "+1 to every Confederate Activation number",
            Insight::Screen => {
                "A Cavalry and an Infantry Force stay off the sheet; roll Lee's rating +2: three attacks on the Union rear"
            }
            Insight::Terrain => "You place every Union Force in the Union Approach or Reserve",
        }
    }

    /// The modifier to Lee's Command Rating for an Insight that needs an Activation roll.
    pub fn activation_modifier(self) -> Option<i32> {
        match self {
            Insight::Demolitions => Some(0),
            Insight::Screen => Some(2),
            _ => None,
        }
    }
}

/// An Insight Activation roll (12.1): Lee's Command Rating plus the Insight's modifier or less,
/// an Activation check with natural 1 and 10 (ruling "Insight Activation rolls").
pub fn insight_activates(insight: Insight, lee_rating: u8, roll: D10) -> RuleResult<bool> {
    let m = insight.activation_modifier().ok_or_else(|| RuleError::OutOfRange {
        what: "Insight",
        detail: format!("{insight:?} activates automatically"),
    })?;
    Ok(roll.check(i32::from(lee_rating) + m))
}

/// Duration (10.2.12.1): one Battle Turn more or fewer, kept within 1 to 6.
pub fn duration(turns: u8, longer: bool) -> u8 {
    if longer { (turns + 1).min(6) } else { turns.saturating_sub(1).max(1) }
}

/// Where one Union force starts (10.2.18, 10.2.19): `order` is the random order of the Union
/// forces (a draw, like dice); the first 4 Infantry and Cavalry go to the Approach, Garrisons
/// to the Approach, everything else to the Reserve.
pub fn union_setup(kinds_in_random_order: &[ForceType]) -> Vec<Region> {
    let mut approach = 0;
    kinds_in_random_order
        .iter()
        .map(|k| match k {
            ForceType::Garrison => Region::UnionApproach,
            ForceType::Infantry | ForceType::Cavalry if approach < 4 => {
                approach += 1;
                Region::UnionApproach
            }
            _ => Region::UnionReserve,
        })
        .collect()
}

/// Checks the player's set-up (10.2.13-10.2.16, 10.2.12.4): Garrisons in the Approach,
/// Fortifications in the Reserve, at most 4 Mobile Forces in the Approach, none in the Front
/// unless the Front Insight places up to 3 there.
pub fn check_confederate_setup(placed: &[(ForceType, Region)], front_insight: bool) -> RuleResult<()> {
    let bad = |detail: String| Err(RuleError::OutOfRange { what: "set-up", detail });
    let mut approach = 0;
    let mut front = 0;
    for (kind, region) in placed {
        match (kind, region) {
            (ForceType::Garrison, Region::ConfederateApproach) => {}
            (ForceType::Fortification, Region::ConfederateReserve) => {}
            (ForceType::Garrison | ForceType::Fortification, r) => {
                return bad(format!("a {kind:?} is placed in its own Region, not the {}", r.label()));
            }
            (_, Region::ConfederateReserve) => {}
            (_, Region::ConfederateApproach) => approach += 1,
            (_, Region::ConfederateFront) if front_insight => front += 1,
            (_, r) => return bad(format!("Confederate Forces cannot start in the {}", r.label())),
        }
    }
    if approach > 4 {
        return bad(format!("{approach} Mobile Forces in the Confederate Approach; at most 4 (10.2.16)"));
    }
    if front > 3 {
        return bad(format!("{front} Mobile Forces in the Confederate Front; the Front Insight places up to 3"));
    }
    Ok(())
}

/// Checks the Union's placing (10.2.18, 10.2.19, 10.2.12.8): Garrisons in the Approach,
/// Fortifications and Artillery in the Reserve, at most 4 Infantry and Cavalry in the Approach;
/// with Terrain every force in the Approach or the Reserve, with no limit.
pub fn check_union_setup(placed: &[(ForceType, Region)], terrain: bool) -> RuleResult<()> {
    let bad = |detail: String| Err(RuleError::OutOfRange { what: "set-up", detail });
    let mut approach = 0;
    for (kind, region) in placed {
        if !matches!(region, Region::UnionApproach | Region::UnionReserve) {
            return bad(format!("Union Forces start in the Union Approach or Reserve, not the {}", region.label()));
        }
        if terrain {
            continue;
        }
        match (kind, region) {
            (ForceType::Garrison, Region::UnionApproach) => {}
            (ForceType::Garrison, _) => return bad("Union Garrisons are placed in the Union Approach (10.2.18)".into()),
            (ForceType::Fortification | ForceType::Artillery, Region::UnionApproach) => {
                return bad(format!("a Union {kind:?} is placed in the Union Reserve (10.2.18, 10.2.19)"));
            }
            (_, Region::UnionApproach) => approach += 1,
            _ => {}
        }
    }
    if approach > 4 {
        return bad(format!("{approach} Union Infantry and Cavalry in the Approach; at most 4 (10.2.19)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
