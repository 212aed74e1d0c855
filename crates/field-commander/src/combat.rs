//! Attacks (11.6-11.8), Defensive Fire and Shock checks (11.4), with every modifier listed by
//! the rule it comes from, for the screens to show. Rolls are always arguments.

use crate::battlefield::Formation;
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// One modifier to a Combat Value and its superscript (11.8): the rule it comes from, what it
/// is called at the table, and the two amounts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// The rule number, e.g. "11.5".
    pub rule: String,
    /// What the player calls it ("Melee", "Smoke").
    pub what: String,
    /// Added to the Combat Value.
    pub combat: i32,
    /// Added to the superscripted value (taken as zero where none is printed, 11.8).
    pub superior: i32,
}

impl Modifier {
    /// A modifier of `combat`/`superior` from `rule`.
    pub fn new(rule: &str, what: &str, combat: i32, superior: i32) -> Modifier {
        Modifier { rule: rule.into(), what: what.into(), combat, superior }
    }
}

/// 11.5: +3/+3 in Melee.
pub fn melee() -> Modifier {
    Modifier::new("11.5", "Melee", 3, 3)
}

/// 11.7.2: Artillery and Fortification range, printed for ranges 1 to 5.
pub fn artillery_range(range: u8) -> RuleResult<Modifier> {
    let m = match range {
        1 => 2,
        2 => 0,
        3 => -1,
        4 => -2,
        5 => -3,
        _ => {
            return Err(RuleError::OutOfRange {
                what: "range",
                detail: format!("Table 11.7.2 prints ranges 1 to 5, not {range}"),
            });
        }
    };
    Ok(Modifier::new("11.7.2", &format!("Range {range}"), m, m))
}

/// The modified values of an attack and the modifiers behind them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackValues {
    /// The printed Combat Value of the side showing.
    pub printed_combat: u8,
    /// The printed superscript, if any.
    pub printed_superior: Option<u8>,
    /// Every modifier, in the order it was added.
    pub modifiers: Vec<Modifier>,
}

impl AttackValues {
    /// An attack with no modifiers yet.
    pub fn new(printed_combat: u8, printed_superior: Option<u8>) -> AttackValues {
        AttackValues { printed_combat, printed_superior, modifiers: Vec::new() }
    }

    /// Adds a modifier.
    pub fn with(mut self, m: Modifier) -> AttackValues {
        self.modifiers.push(m);
        self
    }

    /// The modified Combat Value.
    pub fn combat(&self) -> i32 {
        i32::from(self.printed_combat) + self.modifiers.iter().map(|m| m.combat).sum::<i32>()
    }

    /// The modified superscript, counting a missing one as zero (11.8).
    pub fn superior(&self) -> i32 {
        i32::from(self.printed_superior.unwrap_or(0)) + self.modifiers.iter().map(|m| m.superior).sum::<i32>()
    }

    /// Hits this attack scores on `roll` (5.7, 11.6, 11.8): a natural 1 always hits and a
    /// natural 10 always misses; a roll at or under the superscript scores two, but a natural
    /// 1 scores two only if the modified superscript is above zero.
    pub fn hits(&self, roll: D10) -> u8 {
        if !roll.check(self.combat()) {
            0
        } else if self.superior() >= 1 && roll.at_most(self.superior()) {
            2
        } else {
            1
        }
    }
}

/// The Shock Check Modifiers Table (11.4.3): (defender's, attacker's) modifier.
pub fn shock_formation(attacker: Formation, defender: Formation) -> (i32, i32) {
    match (attacker, defender) {
        (Formation::Column, Formation::Line) => (-2, 2),
        (Formation::Line, Formation::Column) => (2, -2),
        _ => (0, 0),
    }
}

/// A Shock check (11.4.2): passes on the modified Combat Value or less, with natural 1 and 10.
pub fn shock_check(combat: u8, modifiers: &[Modifier], roll: D10) -> bool {
    roll.check(i32::from(combat) + modifiers.iter().map(|m| m.combat).sum::<i32>())
}

/// The rolls one Shock attack may need (11.4). Each is asked for only when the sequence
/// reaches it; a missing roll that is needed is an error naming it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShockRolls {
    /// The attacker's Activation check, where one is needed (11.4).
    pub attacker_activation: Option<D10>,
    /// The defender's Activation check for Defensive Fire (11.4.1).
    pub defensive_activation: Option<D10>,
    /// The Defensive Fire roll (11.4.1).
    pub defensive_fire: Option<D10>,
    /// The defender's Shock check (11.4.2).
    pub defender_check: Option<D10>,
    /// The attacker's Shock check (11.4.2).
    pub attacker_check: Option<D10>,
}

/// The two forces of a Shock attack as the sequence needs them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShockSides {
    /// The attacker's Activation number and its modifiers, when it must roll to shock.
    pub attacker_activation: Option<(i32, Vec<Modifier>)>,
    /// The attacker's Combat Value for its own Shock check.
    pub attacker_combat: u8,
    /// Modifiers to the attacker's Shock check beyond Formation.
    pub attacker_modifiers: Vec<Modifier>,
    /// The attacker's and defender's Formations.
    pub formations: (Formation, Formation),
    /// The defender's modified Activation number for Defensive Fire; `None` if it has none.
    pub defender_activation: Option<i32>,
    /// The defender's Defensive Fire values: superscripts are ignored (11.4.1).
    pub defensive_fire: AttackValues,
    /// The defender's Combat Value for its Shock check.
    pub defender_combat: u8,
    /// Modifiers to the defender's Shock check beyond Formation.
    pub defender_modifiers: Vec<Modifier>,
    /// Artillery fails Shock checks automatically (11.4.4).
    pub defender_is_artillery: bool,
}

/// How a Shock attack ended (11.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShockOutcome {
    /// The attacker failed its Activation check: it Holds (11.4).
    NotActivated,
    /// Defensive Fire hit the attacker: one Hit, back to its Region, Hold (11.4.1).
    DefensiveFireHit,
    /// The defender failed: one Hit and Retreat one Region (a Static Force is Destroyed,
    /// Artillery is captured, 11.4.2, 11.4.4).
    DefenderFailed,
    /// Both passed: the two share the Region, in Melee next turn (11.4.2).
    BothPassed,
    /// The defender passed and the attacker failed: one Hit on the attacker, which stays (11.4.2).
    AttackerFailed,
}

/// The trace of a Shock attack: each modifier list as used, and the outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShockReport {
    /// What happened.
    pub outcome: ShockOutcome,
    /// The defender's Shock check modifiers, Formation included.
    pub defender_modifiers: Vec<Modifier>,
    /// The attacker's Shock check modifiers, Formation included.
    pub attacker_modifiers: Vec<Modifier>,
    /// Each roll made, with its target.
    #[serde(skip)]
    pub rolls: Vec<(ShockRoll, D10, i32)>,
}

fn need(roll: Option<D10>, what: &str) -> RuleResult<D10> {
    roll.ok_or_else(|| RuleError::OutOfRange { what: "dice", detail: format!("roll the d10 for {what}") })
}

/// The rolls of a Shock attack, in the order 11.4 calls for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShockRoll {
    /// The attacker's Activation check (11.4).
    AttackerActivation,
    /// The defender's Activation check for Defensive Fire (11.4.1).
    DefensiveActivation,
    /// The Defensive Fire roll (11.4.1).
    DefensiveFire,
    /// The defender's Shock check (11.4.2).
    DefenderCheck,
    /// The attacker's Shock check (11.4.2).
    AttackerCheck,
}

/// A Shock attack from the attacker's Activation check to both Shock checks (11.4-11.4.4).
pub fn shock_attack(sides: &ShockSides, rolls: &ShockRolls) -> RuleResult<ShockReport> {
    shock_with(sides, &mut |slot, _target| match slot {
        ShockRoll::AttackerActivation => need(rolls.attacker_activation, "the attacker's Activation check"),
        ShockRoll::DefensiveActivation => need(rolls.defensive_activation, "the defender's Defensive Fire Activation"),
        ShockRoll::DefensiveFire => need(rolls.defensive_fire, "Defensive Fire"),
        ShockRoll::DefenderCheck => need(rolls.defender_check, "the defender's Shock check"),
        ShockRoll::AttackerCheck => need(rolls.attacker_check, "the attacker's Shock check"),
    })
}

/// A Shock attack taking its rolls from `dice` as they are called for, each named with the
/// force that rolls it and its target, for the odds before the roll.
pub fn shock_with_dice(
    sides: &ShockSides,
    dice: &mut crate::dice::Dice,
    attacker: &str,
    defender: &str,
) -> RuleResult<ShockReport> {
    shock_with(sides, &mut |slot, target| match slot {
        ShockRoll::AttackerActivation => {
            dice.check(format!("{attacker}'s Activation check to make the Shock attack (11.4)"), target)
        }
        ShockRoll::DefensiveActivation => {
            dice.check(format!("{defender}'s Activation check for Defensive Fire (11.4.1)"), target)
        }
        ShockRoll::DefensiveFire => dice.check(format!("{defender}'s Defensive Fire (11.4.1)"), target),
        ShockRoll::DefenderCheck => dice.check(format!("{defender}'s Shock check (11.4.2)"), target),
        ShockRoll::AttackerCheck => dice.check(format!("{attacker}'s Shock check (11.4.2)"), target),
    })
}

/// The (defender's, attacker's) Shock check modifiers, the Formations' included (11.4.3).
pub fn shock_modifiers(sides: &ShockSides) -> (Vec<Modifier>, Vec<Modifier>) {
    let (d_form, a_form) = shock_formation(sides.formations.0, sides.formations.1);
    let mut defender_modifiers = sides.defender_modifiers.clone();
    if d_form != 0 {
        defender_modifiers.push(Modifier::new("11.4.3", "Formation", d_form, 0));
    }
    let mut attacker_modifiers = sides.attacker_modifiers.clone();
    if a_form != 0 {
        attacker_modifiers.push(Modifier::new("11.4.3", "Formation", a_form, 0));
    }
    (defender_modifiers, attacker_modifiers)
}

/// What a Shock attack will take, said before its first roll: Defensive Fire's numbers and
/// each side's Shock check with every modifier and its rule (11.4-11.4.3).
pub fn shock_preview_words(sides: &ShockSides, attacker: &str, defender: &str) -> Vec<String> {
    let (d, a) = shock_modifiers(sides);
    let list = |mods: &[Modifier]| {
        if mods.is_empty() {
            "no modifier".to_string()
        } else {
            mods.iter().map(|m| format!("{} {:+} ({})", m.what, m.combat, m.rule)).collect::<Vec<_>>().join(", ")
        }
    };
    let sum = |cv: u8, mods: &[Modifier]| i32::from(cv) + mods.iter().map(|m| m.combat).sum::<i32>();
    let mut out = Vec::new();
    match sides.defender_activation {
        Some(n) => out.push(format!(
            "{defender}'s Defensive Fire: Activation {n} or less, then its Combat Value {} or less, superscript ignored (11.4.1)",
            sides.defensive_fire.combat()
        )),
        None => out.push(format!("{defender} prints no Activation number: no Defensive Fire (11.4.1)")),
    }
    if sides.defender_is_artillery {
        out.push(format!("{defender} is Artillery: it fails its Shock check (11.4.4)"));
    } else {
        out.push(format!(
            "{defender}'s Shock check: {} or less ({}: {})",
            sum(sides.defender_combat, &d),
            sides.defender_combat,
            list(&d)
        ));
        out.push(format!(
            "{attacker}'s Shock check if {defender} passes: {} or less ({}: {})",
            sum(sides.attacker_combat, &a),
            sides.attacker_combat,
            list(&a)
        ));
    }
    out
}

fn shock_with(sides: &ShockSides, roll: &mut dyn FnMut(ShockRoll, i32) -> RuleResult<D10>) -> RuleResult<ShockReport> {
    let (defender_modifiers, attacker_modifiers) = shock_modifiers(sides);
    let mut rolled = Vec::new();
    let report = |outcome, rolled: &Vec<(ShockRoll, D10, i32)>| ShockReport {
        outcome,
        defender_modifiers: defender_modifiers.clone(),
        attacker_modifiers: attacker_modifiers.clone(),
        rolls: rolled.clone(),
    };
    if let Some((number, mods)) = &sides.attacker_activation {
        let target = number + mods.iter().map(|m| m.combat).sum::<i32>();
        let r = roll(ShockRoll::AttackerActivation, target)?;
        rolled.push((ShockRoll::AttackerActivation, r, target));
        if !r.check(target) {
            return Ok(report(ShockOutcome::NotActivated, &rolled));
        }
    }
    if let Some(number) = sides.defender_activation {
        let r = roll(ShockRoll::DefensiveActivation, number)?;
        rolled.push((ShockRoll::DefensiveActivation, r, number));
        if r.check(number) {
            let target = sides.defensive_fire.combat();
            let fire = roll(ShockRoll::DefensiveFire, target)?;
            rolled.push((ShockRoll::DefensiveFire, fire, target));
            if sides.defensive_fire.hits(fire) > 0 {
                return Ok(report(ShockOutcome::DefensiveFireHit, &rolled));
            }
        }
    }
    if sides.defender_is_artillery {
        return Ok(report(ShockOutcome::DefenderFailed, &rolled));
    }
    let target = i32::from(sides.defender_combat) + defender_modifiers.iter().map(|m| m.combat).sum::<i32>();
    let r = roll(ShockRoll::DefenderCheck, target)?;
    rolled.push((ShockRoll::DefenderCheck, r, target));
    if !r.check(target) {
        return Ok(report(ShockOutcome::DefenderFailed, &rolled));
    }
    let target = i32::from(sides.attacker_combat) + attacker_modifiers.iter().map(|m| m.combat).sum::<i32>();
    let r = roll(ShockRoll::AttackerCheck, target)?;
    rolled.push((ShockRoll::AttackerCheck, r, target));
    Ok(report(if r.check(target) { ShockOutcome::BothPassed } else { ShockOutcome::AttackerFailed }, &rolled))
}

/// The rolls of a Shock attack in words, each with its target and rule.
pub fn shock_roll_words(report: &ShockReport, attacker: &str, defender: &str) -> Vec<String> {
    report
        .rolls
        .iter()
        .map(|(slot, roll, target)| {
            let ok = roll.check(*target);
            let (who, what, yes, no) = match slot {
                ShockRoll::AttackerActivation => {
                    (attacker, "Activation check for the Shock attack (11.4)", "Activates", "fails")
                }
                ShockRoll::DefensiveActivation => {
                    (defender, "Activation check for Defensive Fire (11.4.1)", "may fire", "cannot fire")
                }
                ShockRoll::DefensiveFire => (defender, "Defensive Fire (11.4.1)", "hits", "misses"),
                ShockRoll::DefenderCheck => (defender, "Shock check (11.4.2)", "passes", "fails"),
                ShockRoll::AttackerCheck => (attacker, "Shock check (11.4.2)", "passes", "fails"),
            };
            format!("{who}'s {what}: rolls {} against {target}, {}", roll.value(), if ok { yes } else { no })
        })
        .collect()
}

/// Defensive Fire values from a defender's face (11.4.1): the superscript is ignored, and guns
/// take their range modifier (only its Combat Value part counts).
pub fn defensive_fire_values(combat: u8, gun_range: Option<u8>) -> RuleResult<AttackValues> {
    let v = AttackValues::new(combat, None);
    Ok(match gun_range {
        Some(r) => {
            let m = artillery_range(r)?;
            v.with(Modifier::new(&m.rule, &m.what, m.combat, 0))
        }
        None => v,
    })
}

#[cfg(test)]
mod tests;
