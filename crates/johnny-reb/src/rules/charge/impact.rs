//! Impact (5.7): the dice roll for impact between infantry or cavalry (5.7.1.a) and against
//! artillery (5.7.1.b), with the wave assault (6.8.8.b) and brigade column (6.8.2) additions,
//! unequal impacts (5.7.2), the loser's fate (5.7.3) and the charge breakthrough (5.7.4).

use super::{Happened, Side, inches_ge, show_inches};
use crate::rules::unit::MoraleLevel;
use crate::rules::{Chance, Die, Distribution, Ratio, RuleError, RuleResult, TwoDice};
use serde::{Deserialize, Serialize};

/// Who won the dice roll for impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImpactWinner {
    /// The lowest total won (5.7.1).
    Won(Side),
    /// The totals were the same: melee (5.7.1, 5.8).
    Tie,
}

/// One side's impact total: its MMP (or, against artillery, the enemy's figures) plus its
/// two dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImpactTotal {
    /// What is added to the dice: the impact MMP (5.7.1.a) or the enemy's figures (5.7.1.b),
    /// with any wave assault benefit (6.8.8.b).
    pub added: i32,
    /// The two dice.
    pub roll: TwoDice,
    /// Their sum.
    pub total: i32,
}

/// The result of a dice roll for impact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImpactResult {
    /// The charging unit's total.
    pub charger: ImpactTotal,
    /// The defending (or countercharging) unit's total.
    pub defender: ImpactTotal,
    /// The lowest total wins; a tie is a melee.
    pub winner: ImpactWinner,
    /// What happened, in words.
    pub happened: Vec<Happened>,
}

fn winner_of(charger: i32, defender: i32) -> ImpactWinner {
    match charger.cmp(&defender) {
        std::cmp::Ordering::Less => ImpactWinner::Won(Side::Charger),
        std::cmp::Ordering::Greater => ImpactWinner::Won(Side::Defender),
        std::cmp::Ordering::Equal => ImpactWinner::Tie,
    }
}

fn total(added: i32, roll: TwoDice) -> ImpactTotal {
    ImpactTotal { added, roll, total: added.saturating_add(i32::from(roll.total())) }
}

/// The benefit to the first charging unit's impact roll from the waves piling in behind it
/// (6.8.8.b): -2 for each following wave in good order, -1 for each in disorder.
///
/// ```
/// use johnny_reb::rules::charge::impact::wave_assault_benefit;
/// assert_eq!(wave_assault_benefit(2, 1), -5);
/// ```
pub fn wave_assault_benefit(waves_in_good_order: u32, waves_in_disorder: u32) -> i32 {
    let good = i32::try_from(waves_in_good_order).unwrap_or(i32::MAX / 4).min(100);
    let disordered = i32::try_from(waves_in_disorder).unwrap_or(i32::MAX / 4).min(100);
    -2 * good - disordered
}

/// A following wave passing through a first wave that was stopped (6.8.8.b): a wave already in
/// disorder passes with no further penalty; one in order rolls for disorder as a unit moving
/// through a friendly unit (6.4.2.b: one die, higher than its BMP, with the two disorder roll
/// modifiers of 6.2). `roll` is needed only for a wave in order. Returns whether the wave is in
/// disorder after passing.
///
/// ```
/// use johnny_reb::rules::charge::impact::wave_passes_through;
/// use johnny_reb::rules::unit::Arm;
/// use johnny_reb::rules::Die;
/// assert_eq!(wave_passes_through(3, false, Arm::Infantry, true, None).unwrap(), true);
/// assert_eq!(wave_passes_through(3, false, Arm::Infantry, false, Some(Die::new(4).unwrap())).unwrap(), false);
/// ```
pub fn wave_passes_through(
    bmp: i32,
    officer_present: bool,
    arm: crate::rules::unit::Arm,
    in_disorder: bool,
    roll: Option<Die>,
) -> RuleResult<bool> {
    if in_disorder {
        return Ok(true);
    }
    let roll = roll.ok_or(RuleError::OutOfRange {
        what: "wave passing through",
        detail: "a wave in order rolls one die for disorder as it passes through (6.8.8.b, 6.4.2.b)".to_string(),
    })?;
    Ok(super::distance::disorder_roll(bmp, officer_present, arm, roll).disordered)
}

/// The dice roll for impact between infantry or cavalry (5.7.1.a): each side rolls two dice
/// and adds its impact MMP (Table 17 BMP with the Table 18 impact modifiers); the lowest sum
/// wins; equal sums go to melee. `charger_mmp` includes any wave assault benefit
/// ([`wave_assault_benefit`]).
///
/// ```
/// use johnny_reb::rules::charge::impact::{impact, ImpactWinner};
/// use johnny_reb::rules::charge::Side;
/// use johnny_reb::rules::TwoDice;
/// // 6.8.2.e: the brigade column's impact MMP is -1.
/// let r = impact(-1, TwoDice::new(4, 4).unwrap(), 3, TwoDice::new(2, 3).unwrap());
/// assert_eq!(r.charger.total, 7);
/// assert_eq!(r.defender.total, 8);
/// assert_eq!(r.winner, ImpactWinner::Won(Side::Charger));
/// ```
pub fn impact(charger_mmp: i32, charger_roll: TwoDice, defender_mmp: i32, defender_roll: TwoDice) -> ImpactResult {
    let charger = total(charger_mmp, charger_roll);
    let defender = total(defender_mmp, defender_roll);
    let winner = winner_of(charger.total, defender.total);
    let mut happened = vec![Happened::new(
        "5.7.1.a",
        format!(
            "Impact: the charger rolls {} + MMP {} = {}; the defender rolls {} + MMP {} = {}.",
            charger_roll.total(),
            charger_mmp,
            charger.total,
            defender_roll.total(),
            defender_mmp,
            defender.total
        ),
    )];
    happened.push(describe(winner, "5.7.1.a"));
    ImpactResult { charger, defender, winner, happened }
}

fn describe(winner: ImpactWinner, rule: &str) -> Happened {
    match winner {
        ImpactWinner::Won(Side::Charger) => {
            Happened::new(rule, "The charger has the lowest total and wins the impact.")
        }
        ImpactWinner::Won(Side::Defender) => {
            Happened::new(rule, "The defender has the lowest total and wins the impact.")
        }
        ImpactWinner::Tie => Happened::new(rule, "The totals are the same: the units melee (5.8)."),
    }
}

/// The dice roll for impact against guns whose crew stays (5.7.1.b): both roll two dice and add
/// the number of figures in the enemy unit; the lowest sum wins; a tie is a melee in which the
/// artillery counts as in skirmish formation. `charger_benefit` is any wave assault benefit
/// (6.8.8.b; RULINGS.md: it applies here too), zero otherwise.
///
/// ```
/// use johnny_reb::rules::charge::impact::artillery_impact;
/// use johnny_reb::rules::TwoDice;
/// // 5.7.1.b: four gunners against nine infantry figures: the guns add 9, the infantry 4.
/// let r = artillery_impact(9, TwoDice::new(3, 3).unwrap(), 4, TwoDice::new(2, 2).unwrap(), 0).unwrap();
/// assert_eq!(r.charger.total, 10);
/// assert_eq!(r.defender.total, 13);
/// ```
pub fn artillery_impact(
    charger_figures: u32,
    charger_roll: TwoDice,
    artillery_figures: u32,
    artillery_roll: TwoDice,
    charger_benefit: i32,
) -> RuleResult<ImpactResult> {
    let figures = |n: u32, what: &'static str| -> RuleResult<i32> {
        if n == 0 || n > 200 {
            return Err(RuleError::OutOfRange {
                what,
                detail: format!("{n} figures: a unit in an impact has 1 to 200"),
            });
        }
        Ok(n as i32)
    };
    let cf = figures(charger_figures, "charging unit's figures")?;
    let af = figures(artillery_figures, "artillery crew figures")?;
    let charger = total(af.saturating_add(charger_benefit), charger_roll);
    let defender = total(cf, artillery_roll);
    let winner = winner_of(charger.total, defender.total);
    let mut happened = vec![Happened::new(
        "5.7.1.b",
        format!(
            "Impact against guns: the charger rolls {} + {} crew figures{} = {}; the artillery rolls {} + {} enemy figures = {}.",
            charger_roll.total(),
            af,
            if charger_benefit != 0 { format!(" {charger_benefit:+} for the waves (6.8.8.b)") } else { String::new() },
            charger.total,
            artillery_roll.total(),
            cf,
            defender.total
        ),
    )];
    happened.push(describe(winner, "5.7.1.b"));
    if winner == ImpactWinner::Tie {
        happened.push(Happened::new("5.7.1.b", "In the melee the artillery counts as in skirmish formation."));
    }
    Ok(ImpactResult { charger, defender, winner, happened })
}

/// The exact chances of each impact result when the charger adds `charger_added` and the
/// defender `defender_added` to two dice each (5.7.1: impact MMPs, or the enemy's figures
/// against artillery).
///
/// ```
/// use johnny_reb::rules::charge::impact::{impact_odds, ImpactWinner};
/// use johnny_reb::rules::Chance;
/// let d = impact_odds(2, 2);
/// assert_eq!(d.chance_of(&ImpactWinner::Tie), Chance::new(146, 1296));
/// assert_eq!(d.total(), Chance::ALWAYS);
/// ```
pub fn impact_odds(charger_added: i32, defender_added: i32) -> Distribution<ImpactWinner> {
    let totals = Distribution::of_two_dice(|r| i32::from(r.total()));
    let mut items = Vec::new();
    for (a, ca) in totals.outcomes() {
        for (b, cb) in totals.outcomes() {
            items.push((winner_of(a.saturating_add(charger_added), b.saturating_add(defender_added)), ca.times(*cb)));
        }
    }
    Distribution::from_weighted(items)
}

/// The side with more units in an unequal impact decides the order of the one-on-one impacts
/// (5.7.2); `None` when the numbers are equal and there is no such choice.
///
/// ```
/// use johnny_reb::rules::charge::impact::chooses_impact_order;
/// use johnny_reb::rules::charge::Side;
/// // 5.7.2: the 17th Virginia against a Union battery and the 19th Indiana: the Union picks.
/// assert_eq!(chooses_impact_order(1, 2), Some(Side::Defender));
/// ```
pub fn chooses_impact_order(charging_units: u32, defending_units: u32) -> Option<Side> {
    match charging_units.cmp(&defending_units) {
        std::cmp::Ordering::Greater => Some(Side::Charger),
        std::cmp::Ordering::Less => Some(Side::Defender),
        std::cmp::Ordering::Equal => None,
    }
}

/// An unequal impact (5.7.2): one unit against several, resolved as a series of one-on-one
/// impacts in the order chosen by the side with more units ([`chooses_impact_order`]). The
/// series goes on until the lone unit has beaten every unit in contact with it, or has lost and
/// been forced back out of contact (shaken or routed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImpactSeries {
    /// The side of the lone unit.
    pub lone: Side,
    /// Enemy units still in contact with it.
    pub contacts: u32,
    /// Dice rolls for impact made so far.
    pub rolls: u32,
}

/// What follows one impact of an [`ImpactSeries`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeriesNext {
    /// The lone unit rolls again, against the next enemy in contact or the winner whose charge
    /// carried it back into contact; its state for that roll.
    RollAgain {
        /// It lost an earlier roll: it is shaken and in disorder for the next (5.7.2).
        shaken_and_disordered: bool,
    },
    /// All contacts are broken: the impact step ends (5.7.2).
    Over,
}

impl ImpactSeries {
    /// A series: the lone unit's side and the enemy units in contact with it (two or more).
    ///
    /// ```
    /// use johnny_reb::rules::charge::impact::{ImpactSeries, SeriesNext};
    /// use johnny_reb::rules::charge::Side;
    /// use johnny_reb::rules::unit::MoraleLevel;
    /// // 5.7.2: three Union regiments charge the 18th Alabama.
    /// let mut s = ImpactSeries::new(Side::Defender, 3).unwrap();
    /// assert_eq!(s.after_roll(true, Some(MoraleLevel::Good), false), SeriesNext::RollAgain { shaken_and_disordered: false });
    /// assert_eq!(s.after_roll(false, Some(MoraleLevel::Shaken), true), SeriesNext::RollAgain { shaken_and_disordered: true });
    /// ```
    pub fn new(lone: Side, contacts: u32) -> RuleResult<ImpactSeries> {
        if !(2..=20).contains(&contacts) {
            return Err(RuleError::OutOfRange {
                what: "unequal impact",
                detail: format!("{contacts} enemy units in contact: an unequal impact has two or more (5.7.2)"),
            });
        }
        Ok(ImpactSeries { lone, contacts, rolls: 0 })
    }

    /// Records one impact: whether the lone unit won it, its morale afterwards (`None` if
    /// removed), and, if it lost and fell back, whether the winner's total charge distance
    /// brings the winner into contact again (5.7.2, 5.7.4).
    pub fn after_roll(
        &mut self,
        lone_won: bool,
        lone_morale: Option<MoraleLevel>,
        winner_contacts_again: bool,
    ) -> SeriesNext {
        self.rolls = self.rolls.saturating_add(1);
        if lone_won {
            self.contacts = self.contacts.saturating_sub(1);
            if self.contacts == 0 {
                SeriesNext::Over
            } else {
                SeriesNext::RollAgain { shaken_and_disordered: lone_morale == Some(MoraleLevel::Shaken) }
            }
        } else {
            match lone_morale {
                Some(MoraleLevel::Shaken) | Some(MoraleLevel::Good) if winner_contacts_again => {
                    self.contacts = 1;
                    SeriesNext::RollAgain { shaken_and_disordered: true }
                }
                _ => {
                    self.contacts = 0;
                    SeriesNext::Over
                }
            }
        }
    }
}

/// The brigade column's morale steps (6.8.2.d): it checks morale, with +2, each time 20
/// percent of its stands are lost: complete fifths of the stands it had when it formed, as the
/// morale engine counts them ([`crate::rules::morale::BrigadeColumn`]).
///
/// ```
/// use johnny_reb::rules::charge::impact::brigade_column_loss_steps;
/// // 6.8.2.d: three regiments of five stands check every three stands lost.
/// assert_eq!(brigade_column_loss_steps(15, 6).unwrap(), 2);
/// ```
pub fn brigade_column_loss_steps(stands_in_column: u32, stands_lost: u32) -> RuleResult<u32> {
    if !(3..=200).contains(&stands_in_column) {
        return Err(RuleError::OutOfRange {
            what: "brigade column stands",
            detail: format!("{stands_in_column} stands: a brigade column has at least three regiments (6.8.2)"),
        });
    }
    if stands_lost > stands_in_column {
        return Err(RuleError::OutOfRange {
            what: "brigade column stands lost",
            detail: format!("{stands_lost} lost of {stands_in_column}"),
        });
    }
    crate::rules::morale::BrigadeColumn { stands_at_forming: stands_in_column }.steps_lost(stands_lost)
}

/// The brigade column's +2 per 20 percent lost, for its MMP (6.8.2.d), replacing the +2 per
/// stand lost of a single regiment.
///
/// ```
/// use johnny_reb::rules::charge::impact::brigade_column_loss_modifier;
/// assert_eq!(brigade_column_loss_modifier(15, 6).unwrap(), 4);
/// ```
pub fn brigade_column_loss_modifier(stands_in_column: u32, stands_lost: u32) -> RuleResult<i32> {
    Ok(2 * brigade_column_loss_steps(stands_in_column, stands_lost)? as i32)
}

/// What becomes of the unit that lost the impact (5.7.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoserFate {
    /// It falls back (or retires) this many inches away from the winner, shaken and in
    /// disorder, still facing the winner (5.7.3.a, 5.7.3.b).
    FallsBack {
        /// The inches, the total of two dice.
        inches: u32,
    },
    /// It routs and makes the forced rout move at once (5.7.3.b, 2.1.2).
    Routs,
}

/// The fate of a charging or countercharging unit that lost the impact (5.7.3.a): it rolls two
/// dice and falls back that many inches, shaken and in disorder, still facing the winner (it
/// may fire in Phase Seven).
///
/// ```
/// use johnny_reb::rules::charge::impact::{charger_loses, LoserFate};
/// use johnny_reb::rules::TwoDice;
/// let (fate, _) = charger_loses(TwoDice::new(1, 2).unwrap());
/// assert_eq!(fate, LoserFate::FallsBack { inches: 3 });
/// ```
pub fn charger_loses(fall_back: TwoDice) -> (LoserFate, Vec<Happened>) {
    let inches = u32::from(fall_back.total());
    (
        LoserFate::FallsBack { inches },
        vec![Happened::new(
            "5.7.3.a",
            format!(
                "The charger lost the impact: it falls back {inches}\" away from the winner, shaken and in disorder, still facing the winner."
            ),
        )],
    )
}

/// What a defender that lost the impact must roll next (5.7.3.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DefenderLossRoll {
    /// Already shaken: it routs, no roll.
    None,
    /// Good morale: one die against its Table 17 BMP, modified only by an officer present.
    OneDie {
        /// The die must be higher than this not to rout.
        target: i32,
    },
}

/// What a defender that lost the impact must roll (5.7.3.b).
pub fn defender_loss_roll(morale: MoraleLevel, table17_bmp: i32, officer_benefit: u8) -> DefenderLossRoll {
    match morale {
        MoraleLevel::Good => {
            DefenderLossRoll::OneDie { target: table17_bmp.saturating_sub(i32::from(officer_benefit)) }
        }
        _ => DefenderLossRoll::None,
    }
}

/// The fate of a charged unit that lost the impact (5.7.3.b). Already shaken, it routs. With
/// good morale it rolls one die: not higher than its Table 17 BMP (less an officer's benefit)
/// and it routs; higher and it becomes shaken and retires two dice in inches, in disorder,
/// still facing the winner. `die` is needed for a unit of good morale, `retire` when it holds.
///
/// ```
/// use johnny_reb::rules::charge::impact::{defender_loses, LoserFate};
/// use johnny_reb::rules::unit::MoraleLevel;
/// use johnny_reb::rules::{Die, TwoDice};
/// let fate = defender_loses(MoraleLevel::Good, 3, 0, Some(Die::new(4).unwrap()), Some(TwoDice::new(2, 3).unwrap())).unwrap();
/// assert_eq!(fate.0, LoserFate::FallsBack { inches: 5 });
/// let fate = defender_loses(MoraleLevel::Shaken, 3, 0, None, None).unwrap();
/// assert_eq!(fate.0, LoserFate::Routs);
/// ```
pub fn defender_loses(
    morale: MoraleLevel,
    table17_bmp: i32,
    officer_benefit: u8,
    die: Option<Die>,
    retire: Option<TwoDice>,
) -> RuleResult<(LoserFate, Vec<Happened>)> {
    match defender_loss_roll(morale, table17_bmp, officer_benefit) {
        DefenderLossRoll::None => Ok((
            LoserFate::Routs,
            vec![Happened::new(
                "5.7.3.b",
                "The defender lost the impact while shaken: it routs and makes the forced rout move (2.1.2).",
            )],
        )),
        DefenderLossRoll::OneDie { target } => {
            let die = die.ok_or(RuleError::OutOfRange {
                what: "defender's impact loss roll",
                detail: format!(
                    "roll one die: it must be higher than {target} (Table 17 BMP, officer only) not to rout (5.7.3.b)"
                ),
            })?;
            if i32::from(die.face()) <= target {
                Ok((
                    LoserFate::Routs,
                    vec![Happened::new(
                        "5.7.3.b",
                        format!(
                            "The defender lost the impact and rolled {}, not higher than {target}: it routs and makes the forced rout move (2.1.2).",
                            die.face()
                        ),
                    )],
                ))
            } else {
                let retire = retire.ok_or(RuleError::OutOfRange {
                    what: "defender's retreat",
                    detail: "roll two dice for the inches the shaken defender retires (5.7.3.b)".to_string(),
                })?;
                let inches = u32::from(retire.total());
                Ok((
                    LoserFate::FallsBack { inches },
                    vec![Happened::new(
                        "5.7.3.b",
                        format!(
                            "The defender lost the impact and rolled {}, higher than {target}: it is shaken and retires {inches}\" in disorder, still facing the winner.",
                            die.face()
                        ),
                    )],
                ))
            }
        }
    }
}

/// The chance that a defender of good morale routs on losing an impact (5.7.3.b).
///
/// ```
/// use johnny_reb::rules::charge::impact::chance_defender_routs_on_losing;
/// use johnny_reb::rules::unit::MoraleLevel;
/// use johnny_reb::rules::Chance;
/// assert_eq!(chance_defender_routs_on_losing(MoraleLevel::Good, 3, 0), Chance::new(1, 2));
/// assert_eq!(chance_defender_routs_on_losing(MoraleLevel::Shaken, 3, 0), Chance::ALWAYS);
/// ```
pub fn chance_defender_routs_on_losing(morale: MoraleLevel, table17_bmp: i32, officer_benefit: u8) -> Chance {
    match defender_loss_roll(morale, table17_bmp, officer_benefit) {
        DefenderLossRoll::None => Chance::ALWAYS,
        DefenderLossRoll::OneDie { target } => Distribution::of_die(|d| i32::from(d.face()) <= target).chance_of(&true),
    }
}

/// The charge breakthrough (5.7.4): a winning attacker completes its move to its total charge
/// distance; if what is left of it beyond the contact point reaches the loser where it fell
/// back (or routed) to, they are in contact again.
///
/// ```
/// use johnny_reb::rules::charge::impact::breakthrough_contacts;
/// use johnny_reb::rules::Ratio;
/// // 5.7.4: A fell back 3"; B's total charge distance is 6" beyond the contact point.
/// assert!(breakthrough_contacts(Ratio::whole(6), Ratio::whole(3)));
/// ```
pub fn breakthrough_contacts(charge_left_beyond_contact: Ratio, loser_moved: Ratio) -> bool {
    inches_ge(charge_left_beyond_contact, loser_moved)
}

/// The breakthrough in words (5.7.4).
pub fn describe_breakthrough(charge_left_beyond_contact: Ratio, loser_moved: Ratio) -> Happened {
    if breakthrough_contacts(charge_left_beyond_contact, loser_moved) {
        Happened::new(
            "5.7.4",
            format!(
                "The winner completes its charge: {} left against the loser's {} fall back: contact again, and both melee in disorder.",
                show_inches(charge_left_beyond_contact),
                show_inches(loser_moved)
            ),
        )
    } else {
        Happened::new(
            "5.7.4",
            format!(
                "The winner completes its charge: {} left does not reach the loser {} away. The charge ends.",
                show_inches(charge_left_beyond_contact),
                show_inches(loser_moved)
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_dice::two;
    use proptest::prelude::*;

    #[test]
    fn rule_5_7_1_b_artillery_adds_enemy_figures() {
        // Four artillery figures against nine infantry figures: the artillery adds 9, the
        // infantry 4.
        let r = artillery_impact(9, two(3, 3), 4, two(3, 3), 0).unwrap();
        assert_eq!(r.charger.added, 4);
        assert_eq!(r.defender.added, 9);
        assert_eq!(r.winner, ImpactWinner::Won(Side::Charger));
        let tie = artillery_impact(9, two(6, 1), 4, two(1, 1), 0).unwrap();
        assert_eq!(tie.winner, ImpactWinner::Tie);
    }

    #[test]
    fn rule_5_7_1_a_lowest_wins_ties_melee() {
        assert_eq!(impact(3, two(3, 3), 4, two(3, 3)).winner, ImpactWinner::Won(Side::Charger));
        assert_eq!(impact(4, two(3, 3), 3, two(3, 3)).winner, ImpactWinner::Won(Side::Defender));
        assert_eq!(impact(3, two(3, 4), 4, two(3, 3)).winner, ImpactWinner::Tie);
    }

    #[test]
    fn rule_5_7_2_side_with_more_units_chooses() {
        assert_eq!(chooses_impact_order(1, 2), Some(Side::Defender));
        // Three Union regiments charge the 18th Alabama: the Union chooses.
        assert_eq!(chooses_impact_order(3, 1), Some(Side::Charger));
        assert_eq!(chooses_impact_order(1, 1), None);
    }

    #[test]
    fn rule_5_7_2_three_union_regiments_charge_the_18th_alabama() {
        // The Union has more units and chooses the order.
        assert_eq!(chooses_impact_order(3, 1), Some(Side::Charger));
        let mut series = ImpactSeries::new(Side::Defender, 3).unwrap();
        // First roll: the 18th Alabama wins, the 21st Ohio falls back shaken.
        let first = impact(3, two(2, 2), 3, two(1, 2));
        assert_eq!(first.winner, ImpactWinner::Won(Side::Defender));
        assert_eq!(charger_loses(two(2, 2)).0, LoserFate::FallsBack { inches: 4 });
        assert_eq!(
            series.after_roll(true, Some(MoraleLevel::Good), false),
            SeriesNext::RollAgain { shaken_and_disordered: false }
        );
        // Second roll: it loses to the 8th Illinois and falls back shaken...
        let second = impact(2, two(1, 2), 3, two(3, 3));
        assert_eq!(second.winner, ImpactWinner::Won(Side::Charger));
        let (fate, _) = defender_loses(MoraleLevel::Good, 3, 0, Some(Die::new(5).unwrap()), Some(two(1, 2))).unwrap();
        assert_eq!(fate, LoserFate::FallsBack { inches: 3 });
        // ...but the 8th Illinois' total charge distance reaches it: a third roll, shaken and
        // in disorder.
        assert!(breakthrough_contacts(Ratio::whole(4), Ratio::whole(3)));
        assert_eq!(
            series.after_roll(false, Some(MoraleLevel::Shaken), true),
            SeriesNext::RollAgain { shaken_and_disordered: true }
        );
        assert_eq!(series.rolls, 2);
        // Losing again while shaken it routs: the series is over.
        assert_eq!(defender_loses(MoraleLevel::Shaken, 3, 0, None, None).unwrap().0, LoserFate::Routs);
        assert_eq!(series.after_roll(false, Some(MoraleLevel::Routed), true), SeriesNext::Over);
        assert!(ImpactSeries::new(Side::Defender, 1).is_err());
    }

    #[test]
    fn rule_5_7_4_breakthrough_contact() {
        assert!(breakthrough_contacts(Ratio::whole(6), Ratio::whole(3)));
        assert!(!breakthrough_contacts(Ratio::whole(2), Ratio::whole(3)));
    }

    #[test]
    fn rule_6_8_2_d_brigade_column_steps() {
        // A three-regiment column checks every three stands, a five-regiment one every five.
        assert_eq!(brigade_column_loss_steps(15, 3).unwrap(), 1);
        assert_eq!(brigade_column_loss_steps(15, 2).unwrap(), 0);
        assert_eq!(brigade_column_loss_steps(25, 5).unwrap(), 1);
        assert_eq!(brigade_column_loss_steps(25, 9).unwrap(), 1);
        // 6.8.2.e: six stands lost, "two more than 20 percent": one step, +2.
        assert_eq!(brigade_column_loss_modifier(20, 6).unwrap(), 2);
        assert!(brigade_column_loss_steps(2, 0).is_err());
    }

    #[test]
    fn rule_6_8_2_e_brigade_column_impact_mmp_minus_one() {
        // 2 BMP -1 for charging +2 for 20 percent loss -4 for brigade column = -1: the column
        // subtracts 1 from its impact dice roll.
        let mmp = 2 - 1 + brigade_column_loss_modifier(20, 6).unwrap() - 4;
        assert_eq!(mmp, -1);
        let r = impact(mmp, two(4, 4), 3, two(3, 3));
        assert_eq!(r.charger.total, 7);
    }

    #[test]
    fn rule_6_8_8_b_waves_pass_through_a_stopped_first_wave() {
        use crate::rules::unit::Arm;
        assert!(wave_passes_through(3, false, Arm::Infantry, true, None).unwrap());
        assert!(wave_passes_through(3, false, Arm::Infantry, false, Some(Die::new(3).unwrap())).unwrap());
        assert!(!wave_passes_through(3, true, Arm::Infantry, false, Some(Die::new(3).unwrap())).unwrap());
        assert!(wave_passes_through(3, false, Arm::Infantry, false, None).is_err());
    }

    #[test]
    fn rule_6_8_8_b_wave_assault_benefits() {
        assert_eq!(wave_assault_benefit(1, 0), -2);
        assert_eq!(wave_assault_benefit(0, 1), -1);
        assert_eq!(wave_assault_benefit(0, 0), 0);
    }

    #[test]
    fn rule_5_7_3_loser_fates() {
        let (fate, _) = charger_loses(two(2, 1));
        assert_eq!(fate, LoserFate::FallsBack { inches: 3 });
        let fate = defender_loses(MoraleLevel::Good, 3, 1, Some(Die::new(2).unwrap()), None).unwrap();
        assert_eq!(fate.0, LoserFate::Routs);
        let fate = defender_loses(MoraleLevel::Good, 3, 1, Some(Die::new(3).unwrap()), Some(two(1, 1))).unwrap();
        assert_eq!(fate.0, LoserFate::FallsBack { inches: 2 });
        assert!(defender_loses(MoraleLevel::Good, 3, 1, None, None).is_err());
        assert!(defender_loses(MoraleLevel::Good, 3, 1, Some(Die::new(5).unwrap()), None).is_err());
    }

    proptest! {
        #[test]
        fn no_resolver_panics_on_extreme_numbers(a in any::<i32>(), b in any::<i32>(), w in any::<u32>(), f in any::<u32>(), officer in any::<u8>()) {
            let _ = impact(a, two(6, 6), b, two(1, 1));
            let _ = impact_odds(a, b);
            let _ = wave_assault_benefit(w, w);
            let _ = artillery_impact(f, two(1, 1), f, two(6, 6), a);
            let _ = defender_loses(MoraleLevel::Good, a, officer, Some(Die::new(3).unwrap()), Some(two(1, 1)));
            let _ = chance_defender_routs_on_losing(MoraleLevel::Good, a, officer);
            let _ = brigade_column_loss_steps(f, w);
        }

        #[test]
        fn impact_odds_sum_to_one(a in -10i32..20, b in -10i32..20) {
            let d = impact_odds(a, b);
            prop_assert_eq!(d.total(), Chance::ALWAYS);
            // a lower addition never lowers the chance to win
            let better = impact_odds(a - 1, b);
            prop_assert!(better.chance_of(&ImpactWinner::Won(Side::Charger)).percent()
                >= d.chance_of(&ImpactWinner::Won(Side::Charger)).percent());
        }

        #[test]
        fn impact_is_symmetric(a in -10i32..20, b in -10i32..20, r1 in (1u8..=6, 1u8..=6), r2 in (1u8..=6, 1u8..=6)) {
            let x = impact(a, two(r1.0, r1.1), b, two(r2.0, r2.1)).winner;
            let y = impact(b, two(r2.0, r2.1), a, two(r1.0, r1.1)).winner;
            let flipped = match x { ImpactWinner::Won(s) => ImpactWinner::Won(s.other()), t => t };
            prop_assert_eq!(flipped, y);
        }

        #[test]
        fn artillery_impact_rejects_no_figures(f in 0u32..400, r in (1u8..=6, 1u8..=6)) {
            let res = artillery_impact(f, two(r.0, r.1), 4, two(r.0, r.1), 0);
            prop_assert_eq!(res.is_ok(), (1..=200).contains(&f));
        }
    }
}
