//! Fire Combat (9): who may fire, the 8 SP limit and DG halving (9.1b), Threshold Values
//! (9.3), the Combat Table's modifiers each with its rule, the order of a result's actions
//! (9.4), Loss Distribution (9.4a), and Opening Volleys with their Triggers (9.2).
//!
//! The Weapons Characteristics listing is printed in the text and shipped as it stands; the
//! Combat, Opening Volley and Threshold Values charts are the players'.

use crate::oob::UnitFormation;
use crate::refusal::Refused;
use crate::table::{LookupError, Reading, RollTable, Slot};
use crate::tables::combat;
use serde::{Deserialize, Serialize};

/// A weapon's special capability (Weapons Characteristics, 9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Special {
    /// None.
    None,
    /// Breechloader.
    Breechloader,
    /// Repeater.
    Repeater,
    /// Buck 'n Ball.
    BuckNBall,
    /// Artillery firing Dense canister.
    DenseCanister,
    /// Artillery firing Normal canister.
    NormalCanister,
}

/// One row of the Weapons Characteristics listing (printed, after 13.7c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// Its code.
    pub code: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Artillery, not Small Arms.
    pub artillery: bool,
    /// Its maximum Range in hexes.
    pub range: u8,
    /// Its special capability.
    pub special: Special,
}

const fn w(code: &'static str, name: &'static str, artillery: bool, range: u8, special: Special) -> Weapon {
    Weapon { code, name, artillery, range, special }
}

/// The Weapons Characteristics listing, as printed.
pub const WEAPONS: [Weapon; 24] = [
    w("B", "Breechloading Rifle", false, 4, Special::Breechloader),
    w("C", "Carbine", false, 3, Special::Breechloader),
    w("CR", "Colt Rifle", false, 4, Special::Repeater),
    w("HR", "Henry Rifle", false, 3, Special::Repeater),
    w("M", "Smoothbore Musket", false, 2, Special::BuckNBall),
    w("P", "Pistol", false, 1, Special::None),
    w("R", "Rifled Musket", false, 4, Special::None),
    w("S", "Spencer Rifle", false, 4, Special::Repeater),
    w("SC", "Spencer Carbine", false, 3, Special::Repeater),
    w("SH", "Shotgun", false, 1, Special::BuckNBall),
    w("SR", "Sharps Rifle", false, 5, Special::Breechloader),
    w("T", "Target Rifle", false, 5, Special::None),
    w("H", "12 lb Howitzer", true, 10, Special::DenseCanister),
    w("hH", "24 lb Howitzer", true, 12, Special::DenseCanister),
    w("hvH", "24 lb Howitzer", true, 12, Special::DenseCanister),
    w("hR", "Heavy Rifled Cannon", true, 30, Special::NormalCanister),
    w("hvR", "Heavy Rifled Cannon", true, 30, Special::NormalCanister),
    w("L", "Light Gun", true, 14, Special::NormalCanister),
    w("MH", "Mountain Howitzer", true, 10, Special::NormalCanister),
    w("N", "Napoleon Cannon", true, 16, Special::DenseCanister),
    w("NG", "Naval Gun", true, 22, Special::None),
    w("R", "Rifled Cannon", true, 30, Special::NormalCanister),
    w("SG", "Siege Rifle", true, 30, Special::NormalCanister),
    w("W", "Whitworth", true, 38, Special::None),
];

/// The weapon with `code`, Small Arms or Artillery (1.3c: "R" is both).
pub fn weapon(code: &str, artillery: bool) -> Option<&'static Weapon> {
    WEAPONS.iter().find(|w| w.code == code && w.artillery == artillery)
}

/// One unit of a Firing Stack, as it stands when the Fire is announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Firer {
    /// Its identity.
    pub id: String,
    /// The SPs the player chooses to fire from it (9.1c).
    pub sps: u8,
    /// Its Strength after any Opening Volley (9.1b).
    pub strength: u8,
    /// Its Weapon code.
    pub weapon: String,
    /// Artillery.
    pub artillery: bool,
    /// Its Formation.
    pub formation: UnitFormation,
    /// Its MPs remaining, fractions dropped (9.1e).
    pub mps_remaining: u8,
    /// Began the Phase Limbered (Artillery needs 3 MPs then, 9.1).
    pub was_limbered: bool,
    /// Wrecked (1.3b).
    pub wrecked: bool,
}

/// The Stack's situation when it fires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireSituation {
    /// Range in hexes to the Target hex.
    pub range: u8,
    /// The turn's Visibility (`None`: unlimited).
    pub visibility: Option<u8>,
    /// The Stack is DG (10.2d).
    pub disorganized: bool,
    /// The Stack is Routed (10.2e).
    pub routed: bool,
    /// The Stack began its move out of CR (3.3e: it can Charge but not Fire).
    pub out_of_radius: bool,
    /// It has fired this Phase, or units of it have (9.1).
    pub fired: bool,
    /// Its Formation is in Limited Defense Status (13.2e: no +1 for MPs remaining).
    pub limited_defense: bool,
    /// A Zero-led Brigade firing on its Zero Roll's limited MA (4.1d).
    pub zero_led: bool,
    /// The Target's Protection, by the modifier's name (9.1f: one only).
    pub protection: Option<String>,
    /// The one weapon DRM the player chooses, if any (9.3: only one).
    pub weapon_drm: Option<Special>,
}

/// The Threshold Values Chart (9.3): for a total of Firing SPs, how many SPs of a weapon the
/// shot must contain for its DRM. Missing from the text: entered by the players.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThresholdChart {
    /// (total Firing SPs, Threshold Number).
    pub rows: Vec<(u8, Slot<u8>)>,
}

impl ThresholdChart {
    /// Whether `weapon_sps` of `total` obtains the weapon's DRM. A shot made of that weapon
    /// alone needs no chart (9.0 example: "alone in its hex, so there is no Threshold Value").
    pub fn obtains(&self, total: u8, weapon_sps: u8) -> Result<bool, Refused> {
        if weapon_sps == 0 {
            return Ok(false);
        }
        if weapon_sps >= total {
            return Ok(true);
        }
        let t = self.rows.iter().find(|(n, _)| *n == total).and_then(|(_, v)| v.get());
        let t = t.ok_or_else(|| Refused::by("9.3", format!("enter the Threshold Value for {total} Firing SPs")))?;
        Ok(weapon_sps >= t)
    }
}

/// The Fire's SPs: the 8 SP limit, then DG halving (9.1b, 10.2d).
pub fn firing_sps(firers: &[Firer], disorganized: bool) -> Result<u8, Refused> {
    let mut total: u16 = 0;
    for f in firers {
        if f.sps > f.strength {
            return Err(Refused::by("9.1b", format!("{} has {} SPs after any Opening Volley", f.id, f.strength)));
        }
        total += u16::from(f.sps);
    }
    if total > 8 {
        return Err(Refused::by("9.1b", "a maximum of 8 SPs can Fire out of one hex: choose which (9.1c)"));
    }
    let total = total as u8;
    Ok(if disorganized { total / 2 } else { total })
}

/// 9.1: each Firing unit must be Capable of Firing, the Target within range and Visibility.
pub fn check_capable(firers: &[Firer], s: &FireSituation) -> Result<(), Refused> {
    if firers.is_empty() {
        return Err(Refused::by("9.1", "choose the units that Fire"));
    }
    if s.out_of_radius {
        return Err(Refused::by("3.3e", "a Stack beginning its move Out of CR can Charge but not Fire"));
    }
    if s.routed {
        return Err(Refused::by("10.2e", "Routed units cannot Fire"));
    }
    if s.fired {
        return Err(Refused::by("9.1", "a Stack can only Fire once per Activity Phase"));
    }
    for f in firers {
        if matches!(f.formation, UnitFormation::Column | UnitFormation::Mounted | UnitFormation::Limbered) {
            return Err(Refused::by("9.1", format!("{} cannot Fire in {:?}", f.id, f.formation)));
        }
        let need = if f.artillery && f.was_limbered { 3 } else { 2 };
        if f.mps_remaining < need {
            return Err(Refused::by("9.1", format!("{} needs {need} MPs remaining to Fire", f.id)));
        }
    }
    let range = firers
        .iter()
        .map(|f| weapon(&f.weapon, f.artillery).map(|w| w.range))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| Refused::because("a Firing unit's Weapon code is not in the Weapons Characteristics"))?
        .into_iter()
        .min()
        .unwrap_or(0);
    if s.range > range {
        return Err(Refused::by(
            "9.1",
            format!("the Target is beyond the shortest Range of the weapons used ({range})"),
        ));
    }
    if s.visibility.is_some_and(|v| s.range > v) {
        return Err(Refused::by("1.4b", "the Target is beyond the Visibility"));
    }
    Ok(())
}

/// The Combat Table modifiers that apply, by name, with the rules behind them (9.0-9.3).
pub fn combat_modifiers(
    firers: &[Firer],
    s: &FireSituation,
    table: &RollTable,
    thresholds: &ThresholdChart,
) -> Result<Vec<String>, Refused> {
    let mut names = Vec::new();
    // 9.1e: the fewest MPs remaining among the Firing units.
    let mps = firers.iter().map(|f| f.mps_remaining).min().unwrap_or(0);
    let mps_name = format!("{} {mps}", combat::MPS_REMAINING);
    let positive = table.modifier(&mps_name).and_then(|m| m.value.get()).is_some_and(|v| v > 0);
    let total: u16 = firers.iter().map(|f| u16::from(f.sps)).sum();
    let unwrecked: u16 = firers.iter().filter(|f| !f.wrecked).map(|f| u16::from(f.sps)).sum();
    let small_arms = firers.iter().all(|f| !f.artillery);
    // 1.3b: the +1 only if non-Wrecked units are more than half the SPs; 13.2e: never in
    // Limited Defense Status for Small Arms.
    // 4.2g: Artillery never gets the +1 a Small Arms unit might.
    let barred = positive && (unwrecked * 2 <= total || s.limited_defense || !small_arms);
    if !barred {
        names.push(mps_name);
    }
    if let Some(Special::DenseCanister | Special::NormalCanister) = s.weapon_drm {
        // 4.2h: the single best Canister DRM the Threshold allows.
        let of = |special: Special| -> u16 {
            firers
                .iter()
                .filter(|f| weapon(&f.weapon, f.artillery).is_some_and(|w| w.special == special))
                .map(|f| u16::from(f.sps))
                .sum()
        };
        let fired = firing_sps(firers, false)?;
        let dense = of(Special::DenseCanister).min(8) as u8;
        let normal = of(Special::NormalCanister).min(8) as u8;
        if let Some(c) = crate::artillery::canister_drm(fired, dense, normal, thresholds)? {
            names.push(c.modifier().to_string());
        }
    } else if let Some(special) = s.weapon_drm {
        let weapon_sps: u16 = firers
            .iter()
            .filter(|f| weapon(&f.weapon, f.artillery).is_some_and(|w| w.special == special))
            .map(|f| u16::from(f.sps))
            .sum();
        let fired = firing_sps(firers, false)?;
        if thresholds.obtains(fired, weapon_sps.min(8) as u8)? {
            names.push(
                match special {
                    Special::Breechloader => combat::BREECHLOADER,
                    Special::Repeater => combat::REPEATER,
                    Special::BuckNBall => combat::BUCK_N_BALL,
                    Special::DenseCanister => combat::DENSE_CANISTER,
                    Special::NormalCanister => combat::NORMAL_CANISTER,
                    Special::None => return Err(Refused::by("9.3", "choose a weapon with a DRM")),
                }
                .to_string(),
            );
        }
    }
    names.push(format!("{} {}", combat::FIRING_SPS, firing_sps(firers, s.disorganized)?));
    names.push(format!("{} {}", combat::RANGE, s.range));
    if let Some(p) = &s.protection {
        names.push(p.clone());
    }
    if s.zero_led {
        names.push(combat::ZERO_LED.into());
    }
    Ok(names)
}

/// Rolls on the players' Combat Table (9.3): two dice, the grid at a raw 9 or more.
pub fn combat_roll(table: &RollTable, modifiers: &[String], raw: u8) -> Result<Reading, LookupError> {
    let names: Vec<&str> = modifiers.iter().map(String::as_str).collect();
    table.read("", i32::from(raw), &names, &[])
}

/// 9.4: what a Combat Table result requires, in order.
pub fn result_actions(r: &Reading, leaders_in_target: bool, unlimbered_artillery: bool) -> Vec<&'static str> {
    let mut out = Vec::new();
    let morale = r.effects.contains(&crate::table::Effect::MoraleCheck);
    if r.loss() > 0 {
        out.push("Apply Loss, with Loss Distribution (9.4a)");
        if leaders_in_target {
            out.push("Leader Loss Checks for each Leader in the Target hex (4.1a)");
        }
    }
    if morale {
        out.push("Morale Check (10.1)");
        if unlimbered_artillery {
            out.push("Increase the hex's CBF marker one level, to 2 at most (4.2l)");
        }
    }
    if r.effects.contains(&crate::table::Effect::CanisterDepletion) {
        out.push("Canister Depletion of one Battery, if Canister was fired (4.3b)");
    }
    if r.effects.contains(&crate::table::Effect::Depletion) {
        out.push("Ammunition Depletion (4.3)");
    }
    out
}

/// 9.4a Loss Distribution: checks the owner's allocation of a Combat Table or Charge loss
/// over the Stack (`strengths[0]` is the Top Unit): the Top Unit takes the first loss, and
/// each unit takes one before any takes two. Returns what is actually lost (a Stack loses
/// no more than it has).
pub fn check_distribution(strengths: &[u8], loss: u8, allocation: &[u8]) -> Result<(), Refused> {
    if allocation.len() != strengths.len() {
        return Err(Refused::because("give a loss for each unit of the Stack"));
    }
    let total: u16 = strengths.iter().map(|s| u16::from(*s)).sum();
    let due = u16::from(loss).min(total);
    let given: u16 = allocation.iter().map(|a| u16::from(*a)).sum();
    if given != due {
        return Err(Refused::by("9.4a", format!("{due} SPs are lost, not {given}")));
    }
    if allocation.iter().zip(strengths).any(|(a, s)| a > s) {
        return Err(Refused::by("9.4a", "a unit cannot lose more SPs than it has"));
    }
    if due > 0 && allocation.first().is_some_and(|a| *a == 0) {
        return Err(Refused::by("9.4a", "the Top Unit must take the first loss"));
    }
    let someone_twice = allocation.iter().any(|a| *a >= 2);
    let someone_untouched = allocation.iter().zip(strengths).any(|(a, s)| *a == 0 && *s > 0);
    if someone_twice && someone_untouched {
        return Err(Refused::by("9.4a", "each Combat Unit must take one loss before any takes two"));
    }
    Ok(())
}

/// 9.2, 9.4a: Opening Volley losses all go to the Top Unit, the remainder to the next.
pub fn opening_volley_distribution(strengths: &[u8], loss: u8) -> Vec<u8> {
    let mut left = loss;
    strengths
        .iter()
        .map(|s| {
            let take = left.min(*s);
            left -= take;
            take
        })
        .collect()
}

/// An Opening Volley Trigger (9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// A Formation or Facing change while adjacent to an enemy unit.
    ChangeWhileAdjacent,
    /// Fires announced by a Stack with units that expended MPs this Phase.
    FiringAfterMoving,
    /// Moved adjacent and cannot, or will not, Fire: the "Not Firing" DRM.
    NotFiringAfterMovingAdjacent,
    /// A Charge announced, even one that fails its Closing Roll.
    ChargeAnnounced,
}

/// 9.2: how many Opening Volleys a set of Triggers from one hex at one moment gives: one at
/// most ("No matter how many Triggers... Only ONE"), none when the only Trigger is "Not
/// Firing" into a hex another friendly Combat Unit already occupies.
pub fn volleys_from(triggers: &[Trigger], hex_already_occupied: bool) -> usize {
    let counted =
        triggers.iter().filter(|t| !(**t == Trigger::NotFiringAfterMovingAdjacent && hex_already_occupied)).count();
    usize::from(counted > 0)
}

/// 9.2: the Opening Volley's range modifier: "Range N" within 3 hexes, "Charge Range" against
/// a Charge, and Range 1 after a failed Charge Closing Roll (11.4b).
pub fn volley_range(range: u8, charge: bool, closing_failed: bool) -> Result<String, Refused> {
    if charge && !closing_failed {
        return Ok("Charge Range".into());
    }
    let range = if charge { 1 } else { range };
    if range == 0 || range > 3 {
        return Err(Refused::by("9.2", "an Opening Volley needs a Range of 3 hexes or less"));
    }
    Ok(format!("Range {range}"))
}

/// Rolls an Opening Volley on the players' table: one die plus DRMs (9.2). Mounted Charges
/// suffer double the losses (11.4e).
pub fn opening_volley(
    table: &RollTable,
    modifiers: &[String],
    die: u8,
    mounted_charge: bool,
) -> Result<(Reading, u8), LookupError> {
    let names: Vec<&str> = modifiers.iter().map(String::as_str).collect();
    let r = table.read("", i32::from(die), &names, &[])?;
    let loss = if mounted_charge { r.loss().saturating_mul(2) } else { r.loss() };
    Ok((r, loss))
}

#[cfg(test)]
mod tests;
