//! Table 16 steps 10 to 12 on screen: the impact (against foot, guns, an unequal impact), the
//! loser's die and the retire move, the melee rounds, and cavalry against cavalry (5.5.5.b.2).

use super::*;

// Step 10a (5.7.1.a)
pub(super) fn impact(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let def = Situation::new(c, s, Side::Defender);
    let att = Situation::new(c, s, Side::Charger);
    let given = c.conditions;
    let cf = RwSignal::new(Vec::<u8>::new());
    let df = RwSignal::new(Vec::<u8>::new());
    let entries = entries();
    let (c1, c2) = (c.clone(), c.clone());
    let (du, cu) = (defender_unit(c, s), charger_unit(c));
    let charger_mmp = Memo::new(move |_| c1.charger_impact_mmp(&cu, att.charge(), &entries.get(), &mr.get_value()));
    let defender_mmp = Memo::new(move |_| c2.defender_impact_mmp(&du, def.charge(), &entries.get(), &mr.get_value()));
    let go = Callback::new(move |_| {
        let (Ok(a), Ok(d), Some(ar), Some(dr)) = (
            charger_mmp.get_untracked(),
            defender_mmp.get_untracked(),
            two(&cf.get_untracked()),
            two(&df.get_untracked()),
        ) else {
            return;
        };
        let input = Input::Impact { charger_mmp: a.value, charger_roll: ar, defender_mmp: d.value, defender_roll: dr };
        ctx.advance_given.run((input, given.with(Side::Charger, att.given()).with(Side::Defender, def.given())));
    });
    let charge = c.clone();
    view! {
        {att.view(false)}
        {def.view(true)}
        {move || match (charger_mmp.get(), defender_mmp.get()) {
            (Ok(a), Ok(d)) => {
                let odds = charge.impact_odds(a.value, d.value);
                view! {
                    <OddsLine target=format!("Lowest total wins: two dice + {} against two dice + {}", a.value, d.value) chances=vec![
                        ("Charger wins", odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Won(Side::Charger))),
                        ("Tie: melee", odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Tie)),
                        ("Defender wins", odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Won(Side::Defender))),
                    ]/>
                }.into_any()
            }
            (Err(e), _) | (_, Err(e)) => view! { <Problem error=e/> }.into_any(),
        }}
        <DiceEntry name="Charger's impact die" count=Signal::derive(|| 2usize) faces=cf/>
        <DiceEntry name="Defender's impact die" count=Signal::derive(|| 2usize) faces=df/>
        {resolve_button("Resolve the impact", Signal::derive(move || charger_mmp.get().is_ok() && defender_mmp.get().is_ok() && two(&cf.get()).is_some() && two(&df.get()).is_some()), go)}
        {why("5.7.1.a", view! {
            <p class="muted">"Each side's Table 17 BMP with the Table 18 impact modifiers that apply to it; each rolls two dice and adds its MMP; the lowest total wins, a tie is a melee (5.7.1.a)."</p>
            {move || charger_mmp.get().ok().map(|a| view! { <p class="mmp">{format!("Charging unit: {}", mmp_words(&a))}</p> })}
            {move || defender_mmp.get().ok().map(|d| view! { <p class="mmp">{format!("Charged unit: {}", mmp_words(&d))}</p> })}
        }.into_any())}
        {unequal_view(ctx, c)}
    }
    .into_any()
}

/// 5.7.2: more units on one side than the other in contact.
pub(super) fn unequal_view(ctx: Ctx, c: &Charge) -> AnyView {
    if c.series.is_some() {
        let s = c
            .series
            .map(|s| {
                format!("Unequal impact: {} enemy unit(s) still in contact with the lone unit (5.7.2).", s.contacts)
            })
            .unwrap_or_default();
        return view! { <p class="muted">{s}</p> }.into_any();
    }
    let lone = RwSignal::new(Side::Defender);
    let contacts = RwSignal::new(2u32);
    view! {
        <details class="more">
            <summary class="button">"More units in contact on one side (5.7.2)"</summary>
            <Toggles legend="The lone unit" options=vec![(Side::Defender, "The charged unit"), (Side::Charger, "The charging unit")] value=lone/>
            <Stepper label="Enemy units in contact with it" value=contacts max=6/>
            <p class="muted">"The side with more units chooses the order of the one-on-one impacts; each is resolved here in turn."</p>
            <div class="row">
                <button class="button" disabled=move || contacts.get() < 2 on:click=move |_| ctx.unequal.run((lone.get_untracked(), contacts.get_untracked()))>"Declare the unequal impact"</button>
            </div>
        </details>
    }
    .into_any()
}

// Step 10b (5.7, 5.7.1.b)
pub(super) fn artillery_impact(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    let flee = RwSignal::new(false);
    let cf = RwSignal::new(Vec::<u8>::new());
    let af = RwSignal::new(Vec::<u8>::new());
    let wave =
        johnny_reb::rules::charge::impact::wave_assault_benefit(c.setup.waves.in_good_order, c.setup.waves.in_disorder);
    let charger_adds = i32::try_from(c.defender_figures).unwrap_or(0) + wave;
    let guns_add = i32::try_from(c.charger_figures).unwrap_or(0);
    let odds = johnny_reb::rules::charge::impact::impact_odds(charger_adds, guns_add);
    let (win, tie) = (
        odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Won(Side::Charger)),
        odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Tie),
    );
    let target = StoredValue::new(format!(
        "Each side rolls two dice and adds the enemy's figures: {} adds {charger_adds}, {} adds {guns_add}; lowest wins, a tie is a melee (5.7.1.b)",
        s.charger, s.defender
    ));
    let go = Callback::new(move |_| {
        if flee.get_untracked() {
            ctx.advance.run(Input::CrewFlees);
            return;
        }
        if let (Some(a), Some(b)) = (two(&cf.get_untracked()), two(&af.get_untracked())) {
            ctx.advance.run(Input::ArtilleryImpact { charger_roll: a, artillery_roll: b });
        }
    });
    view! {
        <Toggles legend="The crew flees as skirmishers to the nearest infantry (5.7)" options=vec![(false, "No, it fights for its guns"), (true, "Yes")] value=flee/>
        <Show when=move || !flee.get()>
            <OddsLine target=target.get_value() chances=vec![("Charger wins", win), ("Tie: melee", tie)]/>
            <DiceEntry name="Charger's impact die" count=Signal::derive(|| 2usize) faces=cf/>
            <DiceEntry name="Artillery's impact die" count=Signal::derive(|| 2usize) faces=af/>
        </Show>
        {unequal_view(ctx, c)}
        {resolve_button("Resolve the impact", Signal::derive(move || flee.get() || (two(&cf.get()).is_some() && two(&af.get()).is_some())), go)}
    }
    .into_any()
}

// Step 11 (5.7.3.b)
pub(super) fn loss_die(ctx: Ctx, s: &Sides, must_beat: i32) -> AnyView {
    let faces = RwSignal::new(Vec::<u8>::new());
    let holds = Distribution::of_die(|d| i32::from(d.face()) > must_beat).chance_of(&true);
    let go = Callback::new(move |_| {
        if let Some(d) = one(&faces.get_untracked()) {
            ctx.advance.run(Input::LossDie(d));
        }
    });
    view! {
        <OddsLine target=format!("{} lost the impact: one die higher than {must_beat} (Table 17 BMP, officer only) or it routs (5.7.3.b)", s.defender) chances=vec![("Only shaken", holds), ("Routs", holds.complement())]/>
        <DiceEntry name="Loss die" count=Signal::derive(|| 1usize) faces=faces/>
        {resolve_button("Resolve the loser's die", Signal::derive(move || one(&faces.get()).is_some()), go)}
    }
    .into_any()
}

// Step 11 (5.7.3, 5.7.4)
pub(super) fn retire(ctx: Ctx, c: &Charge, s: &Sides, side: Side) -> AnyView {
    let faces = RwSignal::new(Vec::<u8>::new());
    let (who, what) = match side {
        Side::Charger => (
            s.charger.clone(),
            "falls back two dice in inches away from the winner, shaken and in disorder, still facing it (5.7.3.a)",
        ),
        Side::Defender => (
            s.defender.clone(),
            "retires two dice in inches away from the winner, shaken and in disorder, still facing it (5.7.3.b)",
        ),
    };
    let total = c.marks.as_ref().map(|m| m.total).unwrap_or(Ratio::ZERO);
    let left = johnny_reb::rules::charge::inches_sub(total, c.distance);
    let left_whole = left.numer() / left.denom().max(1);
    let contact = Distribution::of_dice_total(2, |t| t <= left_whole).chance_of(&true);
    let go = Callback::new(move |_| {
        if let Some(d) = two(&faces.get_untracked()) {
            ctx.advance.run(Input::Retire(d));
        }
    });
    view! {
        <p>{format!("{who} {what}.")}</p>
        {(side == Side::Defender).then(|| view! {
            <OddsLine target=format!("The winner completes its charge, {} beyond the contact point: contact again, and melee, if the loser goes no farther (5.7.4)", show_inches(left)) chances=vec![("Melee", contact)]/>
        })}
        <DiceEntry name="Retire die" count=Signal::derive(|| 2usize) faces=faces/>
        {resolve_button("Resolve the move", Signal::derive(move || two(&faces.get()).is_some()), go)}
    }
    .into_any()
}

/// One side of a melee round: figures within 2", its officer, its dice and its kills.
#[derive(Clone, Copy)]
struct Fighter {
    side: Side,
    within: RwSignal<u32>,
    officer: RwSignal<bool>,
    faces: RwSignal<Vec<u8>>,
    hit: RwSignal<Vec<u8>>,
    effect: RwSignal<Vec<u8>>,
}

impl Fighter {
    fn new(c: &Charge, side: Side) -> Fighter {
        let all = if side == Side::Charger { c.charger_figures } else { c.defender_figures };
        Fighter {
            side,
            within: RwSignal::new(all),
            officer: RwSignal::new(false),
            faces: RwSignal::new(Vec::new()),
            hit: RwSignal::new(Vec::new()),
            effect: RwSignal::new(Vec::new()),
        }
    }

    fn shift(&self, benefit: u8) -> u8 {
        if self.officer.get() { benefit.min(3) } else { 0 }
    }

    /// Its officer's casualty (5.8.2, Table 20 "Under 2\"": hit on 5 or 6): `None` for no roll
    /// or not hit yet known; `Some(None)` not hit; `Some(Some(e))` hit.
    fn officer_roll(&self) -> Option<Option<OfficerRoll>> {
        if !self.officer.get() {
            return Some(None);
        }
        let hit = one(&self.hit.get())?;
        let effect = one(&self.effect.get());
        if hit.face() >= 5 && effect.is_none() {
            return None;
        }
        Some(Some(OfficerRoll { side: self.side, hit, effect }))
    }

    fn officer_hit(&self) -> Option<CasualtyEffect> {
        let roll = self.officer_roll()??;
        if roll.hit.face() >= 5 { roll.effect.map(johnny_reb::rules::officers::casualty_effect) } else { None }
    }
}

/// One side's kills in a melee round: the kills, whether it rolled 12 (4.4.1.f), and how.
type Kills = Option<RuleResult<(u32, bool, String)>>;

// Step 12 (5.8)
pub(super) fn melee(ctx: Ctx, c: &Charge, s: &Sides, round: u32, fights_back: bool) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let a = Fighter::new(c, Side::Charger);
    let d = Fighter::new(c, Side::Defender);
    let entries = entries();
    let ab = s.charger_officer.as_ref().map(|o| o.1).unwrap_or(c.setup.charger.officer_benefit);
    let db = s.defender_officer.as_ref().map(|o| o.1).unwrap_or(c.setup.defender.officer_benefit);
    let charge = StoredValue::new(c.clone());
    let kills = move |f: Fighter, benefit: u8| -> Kills {
        let roll = two(&f.faces.get())?;
        let k = charge.with_value(|c| c.melee_kills(f.side, f.within.get(), f.shift(benefit), roll, &entries.get()));
        Some(k.map(|k| {
            let said = k.happened.iter().map(|h| format!("{} ({})", h.text, h.rule)).collect::<Vec<_>>().join(" ");
            (k.kills, k.table10.unexpected_devastation, said)
        }))
    };
    let odds = move |f: Fighter, benefit: u8| {
        charge.with_value(|c| c.melee_kills_odds(f.side, f.within.get(), f.shift(benefit), &entries.get()))
    };
    let a_kills = Memo::new(move |_| kills(a, ab));
    let d_kills = Memo::new(move |_| if fights_back { kills(d, db) } else { Some(Ok((0, false, String::new()))) });
    let kill_count = |k: Kills| k.and_then(|r| r.ok()).map(|k| k.0);
    let twelve = |k: Kills| k.and_then(|r| r.ok()).is_some_and(|k| k.1);
    // The checks each side takes for the round (5.8.2, 4.4.1), its officer's hit included.
    let side_checks = move |victim: Fighter, kills_on_it: Memo<Kills>, reg: Option<Regiment>| {
        let side = victim.side;
        let c = charge.get_value();
        let (arm, level) = match side {
            Side::Charger => (c.setup.charger.arm, c.charger_morale),
            Side::Defender => (c.setup.defender.arm, c.defender_morale),
        };
        let earlier = lost(&c, side);
        let reg2 = reg.clone();
        let reasons = Memo::new(move |_| -> RuleResult<Vec<CheckReason>> {
            let Some(k) = kill_count(kills_on_it.get()) else { return Ok(Vec::new()) };
            let mut e = match &reg2 {
                Some(r) => kill_effects(r, earlier, k),
                None => FireEffects { figures_lost: k, ..Default::default() },
            };
            e.unexpected_devastation = u32::from(twelve(kills_on_it.get()));
            melee_check_reasons(&TriggeredUnit::new(arm, level), &e, victim.officer_hit(), &mr.get_value())
        });
        let unit = if side == Side::Charger {
            charger_unit(&c)
        } else {
            MoraleUnit::regiment(c.setup.defender.arm, c.setup.defender.quality)
        };
        let benefit =
            if side == Side::Charger { c.setup.charger.officer_benefit } else { c.setup.defender.officer_benefit };
        let compute: Compute = Callback::new(move |(reasons, dice): (Vec<CheckReason>, Vec<TwoDice>)| {
            let general = MoraleSituation {
                stands_lost: reg.as_ref().map(|r| stands_lost_after(r, earlier)).unwrap_or(0),
                officer_benefit: benefit,
                ..Default::default()
            };
            charge.with_value(|c| {
                c.melee_checks(
                    side,
                    &unit,
                    general,
                    &reasons,
                    &dice,
                    &cr.get_value(),
                    &entries.get_untracked(),
                    &mr.get_value(),
                )
            })
        });
        Checks {
            known: Signal::derive(move || kill_count(kills_on_it.get()).is_some()),
            ..Checks::new(reasons, compute, level)
        }
    };
    let a_checks = side_checks(a, d_kills, s.charger_reg.clone());
    let d_checks = side_checks(d, a_kills, s.defender_reg.clone());
    let ready = Signal::derive(move || {
        kill_count(a_kills.get()).is_some()
            && kill_count(d_kills.get()).is_some()
            && a.officer_roll().is_some()
            && d.officer_roll().is_some()
            && matches!(a_checks.inputs(), Some(Ok(_)))
            && matches!(d_checks.inputs(), Some(Ok(_)))
    });
    let go = Callback::new(move |_| {
        let (Some(ak), Some(dk), Some(Ok(ac)), Some(Ok(dc)), Some(ao), Some(dof)) = (
            kill_count(a_kills.get_untracked()),
            kill_count(d_kills.get_untracked()),
            a_checks.inputs(),
            d_checks.inputs(),
            a.officer_roll(),
            d.officer_roll(),
        ) else {
            return;
        };
        ctx.advance.run(Input::MeleeRound {
            charger_kills: ak,
            defender_kills: dk,
            charger_checks: ac,
            defender_checks: dc,
            officer_rolls: ao.into_iter().chain(dof).collect(),
        });
    });
    let fighter_view = move |f: Fighter, name: String, benefit: u8, has_officer: bool, k: Memo<Kills>| {
        let (within, dice, officer, hit, effect) = if f.side == Side::Charger {
            (
                "Charging unit's figures within 2\" of the contact (5.8.2)",
                "Charger's melee die",
                "Charging unit's officer fights in the melee (Table 19)",
                "Charger's officer hit die",
                "Charger's officer effect die",
            )
        } else {
            (
                "Charged unit's figures within 2\" of the contact (5.8.2)",
                "Defender's melee die",
                "Charged unit's officer fights in the melee (Table 19)",
                "Defender's officer hit die",
                "Defender's officer effect die",
            )
        };
        let with_officer = has_officer && benefit > 0;
        let fields = view! {
            {(round == 1).then(|| count_field(within, f.within))}
            {with_officer.then(|| view! {
                <Toggles legend=officer options=vec![(false, "No"), (true, "Yes: his benefit in rows up, then he rolls for casualty")] value=f.officer/>
            })}
        }
        .into_any();
        // Who fights, in a few words: all its figures and no officer unless changed.
        let fights = Signal::derive(move || {
            let officer = if !with_officer {
                ""
            } else if f.officer.get() {
                ", its officer"
            } else {
                ", no officer"
            };
            format!("{name} {}{officer}", f.within.get())
        });
        let odds = Signal::derive(move || {
            odds(f, benefit)
                .map(|dist| (dist.chance_that(|k| *k > 0), dist.outcomes().iter().map(|(k, _)| *k).max().unwrap_or(0)))
        });
        let rolls = view! {
            <DiceEntry name=dice count=Signal::derive(|| 2usize) faces=f.faces/>
            {move || match k.get() {
                Some(Ok((_, _, said))) => view! { <p class="mmp">{said}</p> }.into_any(),
                Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
                None => ().into_any(),
            }}
            <Show when=move || f.officer.get()>
                <OddsLine target="His casualty roll (5.8.2; Table 20, under 2 inches): hit on 5 or 6 with one die".to_string() chances=vec![("Hit", Chance::new(1, 3))]/>
                <DiceEntry name=hit count=Signal::derive(|| 1usize) faces=f.hit/>
                <Show when=move || one(&f.hit.get()).is_some_and(|d| d.face() >= 5)>
                    <DiceEntry name=effect count=Signal::derive(|| 1usize) faces=f.effect/>
                </Show>
            </Show>
        }
        .into_any();
        (fields, fights, odds, rolls, round == 1 || with_officer)
    };
    let all = if round >= 2 {
        "From the second round both sides count as in disorder with all their figures (5.8.2)."
    } else {
        "First round: each side counts the figures of its stands within 2\" of the point of contact (5.8.2)."
    };
    let said = format!("Round {round}. {all} Kills are simultaneous and never reduced by Tables 11 or 12.");
    let (a_fields, a_fights, a_odds, a_rolls, a_asks) =
        fighter_view(a, s.charger.clone(), ab, s.charger_officer.is_some() || s.charger_id.is_none(), a_kills);
    let (d_fields, d_fights, d_odds, d_rolls, d_asks) =
        fighter_view(d, s.defender.clone(), db, s.defender_officer.is_some() || s.defender_id.is_none(), d_kills);
    let (a_name, d_name) = (s.charger.clone(), s.defender.clone());
    // Both sides' odds in one block, then each side's dice: the round on one screen.
    let both_odds = move || {
        match (a_odds.get(), if fights_back { d_odds.get().map(Some) } else { Ok(None) }) {
        (Ok((a_any, a_best)), Ok(d)) => {
            let mut target = format!("Kills (Tables 19 and 10): {a_name} 0 to {a_best}");
            let mut chances = vec![("The charger kills at least one", a_any)];
            if let Some((d_any, d_best)) = d {
                target.push_str(&format!(", {d_name} 0 to {d_best}"));
                chances.push(("the defender at least one", d_any));
            }
            view! { <OddsLine target=target chances=chances/> }.into_any()
        }
        (Err(RuleError::Missing(_)), _) | (_, Err(RuleError::Missing(_))) => view! { <p class="muted">"The odds need values of Table 10 the transcription lacks; the roll asks for its own cell."</p> }.into_any(),
        (Err(e), _) | (_, Err(e)) => view! { <Problem error=e/> }.into_any(),
    }
    };
    let fighting = move || {
        let d = if fights_back { format!("; {}", d_fights.get()) } else { String::new() };
        format!("Fighting: {}{d} (change if not so, 5.8.2)", a_fights.get())
    };
    view! {
        {(a_asks || (fights_back && d_asks)).then(|| view! {
            <details class="more conditions">
                <summary class="button">{fighting}</summary>
                {a_fields}
                {fights_back.then_some(d_fields)}
            </details>
        })}
        {both_odds}
        {a_rolls}
        {if fights_back {
            d_rolls
        } else {
            view! { <p>{format!("{} is marked Disengage: it never fights back in a melee (5.8.2).", s.defender)}</p> }.into_any()
        }}
        <h4>"Morale after the round (5.8.2, 4.4)"</h4>
        {a_checks.view("The charging unit")}
        {d_checks.view("The charged unit")}
        {resolve_button("Resolve this melee round", ready, go)}
        {why("5.8.2", view! { <p class="muted">{said}</p> }.into_any())}
    }
    .into_any()
}

// 5.5.5.b.2
pub(super) fn cavalry_strike(ctx: Ctx, c: &Charge, s: &Sides, striker: Side) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let f = Fighter::new(c, striker);
    let entries = entries();
    let benefit =
        if striker == Side::Charger { c.setup.charger.officer_benefit } else { c.setup.defender.officer_benefit };
    let charge = c.clone();
    let k = Memo::new(move |_| {
        let roll = two(&f.faces.get())?;
        Some(charge.melee_kills(striker, f.within.get(), f.shift(benefit), roll, &entries.get()))
    });
    let victim = striker.other();
    let (arm, level) = match victim {
        Side::Charger => (c.setup.charger.arm, c.charger_morale),
        Side::Defender => (c.setup.defender.arm, c.defender_morale),
    };
    let reg = if victim == Side::Charger { s.charger_reg.clone() } else { s.defender_reg.clone() };
    let earlier = lost(c, victim);
    let reasons = Memo::new(move |_| -> RuleResult<Vec<CheckReason>> {
        let Some(Ok(k)) = k.get() else { return Ok(Vec::new()) };
        let mut e = match &reg {
            Some(r) => kill_effects(r, earlier, k.kills),
            None => FireEffects { figures_lost: k.kills, ..Default::default() },
        };
        e.unexpected_devastation = u32::from(k.table10.unexpected_devastation);
        checks_due(&TriggeredUnit::new(arm, level), &e, &mr.get_value())
    });
    let cc = c.clone();
    let unit = MoraleUnit::regiment(
        arm,
        if victim == Side::Charger { c.setup.charger.quality } else { c.setup.defender.quality },
    );
    let general = MoraleSituation {
        stands_lost: (if victim == Side::Charger { s.charger_reg.as_ref() } else { s.defender_reg.as_ref() })
            .map(|r| stands_lost_after(r, earlier))
            .unwrap_or(0),
        officer_benefit: if victim == Side::Charger {
            c.setup.charger.officer_benefit
        } else {
            c.setup.defender.officer_benefit
        },
        ..Default::default()
    };
    let compute: Compute = Callback::new(move |(reasons, dice): (Vec<CheckReason>, Vec<TwoDice>)| {
        cc.melee_checks(
            victim,
            &unit,
            general,
            &reasons,
            &dice,
            &cr.get_value(),
            &entries.get_untracked(),
            &mr.get_value(),
        )
    });
    let checks = Checks {
        known: Signal::derive(move || matches!(k.get(), Some(Ok(_)))),
        ..Checks::new(reasons, compute, level)
    };
    let go = Callback::new(move |_| {
        let (Some(Ok(kk)), Some(Ok(list)), Some(officer)) = (k.get_untracked(), checks.inputs(), f.officer_roll())
        else {
            return;
        };
        ctx.advance.run(Input::CavalryStrike { kills: kk.kills, checks: list, officer_roll: officer });
    });
    let (who, whom) = if striker == Side::Charger {
        (s.charger.clone(), s.defender.clone())
    } else {
        (s.defender.clone(), s.charger.clone())
    };
    view! {
        <p>{format!("{who} strikes first; {whom} removes its dead and checks morale before striking back (5.5.5.b.2).")}</p>
        {count_field("Figures of the striking side within 2\" (5.8.2)", f.within)}
        <DiceEntry name="Striker's melee die" count=Signal::derive(|| 2usize) faces=f.faces/>
        {move || match k.get() {
            Some(Ok(k)) => view! { <p class="mmp">{format!("{} kill(s).", k.kills)}</p> }.into_any(),
            Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
            None => ().into_any(),
        }}
        {checks.view("The struck unit")}
        {resolve_button("Resolve the strike", Signal::derive(move || matches!(k.get(), Some(Ok(_))) && matches!(checks.inputs(), Some(Ok(_)))), go)}
    }
    .into_any()
}
