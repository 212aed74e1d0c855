//! What the order of battle answers beyond finding a unit: the commands an officer may lead
//! (11.1), who could have seen a rout (2.2), and each command's elements, value and integrity
//! level with the levels crossed by a change (11.1, 11.2).

use super::roster::{Battery, Brigade, CommandScope, Division, LevelReached, Rank, Roster, Side};
use crate::rules::command_integrity::{Element, ElementKind, Integrity, IntegrityLevel, Stance, integrity};
use crate::rules::unit::MoraleLevel;
use std::collections::HashSet;
use std::fmt;

/// A command's integrity, with its name for display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandIntegrity {
    /// Which command.
    pub scope: CommandScope,
    /// Its name.
    pub name: String,
    /// Value, losses and level (11.1, 11.2).
    pub integrity: Integrity,
}

/// A command whose integrity level changed with a command (11.2): the warning to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCrossed {
    /// Which command.
    pub scope: CommandScope,
    /// Its name.
    pub name: String,
    /// The level before.
    pub from: IntegrityLevel,
    /// The level now. Its restrictions apply from the next turn (11.2).
    pub to: IntegrityLevel,
}

impl fmt::Display for LevelCrossed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = |l: IntegrityLevel| match l {
            IntegrityLevel::Fighting => "fighting",
            IntegrityLevel::CeaseOffensive => "cease offensive activity",
            IntegrityLevel::RetireFromField => "retire from the field",
        };
        if self.to > self.from {
            write!(f, "{} has reached \u{201c}{}\u{201d} (11.2), from next turn", self.name, what(self.to))
        } else {
            write!(f, "{} is back to \u{201c}{}\u{201d} (11.2)", self.name, what(self.to))
        }
    }
}
impl Roster {
    /// The commands an officer of `rank` may lead on `side` (11.1): a brigade commander a
    /// brigade, a division commander a division, any other officer either. Ids with names
    /// ("Brigade: Iron Brigade"), in roster order.
    pub fn commands_for(&self, side: Side, rank: Rank) -> Vec<(String, String)> {
        let army = self.army(side);
        let divisions = army.divisions.iter().map(|d| (d.id.to_string(), format!("Division: {}", d.name)));
        let brigades = army
            .divisions
            .iter()
            .flat_map(|d| d.brigades.iter())
            .map(|b| (b.id.to_string(), format!("Brigade: {}", b.name)));
        match rank {
            Rank::BrigadeCommander => brigades.collect(),
            Rank::DivisionCommander => divisions.collect(),
            Rank::Other => divisions.chain(brigades).collect(),
        }
    }

    /// A unit that could have seen `routed` rout or surrender, and so checks morale for it
    /// (2.2, Table 2 no. 1): a friend of it, not routed itself, not the unit that routed.
    pub fn could_see_rout(&self, witness: &str, routed: &str) -> bool {
        witness != routed
            && self.side_of(witness).is_some_and(|side| self.side_of(routed) == Some(side))
            && self.morale_of(witness).is_some_and(|m| m != MoraleLevel::Routed)
    }

    /// The morale of a regiment or gun section's crew, by id.
    pub fn morale_of(&self, id: &str) -> Option<MoraleLevel> {
        self.regiment(id).map(|r| r.morale).or_else(|| self.section(id).map(|s| s.morale))
    }

    /// The elements of a command (11.1): its regiments, gun sections, and the brigade and
    /// divisional officers commanding its brigades and divisions.
    pub fn elements(&self, scope: &CommandScope) -> Vec<Element> {
        let mut out = Vec::new();
        let (side, divisions, brigades): (Side, Vec<&Division>, Vec<&Brigade>) = match scope {
            CommandScope::Army(s) => {
                let a = self.army(*s);
                (*s, a.divisions.iter().collect(), a.brigades().collect())
            }
            CommandScope::Division(id) => match (self.find_division(id), self.division(id)) {
                (Some((s, _)), Some(d)) => (s, vec![d], d.brigades.iter().collect()),
                _ => return out,
            },
            CommandScope::Brigade(id) => match (self.find_brigade(id), self.brigade(id)) {
                (Some((s, _, _)), Some(b)) => (s, Vec::new(), vec![b]),
                _ => return out,
            },
        };
        let army = self.army(side);
        // A regiment is lost when all its own stands are removed; merging is not a loss
        // (11.2), and a merged regiment's stands keep their own count (6.8.9.b).
        for b in &brigades {
            for r in &b.regiments {
                out.push(Element { kind: ElementKind::Regiment, scenario_points: None, lost: r.is_lost() });
            }
        }
        let mut batteries: Vec<&Battery> = brigades.iter().flat_map(|b| b.batteries.iter()).collect();
        batteries.extend(divisions.iter().flat_map(|d| d.batteries.iter()));
        for bat in batteries {
            for s in &bat.sections {
                out.push(Element { kind: ElementKind::GunSection, scenario_points: None, lost: s.state.is_lost() });
            }
        }
        let brigade_ids: HashSet<&str> = brigades.iter().map(|b| b.id.as_str()).collect();
        let division_ids: HashSet<&str> = divisions.iter().map(|d| d.id.as_str()).collect();
        for o in &army.officers {
            let Some(c) = o.commands.as_deref() else { continue };
            let kind = match o.rank {
                Rank::BrigadeCommander if brigade_ids.contains(c) => ElementKind::BrigadeOfficer,
                Rank::DivisionCommander if division_ids.contains(c) => ElementKind::DivisionalOfficer,
                _ => continue,
            };
            out.push(Element { kind, scenario_points: o.scenario_points, lost: o.is_removed() });
        }
        out
    }

    /// The stance that sets a command's levels (11.2): a brigade takes its division's.
    pub fn stance(&self, scope: &CommandScope) -> Stance {
        match scope {
            CommandScope::Army(s) => self.army(*s).stance,
            CommandScope::Division(id) => self.division(id).map(|d| d.stance).unwrap_or_default(),
            CommandScope::Brigade(id) => self
                .find_brigade(id)
                .and_then(|(s, d, _)| self.army(s).divisions.get(d))
                .map(|d| d.stance)
                .unwrap_or_default(),
        }
    }

    /// A command's value and level (11.1, 11.2); `None` for an empty or unknown command.
    pub fn integrity(&self, scope: &CommandScope) -> Option<Integrity> {
        integrity(&self.elements(scope), self.stance(scope)).ok()
    }

    /// The level whose restrictions are in force for a command on `turn`: the highest level
    /// it reached on an earlier turn (11.2, "beginning on the turn after").
    pub fn level_in_force(&self, scope: &CommandScope, turn: u32) -> IntegrityLevel {
        self.levels_reached
            .iter()
            .filter(|l| &l.scope == scope)
            .map(|l| crate::rules::command_integrity::level_in_force(l.level, l.turn, turn))
            .max()
            .unwrap_or(IntegrityLevel::Fighting)
    }

    /// Records the levels crossed on `turn`: a level reached is noted once; going back below
    /// a level (a kill taken back) forgets it.
    pub fn note_levels(&mut self, crossed: &[LevelCrossed], turn: u32) {
        for c in crossed {
            if c.to > c.from {
                for level in [IntegrityLevel::CeaseOffensive, IntegrityLevel::RetireFromField] {
                    let known = self.levels_reached.iter().any(|l| l.scope == c.scope && l.level == level);
                    if level > c.from && level <= c.to && !known {
                        self.levels_reached.push(LevelReached { scope: c.scope.clone(), level, turn });
                    }
                }
            } else {
                self.levels_reached.retain(|l| !(l.scope == c.scope && l.level > c.to));
            }
        }
    }

    /// Every command with points: each army, each division, each brigade.
    pub fn commands(&self) -> Vec<CommandIntegrity> {
        let mut out = Vec::new();
        for side in Side::BOTH {
            let a = self.army(side);
            let mut scopes = vec![(CommandScope::Army(side), format!("{} army", side.label()))];
            for d in &a.divisions {
                scopes.push((CommandScope::Division(d.id.clone()), d.name.clone()));
                for b in &d.brigades {
                    scopes.push((CommandScope::Brigade(b.id.clone()), b.name.clone()));
                }
            }
            for (scope, name) in scopes {
                if let Some(integrity) = self.integrity(&scope) {
                    out.push(CommandIntegrity { scope, name, integrity });
                }
            }
        }
        out
    }

    /// The commands whose level differs between `before` and `self`.
    pub fn levels_crossed(&self, before: &Roster) -> Vec<LevelCrossed> {
        self.levels_crossed_from(&before.commands())
    }

    /// The commands whose integrity level differs from `old` (the roster's
    /// [`Roster::commands`] before a change), without keeping a copy of the whole roster.
    pub fn levels_crossed_from(&self, old: &[CommandIntegrity]) -> Vec<LevelCrossed> {
        self.commands()
            .into_iter()
            .filter_map(|now| {
                let from = old
                    .iter()
                    .find(|o| o.scope == now.scope)
                    .map(|o| o.integrity.level)
                    .unwrap_or(IntegrityLevel::Fighting);
                (from != now.integrity.level).then_some(LevelCrossed {
                    scope: now.scope,
                    name: now.name,
                    from,
                    to: now.integrity.level,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::officers::OfficerStatus;
    use crate::state::demo::demo_game;
    use crate::state::roster::{GunState, OfficerCondition};

    /// 2.2, Table 2 no. 1: the units that may have seen a rout are its friends, not the
    /// routed unit itself, not the enemy, not a unit routed already.
    #[test]
    fn rule_2_2_only_friends_not_routed_could_see_a_rout() {
        let mut g = demo_game("g");
        assert!(g.roster.could_see_rout("r-6wi", "r-2wi"));
        assert!(!g.roster.could_see_rout("r-2wi", "r-2wi"), "itself");
        assert!(!g.roster.could_see_rout("r-1tn", "r-2wi"), "an enemy");
        if let Some(r) = g.roster.regiment_mut("r-6wi") {
            r.morale = MoraleLevel::Routed;
        }
        assert!(!g.roster.could_see_rout("r-6wi", "r-2wi"), "routed itself");
        assert!(!g.roster.could_see_rout("r-nobody", "r-2wi"));
    }

    #[test]
    fn rule_11_2_losses_that_count() {
        assert!(!GunState::Abandoned.is_lost());
        for s in [GunState::Spiked, GunState::Destroyed, GunState::Captured] {
            assert!(s.is_lost());
        }
        assert_eq!(OfficerCondition::LightWound.status(), OfficerStatus::LightlyWounded);
        assert_eq!(OfficerCondition::SevereWound.status(), OfficerStatus::Removed);
        assert_eq!(OfficerCondition::Dead.status(), OfficerStatus::Removed);
        // A lightly wounded brigadier stays in the game at the rear: not a loss.
        let mut g = demo_game("g");
        g.roster.officer_mut("o-cutler").unwrap().condition = OfficerCondition::LightWound;
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("b-cutler".into())).unwrap().lost, 0);
        g.roster.officer_mut("o-cutler").unwrap().condition = OfficerCondition::SevereWound;
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("b-cutler".into())).unwrap().lost, 3);
        // Scenario points for an officer (11.1 note).
        g.roster.officer_mut("o-wadsworth").unwrap().scenario_points = Some(4);
        assert_eq!(g.roster.integrity(&CommandScope::Division("d-wadsworth".into())).unwrap().value, 32);
        // A brigade takes its division's stance.
        g.roster.division_mut("d-wadsworth").unwrap().stance = Stance::Determined;
        assert_eq!(g.roster.stance(&CommandScope::Brigade("b-iron".into())), Stance::Determined);
    }

    #[test]
    fn every_command_is_listed_and_empty_commands_have_no_integrity() {
        let g = demo_game("g");
        // Two armies, two divisions, four brigades.
        assert_eq!(g.roster.commands().len(), 8);
        assert_eq!(Roster::default().commands(), vec![]);
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("nope".into())), None);
    }

    #[test]
    fn rule_11_1_an_officer_leads_the_commands_of_his_rank_on_his_side() {
        let g = demo_game("g");
        let brigades = g.roster.commands_for(Side::Union, Rank::BrigadeCommander);
        assert!(brigades.iter().all(|(_, n)| n.starts_with("Brigade: ")), "{brigades:?}");
        assert!(brigades.iter().any(|(id, _)| id == "b-iron"));
        let divisions = g.roster.commands_for(Side::Union, Rank::DivisionCommander);
        assert!(!divisions.is_empty() && divisions.iter().all(|(_, n)| n.starts_with("Division: ")));
        // Never the other side's.
        assert!(!g.roster.commands_for(Side::Confederate, Rank::Other).iter().any(|(id, _)| id == "b-iron"));
        assert_eq!(g.roster.commands_for(Side::Union, Rank::Other).len(), brigades.len() + divisions.len());
    }
}
