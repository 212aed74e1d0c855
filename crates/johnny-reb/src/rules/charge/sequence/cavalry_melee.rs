//! Cavalry against cavalry (5.5.5.b), which takes the place of Table 16 step 7 and of the
//! melee of step 12: the defending cavalry checks fear of charge on sighting the charge and may
//! countercharge; after the impact the winner strikes first, then the other (5.5.5.b.2), and
//! each side's lot follows (5.5.5.b.3).

use super::melee_round::melee_officer_roll;
use super::{Charge, Input, MoraleCheckInput, Outcome, Resolved, Stage, out_of_range, run_checks};
use crate::rules::RuleResult;
use crate::rules::charge::cavalry::{CavalryAftermath, cavalry_aftermath, describe_aftermath};
use crate::rules::charge::{Happened, Side};
use crate::rules::unit::{MoraleLevel, OrderKind};

impl Charge {
    /// 5.5.5.b, in place of Table 16 step 7: the defending cavalry's fear-of-charge check on
    /// sighting the charge. Failing, it is shaken and in disorder (or routs); passing, it may
    /// countercharge at once if marked Hold or Move forward.
    pub(super) fn cavalry_sighting(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        chk: MoraleCheckInput,
        countercharge: bool,
        must_turn_over_45: bool,
    ) -> RuleResult<Resolved> {
        let level = run_checks("The defending cavalry (fear of charge, 5.5.5.b)", c.defender_morale, &[chk], false, h);
        match level {
            None => {
                c.defender_morale = MoraleLevel::Routed;
                Self::end(c, Outcome::DefenderRemoved, h);
                return Ok(Resolved::Next);
            }
            Some(l) if l > self.defender_morale => {
                c.defender_morale = if l == MoraleLevel::Routed { l } else { MoraleLevel::Shaken };
                c.defender_disordered = true;
                h.push(Happened::new("5.5.5.b", "It failed: shaken and in disorder, it sits waiting for the blow."));
                if l == MoraleLevel::Routed {
                    c.stage = Stage::DefenderRoutMove;
                    return Ok(Resolved::Next);
                }
            }
            Some(l) => {
                c.defender_morale = l;
                if countercharge {
                    let may = matches!(self.setup.defender.order, Some(OrderKind::Hold) | Some(OrderKind::Move));
                    if !may {
                        return Err(out_of_range(
                            "countercharge",
                            "only cavalry marked Hold or Move forward may countercharge (5.5.5.b)",
                        ));
                    }
                    c.both_charging = true;
                    h.push(Happened::new(
                        "5.5.5.b",
                        if must_turn_over_45 {
                            "It passed and countercharges at once, in disorder as it must turn more than 45 degrees."
                        } else {
                            "It passed and countercharges at once: both roll their bonus as if the other were not there."
                        },
                    ));
                    if must_turn_over_45 {
                        c.defender_disordered = true;
                    }
                }
            }
        }
        c.stage = Stage::ChargedUnitReaction;
        Ok(Resolved::Next)
    }

    /// 5.5.5.b.2, in place of Table 16 step 12: one side's strike in a cavalry melee, the
    /// winner of the impact first; the victim checks morale; a rout, or the second strike,
    /// ends the melee with each side's lot (5.5.5.b.3).
    pub(super) fn cavalry_strike(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        striker: Side,
        second: bool,
        input: Input,
    ) -> RuleResult<Resolved> {
        let Input::CavalryStrike { kills, checks, officer_roll } = input else {
            return Err(self.wrong_input());
        };
        let victim = striker.other();
        let (figures, level) = match victim {
            Side::Charger => (&mut c.charger_figures, self.charger_morale),
            Side::Defender => (&mut c.defender_figures, self.defender_morale),
        };
        *figures = figures.saturating_sub(kills);
        let wiped = *figures == 0;
        h.push(Happened::new(
            "5.5.5.b",
            format!(
                "The {} strikes: {kills} kill(s).",
                if striker == Side::Charger { "charging cavalry" } else { "defending cavalry" }
            ),
        ));
        if let Some(roll) = officer_roll {
            if roll.side != striker {
                return Err(out_of_range("officer", "only the striking side's officer rolls now (5.5.5.b.2, 5.8.2)"));
            }
            if let Some(need) = melee_officer_roll(c, roll, 0, h) {
                return Ok(Resolved::Waiting(need));
            }
        }
        let who = if victim == Side::Charger { "The charging cavalry" } else { "The defending cavalry" };
        let after = if wiped { None } else { run_checks(who, level, &checks, false, h) };
        let after_level = after.unwrap_or(MoraleLevel::Routed);
        match victim {
            Side::Charger => c.charger_morale = after_level,
            Side::Defender => c.defender_morale = after_level,
        }
        if after_level == MoraleLevel::Routed {
            let (ca, da) = match victim {
                Side::Charger => (CavalryAftermath::Surrenders, cavalry_aftermath(Some(c.defender_morale))),
                Side::Defender => (cavalry_aftermath(Some(c.charger_morale)), CavalryAftermath::Surrenders),
            };
            h.push(describe_aftermath(Side::Charger, ca));
            h.push(describe_aftermath(Side::Defender, da));
            Self::end(c, Outcome::Cavalry { charger: ca, defender: da }, h);
            return Ok(Resolved::Next);
        }
        if second {
            let ca = cavalry_aftermath(Some(c.charger_morale));
            let da = cavalry_aftermath(Some(c.defender_morale));
            h.push(describe_aftermath(Side::Charger, ca));
            h.push(describe_aftermath(Side::Defender, da));
            Self::end(c, Outcome::Cavalry { charger: ca, defender: da }, h);
            return Ok(Resolved::Next);
        }
        c.stage = Stage::CavalryStrike { striker: victim, second: true };
        Ok(Resolved::Next)
    }
}
