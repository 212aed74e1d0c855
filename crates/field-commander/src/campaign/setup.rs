//! Campaign Set-Up (7.0-7.14): one piece per counter of the mix, the starting forces placed,
//! Late Arrivals set aside, Confederate extras beside the map, Union ones in their cup and pile,
//! Garrisons and Fortifications in the Cities and Forts held by one side.

use super::*;
use crate::pack::CampaignPack;

impl Campaign {
    /// Sets up `campaign` of `pack` (7.0). The pack must validate; a value the set-up needs
    /// and the pack lacks is asked for.
    pub fn start(pack: &CampaignPack, campaign: &str, settings: Settings) -> RuleResult<(Campaign, CampaignReport)> {
        if let Err(errors) = pack.validate() {
            let first: Vec<String> = errors.iter().take(3).map(ToString::to_string).collect();
            return Err(refuse(format!("the campaign pack is not sound: {}", first.join("; "))));
        }
        let def = pack.campaign(campaign).ok_or_else(|| refuse(format!("the pack has no campaign {campaign}")))?;
        let mut r = CampaignReport::default();
        let mut pieces = Vec::new();
        for (design, d) in pack.counters.iter().enumerate() {
            // 7.7: only the Named counters of this campaign; generic counters in every one.
            if d.campaign.as_ref().is_some_and(|c| c != &def.name) {
                continue;
            }
            let copies = d.copies.copied(|| CellRef::new("Counter mix", &d.key, "copies"))?;
            for _ in 0..copies {
                let id = u32::try_from(pieces.len() + 1).unwrap_or(u32::MAX);
                pieces.push(Piece { id, design, strength: Strength::Full, place: Place::Unused, group: None });
            }
        }
        let starting = &def.starting;
        let mut c = Campaign {
            def: def.clone(),
            counters: pack.counters.clone(),
            scout_mix: pack.scouts.clone(),
            hard_fog_row_9: pack.hard_fog_row_9.clone(),
            settings,
            turn: 0,
            phase: Phase::SetUp,
            confederate_cp: starting
                .confederate_cp
                .copied(|| def.cell("Set-up (7.4)", "Confederate Command Points"))?,
            union_cp: starting.union_cp.copied(|| def.cell("Set-up (7.4)", "Union Command Points"))?,
            scouts: 0,
            pieces,
            lee: None,
            acted: Vec::new(),
            resupply_step: 0,
            encamped: Vec::new(),
            arrivals: vec![ArrivalState::default(); def.late_arrivals.len()],
            conditions: vec![ConditionState::Pending; def.conditions.len()],
            groups: Vec::new(),
            union_stage: UnionStage::Done,
            battle: None,
            ending: None,
            next_group: 1,
            log: Vec::new(),
        };
        let scouts = starting.scouts.copied(|| def.cell("Set-up (7.4)", "Scouts"))?;
        let got = c.gain_scouts(scouts)?;
        r.say(format!(
            "Set-up (7.4): {} Confederate and {} Union Command Points, {got} Scouts",
            c.confederate_cp, c.union_cp
        ));
        // 7.8: the starting forces.
        for (i, s) in def.starting_forces.iter().enumerate() {
            let area = s.area.get(|| def.cell(format!("Starting Forces, {} ({})", i + 1, s.counter), "area"))?.clone();
            let id = c.unused_of(&s.counter)?;
            c.piece_mut(id)?.place = Place::Area(area.clone());
            r.say(format!("{} placed in {area} (7.8)", c.name(id)));
        }
        // 7.9: Late Arrivals wait off the map.
        for l in &def.late_arrivals {
            for key in &l.forces {
                let id = c.unused_of(key)?;
                c.piece_mut(id)?.place = Place::Waiting;
            }
        }
        // 7.10-7.12: the rest beside the map, in the Additional Forces cup or the pile.
        let mut extras = Vec::new();
        for i in 0..c.pieces.len() {
            let Some(p) = c.pieces.get(i) else { continue };
            if p.place != Place::Unused {
                continue;
            }
            let Some(d) = c.counters.get(p.design) else { continue };
            let to = match (d.counter.loyalty, d.echelon) {
                (Loyalty::Confederate, Echelon::Named) | (Loyalty::Union, Echelon::Named) => Place::Unused,
                (Loyalty::Confederate, _) => Place::Beside,
                (Loyalty::Union, Echelon::Static) => Place::StaticPile,
                (Loyalty::Union, _) => Place::AdditionalCup,
            };
            extras.push((i, to));
        }
        for (i, to) in extras {
            if let Some(p) = c.pieces.get_mut(i) {
                p.place = to;
            }
        }
        // 7.6: a City or Fort held by one side gets that side's Garrison and Fortification.
        for area in c.cities_and_forts()? {
            let Some(side) = c.holder(&area) else { continue };
            for kind in [ForceType::Garrison, ForceType::Fortification] {
                let from = if side == Loyalty::Confederate { Place::Beside } else { Place::StaticPile };
                let found = c
                    .at(&from)
                    .into_iter()
                    .find(|id| c.counter(*id).is_ok_and(|k| k.kind == kind && k.loyalty == side));
                match found {
                    Some(id) => {
                        c.piece_mut(id)?.place = Place::Area(area.clone());
                        r.say(format!(
                            "{} placed in {area}: a City or Fort held by the {side:?} forces (7.6)",
                            c.name(id)
                        ));
                    }
                    None => r.say(format!("No {side:?} {kind:?} counter left for {area} (7.6)")),
                }
            }
        }
        // 16.3.3: Union Additional Forces on the map join groups.
        let union_extras: Vec<(u32, String)> = c
            .pieces
            .iter()
            .filter_map(|p| match &p.place {
                Place::Area(a) => Some((p.id, a.clone())),
                _ => None,
            })
            .filter(|(id, _)| c.is_union_additional(*id))
            .collect();
        for (id, area) in union_extras {
            c.join_group(id, &area, &mut Picks::new(&[]), &mut r)?;
        }
        // 7.8: Robert E. Lee.
        let lee = def.lee_start.get(|| def.cell("Robert E. Lee", "starting area"))?.clone();
        if c.in_area(&lee, Loyalty::Confederate).is_empty() {
            return Err(refuse(format!(
                "Robert E. Lee would start alone in {lee}: the campaign would be lost at once (3.2); check the starting forces"
            )));
        }
        r.say(format!("Robert E. Lee placed in {lee} (7.8)"));
        c.lee = Some(lee);
        for (i, o) in c.objectives()?.iter().enumerate() {
            r.say(format!("Objective {} in {o} (7.13)", i + 1));
        }
        Ok((c, r))
    }

    /// A counter of design `key` not yet placed.
    fn unused_of(&self, key: &str) -> RuleResult<u32> {
        let design =
            self.counters.iter().position(|d| d.key == key).ok_or_else(|| refuse(format!("no counter {key}")))?;
        self.pieces
            .iter()
            .find(|p| p.design == design && p.place == Place::Unused)
            .map(|p| p.id)
            .ok_or_else(|| refuse(format!("every {key} counter is placed already: the counter mix is a hard limit")))
    }

    /// A Union Brigade, Regiment or Battery.
    pub(crate) fn is_union_additional(&self, id: u32) -> bool {
        self.design(id).is_ok_and(|d| {
            d.counter.loyalty == Loyalty::Union
                && matches!(d.echelon, Echelon::Brigade | Echelon::Regiment | Echelon::Battery)
        })
    }
}
