//! Pre-Battle (10.1, 10.2) as commands: the counters entered and placed, Fog of War with Scout
//! re-rolls and its event, the Envelopment Check, the quantities and Insights, Scouts against
//! the Union's plans, the Union placed, and the start of the first Battle Turn.

use crate::battle::Force;
use crate::battlefield::{Formation, Region};
use crate::dice::Dice;
use crate::dispatch::before_battle;
use crate::force::{Counter, ForceType, Loyalty, Strength};
use crate::game::{FogChoice, Report, Step, refuse};
use crate::hits::{self, Source};
use crate::outcome;
use crate::prebattle::{self, FogEvent, FogFollowUp, Insight, QuantityInputs};
use crate::state::{Battle, BattleResult, FogForce, InsightCounter, Phase, ScreenForces, Stage};
use crate::union::{SpecialPlan, Tactics, pool};
use companion_core::d10::D10;

/// Where a Static Force stands: Garrisons in their Approach, Fortifications in their Reserve
/// (10.2.15, 10.2.18); Union Mobile Forces wait in the Reserve until the Union is placed.
fn start_region(counter: &Counter, asked: Region) -> Region {
    match (counter.loyalty, counter.kind) {
        (Loyalty::Confederate, ForceType::Garrison) => Region::ConfederateApproach,
        (Loyalty::Confederate, ForceType::Fortification) => Region::ConfederateReserve,
        (Loyalty::Union, ForceType::Garrison) => Region::UnionApproach,
        (Loyalty::Union, ForceType::Fortification) => Region::UnionReserve,
        (Loyalty::Union, _) if !matches!(asked, Region::UnionApproach | Region::UnionReserve) => Region::UnionReserve,
        _ => asked,
    }
}

/// 10.3: Artillery, Garrisons and Fortifications are always in Line.
fn formation_for(kind: ForceType, asked: Formation) -> Formation {
    if matches!(kind, ForceType::Infantry | ForceType::Cavalry) { asked } else { Formation::Line }
}

pub(crate) fn add_force(
    g: &mut Battle,
    counter: &Counter,
    region: Region,
    formation: Formation,
    r: &mut Report,
) -> Step {
    before_battle(g, "Entering a counter")?;
    if counter.name.trim().is_empty() {
        return Err(refuse("a counter needs a name"));
    }
    let id = g.next_id;
    g.next_id += 1;
    let region = start_region(counter, region);
    g.field.forces.push(Force {
        id,
        counter: counter.clone(),
        strength: Strength::Full,
        region,
        formation: formation_for(counter.kind, formation),
        hard_cover: false,
        entrenched: false,
        cover: false,
    });
    r.say(format!("{} ({:?} {:?}) placed in the {}", counter.name, counter.loyalty, counter.kind, region.label()));
    if counter.loyalty == Loyalty::Union {
        g.union_placed = false;
        let fits = match g.fog.awaiting {
            Some(FogForce::Regiment) => matches!(counter.kind, ForceType::Infantry | ForceType::Cavalry),
            Some(FogForce::Reinforcement) => counter.kind.is_mobile(),
            Some(FogForce::Fortification) => counter.kind == ForceType::Fortification,
            Some(FogForce::Garrison) => counter.kind == ForceType::Garrison,
            None => false,
        };
        if fits {
            g.fog.awaiting = None;
            r.say(format!("{} joins the battle by the Fog of War event (10.2.5)", counter.name));
        }
    }
    Ok(())
}

pub(crate) fn enter_counter(g: &mut Battle, id: u32, counter: &Counter, r: &mut Report) -> Step {
    let f = g.field.forces.iter_mut().find(|f| f.id == id).ok_or_else(|| refuse("no such force"))?;
    if f.counter.loyalty != counter.loyalty || f.counter.kind != counter.kind {
        return Err(refuse("a counter keeps its side and type; enter a new counter instead"));
    }
    f.counter = counter.clone();
    r.say(format!("{}: values entered from the counter", counter.name));
    Ok(())
}

pub(crate) fn remove_force(g: &mut Battle, id: u32, r: &mut Report) -> Step {
    before_battle(g, "Taking a counter off the sheet")?;
    let name = g.field.get(id)?.counter.name.clone();
    g.field.forces.retain(|f| f.id != id);
    r.say(format!("{name} taken off the sheet"));
    Ok(())
}

pub(crate) fn place_force(g: &mut Battle, id: u32, region: Region, formation: Formation, r: &mut Report) -> Step {
    before_battle(g, "Placing a force")?;
    let f = g.field.get(id)?;
    let (name, kind, side) = (f.counter.name.clone(), f.counter.kind, f.counter.loyalty);
    let own = match side {
        Loyalty::Confederate => region <= Region::ConfederateFront,
        Loyalty::Union => region >= Region::UnionApproach,
    };
    if !own {
        return Err(refuse(format!("{side:?} Forces do not start in the {} (10.2.14)", region.label())));
    }
    if !kind.is_mobile() && start_region(&f.counter, region) != region {
        return Err(refuse(format!("a {kind:?} has its own Region (10.2.15, 10.2.18)")));
    }
    if side == Loyalty::Confederate && g.screened.is_some() && !g.union_placed {
        return Err(refuse("Screened Approach: place the Union Forces first, then yours (10.2.20)"));
    }
    let formation = formation_for(kind, formation);
    let x = g.field.forces.iter_mut().find(|f| f.id == id).ok_or_else(|| refuse("no such force"))?;
    x.region = region;
    x.formation = formation;
    r.say(format!("{name} placed in the {} in {formation:?} (10.2.13-10.2.19, 10.3)", region.label()));
    Ok(())
}

pub(crate) fn roll_fog(g: &mut Battle, roll: D10, r: &mut Report) -> Step {
    before_battle(g, "Fog of War")?;
    if g.fog.resolved {
        return Err(refuse("the Fog of War event is resolved: a roll cannot be taken back (10.2.2)"));
    }
    let mut rolls = g.fog_rolls.clone();
    rolls.push(roll);
    let before = u32::try_from(g.fog_rolls.len().saturating_sub(1)).unwrap_or(u32::MAX);
    let (kept, spent) = prebattle::fog_roll_kept(&rolls, g.scouts + before)?;
    let row = prebattle::fog_of_war(g.fog_table, kept, g.hard_row_9)?;
    if spent > before {
        g.scouts -= 1;
        r.say("A Scout is discarded to re-roll Fog of War; the earlier roll cannot be taken back (10.2.2)");
    }
    g.fog_rolls = rolls;
    g.turns = Some(row.turns);
    g.fog.row = Some(row);
    r.say(format!(
        "Fog of War ({:?} table) rolls {}: {} Battle Turns; {} (10.2.4, 10.2.5)",
        g.fog_table,
        kept.value(),
        row.turns,
        row.event.words()
    ));
    Ok(())
}

/// The Union Special Battle Plans a Fog of War event adds (10.2.6 events 9 and 10).
pub fn fog_union_plans(g: &Battle) -> u32 {
    match g.fog.row.map(|r| r.event) {
        Some(FogEvent::UnionPlans(n)) => u32::from(n),
        _ => 0,
    }
}

fn pick_of<T: Copy>(items: &[T], pick: usize) -> Option<T> {
    if items.is_empty() { None } else { items.get(pick % items.len()).copied() }
}

pub(crate) fn resolve_fog_event(
    g: &mut Battle,
    choice: FogChoice,
    pick: usize,
    dice: &mut Dice,
    r: &mut Report,
) -> Step {
    before_battle(g, "The Fog of War event")?;
    let row = g.fog.row.ok_or_else(|| refuse("roll for Fog of War first (10.2.1)"))?;
    if g.fog.resolved {
        return Err(refuse("the Fog of War event is resolved"));
    }
    g.fog.resolved = true;
    g.fog.choice = Some(choice);
    let here = choice == FogChoice::HereInThisBattle;
    match row.event {
        FogEvent::RandomInsight => {
            let taken: Vec<Insight> = g.insight_counters.iter().map(|c| c.insight).collect();
            let free: Vec<Insight> = Insight::ALL.into_iter().filter(|i| !taken.contains(i)).collect();
            if let Some(i) = pick_of(&free, pick) {
                g.insight_counters.push(InsightCounter { insight: i, free: true, used: false });
                r.say(format!(
                    "Fog of War: the Insight {} ({}) at random; it costs no Battle Plan and uses Lee's rating if it rolls (10.2.6)",
                    i.label(),
                    i.rule()
                ));
            }
        }
        FogEvent::GainCommandPoints(n) => {
            g.confederate_cp += u32::from(n);
            r.say(format!("Fog of War: you gain {n} Command Points (10.2.6)"));
        }
        FogEvent::GainScout => {
            g.scouts += 1;
            r.say("Fog of War: you gain 1 Scout (10.2.6)");
        }
        FogEvent::BuyBrigade => {
            if choice == FogChoice::Pay {
                g.confederate_cp =
                    g.confederate_cp.checked_sub(2).ok_or_else(|| refuse("the Brigade costs 2 Command Points"))?;
                r.say("Fog of War: 2 Command Points paid; place an unpurchased Brigade in a Confederate Held Area on the campaign map, not this battle's Area (10.2.6)");
            } else {
                r.say("Fog of War: no Brigade bought; the event is disregarded (10.2.6)");
            }
        }
        FogEvent::RegimentOrCommandPoints => {
            let roll = dice
                .table("the Fog of War follow-up: 1-5 a Union Regiment, 6-10 2 Command Points to the Union (10.2.6)")?;
            let follow = prebattle::fog_follow_up(row.event, roll, g.confederate_cp);
            g.fog.follow_up = follow;
            if follow == Some(FogFollowUp::TransferCommandPoints) {
                g.confederate_cp -= 2;
                g.union_cp += 2;
                r.say(format!(
                    "Fog of War follow-up {}: 2 of your Command Points go to the Union (10.2.6)",
                    roll.value()
                ));
            } else {
                g.fog.awaiting = Some(FogForce::Regiment);
                r.say(format!(
                    "Fog of War follow-up {}: a Union Regiment (Infantry or Cavalry) joins the battle: enter it (10.2.6)",
                    roll.value()
                ));
            }
        }
        FogEvent::UnionReinforcement => {
            g.fog.awaiting = Some(FogForce::Reinforcement);
            r.say("Fog of War: a random Union Reinforcement from the Reinforcement cup joins the battle: enter it (10.2.6)");
        }
        FogEvent::FortificationOrGarrison => {
            let roll =
                dice.table("the Fog of War follow-up: 1-2 a Union Fortification, 3-10 a Union Garrison (10.2.6)")?;
            let follow = prebattle::fog_follow_up(row.event, roll, g.confederate_cp);
            g.fog.follow_up = follow;
            let (force, words) = if follow == Some(FogFollowUp::UnionFortification) {
                (FogForce::Fortification, "a Union Fortification in the Union Reserve")
            } else {
                (FogForce::Garrison, "a Union Garrison in the Union Approach")
            };
            g.fog.awaiting = Some(force);
            r.say(format!("Fog of War follow-up {}: {words} joins the battle: enter it (10.2.6)", roll.value()));
        }
        FogEvent::UnionPlans(n) => {
            r.say(format!(
                "Fog of War: the Union draws {n} more Special Battle Plan(s) each turn of this battle (10.2.6, 10.2.10)"
            ));
        }
        FogEvent::Disease if here => {
            let infantry: Vec<u32> = g
                .field
                .side(Loyalty::Confederate)
                .filter(|f| f.counter.kind == ForceType::Infantry)
                .map(|f| f.id)
                .collect();
            match pick_of(&infantry, pick) {
                Some(id) => {
                    r.say("Fog of War: Disease strikes a random Confederate Infantry Force of this battle (10.2.6)");
                    hits::on_confederate(g, id, Source::Shock, false, dice, 0, r)?;
                }
                None => r.say("Fog of War: Disease finds no Infantry; ignored (10.2.5)"),
            }
        }
        FogEvent::VirulentDisease if here => {
            r.say("Fog of War: Virulent Disease: 1 Hit on every Confederate Force of this battle (10.2.7)");
            let ids: Vec<u32> = g.field.side(Loyalty::Confederate).map(|f| f.id).collect();
            for id in ids {
                hits::on_confederate(g, id, Source::Shock, false, dice, 0, r)?;
            }
        }
        FogEvent::Desertion if here => {
            let ids: Vec<u32> = g.field.side(Loyalty::Confederate).map(|f| f.id).collect();
            if let Some(id) = pick_of(&ids, pick) {
                let name = g.field.get(id)?.counter.name.clone();
                let number = g.field.activation(id)?.map(i32::from).unwrap_or(0);
                let roll = dice.check(format!("{name}'s Activation check against Desertion (10.2.8)"), number)?;
                if roll.check(number) {
                    r.say(format!("Desertion: {name} rolls {} against {number}: 1 Hit; if Destroyed it cannot be repurchased (10.2.8)", roll.value()));
                    hits::on_confederate(g, id, Source::Shock, false, dice, 0, r)?;
                } else {
                    g.field.forces.retain(|f| f.id != id);
                    r.say(format!(
                        "Desertion: {name} rolls {} against {number}: removed from the game (10.2.8)",
                        roll.value()
                    ));
                }
            }
        }
        FogEvent::Disease | FogEvent::VirulentDisease | FogEvent::Desertion => {
            r.say(format!("Fog of War: {}: apply it on the campaign map (10.2.5)", row.event.words()));
        }
    }
    Ok(())
}

pub(crate) fn fog_force_unavailable(g: &mut Battle, r: &mut Report) -> Step {
    before_battle(g, "The Fog of War event")?;
    let awaiting = g.fog.awaiting.take().ok_or_else(|| refuse("no Fog of War force is waiting"))?;
    match awaiting {
        FogForce::Regiment => r.say("No Union Regiment is available: the event is ignored (10.2.6)"),
        FogForce::Reinforcement => {
            g.union_cp += 4;
            r.say("No Reinforcement, Brigade, Regiment or Battery is available: the Union gains 4 Command Points (10.2.6)");
        }
        FogForce::Fortification | FogForce::Garrison => {
            g.union_cp += 2;
            r.say("No counter is available: the Union gains 2 Command Points (10.2.6)");
        }
    }
    Ok(())
}

pub(crate) fn envelopment_check(g: &mut Battle, r: &mut Report) -> Step {
    before_battle(g, "The Envelopment Check")?;
    if !g.fog.resolved || g.fog.awaiting.is_some() {
        return Err(refuse("resolve the Fog of War event first: its forces count (10.2.9)"));
    }
    if g.envelopment_checked {
        return Err(refuse("the Envelopment Check is made"));
    }
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    g.envelopment_checked = true;
    if let Some(side) = prebattle::three_to_one(u, c) {
        g.field.forces.retain(|f| f.counter.loyalty != side);
        let winner = side.opponent();
        g.gain(winner, outcome::points_for_rout_or_envelopment(winner));
        g.phase = Phase::Ended;
        g.stage = Stage::Over;
        g.result = Some(BattleResult::Enveloped(side));
        r.say(format!(
            "Union {u} to Confederate {c}: 3 to 1 or more, the {side:?} forces are Enveloped and Destroyed; their Artillery is destroyed, not captured; the {winner:?} side gains {} Command Point(s) (10.2.9, 15.3, 18.4)",
            outcome::points_for_rout_or_envelopment(winner)
        ));
        return Ok(());
    }
    r.say(format!("Union {u} to Confederate {c}: less than 3 to 1, no Envelopment (10.2.9)"));
    Ok(())
}

pub(crate) fn set_quantities(
    g: &mut Battle,
    inputs: &QuantityInputs,
    insights: &[Insight],
    lee_rating: Option<u8>,
    r: &mut Report,
) -> Step {
    before_battle(g, "Setting the Battle Plan Quantities")?;
    if !g.envelopment_checked {
        return Err(refuse("make the Envelopment Check first (10.1)"));
    }
    for (i, a) in insights.iter().enumerate() {
        if insights.iter().skip(i + 1).any(|b| b == a) {
            return Err(refuse(format!("there is one {} counter (10.2.12)", a.label())));
        }
        if g.insight_counters.iter().any(|c| c.free && c.insight == *a) {
            return Err(refuse(format!("{} came by Fog of War already", a.label())));
        }
    }
    let mut q = *inputs;
    q.insights_selected = u32::try_from(insights.len()).unwrap_or(u32::MAX);
    q.union_fog_bonus = fog_union_plans(g);
    let lee_free = g.screened.is_some()
        && q.lee_rating_if_present.is_none()
        && insights.iter().all(|i| SCREENED_APPROACH_INSIGHTS.contains(i));
    let (c, u) = if lee_free {
        // 10.2.20: these Insights need no Lee; each still costs a Battle Plan (10.2.12).
        let (c, u) = prebattle::plan_quantities(&QuantityInputs { insights_selected: 0, ..q })?;
        let c = c.checked_sub(q.insights_selected).ok_or_else(|| {
            refuse(format!("{} Insights cost more than the {c} Battle Plans (10.2.12)", q.insights_selected))
        })?;
        (c, u)
    } else {
        prebattle::plan_quantities(&q)?
    };
    let refund = g.quantity_inputs.map(|p| p.purchase.cost_and_gain().0).unwrap_or(0);
    let cost = q.purchase.cost_and_gain().0;
    let cp = g.confederate_cp + refund;
    g.confederate_cp =
        cp.checked_sub(cost).ok_or_else(|| refuse(format!("{cost} Command Points needed; you have {cp}")))?;
    g.quantity_inputs = Some(q);
    g.quantities = Some((c, u));
    g.lee_present = q.lee_rating_if_present.is_some();
    g.lee_rating = lee_rating.or(q.lee_rating_if_present.and_then(|x| u8::try_from(x).ok()));
    g.insight_counters.retain(|c| c.free);
    for i in insights {
        g.insight_counters.push(InsightCounter { insight: *i, free: false, used: false });
    }
    let lee = if g.lee_present { "Lee present" } else { "Lee absent" };
    r.say(format!("Battle Plans each turn: {c} Confederate ({lee}), {u} Union Special Battle Plans (10.2.10)"));
    if cost > 0 {
        r.say(format!("{cost} Command Points buy {} more Battle Plan(s) (10.2.11)", q.purchase.cost_and_gain().1));
    }
    if !insights.is_empty() {
        let names: Vec<&str> = insights.iter().map(|i| i.label()).collect();
        r.say(format!("Insights: {}, each one Battle Plan fewer (10.2.12)", names.join(", ")));
    }
    Ok(())
}

pub(crate) fn scout_removes_plan(g: &mut Battle, plan: SpecialPlan, r: &mut Report) -> Step {
    let early = g.phase == Phase::PreBattle || (g.turn == 1 && g.stage < Stage::UnionDraw && g.cup.is_none());
    if !early || g.phase == Phase::Ended {
        return Err(refuse("a Scout removes a Special Battle Plan at the beginning of a battle (14.0.1)"));
    }
    if g.scouts == 0 {
        return Err(refuse("no Scout to discard (14.0.1)"));
    }
    let most = [Tactics::Aggressive, Tactics::Defensive]
        .iter()
        .map(|t| pool(*t).iter().filter(|p| **p == plan).count())
        .max()
        .unwrap_or(0);
    if g.scout_removed.iter().filter(|p| **p == plan).count() >= most {
        return Err(refuse(format!("every {} counter is removed already", plan.label())));
    }
    g.scouts -= 1;
    g.scout_removed.push(plan);
    r.say(format!("A Scout removes {} from the Union's cup for this battle (14.0.1)", plan.label()));
    Ok(())
}

pub(crate) fn set_screen_forces(g: &mut Battle, cavalry: u32, infantry: u32, r: &mut Report) -> Step {
    before_battle(g, "Screen")?;
    if !g.chose_insight(Insight::Screen) || g.screen.is_some() {
        return Err(refuse("the Screen Insight sets aside one Cavalry and one Infantry Force, once (10.2.12.7)"));
    }
    let here = g.field.side(Loyalty::Confederate).count();
    if here < 3 {
        return Err(refuse("Screen needs at least 3 Confederate Forces in the Battle Location Area (10.2.12.7)"));
    }
    let cav = g.field.get(cavalry)?.clone();
    let inf = g.field.get(infantry)?.clone();
    let mine = |f: &Force, kind| f.counter.loyalty == Loyalty::Confederate && f.counter.kind == kind;
    if !mine(&cav, ForceType::Cavalry) || !mine(&inf, ForceType::Infantry) {
        return Err(refuse("Screen takes one Confederate Cavalry and one Confederate Infantry Force (10.2.12.7)"));
    }
    g.field.forces.retain(|f| f.id != cavalry && f.id != infantry);
    r.say(format!("Screen: {} and {} stay off the Battlefield Sheet (10.2.12.7)", cav.counter.name, inf.counter.name));
    g.screen = Some(ScreenForces { cavalry: cav.counter, infantry: inf.counter });
    Ok(())
}

/// The Insights Screened Approach lets the player resolve whether or not Lee is present
/// (10.2.20).
pub const SCREENED_APPROACH_INSIGHTS: [Insight; 3] = [Insight::Terrain, Insight::Front, Insight::Duration];

pub(crate) fn screened_approach(g: &mut Battle, cavalry: u32, r: &mut Report) -> Step {
    before_battle(g, "Screened Approach")?;
    if g.screened.is_some() {
        return Err(refuse("a Cavalry Force uses Screened Approach already (10.2.20)"));
    }
    if g.union_placed {
        return Err(refuse(
            "Screened Approach places the Union first: it is chosen before the Union is placed (10.2.20)",
        ));
    }
    let f = g.field.get(cavalry)?.clone();
    if f.counter.loyalty != Loyalty::Confederate || f.counter.kind != ForceType::Cavalry {
        return Err(refuse(
            "Screened Approach needs a Confederate Cavalry Force in the Battle Location Area (10.2.20)",
        ));
    }
    g.field.forces.retain(|x| x.id != cavalry);
    r.say(format!(
        "Screened Approach: {} stays on the campaign map in the Battle Location Area; the Union is placed first, then your forces (10.2.20)",
        f.counter.name
    ));
    r.say("Terrain, Front and Duration may be selected whether or not Robert E. Lee is present (10.2.20)");
    g.screened = Some(f.counter);
    Ok(())
}

pub(crate) fn place_union(g: &mut Battle, order: &[u32], r: &mut Report) -> Step {
    before_battle(g, "Placing the Union")?;
    let mut ids: Vec<u32> = g.field.side(Loyalty::Union).map(|f| f.id).collect();
    let mut given = order.to_vec();
    ids.sort_unstable();
    given.sort_unstable();
    if ids != given {
        return Err(refuse("the random order names every Union force once"));
    }
    let kinds: Vec<ForceType> =
        order.iter().map(|id| g.field.get(*id).map(|f| f.counter.kind)).collect::<Result<_, _>>()?;
    let regions = prebattle::union_setup(&kinds);
    for (id, region) in order.iter().zip(regions) {
        if let Some(f) = g.field.forces.iter_mut().find(|f| f.id == *id) {
            f.region = region;
        }
    }
    g.union_placed = true;
    let approach: Vec<String> = order
        .iter()
        .filter_map(|id| g.field.get(*id).ok())
        .filter(|f| f.region == Region::UnionApproach && f.counter.kind.is_mobile())
        .map(|f| f.counter.name.clone())
        .collect();
    r.say(format!(
        "The Union is placed at random: {} in the Union Approach, Garrisons there too, every other force in the Union Reserve (10.2.18, 10.2.19)",
        if approach.is_empty() { "no Mobile Force".to_string() } else { approach.join(", ") }
    ));
    if g.chose_insight(Insight::Terrain) {
        r.say(
            "Terrain: you may move any Union Force between the Union Approach and Reserve, with no limit (10.2.12.8)",
        );
    }
    Ok(())
}

/// What still stands between the set-up and the first Battle Turn (10.1), in order.
pub fn setup_missing(g: &Battle) -> Vec<String> {
    let mut out = Vec::new();
    let sides = [Loyalty::Confederate, Loyalty::Union];
    for s in sides {
        if g.field.side(s).next().is_none() && g.phase == Phase::PreBattle {
            out.push(format!("Enter the {s:?} counters (5.0)"));
        }
    }
    let missing: usize = g.field.forces.iter().map(|f| f.counter.missing().len()).sum();
    if missing > 0 {
        out.push(format!("{missing} counter value(s) still to enter (5.0)"));
    }
    if g.fog.row.is_none() {
        out.push("Roll for Fog of War (10.2.1)".into());
    } else if !g.fog.resolved {
        out.push("Resolve the Fog of War event (10.2.5)".into());
    }
    if let Some(f) = g.fog.awaiting {
        out.push(format!("Enter the Union {f:?} the Fog of War event adds, or say none is available (10.2.6)"));
    }
    if !g.envelopment_checked {
        out.push("Make the Envelopment Check (10.2.9)".into());
    }
    if g.quantities.is_none() {
        out.push("Set the Battle Plan Quantities and Insights (10.2.10-10.2.12)".into());
    }
    if g.chose_insight(Insight::Screen) && g.screen.is_none() {
        out.push("Set aside Screen's Cavalry and Infantry Force (10.2.12.7)".into());
    }
    let needs_rating = [Insight::Demolitions, Insight::Screen].iter().any(|i| g.chose_insight(*i));
    if needs_rating && g.lee_rating.is_none() {
        out.push("Enter Lee's Command Rating: an Insight rolls against it (5.8)".into());
    }
    let placed: Vec<(ForceType, Region)> =
        g.field.side(Loyalty::Confederate).map(|f| (f.counter.kind, f.region)).collect();
    let mut confederates = Vec::new();
    if let Err(e) = prebattle::check_confederate_setup(&placed, g.chose_insight(Insight::Front)) {
        confederates.push(format!("Place the Confederate Forces: {e} (10.2.13-10.2.16)"));
    }
    let mut union = Vec::new();
    if !g.union_placed {
        union.push("Place the Union Forces (10.2.18, 10.2.19)".to_string());
    } else {
        let placed: Vec<(ForceType, Region)> =
            g.field.side(Loyalty::Union).map(|f| (f.counter.kind, f.region)).collect();
        if let Err(e) = prebattle::check_union_setup(&placed, g.chose_insight(Insight::Terrain)) {
            union.push(format!("Place the Union Forces: {e}"));
        }
    }
    // Screened Approach reverses the order: the Union first (10.2.20).
    if g.screened.is_some() {
        out.extend(union);
        out.extend(confederates);
    } else {
        out.extend(confederates);
        out.extend(union);
    }
    out
}

pub(crate) fn start_battle(g: &mut Battle, r: &mut Report) -> Step {
    before_battle(g, "Starting the battle")?;
    let missing = setup_missing(g);
    if let Some(first) = missing.first() {
        return Err(refuse(format!("before the first Battle Turn: {first}")));
    }
    g.phase = Phase::BattleTurns;
    g.stage = Stage::Insights;
    g.turn = 1;
    // Morale and Officers activate at the first Insight step (10.2.12.5, 10.2.12.6); Front
    // and Terrain did their work at the placing (10.2.12.4, 10.2.12.8).
    g.insights.morale = g.chose_insight(Insight::Morale);
    g.insights.officers = g.chose_insight(Insight::Officers);
    for c in g.insight_counters.iter_mut() {
        if matches!(c.insight, Insight::Morale | Insight::Officers | Insight::Front | Insight::Terrain) {
            c.used = true;
        }
    }
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    r.say(format!(
        "Battle Turn 1 of {}: Union {u} to Confederate {c} (10.1)",
        g.turns.map(|t| t.to_string()).unwrap_or_default()
    ));
    if g.insights.morale {
        r.say("Morale: your Forces have +2/+0 on Shock checks this battle (10.2.12.5)");
    }
    if g.insights.officers {
        r.say("Officers: +1 to every Confederate Activation number this battle (10.2.12.6)");
    }
    Ok(())
}

#[cfg(test)]
mod tests;
