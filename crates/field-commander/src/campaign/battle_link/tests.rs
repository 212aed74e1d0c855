//! A campaign battle on the Battlefield Sheet: its set-up from the map and its end read back.

use super::*;
use crate::campaign::tests::{area, d, id, place, practice_with, put_k, run};
use proptest::prelude::*;

/// Grey Infantry C and the Grey Cavalry (10) move from the Ridge into the Orchard against Blue
/// Infantry C and a Brigade (8): the Confederate Resolve Battles step (9.3).
fn orchard() -> Campaign {
    let mut c = practice_with(BattleRules::Basic);
    run(&mut c, CampaignCommand::AdvanceTurn);
    for k in ["Grey Infantry C", "Grey Cavalry"] {
        put_k(&mut c, k, area("Ridge"));
    }
    let forces = vec![id(&c, "Grey Infantry C"), id(&c, "Grey Cavalry")];
    run(&mut c, CampaignCommand::Move { forces, lee: false, to: "Orchard".into() });
    run(&mut c, CampaignCommand::EndMoves);
    c
}

/// The battle force of a campaign counter.
fn force(s: &BattleSetup, piece: u32) -> u32 {
    s.link.forces.iter().find(|(_, p)| *p == piece).map(|(f, _)| *f).unwrap()
}

/// The sheet as the set-up left it, less the forces named.
fn field_without(s: &BattleSetup, gone: &[u32]) -> Field {
    let mut f = s.field.clone();
    f.forces.retain(|x| !gone.contains(&x.id));
    f
}

fn outcome(c: &Campaign, end: SheetEnd, field: Field) -> SheetOutcome {
    SheetOutcome {
        end,
        field,
        exited: vec![],
        captured: vec![],
        stayed_off: vec![],
        confederate_cp: c.confederate_cp,
        union_cp: c.union_cp,
        scouts: c.scouts,
    }
}

fn apply_result(c: &mut Campaign, s: &BattleSetup, res: &SheetResult) {
    run(c, CampaignCommand::ApplyBattle { area: s.link.area.clone(), result: res.result.clone() });
}

#[test]
fn rule_10_2_13_the_sheet_starts_with_the_battle_location_areas_forces_as_they_stand() {
    let mut c = orchard();
    let inf = id(&c, "Grey Infantry C");
    c.piece_mut(inf).unwrap().strength = Strength::Reduced;
    let s = c.battle_setup("Orchard").unwrap();
    assert_eq!(s.field.forces.len(), 4);
    assert_eq!(s.link.side, Loyalty::Confederate, "the Battle Location counter's grey side (9.3)");
    assert!(!s.link.lee_present, "Lee is in the Capital (10.2.17)");
    let f = s.field.get(force(&s, inf)).unwrap();
    assert_eq!((f.strength, f.region), (Strength::Reduced, Region::ConfederateReserve), "5.9: the side it shows");
    let blue = force(&s, id(&c, "Blue Infantry C"));
    assert_eq!(s.field.get(blue).unwrap().region, Region::UnionReserve, "placed by 10.2.19 in the battle");
    let q = s.quantities.clone().unwrap();
    assert_eq!((q.confederate_without_lee, q.lee_rating_if_present, q.union_base), (1, None, 2), "10.2.10");
    assert_eq!(s.lee_rating, Some(2), "5.8: his rating serves event 1 even when he is absent");
    assert_eq!(s.next_id, 5);
    assert!(c.battle_setup("Capital").unwrap_err().to_string().contains("no battle to resolve in Capital"));
}

#[test]
fn rule_10_2_15_static_forces_start_in_their_regions() {
    let mut c = orchard();
    put_k(&mut c, "Blue Garrison", area("Orchard"));
    put_k(&mut c, "Blue Fortification", area("Orchard"));
    let s = c.battle_setup("Orchard").unwrap();
    let region = |key: &str| s.field.get(force(&s, id(&c, key))).unwrap().region;
    assert_eq!(region("Blue Garrison"), Region::UnionApproach, "10.2.18");
    assert_eq!(region("Blue Fortification"), Region::UnionReserve, "10.2.18");
}

#[test]
fn rule_14_8_2_a_union_retreat_is_settled_on_the_campaign_map() {
    let mut c = orchard();
    let s = c.battle_setup("Orchard").unwrap();
    let (blue, brigade) = (id(&c, "Blue Infantry C"), id(&c, "Blue Brigade"));
    let mut field = s.field.clone();
    for f in field.forces.iter_mut().filter(|f| f.id == force(&s, blue)) {
        f.strength = Strength::Reduced;
    }
    // 10 against 6: less than 2:1, a roll; the practice table's 4 is a Union Retreat.
    let out = outcome(&c, SheetEnd::WithdrawalDue, field);
    let need = c.sheet_result(&s.link, &out, &AfterBattle::default()).unwrap_err().to_string();
    assert!(need.contains("roll the d10 on the Withdrawal table (14.8)"), "{need}");
    let after = AfterBattle { withdrawal_roll: Some(d(4)), ..AfterBattle::default() };
    let res = c.sheet_result(&s.link, &out, &after).unwrap();
    assert_eq!(res.report.rolled, vec![("Withdrawal".to_string(), 4)]);
    apply_result(&mut c, &s, &res);
    assert_eq!(place(&c, blue), area("Depot"), "14.8.2: the Union-Held Area beside, the Depot");
    assert_eq!(place(&c, brigade), area("Depot"));
    assert_eq!(c.piece(blue).unwrap().strength, Strength::Reduced);
    assert!(c.pending_battles().is_empty());
}

#[test]
fn rule_14_8_at_two_to_one_the_weaker_side_retreats_without_a_roll() {
    let mut c = orchard();
    let s = c.battle_setup("Orchard").unwrap();
    let brigade = force(&s, id(&c, "Blue Brigade"));
    let out = outcome(&c, SheetEnd::WithdrawalDue, field_without(&s, &[brigade]));
    // 10 against 6 after the Brigade is destroyed: still a roll.
    assert!(c.sheet_result(&s.link, &out, &AfterBattle::default()).is_err());
    let cav = force(&s, id(&c, "Grey Cavalry"));
    let mut field = field_without(&s, &[cav]);
    field.forces.retain(|f| f.id != brigade);
    // 6 against 6 with a roll of 9: Encamp (14.8.4).
    let out = outcome(&c, SheetEnd::WithdrawalDue, field);
    let res = c.sheet_result(&s.link, &out, &AfterBattle { withdrawal_roll: Some(d(9)), ..AfterBattle::default() });
    assert!(res.unwrap().result.encamp);
    // 10 against 2: the Union Retreats, and a roll is refused.
    let inf = force(&s, id(&c, "Blue Infantry C"));
    let out = outcome(&c, SheetEnd::WithdrawalDue, field_without(&s, &[inf]));
    let rolled = AfterBattle { withdrawal_roll: Some(d(1)), ..AfterBattle::default() };
    assert!(c.sheet_result(&s.link, &out, &rolled).unwrap_err().to_string().contains("no roll (14.8)"));
    let res = c.sheet_result(&s.link, &out, &AfterBattle::default()).unwrap();
    apply_result(&mut c, &s, &res);
    assert_eq!(place(&c, id(&c, "Blue Infantry C")), Place::ReinforcementCup, "11.11: a Named Union Force");
    assert_eq!(place(&c, id(&c, "Blue Brigade")), area("Depot"));
}

#[test]
fn rule_14_8_1_rejoin_leaves_the_battle_to_fight_again() {
    let mut c = orchard();
    let s = c.battle_setup("Orchard").unwrap();
    let out = outcome(&c, SheetEnd::WithdrawalDue, s.field.clone());
    let res = c.sheet_result(&s.link, &out, &AfterBattle { withdrawal_roll: Some(d(1)), ..AfterBattle::default() });
    let res = res.unwrap();
    assert!(res.result.fates.is_empty() && !res.result.encamp);
    apply_result(&mut c, &s, &res);
    assert_eq!(c.pending_battles(), vec!["Orchard".to_string()], "a new battle at once (14.8.1)");
}

#[test]
fn rule_14_5_routed_union_forces_leave_the_sheet_for_adjacent_areas() {
    let mut c = orchard();
    let s = c.battle_setup("Orchard").unwrap();
    let (blue, brigade) = (id(&c, "Blue Infantry C"), id(&c, "Blue Brigade"));
    let gone = [force(&s, blue), force(&s, brigade)];
    let mut out = outcome(&c, SheetEnd::RoutedOff(Loyalty::Union), field_without(&s, &gone));
    out.exited = vec![force(&s, blue)];
    out.confederate_cp = c.confederate_cp + 1;
    let res = c.sheet_result(&s.link, &out, &AfterBattle::default()).unwrap();
    assert_eq!(res.result.confederate_cp, 1, "15.3: +1 for the Rout, as the battle counted it");
    apply_result(&mut c, &s, &res);
    assert_eq!(place(&c, blue), area("Depot"), "the adjacent Area the Union Holds (14.5)");
    assert_eq!(place(&c, brigade), Place::AdditionalCup, "destroyed on the sheet (11.11)");
}

#[test]
fn rule_14_5_confederate_forces_that_left_the_sheet_go_where_the_player_says_lee_with_the_first() {
    let mut c = orchard();
    put_k(&mut c, "Grey Infantry A", area("Orchard"));
    c.lee = Some("Orchard".into());
    let s = c.battle_setup("Orchard").unwrap();
    assert!(s.link.lee_present);
    let (a, inf, cav) = (id(&c, "Grey Infantry A"), id(&c, "Grey Infantry C"), id(&c, "Grey Cavalry"));
    let gone = [force(&s, a), force(&s, inf), force(&s, cav)];
    let mut out = outcome(&c, SheetEnd::RoutedOff(Loyalty::Confederate), field_without(&s, &gone));
    out.exited = vec![force(&s, a), force(&s, inf)];
    let say = c.sheet_result(&s.link, &out, &AfterBattle::default()).unwrap_err().to_string();
    assert!(say.contains("say where Grey Infantry A (made up) goes (14.5)"), "{say}");
    let to_depot = AfterBattle { confederate_to: vec![(a, "Depot".into())], ..AfterBattle::default() };
    assert!(c.sheet_result(&s.link, &out, &to_depot).unwrap_err().to_string().contains("holds Union Forces"));
    let cav_away = AfterBattle { confederate_to: vec![(cav, "Ridge".into())], ..AfterBattle::default() };
    assert!(c.sheet_result(&s.link, &out, &cav_away).unwrap_err().to_string().contains("did not leave the sheet"));
    let after =
        AfterBattle { confederate_to: vec![(inf, "Ridge".into()), (a, "Ridge".into())], ..AfterBattle::default() };
    let res = c.sheet_result(&s.link, &out, &after).unwrap();
    assert_eq!(res.result.lee, Some("Ridge".into()));
    apply_result(&mut c, &s, &res);
    assert_eq!((place(&c, a), place(&c, inf)), (area("Ridge"), area("Ridge")));
    assert_eq!(place(&c, cav), Place::Beside, "destroyed: beside the map for repurchase (11.11)");
    assert_eq!(c.lee.as_deref(), Some("Ridge"));
    assert!(c.ending.is_none());
}

#[test]
fn rule_10_2_9_enveloped_forces_are_destroyed_guns_and_all() {
    let mut c = orchard();
    put_k(&mut c, "Grey Infantry A", area("Orchard"));
    put_k(&mut c, "Grey Guns", area("Orchard"));
    let s = c.battle_setup("Orchard").unwrap();
    let union: Vec<u32> = s.field.side(Loyalty::Union).map(|f| f.id).collect();
    let mut out = outcome(&c, SheetEnd::Enveloped(Loyalty::Union), field_without(&s, &union));
    out.confederate_cp += 1;
    let res = c.sheet_result(&s.link, &out, &AfterBattle::default()).unwrap();
    apply_result(&mut c, &s, &res);
    assert!(c.in_area("Orchard", Loyalty::Union).is_empty());
    assert_eq!(place(&c, id(&c, "Blue Infantry C")), Place::ReinforcementCup);
    assert_eq!(c.confederate_cp, 3, "2 before, +1 for the Envelopment (15.3)");
}

#[test]
fn rule_5_9_1_a_captured_gun_and_its_replacement_come_from_the_campaigns_counters() {
    let mut c = orchard();
    put_k(&mut c, "Grey Guns", area("Orchard"));
    let s = c.battle_setup("Orchard").unwrap();
    let guns = id(&c, "Grey Guns");
    // 5.9.2.2: the Union puts its own gun of Combat Value 4 in its place: the Battery 4 from
    // the Additional Forces cup.
    let with = c.gun_replacement(Loyalty::Union, 4).unwrap().unwrap();
    assert_eq!(c.name(with), "Blue Battery 4 (made up)");
    assert_eq!(c.gun_replacement(Loyalty::Confederate, 1).unwrap(), None, "none of 1 or lower: 2 Command Points");
    let mut field = field_without(&s, &[force(&s, guns)]);
    let mut gun = field.forces[0].clone();
    gun.id = s.next_id;
    gun.counter = c.counter(with).unwrap().clone();
    gun.region = Region::UnionReserve;
    field.forces.push(gun);
    let mut out = outcome(&c, SheetEnd::WithdrawalDue, field);
    out.captured = vec![force(&s, guns)];
    let res = c.sheet_result(&s.link, &out, &AfterBattle { withdrawal_roll: Some(d(9)), ..AfterBattle::default() });
    let res = res.unwrap();
    apply_result(&mut c, &s, &res);
    assert_eq!(place(&c, guns), Place::Captured);
    assert_eq!(place(&c, with), area("Orchard"));
    // A gun the battle gained that is not off the map is refused: the counter mix is a limit.
    let c = orchard();
    let s = c.battle_setup("Orchard").unwrap();
    let mut field = s.field.clone();
    let mut extra = field.forces[0].clone();
    extra.id = s.next_id;
    extra.counter.name = "A counter nobody has".into();
    field.forces.push(extra);
    let out = outcome(&c, SheetEnd::OneSideLeft(Loyalty::Union), field);
    assert!(c.sheet_result(&s.link, &out, &AfterBattle::default()).unwrap_err().to_string().contains("hard limit"));
}

proptest! {
    /// Whatever became of each force on the sheet, the result is one the campaign accepts, and
    /// every counter ends in exactly one place with the counter mix kept.
    #[test]
    fn a_sheet_result_is_always_one_the_campaign_accepts(
        fates in proptest::collection::vec(0u8..4, 4),
        end in 0u8..3,
        roll in 1u8..=10,
        picks in proptest::collection::vec(0usize..5, 0..6),
    ) {
        let mut c = orchard();
        let s = c.battle_setup("Orchard").unwrap();
        let mut out = outcome(&c, SheetEnd::WithdrawalDue, Field::default());
        let mut after = AfterBattle { picks, ..AfterBattle::default() };
        for ((f, piece), fate) in s.link.forces.iter().zip(&fates) {
            let mut on = s.field.get(*f).unwrap().clone();
            match fate {
                0 => out.field.forces.push(on),
                1 if c.counter(*piece).unwrap().reduced_side().unwrap().is_some() => {
                    on.strength = Strength::Reduced;
                    out.field.forces.push(on);
                }
                2 => {
                    out.exited.push(*f);
                    if c.loyalty(*piece).unwrap() == Loyalty::Confederate {
                        after.confederate_to.push((*piece, "Ridge".into()));
                    }
                }
                _ => {}
            }
        }
        out.end = match end {
            0 => SheetEnd::WithdrawalDue,
            1 => SheetEnd::OneSideLeft(Loyalty::Union),
            _ => SheetEnd::RoutedOff(Loyalty::Union),
        };
        let before = c.pieces.len();
        match c.sheet_result(&s.link, &out, &after) {
            Ok(res) => {
                apply_result(&mut c, &s, &res);
                prop_assert_eq!(c.pieces.len(), before);
                prop_assert!(c.confederate_cp < 100);
            }
            Err(e) => {
                // Only the Withdrawal roll may be missing.
                prop_assert!(e.to_string().contains("Withdrawal table"), "{}", e);
                after.withdrawal_roll = Some(d(roll));
                let res = c.sheet_result(&s.link, &out, &after);
                prop_assert!(res.is_ok(), "{:?}", res);
                if let Ok(res) = res {
                    apply_result(&mut c, &s, &res);
                }
            }
        }
    }
}

#[test]
fn rule_5_9_2_2_the_union_replaces_a_gun_from_the_pile_first_and_offers_every_equal_choice() {
    let mut c = orchard();
    // No gun of 3 in the cup: the highest lower, the Batteries of 2, both offered (20.0).
    let twos = crate::campaign::tests::ids(&c, "Blue Battery 2");
    let offered = c.gun_candidates(Loyalty::Union, 3).unwrap();
    assert_eq!(offered.len(), twos.len(), "{offered:?}");
    assert!(offered.iter().all(|g| twos.contains(g)));
    assert_eq!(c.gun_candidates(Loyalty::Union, 4).unwrap(), vec![id(&c, "Blue Battery 4")], "the same Combat Value");
    assert!(c.gun_candidates(Loyalty::Union, 1).unwrap().is_empty(), "none: 2 Command Points");
    // A Union gun in the Captured Artillery Pile comes first, even of a lower value (5.9.2.2).
    put_k(&mut c, "Blue Battery 2", Place::Captured);
    assert_eq!(c.gun_candidates(Loyalty::Union, 4).unwrap(), vec![twos[0]]);
}

#[test]
fn rule_5_9_2_1_the_player_selects_his_gun_from_the_pile_or_beside_the_map() {
    let mut c = orchard();
    for g in crate::campaign::tests::ids(&c, "Grey Battery") {
        crate::campaign::tests::put(&mut c, g, Place::Beside);
    }
    put_k(&mut c, "Grey Guns", Place::Captured);
    let batteries = crate::campaign::tests::ids(&c, "Grey Battery");
    let offered = c.gun_candidates(Loyalty::Confederate, 3).unwrap();
    assert_eq!(offered, batteries, "the Guns of 4 are too strong; the Batteries of 3 beside the map");
    let offered = c.gun_candidates(Loyalty::Confederate, 5).unwrap();
    assert_eq!(offered, vec![id(&c, "Grey Guns")], "the best of both, the pile's Guns of 4");
}
