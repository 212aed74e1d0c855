//! The campaign's ledgers as the Player Help Sheet and the Campaign Turn Tracker keep them
//! (4.3, 4.9-4.11, 4.18, 4.19, 5.9.2, 6.2.1, 3.3): the turn track with the side up, both
//! sides' Command Points, the Scouts and the counters left, the cups and piles, Lee, the
//! Objectives and Victory Points; and the next step of "Union acts" (16.0-18.3).

use super::*;

/// One line of the ledger: what, and how it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerLine {
    /// What ("Union Command Points").
    pub what: &'static str,
    /// How it stands, in words.
    pub value: String,
}

fn line(what: &'static str, value: impl Into<String>) -> LedgerLine {
    LedgerLine { what, value: value.into() }
}

fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

impl Campaign {
    /// The Campaign Turn as the counter shows it (4.11, 9.1, 16.0).
    pub fn turn_words(&self) -> String {
        let of = self.def.turns.value().map(|t| format!(" of {t}")).unwrap_or_default();
        match self.phase {
            Phase::SetUp => format!("Set-up: Campaign Turn 1{of} comes next"),
            Phase::Over => format!("The campaign ended in Campaign Turn {}{of}", self.turn),
            p => {
                let side = match p.side() {
                    Loyalty::Confederate => "Confederate turn, the counter's grey side up",
                    Loyalty::Union => "Union turn, the counter's blue side up",
                };
                format!("Campaign Turn {}{of}: {side}", self.turn)
            }
        }
    }

    /// The ledger's lines.
    pub fn ledger(&self) -> Vec<LedgerLine> {
        let mut out = vec![line("Campaign Turn", self.turn_words()), line("Step", self.phase.label())];
        out.push(line("Confederate Command Points", self.confederate_cp.to_string()));
        out.push(line("Union Command Points", self.union_cp.to_string()));
        let left = self.scouts_available().map(|n| format!(", {n} counters left in the box")).unwrap_or_default();
        out.push(line("Scouts", format!("{}{left} (4.10)", self.scouts)));
        out.push(line(
            "Robert E. Lee",
            match &self.lee {
                Some(a) => format!("in {a}, Command Rating {}", given_words(&self.def.lee_rating)),
                None => "lost".into(),
            },
        ));
        let named = self.cup(&Place::ReinforcementCup).len();
        out.push(line(
            "Reinforcement cup",
            format!("{} (4.18)", count(named, "Named Union Force", "Named Union Forces")),
        ));
        let extra = self.cup(&Place::AdditionalCup).len();
        out.push(line(
            "Additional Forces cup",
            format!("{} (4.19)", count(extra, "Brigade, Regiment or Battery", "Brigades, Regiments and Batteries")),
        ));
        let statics = self.cup(&Place::StaticPile).len();
        out.push(line("Static Forces Pile", format!("{} (6.2.1)", count(statics, "counter", "counters"))));
        let captured = self.at(&Place::Captured);
        let of = |side| captured.iter().filter(|id| self.loyalty(**id).is_ok_and(|l| l == side)).count();
        out.push(line(
            "Captured Artillery Pile",
            format!("{} Confederate, {} Union (5.9.2)", of(Loyalty::Confederate), of(Loyalty::Union)),
        ));
        let beside = self.at(&Place::Beside).len();
        out.push(line(
            "Beside the map",
            format!("{} to buy (15.5)", count(beside, "Confederate counter", "Confederate counters")),
        ));
        let achieved = self.conditions.iter().filter(|s| **s == ConditionState::Achieved).count();
        let failed = self.conditions.iter().filter(|s| **s == ConditionState::Failed).count();
        out.push(line(
            "Objectives",
            format!("{achieved} achieved, {failed} failed, of {} (3.1)", self.def.conditions.len()),
        ));
        out.push(line(
            "Victory Points",
            match self.victory_points() {
                Ok(v) => format!("{} so far; Robert E. Lee scored {} (3.3, 21.0)", v.total, v.lee),
                Err(e) => format!("not counted yet: {e}"),
            },
        ));
        let battles = self.pending_battles();
        if !battles.is_empty() {
            out.push(line("Battles to resolve", battles.join(", ")));
        }
        if !self.encamped.is_empty() {
            out.push(line("Encamped this step (14.8.4)", self.encamped.join(", ")));
        }
        out
    }

    /// The Union Orders chart a group reads (16.1.1, 16.1.2), its name, and each roll's order in
    /// its words ("missing" where the row is still to enter): the odds before the roll.
    pub fn orders_chart(&self, group: usize) -> RuleResult<(String, Vec<(u8, String)>)> {
        let g = self.groups.get(group).ok_or_else(|| refuse(format!("no Union group {}", group + 1)))?;
        let (chart, name) = self.chart_for(&g.area)?;
        let rows = (1..=10u8)
            .map(|roll| {
                let words = chart
                    .rows
                    .get(usize::from(roll - 1))
                    .and_then(|r| r.value())
                    .map(|o| o.words())
                    .unwrap_or_else(|| "missing: enter it on the sheet".into());
                (roll, words)
            })
            .collect();
        Ok((name, rows))
    }

    /// The order a group's roll (after any shift) reads on its chart (16.1), if entered.
    pub fn order_for(&self, group: usize, value: u8) -> Option<crate::pack::Order> {
        let g = self.groups.get(group)?;
        let (chart, _) = self.chart_for(&g.area).ok()?;
        chart.rows.get(usize::from(value.checked_sub(1)?))?.value().cloned()
    }

    /// The Quick or Very Quick battle's next roll before it is rolled: who attacks, the
    /// Battle Differential and the column with its shifts, and for each d10 the Hits to the
    /// Attacker and the Defender (per Battle Turn; "missing" where a cell is still to enter).
    pub fn quick_outlook(&self, confederate_shift: Option<crate::quick::Shift>) -> RuleResult<QuickOutlook> {
        let b = self.battle.as_ref().ok_or_else(|| refuse("no Quick battle is being fought"))?;
        let union = self.total(&self.in_area(&b.area, Loyalty::Union))?;
        let confederate = self.total(&self.in_area(&b.area, Loyalty::Confederate))?;
        let attacker = if b.very_quick {
            b.first_attacker
        } else {
            crate::quick::attacker(b.turn, b.first_attacker, union, confederate)
        };
        let (attacker_cv, defender_cv) =
            if attacker == Loyalty::Union { (union, confederate) } else { (confederate, union) };
        let column = crate::quick::Column {
            attacker,
            attacker_cv,
            defender_cv,
            lee_present: b.lee_present,
            union_shifts: b.union_shifts,
            confederate_shift,
        };
        let mut lines = Vec::new();
        let mut cells = Vec::new();
        for roll in 1..=10u8 {
            let d = D10::new(roll).map_err(|_| refuse("a d10 is 1 to 10"))?;
            match crate::quick::read(&self.def.brt, &self.def.name, &column, d, 1) {
                Ok(reading) => {
                    if lines.is_empty() {
                        lines = reading.lines[..reading.lines.len().saturating_sub(1)].to_vec();
                    }
                    cells.push((roll, Some(reading.cell)));
                }
                Err(RuleError::Missing(_)) => cells.push((roll, None)),
                Err(e) => return Err(e),
            }
        }
        Ok(QuickOutlook { attacker, lines, cells, multiplier: if b.very_quick { b.turns } else { 1 } })
    }

    /// Whether the Union Resupply Table's row for `roll` calls for a follow-up roll (18.3).
    pub fn resupply_follow_up(&self, roll: D10) -> bool {
        self.def.union_resupply.rows.get(usize::from(roll.value() - 1)).and_then(|r| r.value()).is_some_and(|r| {
            matches!(r, crate::pack::Resupply::Battery(_))
                || matches!(r, crate::pack::Resupply::Static(_, areas) if !areas.is_empty())
        })
    }

    /// What "Union acts" does next in the Union's half of the turn, or `None` when it is the
    /// player's to act.
    pub fn union_next(&self) -> Option<UnionNext> {
        match self.phase {
            Phase::UnionOrders => Some(match self.groups.iter().position(|g| !g.done) {
                Some(i) => {
                    let g = self.groups.get(i)?;
                    let title = format!("Orders for {} in {}", self.group_name(&g.tag), g.area);
                    let names: Vec<String> = g.members.iter().map(|m| self.name(*m)).collect();
                    UnionNext {
                        title,
                        why: format!("{}: one d10 on its Orders chart (16.1, 16.3)", names.join(", ")),
                        step: UnionStep::Orders { group: i },
                    }
                }
                None => UnionNext {
                    title: "Every Union group has its orders".into(),
                    why: "On to the Union's battles (17.0)".into(),
                    step: UnionStep::EndOrders,
                },
            }),
            Phase::UnionBattles => Some(match self.pending_battles().first() {
                Some(a) => UnionNext {
                    title: format!("The battle in {a}"),
                    why: "Both armies are in the Area: a battle is fought (17.0)".into(),
                    step: UnionStep::Battle { area: a.clone() },
                },
                None if self.battle.is_some() => return None,
                None => UnionNext {
                    title: "No battle is left".into(),
                    why: "On to the Union Resupply (18.0)".into(),
                    step: UnionStep::EndBattles,
                },
            }),
            Phase::UnionResupply => Some(match self.union_stage {
                UnionStage::Refit => UnionNext {
                    title: "Refit the reduced Union Forces".into(),
                    why: format!(
                        "2 Command Points each, highest Skill Level first, while they last; {} now (18.1)",
                        self.union_cp
                    ),
                    step: UnionStep::Refit,
                },
                UnionStage::Reinforcements => UnionNext {
                    title: "Draw a Reinforcement".into(),
                    why: format!(
                        "{} in the cup, {} Union Command Points: bought at its Combat Value; the drawing stops at one it cannot pay for (18.1)",
                        self.cup(&Place::ReinforcementCup).len(),
                        self.union_cp
                    ),
                    step: UnionStep::DrawReinforcement,
                },
                UnionStage::Additional => UnionNext {
                    title: "Draw a Brigade, Regiment or Battery".into(),
                    why: format!(
                        "{} in the Additional Forces cup, {} Union Command Points (18.1)",
                        self.cup(&Place::AdditionalCup).len(),
                        self.union_cp
                    ),
                    step: UnionStep::DrawAdditional,
                },
                UnionStage::Table(n) => {
                    let of = self.table_rolls_left().map(|all| format!(" {} of {all}", n + 1)).unwrap_or_default();
                    UnionNext {
                        title: format!("Roll on the Union Resupply Table{of}"),
                        why: "One d10; some results roll again (18.2, 18.3)".into(),
                        step: UnionStep::Table { roll: n },
                    }
                }
                UnionStage::Done => UnionNext {
                    title: "The Union Resupply is done".into(),
                    why: "End the Campaign Turn (19.0)".into(),
                    step: UnionStep::EndTurn,
                },
            }),
            _ => None,
        }
    }
}

fn given_words<T: ToString>(g: &crate::pack::Given<T>) -> String {
    g.value().map(ToString::to_string).unwrap_or_else(|| "missing".into())
}

/// A Quick battle's roll before it is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickOutlook {
    /// The Attacker this Battle Turn.
    pub attacker: Loyalty,
    /// The differential and the column with its shifts, each with its rule.
    pub lines: Vec<String>,
    /// For each d10, the cell: Hits to the Attacker and the Defender per Battle Turn.
    pub cells: Vec<(u8, Option<crate::pack::BrtCell>)>,
    /// The Very Quick battle's Battle Turns, the multiplier of the Hits (1 for a Quick turn).
    pub multiplier: u8,
}

/// The next thing "Union acts" does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnionNext {
    /// What, as a heading.
    pub title: String,
    /// Why, with its rule.
    pub why: String,
    /// The step.
    pub step: UnionStep,
}

/// The steps of the Union's half of the turn (16.0-19.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnionStep {
    /// A group's orders roll (16.3): [`CampaignCommand::UnionOrder`].
    Orders {
        /// The group's number in [`Campaign::groups`].
        group: usize,
    },
    /// [`CampaignCommand::EndUnionOrders`].
    EndOrders,
    /// A battle to resolve (17.0).
    Battle {
        /// The Battle Location Area.
        area: String,
    },
    /// [`CampaignCommand::EndBattles`].
    EndBattles,
    /// [`UnionResupplyCommand::Refit`].
    Refit,
    /// [`UnionResupplyCommand::DrawReinforcement`].
    DrawReinforcement,
    /// [`UnionResupplyCommand::DrawAdditional`].
    DrawAdditional,
    /// [`UnionResupplyCommand::RollTable`]: the rolls made so far.
    Table {
        /// The rolls made so far.
        roll: u8,
    },
    /// [`CampaignCommand::EndTurn`].
    EndTurn,
}

#[cfg(test)]
mod tests;
