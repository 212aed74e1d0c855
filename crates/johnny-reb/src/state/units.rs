//! Changes to the units in play: kills and stands (0.1.3, 2.4), morale (2.3.5), formation
//! (0.1.2), markers, charges counted (5.1.4), skirmishers (6.8.6) and merges (6.8.9); the guns
//! (4.3.4, 4.3.5); officers hit (8, Table 20). One variant of [`super::command::Command`].

use super::effect::{Effect, MoraleCheck};
use super::error::{CommandError, not_found, quoted as q, refused};
use super::game::Game;
use super::ids::{OfficerId, RegimentId, SectionId, UnitId};
use super::orders_state::MoraleChange;
use super::roster::{
    CANISTER_ROUNDS, CREW_KILLS_TO_ELIMINATE, ChargePermission, GunState, MAX_DETACHED_STANDS, MAX_MERGED_STANDS,
    Officer, OfficerCondition, Regiment, RegimentFlag, Roster, Section,
};
use crate::rules::morale::triggers::CheckReason;
use crate::rules::officers::consequences;
use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
use crate::rules::unit::{Arm, Formation, MoraleLevel};
use serde::{Deserialize, Serialize};

/// A change to a unit in play, by the id of a regiment, gun section or officer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum UnitCommand {
    /// One kill to a regiment, taken from the left (0.1.3).
    AddKill {
        /// The regiment's id.
        regiment: RegimentId,
    },
    /// Take back one kill (a mistaken tap).
    RemoveKill {
        /// The regiment's id.
        regiment: RegimentId,
    },
    /// Remove a stand other than by kills, from the right (2.4: a routed regiment that fails
    /// to rally).
    RemoveStand {
        /// The regiment's id.
        regiment: RegimentId,
    },
    /// Put back a stand removed by [`UnitCommand::RemoveStand`].
    RestoreStand {
        /// The regiment's id.
        regiment: RegimentId,
    },
    /// Set a regiment's or a section crew's morale (2.3.5).
    SetMorale {
        /// The regiment's or gun section's id.
        unit: UnitId,
        /// The morale level.
        level: MoraleLevel,
    },
    /// Set a regiment's formation (0.1.2).
    SetFormation {
        /// The regiment's id.
        regiment: RegimentId,
        /// The formation.
        formation: Formation,
    },
    /// Mount or dismount a cavalry or mounted infantry regiment (6.7.2), in the formation it
    /// takes by the free formation change that goes with it.
    SetMounted {
        /// The regiment's id.
        regiment: RegimentId,
        /// On horseback (true) or on foot (false).
        mounted: bool,
        /// Its formation afterwards (0.1.2.b when mounted).
        formation: Formation,
    },
    /// Set or clear a marker on a regiment.
    SetFlag {
        /// The regiment's id.
        regiment: RegimentId,
        /// The marker.
        flag: RegimentFlag,
        /// Set (true) or clear (false).
        on: bool,
    },
    /// Record that a regiment charges this turn (5.1.4: refused on a third turn in a row).
    RecordCharge {
        /// The regiment's id.
        regiment: RegimentId,
    },
    /// Detach 0 to 2 stands as skirmishers (6.8.6).
    SetDetachedSkirmishers {
        /// The regiment's id.
        regiment: RegimentId,
        /// How many stands (0 to 2).
        stands: u8,
    },
    /// Merge the remaining stands of `regiment` into `host` of the same brigade (6.8.9).
    Merge {
        /// The regiment's id.
        regiment: RegimentId,
        /// The id of the regiment they join.
        host: RegimentId,
    },

    /// One kill to a gun crew this turn (4.3.5.b; 4.4.1.b): the second eliminates the crew
    /// and the gun is abandoned.
    AddCrewKill {
        /// The gun section's id.
        section: SectionId,
    },
    /// Take back one crew kill this turn.
    RemoveCrewKill {
        /// The gun section's id.
        section: SectionId,
    },
    /// Limber or unlimber a section (6.6.1).
    SetLimbered {
        /// The gun section's id.
        section: SectionId,
        /// Limbered (true) or unlimbered (false).
        limbered: bool,
    },
    /// Fire canister: one round, or two for double canister (4.3.4.a, 4.3.4.b).
    UseCanister {
        /// The gun section's id.
        section: SectionId,
        /// 1, or 2 for double canister.
        rounds: u8,
    },
    /// Set or clear "low on shot" (4.3.4.a).
    SetLowOnShot {
        /// The gun section's id.
        section: SectionId,
        /// Set (true) or clear (false).
        on: bool,
    },
    /// Set what has become of a gun: abandoned, spiked, destroyed, captured, or back in
    /// action (4.3.5).
    SetGunState {
        /// The gun section's id.
        section: SectionId,
        /// What has become of the gun.
        state: GunState,
    },

    /// An officer hit in Phase Eight with this Table 20 effect, in the current turn (8).
    OfficerHit {
        /// The officer's id.
        officer: OfficerId,
        /// The Table 20 effect.
        effect: CasualtyEffect,
    },
    /// Set an officer's condition directly (a correction).
    SetOfficerCondition {
        /// The officer's id.
        officer: OfficerId,
        /// His condition.
        condition: OfficerCondition,
    },
    /// Attach an officer to a regiment or section, or to none.
    SetOfficerWith {
        /// The officer's id.
        officer: OfficerId,
        /// The regiment or gun section, by id, or none.
        unit: Option<UnitId>,
    },
}

fn regiment_ref<'a>(roster: &'a Roster, id: &str) -> Result<&'a Regiment, CommandError> {
    roster.regiment(id).ok_or_else(|| not_found("regiment", id))
}

fn regiment_mut<'a>(roster: &'a mut Roster, id: &str) -> Result<&'a mut Regiment, CommandError> {
    roster.regiment_mut(id).ok_or_else(|| not_found("regiment", id))
}

fn section_mut<'a>(roster: &'a mut Roster, id: &str) -> Result<&'a mut Section, CommandError> {
    roster.section_mut(id).ok_or_else(|| not_found("gun section", id))
}

fn officer_mut<'a>(roster: &'a mut Roster, id: &str) -> Result<&'a mut Officer, CommandError> {
    roster.officer_mut(id).ok_or_else(|| not_found("officer", id))
}

/// A kill's morale check in the log's words (4.4.1).
fn kill_check_words(reason: CheckReason) -> &'static str {
    match reason {
        CheckReason::FirstKill => "first kill, 4.4.1.a",
        CheckReason::CrewKill => "crew kill, 4.4.1.b",
        CheckReason::StandLost => "stand lost, 4.4.1.d",
        _ => reason.rule(),
    }
}

fn morale_word(level: MoraleLevel) -> &'static str {
    match level {
        MoraleLevel::Good => "good",
        MoraleLevel::Shaken => "shaken",
        MoraleLevel::Routed => "routed",
    }
}

impl UnitCommand {
    /// Checks the change against the game, then applies it (on the session's copy, thrown
    /// away on refusal).
    pub fn execute(&self, game: &mut Game) -> Result<Effect, CommandError> {
        let turn = game.turn;
        let roster = &mut game.roster;
        let text = match self {
            UnitCommand::AddKill { regiment } => {
                // 6.8.9.c: in a merged unit, kills may be taken from either regiment when their
                // stands hold the same figures, else from the one with fewer per stand.
                let this = regiment_ref(roster, regiment)?;
                let (host_id, unit_name) = match &this.merged_into {
                    Some(h) => (h.clone(), regiment_ref(roster, h)?.name.clone()),
                    None => (this.id.clone(), this.name.clone()),
                };
                let mut members: Vec<&Regiment> = roster.merged_parts(&host_id);
                if let Some(h) = roster.regiment(&host_id) {
                    members.push(h);
                }
                let merged = members.len() > 1;
                if merged {
                    let mine = this.next_stand_figures().unwrap_or(u8::MAX);
                    let fewest = members.iter().filter_map(|m| m.next_stand_figures()).min().unwrap_or(mine);
                    if mine > fewest {
                        return Err(refused(format!(
                            "In {}, kills must be taken from the regiment with fewer figures per stand (6.8.9.c).",
                            q(&unit_name)
                        )));
                    }
                }
                let r = regiment_mut(roster, regiment)?;
                let effect = r
                    .kill_effect()
                    .ok_or_else(|| refused(format!("{} has no stands left to take a kill (0.1.3).", q(&r.name))))?;
                r.kills = r.kills.saturating_add(1);
                let mut checks = Vec::new();
                // The merged unit checks as one, and takes no new first-casualty check (6.8.9.b).
                let check = |reason| MoraleCheck { unit: UnitId::from(&host_id), name: unit_name.clone(), reason };
                if effect.first_kill && !merged {
                    checks.push(check(CheckReason::FirstKill));
                }
                let mut text =
                    format!("{}: kill {} ({} of {} figures left)", r.name, r.kills, r.figures_left(), r.figures());
                if effect.stand_lost {
                    checks.push(check(CheckReason::StandLost));
                    text.push_str(&format!("; a stand is removed, {} left (0.1.3)", r.stands_left()));
                }
                if effect.regiment_lost {
                    text.push_str("; the regiment is lost (11.2)");
                }
                if !checks.is_empty() {
                    let why: Vec<String> = checks.iter().map(|c| kill_check_words(c.reason).to_string()).collect();
                    text.push_str(&format!("; morale check: {}", why.join("; ")));
                }
                return Ok(Effect { text, morale_checks: checks, stand_lost: effect.stand_lost, ..Effect::default() });
            }
            UnitCommand::RemoveKill { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.kills == 0 {
                    return Err(refused(format!("{} has no kills to take back.", q(&r.name))));
                }
                let before = r.stands_lost();
                r.kills -= 1;
                let mut text = format!("{}: kill taken back ({} kills)", r.name, r.kills);
                if r.stands_lost() < before {
                    text.push_str("; the stand returns");
                }
                text
            }
            UnitCommand::RemoveStand { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.stands_left() == 0 {
                    return Err(refused(format!("{} has no stand left to remove.", q(&r.name))));
                }
                r.stands_removed = r.stands_removed.saturating_add(1);
                let text = format!("{}: a stand is removed, {} left (2.4)", r.name, r.stands_left());
                let checks = Vec::new();
                return Ok(Effect { text, morale_checks: checks, stand_lost: true, ..Effect::default() });
            }
            UnitCommand::RestoreStand { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.stands_removed == 0 {
                    return Err(refused(format!("{} has no removed stand to put back.", q(&r.name))));
                }
                r.stands_removed -= 1;
                format!("{}: a removed stand is put back, {} stand", r.name, r.stands_left())
            }
            UnitCommand::SetMorale { unit, level } => {
                let (from, text) = if let Some(r) = roster.regiment_mut(unit) {
                    let from = std::mem::replace(&mut r.morale, *level);
                    (from, format!("{} is now {} (2.3.5)", r.name, morale_word(*level)))
                } else if let Some(s) = roster.section_mut(unit) {
                    let from = std::mem::replace(&mut s.morale, *level);
                    (from, format!("{} crew is now {} (2.3.5)", s.name, morale_word(*level)))
                } else {
                    return Err(not_found("regiment or gun section", unit));
                };
                if from != *level {
                    game.morale_changes.push(MoraleChange {
                        unit: unit.clone(),
                        turn,
                        phase: game.phase.number(),
                        from,
                        to: *level,
                    });
                }
                text
            }
            UnitCommand::SetFormation { regiment, formation } => {
                let r = regiment_mut(roster, regiment)?;
                let old = r.formation;
                r.formation = *formation;
                if let Some(p) = r.problems().first() {
                    return Err(refused(format!("{}: {p}.", q(&r.name))));
                }
                format!("{}: {} to {} (0.1.2)", r.name, old.label(), formation.label())
            }
            UnitCommand::SetMounted { regiment, mounted, formation } => {
                let r = regiment_mut(roster, regiment)?;
                r.arm = match r.arm {
                    Arm::Cavalry { .. } => Arm::Cavalry { mounted: *mounted },
                    Arm::MountedInfantry { .. } => Arm::MountedInfantry { mounted: *mounted },
                    _ => {
                        return Err(refused(format!(
                            "{} has no horses: only cavalry and mounted infantry mount (6.7.2).",
                            q(&r.name)
                        )));
                    }
                };
                r.formation = *formation;
                if let Some(p) = r.problems().first() {
                    return Err(refused(format!("{}: {p}.", q(&r.name))));
                }
                let verb = if *mounted { "mounts" } else { "dismounts" };
                format!("{} {verb}, in {} (6.7.2)", r.name, formation.label())
            }
            UnitCommand::SetFlag { regiment, flag, on } => {
                let r = regiment_mut(roster, regiment)?;
                let slot = match flag {
                    RegimentFlag::OutOfAmmo => &mut r.out_of_ammo,
                    RegimentFlag::OpeningVolleyUsed => &mut r.opening_volley_used,
                    RegimentFlag::Prone => &mut r.prone,
                    RegimentFlag::RemovedFromBoard => &mut r.removed_from_board,
                };
                if *slot == *on {
                    return Err(refused(format!(
                        "{} is already {}{}.",
                        q(&r.name),
                        if *on { "" } else { "not " },
                        flag.label()
                    )));
                }
                *slot = *on;
                format!("{}: {}{}", r.name, if *on { "" } else { "no longer " }, flag.label())
            }
            UnitCommand::RecordCharge { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.charges.last_turn == Some(turn) {
                    return Err(refused(format!("{}'s charge this turn is already recorded.", q(&r.name))));
                }
                let text = match r.charges.permission(turn) {
                    ChargePermission::NotAllowed => {
                        return Err(refused(format!(
                            "{} charged the last two turns: a unit may never charge three turns in a row (5.1.4).",
                            q(&r.name)
                        )));
                    }
                    ChargePermission::SecondTurn => {
                        r.charges.in_a_row = r.charges.in_a_row.saturating_add(1);
                        format!(
                            "{} charges a second turn: in disorder, no charge elan, no bonus movement (5.1.4)",
                            r.name
                        )
                    }
                    ChargePermission::Fresh => {
                        r.charges.in_a_row = 1;
                        format!("{} charges", r.name)
                    }
                };
                r.charges.last_turn = Some(turn);
                text
            }
            UnitCommand::SetDetachedSkirmishers { regiment, stands } => {
                let r = regiment_mut(roster, regiment)?;
                if *stands > MAX_DETACHED_STANDS {
                    return Err(refused(format!(
                        "Up to {MAX_DETACHED_STANDS} stands of a regiment may be detached as skirmishers (6.8.6.a)."
                    )));
                }
                if *stands as usize >= r.stands_left() {
                    return Err(refused(format!(
                        "{} has {} stands: the parent regiment must keep at least one (6.8.6).",
                        q(&r.name),
                        r.stands_left()
                    )));
                }
                r.detached_skirmishers = *stands;
                if *stands == 0 {
                    format!("{}: skirmishers rejoin (6.8.6)", r.name)
                } else {
                    format!("{}: {stands} stands detached as skirmishers (6.8.6)", r.name)
                }
            }
            UnitCommand::Merge { regiment, host } => {
                if regiment == host {
                    return Err(refused("A regiment cannot merge with itself."));
                }
                let a = roster.find_regiment(regiment).ok_or_else(|| not_found("regiment", regiment))?;
                let h = roster.find_regiment(host).ok_or_else(|| not_found("regiment", host))?;
                if (a.side, a.division, a.brigade) != (h.side, h.division, h.brigade) {
                    return Err(refused("Only remnants of units of the same brigade may merge (6.8.9)."));
                }
                let part = regiment_ref(roster, regiment)?;
                let host_r = regiment_ref(roster, host)?;
                if part.merged_into.is_some()
                    || host_r.merged_into.is_some()
                    || !roster.merged_parts(regiment).is_empty()
                {
                    return Err(refused("One of these regiments has already merged with another (6.8.9)."));
                }
                if part.is_lost() || host_r.is_lost() {
                    return Err(refused("A lost regiment cannot merge (6.8.9)."));
                }
                let moving = part.stands_left();
                if roster.merged_stands(host) + moving > MAX_MERGED_STANDS {
                    return Err(refused(format!(
                        "A merged unit may never have more than {MAX_MERGED_STANDS} stands (6.8.9.a)."
                    )));
                }
                let (part_name, host_name) = (part.name.clone(), host_r.name.clone());
                regiment_mut(roster, regiment)?.merged_into = Some(host.clone());
                format!(
                    "{moving} stands of {part_name} merge into {host_name}: morale {} for stands attached (6.8.9.b)",
                    roster.merged_modifier(host)
                )
            }

            // Artillery.
            UnitCommand::AddCrewKill { section } => {
                let s = section_mut(roster, section)?;
                if s.state != GunState::InAction {
                    return Err(refused(format!("{} has no crew at the gun ({}).", q(&s.name), s.state.label())));
                }
                s.crew_kills_this_turn = s.crew_kills_this_turn.saturating_add(1);
                let check = vec![MoraleCheck {
                    unit: UnitId::from(&s.id),
                    name: s.name.clone(),
                    reason: CheckReason::CrewKill,
                }];
                let text = if s.crew_kills_this_turn >= CREW_KILLS_TO_ELIMINATE {
                    s.state = GunState::Abandoned;
                    format!(
                        "{}: second crew kill this turn, the crew is eliminated and the gun abandoned (4.3.5.b)",
                        s.name
                    )
                } else {
                    format!(
                        "{}: crew kill, cancelled at the end of the turn unless another follows; morale check (4.4.1.b)",
                        s.name
                    )
                };
                let eliminated = s.state == GunState::Abandoned;
                return Ok(Effect {
                    text,
                    created: None,
                    morale_checks: if eliminated { Vec::new() } else { check },
                    stand_lost: false,
                    secret: false,
                });
            }
            UnitCommand::RemoveCrewKill { section } => {
                let s = section_mut(roster, section)?;
                if s.crew_kills_this_turn == 0 {
                    return Err(refused(format!("{} has no crew kill this turn to take back.", q(&s.name))));
                }
                if s.crew_kills_this_turn >= CREW_KILLS_TO_ELIMINATE && s.state == GunState::Abandoned {
                    s.state = GunState::InAction;
                }
                s.crew_kills_this_turn -= 1;
                format!("{}: crew kill taken back", s.name)
            }
            UnitCommand::SetLimbered { section, limbered } => {
                let s = section_mut(roster, section)?;
                s.limbered = *limbered;
                format!("{} {} (6.6.1)", s.name, if *limbered { "limbers" } else { "unlimbers" })
            }
            UnitCommand::UseCanister { section, rounds } => {
                let s = section_mut(roster, section)?;
                if !matches!(rounds, 1 | 2) {
                    return Err(refused("Canister is one round, or two for double canister (4.3.4.b)."));
                }
                if s.canister_left() < *rounds {
                    return Err(refused(format!(
                        "{} has {} rounds of canister left of {CANISTER_ROUNDS} (4.3.4.a).",
                        q(&s.name),
                        s.canister_left()
                    )));
                }
                s.canister_used += rounds;
                format!(
                    "{} fires {}canister: {} rounds left (4.3.4)",
                    s.name,
                    if *rounds == 2 { "double " } else { "" },
                    s.canister_left()
                )
            }
            UnitCommand::SetLowOnShot { section, on } => {
                let s = section_mut(roster, section)?;
                s.low_on_shot = *on;
                format!("{}: {} (4.3.4.a)", s.name, if *on { "low on shot" } else { "shot replenished" })
            }
            UnitCommand::SetGunState { section, state } => {
                let s = section_mut(roster, section)?;
                if s.state == *state {
                    return Err(refused(format!("{} is already {}.", q(&s.name), state.label())));
                }
                s.state = *state;
                format!("{}: gun {} (4.3.5)", s.name, state.label())
            }

            // Officers in play.
            UnitCommand::OfficerHit { officer, effect } => {
                let o = officer_mut(roster, officer)?;
                if o.is_removed() {
                    return Err(refused(format!("{} is no longer in the game.", q(&o.name))));
                }
                let c = consequences(*effect, turn);
                o.condition = match effect {
                    CasualtyEffect::Stunned => OfficerCondition::Stunned { turn },
                    CasualtyEffect::LightWound => OfficerCondition::LightWound,
                    CasualtyEffect::SevereWound => OfficerCondition::SevereWound,
                    CasualtyEffect::SpectacularDeath => OfficerCondition::Dead,
                };
                if c.moved_to_rear {
                    o.with_unit = None;
                }
                let mut text = format!("{} is hit: {} (8, Table 20)", o.name, o.condition.label());
                if c.seers_check_morale {
                    text.push_str("; units that saw it within 1' check morale (Table 2, no. 10)");
                }
                text
            }
            UnitCommand::SetOfficerCondition { officer, condition } => {
                let o = officer_mut(roster, officer)?;
                o.condition = *condition;
                format!("{} is now {}", o.name, condition.label())
            }
            UnitCommand::SetOfficerWith { officer, unit } => {
                let unit_name = match unit {
                    None => None,
                    Some(u) => Some(
                        roster
                            .regiment(u)
                            .map(|r| r.name.clone())
                            .or_else(|| roster.section(u).map(|s| s.name.clone()))
                            .ok_or_else(|| not_found("regiment or gun section", u))?,
                    ),
                };
                let o_side = roster.find_officer(officer).map(|(s, _)| s);
                if let (Some(u), Some(os)) = (unit, o_side)
                    && roster.side_of(u) != Some(os)
                {
                    return Err(refused("An officer joins units of his own side."));
                }
                let o = officer_mut(roster, officer)?;
                o.with_unit = unit.clone();
                match unit_name {
                    Some(n) => format!("{} joins {}", o.name, n),
                    None => format!("{} rides alone", o.name),
                }
            }
        };
        Ok(Effect::from(text))
    }
}

#[cfg(test)]
mod tests;
