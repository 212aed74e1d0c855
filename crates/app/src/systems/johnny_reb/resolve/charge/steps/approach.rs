//! Table 16 steps 2 to 7 on screen: the charged unit's reaction, the normal move and bonus,
//! the halt, the close, defensive fire, fear of charge and the rout move within a charge.

use super::*;

// 5.5.5.b
pub(super) fn cavalry_sighting(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let sit = Situation::new(c, s, Side::Defender);
    let countercharge = RwSignal::new(false);
    let turn = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let (charge, unit, level) = (c.clone(), defender_unit(c, s), c.defender_morale);
    let entries = entries();
    let mmp = Memo::new(move |_| charge.fear_of_charge_mmp(&unit, sit.charge(), &entries.get(), &mr.get_value()));
    let may = matches!(c.setup.defender.order, Some(OrderKind::Hold) | Some(OrderKind::Move));
    let given = c.conditions;
    let go = Callback::new(move |_| {
        let (Ok(m), Some(roll)) = (mmp.get_untracked(), two(&faces.get_untracked())) else { return };
        let input = Input::CavalrySighting {
            check: MoraleCheckInput { mmp: m.value, roll },
            countercharge: countercharge.get_untracked(),
            must_turn_over_45: turn.get_untracked(),
        };
        ctx.advance_given.run((input, given.with(Side::Defender, sit.given())));
    });
    view! {
        {sit.view(true)}
        {mmp_view(mmp, level, "The defending cavalry")}
        <DiceEntry name="Defender's check die" count=Signal::derive(|| 2usize) faces=faces/>
        {may.then(|| view! {
            <Toggles legend="If it passes, it countercharges (5.5.5.b)" options=vec![(false, "No"), (true, "Yes")] value=countercharge/>
            <Toggles legend="It must turn more than 45° to face the charge" options=vec![(false, "No"), (true, "Yes: in disorder")] value=turn/>
        })}
        {resolve_button("Resolve the check", Signal::derive(move || mmp.get().is_ok() && two(&faces.get()).is_some()), go)}
    }
    .into_any()
}

pub(super) fn mmp_view(mmp: Memo<RuleResult<Mmp>>, level: MoraleLevel, who: &'static str) -> AnyView {
    let shown = move || match mmp.get() {
        Ok(m) => {
            let d = check_odds(m.value, level);
            view! {
                <OddsLine target=format!("Roll higher than {} on two dice (2 always routs, 12 always passes: 2.3.2)", m.value)
                    chances=vec![("Passes", d.chance_that(|r| r.passed())), ("Routs", d.chance_that(|r| !matches!(r.after, AfterCheck::Morale(MoraleLevel::Good | MoraleLevel::Shaken))))]/>
                <p class="mmp">{format!("{who}: {}", mmp_words(&m))}</p>
            }
            .into_any()
        }
        Err(e) => view! { <Problem error=e/> }.into_any(),
    };
    view! { {shown} }.into_any()
}

// Step 2 (5.2)
pub(super) fn reaction(ctx: Ctx, c: &Charge, s: &Sides, order: Option<OrderKind>, may_form: bool) -> AnyView {
    let moved = RwSignal::new(false);
    let now = RwSignal::new(show_inches(c.distance).trim_end_matches('"').to_string());
    let formation = RwSignal::new(Formation::Line);
    let say = match order {
        Some(OrderKind::Disengage) => {
            "Marked Disengage: it makes its disengage move now, before the charger moves (5.2.2, 6.5.8); it is disordered and charged on the rear."
        }
        Some(OrderKind::FormationChange) if may_form => {
            "Marked Form: it may change into its declared formation before the charger moves; it is charged-while-forming either way (+3, 5.2.1)."
        }
        Some(OrderKind::FormationChange) => {
            "Marked Form, but the charge begins within 3\": it receives the charge as it is, charged-while-forming (+3, 5.2.1)."
        }
        Some(OrderKind::Move) => {
            "Marked Move: it changes its order to Conditional Hold, unless the charger came into sight only after half its charge move (5.2.3)."
        }
        _ => "It stays as it is (5.2.4: guns on Hold may pivot to face the charge unless it began within 3\").",
    };
    let d = c.distance;
    let go = Callback::new(move |_| {
        let distance_now = inches(&now.get_untracked()).unwrap_or(d);
        let input = match order {
            Some(OrderKind::Disengage) => Input::ChargedUnitMoved { distance_now, new_formation: None },
            Some(OrderKind::FormationChange) if may_form && moved.get_untracked() => {
                Input::ChargedUnitMoved { distance_now: d, new_formation: Some(formation.get_untracked()) }
            }
            Some(OrderKind::Move) if moved.get_untracked() => {
                Input::ChargedUnitMoved { distance_now, new_formation: None }
            }
            _ => Input::ChargedUnitStays,
        };
        ctx.advance.run(input);
    });
    view! {
        <p>{format!("{}: {}", s.defender, words::order(order))}</p>
        {match order {
            Some(OrderKind::Disengage) => inches_field("Distance between the units after its disengage move, inches", now),
            Some(OrderKind::FormationChange) if may_form => view! {
                <Toggles legend="It forms before the charger moves (5.2.1)" options=vec![(false, "No, as it is"), (true, "Yes")] value=moved/>
                <Show when=move || moved.get()>
                    <Toggles legend="Into formation" options=FORMATIONS.to_vec() value=formation/>
                </Show>
            }.into_any(),
            Some(OrderKind::Move) => view! {
                <Toggles legend="The charger came into sight only after half its charge move (5.2.3)" options=vec![(false, "No: to CH now"), (true, "Yes: half its move first")] value=moved/>
                <Show when=move || moved.get()>{inches_field("Distance between the units after its half move, inches", now)}</Show>
            }.into_any(),
            _ => ().into_any(),
        }}
        {resolve_button("Go on to the charge move", Signal::derive(|| true), go)}
        {why("5.2", view! { <p class="muted">{say}</p> }.into_any())}
    }
    .into_any()
}

/// Inches as the field shows them: 5, 2.5, 2.25.
pub(super) fn field_text(r: Ratio) -> String {
    let (n, d) = (r.numer(), r.denom().max(1));
    match d {
        1 => n.to_string(),
        2 | 4 => {
            let hundredths = n * (100 / d);
            let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
            text.trim_end_matches('0').to_string()
        }
        _ => format!("{n}/{d}"),
    }
}

// Step 3a (5.3.1)
pub(super) fn normal_move(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    let settings = StoredValue::new(use_store().session.with_untracked(|st| st.game().setup.rules.clone()));
    let move_in = RwSignal::new(String::new());
    let greater = RwSignal::new(false);
    let terrain = RwSignal::new(c.charge_terrain.unwrap_or(Terrain::Open));
    let faces = RwSignal::new(Vec::<u8>::new());
    let (bmp, officer, arm) = (c.setup.charger.bmp, c.setup.charger.officer_benefit > 0, c.setup.charger.arm);
    let formation = c.setup.charger.formation;
    let must_beat = johnny_reb::rules::charge::distance::disorder_roll_target(bmp, officer, arm);
    let disorder = chance_of_disorder(bmp, officer, arm);
    let already = c.disordered_from_start;
    let entries = entries();
    // The game knows the charging regiment: its Table 3 distance for its formation and the
    // ground chosen (5.3.1, 6.3.1). A quick look-up asks for it.
    let known = s.charger_id.is_some();
    let table = Memo::new(move |_| {
        known.then(|| {
            settings.with_value(|st| normal_move_rate(arm, formation, terrain.get(), &entries.get(), &st.movement))
        })
    });
    let has_greater = Memo::new(move |_| match table.get() {
        Some(Ok((_, r))) => matches!(r.value, Rate::Two { .. }),
        _ => true,
    });
    // The field follows Table 3 as the ground and the distance taken change; the players may
    // type another distance over it.
    Effect::new(move |_| {
        if let Some(Ok((_, r))) = table.get() {
            let card = if greater.get() { r.value.maximum() } else { r.value.first() };
            if let Some(card) = card {
                move_in.set(field_text(settings.with_value(|st| st.table_inches(card))));
            }
        }
    });
    let ready = Signal::derive(move || {
        inches(&move_in.get()).is_some()
            && (!greater.get() || !has_greater.get() || already || one(&faces.get()).is_some())
    });
    let go = Callback::new(move |_| {
        let Some(inches) = inches(&move_in.get_untracked()) else { return };
        let g = greater.get_untracked() && has_greater.get_untracked();
        ctx.advance.run(Input::NormalMove {
            inches,
            greater_distance: g,
            disorder_roll: if g { one(&faces.get_untracked()) } else { None },
            terrain: terrain.get_untracked(),
            woods: None,
        });
    });
    let card = move || match table.get() {
        Some(Ok((cell, r))) => {
            let words = match r.value {
                Rate::Two { without_disorder, with_disorder_roll } => format!(
                    "{} without disorder, {} with the disorder roll",
                    show_inches(without_disorder),
                    show_inches(with_disorder_roll)
                ),
                other => other.first().map(show_inches).unwrap_or_default(),
            };
            let source = r.source.to_string();
            view! { <p class="mmp">{format!("{cell}: {words} ({source}).")}</p> }.into_any()
        }
        Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
        None => ().into_any(),
    };
    let formation_words = format!(
        "{}: its move for its formation ({}) and the worst ground of its path, from Table 3 (5.3.1, 6.3.1); \
         the greater distance needs a disorder roll (6.2).",
        s.charger,
        formation.label()
    );
    let ground =
        move || TERRAINS.iter().find(|(t, _)| *t == terrain.get()).map(|(_, w)| w.to_lowercase()).unwrap_or_default();
    view! {
        <details class="more conditions">
            <summary class="button">{move || format!("Worst ground of the path: {} (change if not so, 6.3.1)", ground())}</summary>
            <Toggles legend="Worst terrain on the charge path (6.3.1)" options=TERRAINS.to_vec() value=terrain/>
        </details>
        {card}
        {inches_field("Normal move, inches (Table 3)", move_in)}
        {(!already).then(|| view! {
            <Show when=move || has_greater.get()>
                <Toggles legend="Greater distance (6.2)" options=vec![(false, "No"), (true, "Yes: disorder roll")] value=greater/>
            </Show>
            <Show when=move || greater.get() && has_greater.get()>
                <OddsLine target=format!("Disorder roll: one die, higher than {must_beat} or a yellow pipe cleaner at the end of the normal move (5.3.1, 6.2)") chances=vec![("Disordered", disorder)]/>
                <DiceEntry name="Disorder die" count=Signal::derive(|| 1usize) faces=faces/>
            </Show>
        })}
        {already.then(|| view! { <p class="muted">"It charges in disorder from the start: no disorder roll."</p> })}
        {resolve_button("Mark the normal move", ready, go)}
        {why("5.3.1", view! { <p class="muted">{formation_words}</p> }.into_any())}
    }
    .into_any()
}

// Step 3b (5.3.2, Table 4)
pub(super) fn bonus(ctx: Ctx, c: &Charge) -> AnyView {
    let take = RwSignal::new(true);
    // The ground given for the normal move is where the bonus starts from (5.3.2.c).
    let terrain = RwSignal::new(c.charge_terrain.filter(|t| bonus_dice_count(*t).is_ok()).unwrap_or(Terrain::Open));
    let worse = RwSignal::new(None::<Terrain>);
    let after = RwSignal::new(String::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let path = move || BonusPath {
        terrain: terrain.get(),
        enters: worse.get().and_then(|t| inches(&after.get()).map(|a| TerrainChange { after: a, terrain: t })),
    };
    let count = Signal::derive(move || bonus_dice_count(terrain.get()).unwrap_or(0));
    let charge = StoredValue::new(c.clone());
    let reach = move || charge.with_value(|c| c.chance_to_reach_impact(path()));
    let ready = Signal::derive(move || !take.get() || several(&faces.get(), count.get()).is_some());
    let go = Callback::new(move |_| {
        if !take.get_untracked() {
            ctx.advance.run(Input::NoBonus);
            return;
        }
        let Some(dice) = several(&faces.get_untracked(), count.get_untracked()) else { return };
        ctx.advance.run(Input::Bonus { path: path(), dice });
    });
    let said = StoredValue::new(format!(
        "the target is {} away, the normal move {}",
        show_inches(c.distance),
        c.normal_move.map(show_inches).unwrap_or_default()
    ));
    view! {
        <Toggles legend="Bonus move (5.3.2)" options=vec![(true, "Declare the bonus"), (false, "No bonus")] value=take/>
        <Show when=move || take.get()>
            {move || odds_or_problem(reach().map(|ch| Odds {
                target: format!("{} dice (Table 4); {}", count.get(), said.get_value()),
                chances: vec![("Reaches the target (impact)", ch)],
            }))}
            <DiceEntry name="Bonus die" count=count faces=faces/>
        </Show>
        {resolve_button("Mark the charge", ready, go)}
        <Show when=move || take.get()>
            <details class="more conditions">
                <summary class="button">{move || format!("Bonus in {} (change if not so, 5.3.2.c)", TERRAINS.iter().find(|(t, _)| *t == terrain.get()).map(|(_, w)| w.to_lowercase()).unwrap_or_default())}</summary>
                <Toggles legend="Terrain of the bonus portion (5.3.2.c)" options=TERRAINS.to_vec() value=terrain/>
                <Toggles legend="The bonus runs into worse terrain (5.3.2.c)" options=vec![(None, "No"), (Some(Terrain::Broken), "Broken"), (Some(Terrain::Rough), "Rough")] value=worse/>
                <Show when=move || worse.get().is_some()>{inches_field("After how many inches of the roll", after)}</Show>
            </details>
        </Show>
    }
    .into_any()
}

// Step 3c (5.3.3)
pub(super) fn halt(ctx: Ctx, c: &Charge, must_beat: i32) -> AnyView {
    let faces = RwSignal::new(Vec::<u8>::new());
    let chance = chance_to_halt(c.setup.charger.bmp, c.setup.charger.officer_benefit);
    let point = c.setup.halting_point.map(show_inches).unwrap_or_default();
    let go = Callback::new(move |_| {
        if let Some(d) = one(&faces.get_untracked()) {
            ctx.advance.run(Input::HaltRoll(d));
        }
    });
    view! {
        <OddsLine target=format!("Halt at the announced point, {point}: one die higher than {must_beat} (BMP less the officer's benefit, 5.3.3)") chances=vec![("Halts there", chance)]/>
        <DiceEntry name="Halt die" count=Signal::derive(|| 1usize) faces=faces/>
        {resolve_button("Resolve the attempt to halt", Signal::derive(move || one(&faces.get()).is_some()), go)}
    }
    .into_any()
}

// Step 4 (5.3.4, 5.3.5)
pub(super) fn close(ctx: Ctx, c: &Charge, may_countercharge: bool) -> AnyView {
    let counter = RwSignal::new(false);
    let moved = RwSignal::new(String::new());
    let normal = RwSignal::new(String::new());
    let terrain = RwSignal::new(Terrain::Open);
    let outside = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let against = c.setup.defender.order == Some(OrderKind::Charge);
    let count = Signal::derive(move || bonus_dice_count(terrain.get()).unwrap_or(0));
    let ready = Signal::derive(move || {
        !counter.get()
            || (inches(&moved.get()).is_some()
                && inches(&normal.get()).is_some()
                && several(&faces.get(), count.get()).is_some())
    });
    let go = Callback::new(move |_| {
        if !counter.get_untracked() {
            ctx.advance.run(Input::Close);
            return;
        }
        let (Some(m), Some(n), Some(dice)) = (
            inches(&moved.get_untracked()),
            inches(&normal.get_untracked()),
            several(&faces.get_untracked(), count.get_untracked()),
        ) else {
            return;
        };
        ctx.advance.run(Input::Countercharge(CounterchargeInput {
            charger_moved: m,
            normal_move: n,
            bonus: Some((BonusPath::all_in(terrain.get_untracked()), dice)),
            from_outside_charger_primary_zone: outside.get_untracked(),
            charge_against_charge: against,
        }));
    });
    let total = c.marks.as_ref().map(|m| show_inches(m.total)).unwrap_or_default();
    view! {
        <p>{format!("The charging unit moves up to 3\" from the defender and halts there for defensive fire; its total charge distance is {total} (5.3.4).")}</p>
        {may_countercharge.then(|| view! {
            <Toggles legend=if against { "The charged unit charges the charger too (5.5.1)" } else { "The defender on Hold countercharges (5.3.5)" } options=vec![(false, "No"), (true, "Yes")] value=counter/>
            <Show when=move || counter.get()>
                {inches_field("How far the charger had come when it was declared, inches", moved)}
                {inches_field("The countercharging unit's normal move, inches (in disorder, 5.3.5.b)", normal)}
                <Toggles legend="Terrain of its bonus" options=TERRAINS.to_vec() value=terrain/>
                <Toggles legend="From outside the charger's primary zone (5.3.5.c)" options=vec![(false, "No"), (true, "Yes: the charger turns, in disorder")] value=outside/>
                <DiceEntry name="Countercharge bonus die" count=count faces=faces/>
            </Show>
        })}
        {resolve_button("Resolve step 4", ready, go)}
    }
    .into_any()
}

// Steps 5-6 and 8-9 (5.4, 5.6)
pub(super) fn defensive_fire(ctx: Ctx, c: &Charge, s: &Sides, step: u8) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let kills = RwSignal::new(0u32);
    let twelve = RwSignal::new(false);
    // Fired on as at the first defensive fire, if it was (4.4.3.a).
    let aspect = RwSignal::new(c.conditions.fired_on.unwrap_or(Aspect::Front));
    let given = c.conditions;
    let first = RwSignal::new(false);
    let stands_now = RwSignal::new(0u32);
    let stands_before = RwSignal::new(0u32);
    let reg = s.charger_reg.clone();
    let known = reg.is_some();
    let earlier = lost(c, Side::Charger);
    let (arm, level, benefit) = (c.setup.charger.arm, c.charger_morale, c.setup.charger.officer_benefit);
    let reg2 = reg.clone();
    let reasons = Memo::new(move |_| -> RuleResult<Vec<CheckReason>> {
        let k = kills.get();
        let mut e = match &reg2 {
            Some(r) => kill_effects(r, earlier, k),
            None => FireEffects {
                figures_lost: k,
                first_kill: first.get() && k > 0,
                stands_lost: stands_now.get(),
                ..Default::default()
            },
        };
        e.unexpected_devastation = u32::from(twelve.get());
        checks_due(&TriggeredUnit::new(arm, level), &e, &mr.get_value())
    });
    let charge = c.clone();
    let entries = entries();
    let compute: Compute = Callback::new(move |(reasons, dice): (Vec<CheckReason>, Vec<TwoDice>)| {
        let general = MoraleSituation {
            stands_lost: match &reg {
                Some(r) => stands_lost_after(r, earlier),
                None => stands_before.get_untracked(),
            },
            officer_benefit: benefit,
            fired_on: aspect.get_untracked(),
            ..Default::default()
        };
        charge.charger_fire_checks(
            &charger_unit(&charge),
            general,
            &reasons,
            &dice,
            &entries.get_untracked(),
            &mr.get_value(),
        )
    });
    let checks = Checks { stop_at_failure: true, ..Checks::new(reasons, compute, level) };
    let go = Callback::new(move |_| {
        let Some(Ok(list)) = checks.inputs() else { return };
        let input = Input::DefensiveFire(FireEffect { kills: kills.get_untracked(), checks: list });
        if kills.get_untracked() > 0 {
            ctx.advance_given.run((input, Conditions { fired_on: Some(aspect.get_untracked()), ..given }));
        } else {
            ctx.advance.run(input);
        }
    });
    let who = if step == 5 {
        "Units on Hold, charged or not, that have not fired this turn may fire now (5.4.1); declare any range over 3\" (5.4.2)."
    } else {
        "Units on Hold that have not fired, and charged units on CH or FM, may fire now, always at close range (5.6)."
    };
    view! {
        <Stepper label="Casualties on the charging unit" value=kills max=60/>
        <Show when=move || { kills.get() > 0 }>
            <details class="more conditions">
                <summary class="button">{move || format!(
                    "Fired on its {}, {} (change if not so, 4.4.1.f, 4.4.3.a)",
                    ASPECTS.iter().find(|(a, _)| *a == aspect.get()).map(|(_, w)| w.to_lowercase()).unwrap_or_default(),
                    if twelve.get() { "a 12 rolled" } else { "no 12 rolled" }
                )}</summary>
                <Toggles legend="A firer rolled 12 on Table 10 (4.4.1.f)" options=vec![(false, "No"), (true, "Yes")] value=twelve/>
                <Toggles legend="Fired on (4.4.3.a)" options=ASPECTS.to_vec() value=aspect/>
            </details>
            {(!known).then(|| view! {
                <Toggles legend="Its first kill of the game (4.4.1.a)" options=vec![(false, "No"), (true, "Yes")] value=first/>
                <Stepper label="Stands it loses to this fire" value=stands_now max=6/>
                <Stepper label="Stands it had lost before" value=stands_before max=6/>
            })}
        </Show>
        {checks.view("The charging unit")}
        {resolve_button(if step == 5 { "Resolve steps 5 and 6" } else { "Resolve steps 8 and 9" }, Signal::derive(move || matches!(checks.inputs(), Some(Ok(_)))), go)}
        {why(if step == 5 { "5.4" } else { "5.6" }, view! {
            <p class="muted">{who}</p>
            <p class="muted">"Enter the casualties after Table 11 (charging units never get cover saves, 5.4.2), or work the fire out first with the small arms fire resolver as a quick look-up, then enter its casualties here (applying it there as well would count them twice)."</p>
            <p><a class="button" href="/resolve/fire">"Open the small arms fire resolver"</a></p>
        }.into_any())}
    }
    .into_any()
}

// Step 7 (5.5)
pub(super) fn fear_of_charge(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let queue = use_queue();
    let store = use_store();
    let sit = Situation::new(c, s, Side::Defender);
    let faces = RwSignal::new(Vec::<u8>::new());
    let (charge, unit, level) = (c.clone(), defender_unit(c, s), c.defender_morale);
    let entries = entries();
    let mmp = Memo::new(move |_| charge.fear_of_charge_mmp(&unit, sit.charge(), &entries.get(), &mr.get_value()));
    let others = RwSignal::new(Vec::<String>::new());
    let pick = RwSignal::new(None::<String>);
    let given = c.conditions;
    Effect::new(move |_| {
        if let Some(id) = pick.get() {
            others.update(|o| {
                if !o.contains(&id) {
                    o.push(id.clone());
                }
            });
        }
    });
    let go = Callback::new(move |_| {
        let (Ok(m), Some(roll)) = (mmp.get_untracked(), two(&faces.get_untracked())) else { return };
        // 5.5.1: the others within 3" check too; queued, each opening the morale check.
        let due: Vec<Due> = others
            .get_untracked()
            .into_iter()
            .map(|unit| {
                let name =
                    store.session.with_untracked(|st| johnny_reb::state::tracker::unit_name(&st.game().roster, &unit));
                Due { unit: unit.into(), name, reason: CheckReason::FearOfCharge }
            })
            .collect();
        queue.push(due);
        let input = Input::FearOfCharge(MoraleCheckInput { mmp: m.value, roll });
        ctx.advance_given.run((input, given.with(Side::Defender, sit.given())));
    });
    let attacker = c.charger_for_fear_of_charge();
    let shock = format!(
        "The charging unit's shock: {} in {} (Table 18, attacker's formation).",
        arm_word(attacker.arm),
        attacker.formation.label()
    );
    let others_words = move || {
        let names: Vec<String> = others
            .get()
            .iter()
            .map(|u| store.session.with(|st| johnny_reb::state::tracker::unit_name(&st.game().roster, u)))
            .collect();
        if names.is_empty() {
            "none added".to_string()
        } else {
            format!("queued when this step is resolved: {}", names.join(", "))
        }
    };
    view! {
        {sit.view(true)}
        {mmp_view(mmp, level, "The charged unit")}
        <DiceEntry name="Defender's check die" count=Signal::derive(|| 2usize) faces=faces/>
        <details class="more conditions">
            <summary class="button">{move || format!("Other units within 3\" check too (5.5.1): {}", others_words())}</summary>
            <div role="group" aria-label="Other units within 3 inches of the charge">
                <UnitPicker pick=Pick::Units chosen=pick label="Add a unit within 3\""/>
            </div>
        </details>
        {resolve_button("Resolve the fear-of-charge check", Signal::derive(move || mmp.get().is_ok() && two(&faces.get()).is_some()), go)}
        {why("5.5", view! { <p class="muted">{shock}</p> }.into_any())}
    }
    .into_any()
}

pub(super) fn arm_word(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "infantry",
        Arm::Cavalry { mounted: true } => "mounted cavalry",
        Arm::Cavalry { mounted: false } => "dismounted cavalry",
        Arm::MountedInfantry { .. } => "mounted infantry",
        Arm::Artillery => "artillery",
    }
}

// 2.1.2 within the charge (5.5.4, 5.7.3.b)
pub(super) fn rout_move(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    let terrain = RwSignal::new(Terrain::Open);
    let faces = RwSignal::new(Vec::<u8>::new());
    let count = Signal::derive(move || forced_rout_dice(terrain.get()).unwrap_or(0));
    let total = c.marks.as_ref().map(|m| m.total).unwrap_or(Ratio::ZERO);
    let distance = c.distance;
    let caught_if = {
        let t = johnny_reb::rules::charge::inches_sub(total, distance);
        t.numer() / t.denom().max(1)
    };
    let chance = move || Distribution::of_dice_total(count.get(), |t| t <= caught_if).chance_of(&true);
    let go = Callback::new(move |_| {
        if let Some(dice) = several(&faces.get_untracked(), count.get_untracked()) {
            ctx.advance.run(Input::RoutMove { terrain: terrain.get_untracked(), dice });
        }
    });
    let marked = c.marks.is_some();
    view! {
        <p>{format!("{} routs and makes its forced rout move at once, in disorder, directly away (2.1.2).", s.defender)}</p>
        <Toggles legend="Terrain of its path of retreat (2.1.2)" options=TERRAINS.to_vec() value=terrain/>
        {move || marked.then(|| view! { <OddsLine target=format!("Caught by the charge, and surrenders, if it runs {caught_if}\" or less (5.5.4)") chances=vec![("Caught", chance())]/> })}
        <DiceEntry name="Rout die" count=count faces=faces/>
        {resolve_button("Resolve the rout move", Signal::derive(move || several(&faces.get(), count.get()).is_some()), go)}
    }
    .into_any()
}
