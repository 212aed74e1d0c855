use super::*;
use crate::table::{Band, Column, Dice, Effect, GridCell, Modifier, Span};
use crate::tables::{TableSet, key};
use proptest::prelude::*;

fn firer(id: &str, weapon: &str, sps: u8, mps: u8) -> Firer {
    Firer {
        id: id.into(),
        sps,
        strength: sps,
        weapon: weapon.into(),
        artillery: false,
        formation: UnitFormation::Line,
        mps_remaining: mps,
        was_limbered: false,
        wrecked: false,
    }
}

fn situation(range: u8) -> FireSituation {
    FireSituation {
        range,
        visibility: None,
        disorganized: false,
        routed: false,
        out_of_radius: false,
        fired: false,
        limited_defense: false,
        zero_led: false,
        protection: None,
        weapon_drm: None,
    }
}

/// The standard Combat Table with the values a worked example shows entered as a player
/// would: the test's entries, not the game's chart.
fn combat_table(entries: &[(&str, i32)]) -> RollTable {
    let mut t = TableSet::standard().get(key::COMBAT).cloned().unwrap();
    for (name, v) in entries {
        let m = t.modifiers.iter_mut().find(|m| m.name == *name).unwrap();
        m.value = Slot::Entered(*v);
    }
    t.columns.push(Column {
        label: String::new(),
        bands: vec![
            Band { rolls: Span::at_most(8), effects: vec![Effect::NoEffect] },
            Band { rolls: Span::between(9, 10), effects: vec![Effect::MoraleCheck] },
            Band { rolls: Span::at_least(11), effects: vec![Effect::Loss(1), Effect::MoraleCheck] },
        ],
    });
    t.grid = vec![
        GridCell {
            raw: Span::between(9, 9),
            drm: Span::between(0, 0),
            effects: vec![Effect::Loss(1), Effect::MoraleCheck, Effect::CanisterDepletion],
        },
        GridCell {
            raw: Span::between(10, 12),
            drm: Span::between(0, 0),
            effects: vec![Effect::Loss(2), Effect::MoraleCheck, Effect::Depletion],
        },
    ];
    t
}

/// 9.0 "Example of Combat Table DRMs": 4 MPs remaining +0, Breechloader alone in its hex +1
/// (no Threshold Value to compute), 4 Firing SPs -1, Range 1 +0: a total of +0.
#[test]
fn rule_9_0_example_of_combat_table_drms() {
    let t = combat_table(&[
        ("Firer MPs Remaining 4", 0),
        ("Breechloader", 1),
        ("Number of Firing SPs 4", -1),
        ("Range 1", 0),
    ]);
    assert_eq!(t.validate(), Ok(()));
    let firers = [firer("u", "B", 4, 4)];
    let mut s = situation(1);
    s.weapon_drm = Some(Special::Breechloader);
    check_capable(&firers, &s).unwrap();
    let names = combat_modifiers(&firers, &s, &t, &ThresholdChart::default()).unwrap();
    assert_eq!(names, ["Firer MPs Remaining 4", "Breechloader", "Number of Firing SPs 4", "Range 1"]);
    let r = combat_roll(&t, &names, 7).unwrap();
    assert_eq!(r.drm, 0);
    assert_eq!(r.applied.iter().map(|(_, rule, _)| rule.as_str()).collect::<Vec<_>>(), ["9.1e", "9.3", "9.3", "9.3"]);
}

/// 9.0 "Example of Combat Table Resolution": a raw 8 or less reads the top; a raw 9 at +0
/// gives one SP, a Morale Check and a Depletion of Canister; 10 to 12 two SPs.
#[test]
fn rule_9_0_example_of_combat_table_resolution() {
    let t = combat_table(&[("Range 1", 0), ("Range 2", 3), ("Range 3", -2)]);
    let r = combat_roll(&t, &["Range 2".into()], 8).unwrap();
    assert!(!r.from_grid);
    assert_eq!(r.effects, [Effect::Loss(1), Effect::MoraleCheck]);
    let r = combat_roll(&t, &["Range 3".into()], 8).unwrap();
    assert_eq!(r.effects, [Effect::NoEffect]);
    let r = combat_roll(&t, &["Range 1".into()], 9).unwrap();
    assert!(r.from_grid);
    assert_eq!(r.effects, [Effect::Loss(1), Effect::MoraleCheck, Effect::CanisterDepletion]);
    for raw in 10..=12 {
        assert_eq!(combat_roll(&t, &["Range 1".into()], raw).unwrap().loss(), 2);
    }
    assert_eq!(
        result_actions(&combat_roll(&t, &["Range 1".into()], 9).unwrap(), true, true),
        [
            "Apply Loss, with Loss Distribution (9.4a)",
            "Leader Loss Checks for each Leader in the Target hex (4.1a)",
            "Morale Check (10.1)",
            "Increase the hex's CBF marker one level, to 2 at most (4.2l)",
            "Canister Depletion of one Battery, if Canister was fired (4.3b)"
        ]
    );
}

/// 9.3 "SP Maxes & DGs": a 12 SP DG unit uses up the 8 SP limit and fires 4.
#[test]
fn rule_9_3_sp_maxes_and_dgs() {
    let mut big = firer("u", "R", 8, 6);
    big.strength = 12;
    assert_eq!(firing_sps(&[big.clone()], true), Ok(4));
    big.sps = 12;
    assert!(firing_sps(&[big], true).is_err(), "the player chooses 8 of the 12");
}

/// 9.3 "SP Maxes & Threshold Values": an R12 with an SR3: the SR3 and 5 SPs of the R12 fire;
/// with the Threshold Value of 8 SPs at 3 (the example's, entered here) the Breechloaders
/// give +1.
#[test]
fn rule_9_3_sp_maxes_and_threshold_values() {
    let mut r12 = firer("r12", "R", 5, 6);
    r12.strength = 12;
    let sr3 = firer("sr3", "SR", 3, 6);
    let firers = [r12, sr3];
    assert_eq!(firing_sps(&firers, false), Ok(8));
    let mut chart = ThresholdChart::default();
    assert!(chart.obtains(8, 3).is_err(), "the chart is the players'");
    chart.rows.push((8, Slot::Entered(3)));
    assert_eq!(chart.obtains(8, 3), Ok(true));
    assert_eq!(chart.obtains(8, 2), Ok(false));
    let t = combat_table(&[]);
    let mut s = situation(2);
    s.weapon_drm = Some(Special::Breechloader);
    let names = combat_modifiers(&firers, &s, &t, &chart).unwrap();
    assert!(names.contains(&"Breechloader".to_string()));
}

#[test]
fn rule_9_1_capable_of_firing() {
    let mut s = situation(5);
    assert!(check_capable(&[firer("u", "R", 4, 6)], &s).is_err(), "Rifled Musket range 4");
    s.range = 4;
    assert!(check_capable(&[firer("u", "R", 4, 1)], &s).is_err(), "2 MPs needed");
    let mut col = firer("u", "R", 4, 6);
    col.formation = UnitFormation::Column;
    assert!(check_capable(&[col], &s).is_err());
    s.visibility = Some(2);
    assert_eq!(check_capable(&[firer("u", "R", 4, 6)], &s).unwrap_err().rule, Some("1.4b"));
    s.visibility = None;
    s.out_of_radius = true;
    assert_eq!(check_capable(&[firer("u", "R", 4, 6)], &s).unwrap_err().rule, Some("3.3e"));
    let mut guns = firer("g", "N", 4, 2);
    guns.artillery = true;
    guns.formation = UnitFormation::Unlimbered;
    guns.was_limbered = true;
    let s = situation(10);
    assert!(check_capable(&[guns.clone()], &s).is_err(), "3 MPs for previously Limbered Artillery");
    guns.mps_remaining = 3;
    assert!(check_capable(&[guns], &s).is_ok(), "the Napoleon reaches 16 hexes");
}

/// 1.3b, 13.2e: the +1 for MPs remaining needs non-Wrecked units to make up more than half
/// the SPs, and never in Limited Defense Status.
#[test]
fn rule_1_3b_and_13_2e_no_plus_one_for_mps() {
    let t = combat_table(&[("Firer MPs Remaining 6", 1)]);
    let mut a = firer("a", "R", 3, 6);
    a.wrecked = true;
    let b = firer("b", "R", 3, 6);
    let names = combat_modifiers(&[a.clone(), b.clone()], &situation(2), &t, &ThresholdChart::default()).unwrap();
    assert!(!names.contains(&"Firer MPs Remaining 6".to_string()));
    let mut b4 = b.clone();
    b4.sps = 4;
    b4.strength = 4;
    let names = combat_modifiers(&[a, b4], &situation(2), &t, &ThresholdChart::default()).unwrap();
    assert!(names.contains(&"Firer MPs Remaining 6".to_string()));
    let mut s = situation(2);
    s.limited_defense = true;
    let names = combat_modifiers(&[b], &s, &t, &ThresholdChart::default()).unwrap();
    assert!(!names.contains(&"Firer MPs Remaining 6".to_string()));
}

/// 9.4a: Top Unit first, one loss each before any takes two.
#[test]
fn rule_9_4a_loss_distribution() {
    assert!(check_distribution(&[4, 3, 2], 3, &[1, 1, 1]).is_ok());
    assert!(check_distribution(&[4, 3, 2], 3, &[0, 2, 1]).is_err());
    assert!(check_distribution(&[4, 3, 2], 3, &[2, 1, 0]).is_err());
    assert!(check_distribution(&[4, 3, 2], 2, &[1, 1, 0]).is_ok());
    assert!(check_distribution(&[1, 0], 3, &[1, 0]).is_ok(), "no more than the Stack has");
    assert_eq!(opening_volley_distribution(&[1, 3], 2), [1, 1]);
}

/// 9.2 "Example of Opening Volley": Range 2 (+1), Frontal Canister (+1), an 8 SP Triggering
/// unit (+1) that is not the unit which will Fire (+1): +4; a roll of 5 gives 9, two SPs.
#[test]
fn rule_9_2_example_of_opening_volley() {
    let mut t = RollTable::new(key::OPENING_VOLLEY, "Opening Volley Table", "9.2", Dice::One);
    for name in ["Range 2", "Canister", "Triggering Stack 8 SPs", "Not the Firing unit"] {
        t.modifiers.push(Modifier { name: name.into(), rule: "9.2".into(), value: Slot::Entered(1) });
    }
    t.columns.push(Column {
        label: String::new(),
        bands: vec![
            Band { rolls: Span::at_most(6), effects: vec![Effect::NoEffect] },
            Band { rolls: Span::between(7, 8), effects: vec![Effect::Loss(1)] },
            Band { rolls: Span::at_least(9), effects: vec![Effect::Loss(2)] },
        ],
    });
    let names: Vec<String> =
        ["Range 2", "Canister", "Triggering Stack 8 SPs", "Not the Firing unit"].map(String::from).to_vec();
    let (r, loss) = opening_volley(&t, &names, 5, false).unwrap();
    assert_eq!((r.drm, r.modified, loss), (4, 9, 2));
    let (_, loss) = opening_volley(&t, &names, 5, true).unwrap();
    assert_eq!(loss, 4, "Mounted Charges suffer double (11.4e)");
}

/// 9.2 "Example — Opening Volley Triggers": moving adjacent, changing Facing, a failed Charge
/// switched to Fire: only one Opening Volley.
#[test]
fn rule_9_2_example_opening_volley_triggers() {
    let triggers = [
        Trigger::NotFiringAfterMovingAdjacent,
        Trigger::ChangeWhileAdjacent,
        Trigger::ChargeAnnounced,
        Trigger::FiringAfterMoving,
    ];
    assert_eq!(volleys_from(&triggers, false), 1);
    assert_eq!(volleys_from(&[Trigger::NotFiringAfterMovingAdjacent], true), 0);
    assert_eq!(volley_range(1, true, false).unwrap(), "Charge Range");
    assert_eq!(volley_range(1, true, true).unwrap(), "Range 1", "11.4b");
    assert!(volley_range(4, false, false).is_err());
}

#[test]
fn the_printed_weapons_listing() {
    assert_eq!(weapon("SR", false).map(|w| (w.range, w.special)), Some((5, Special::Breechloader)));
    assert_eq!(weapon("R", true).map(|w| w.range), Some(30));
    assert_eq!(weapon("R", false).map(|w| w.range), Some(4));
}

proptest! {
    /// A valid distribution never takes a unit below zero, and the Opening Volley's never
    /// takes more than the Stack has.
    #[test]
    fn strength_never_below_zero(strengths in proptest::collection::vec(0u8..8, 1..5), loss in 0u8..20, alloc in proptest::collection::vec(0u8..8, 1..5)) {
        if check_distribution(&strengths, loss, &alloc).is_ok() {
            for (a, s) in alloc.iter().zip(&strengths) {
                prop_assert!(a <= s);
            }
        }
        let ov = opening_volley_distribution(&strengths, loss);
        for (a, s) in ov.iter().zip(&strengths) {
            prop_assert!(a <= s);
        }
        let mut u = crate::oob::tests::unit("u", "b", 8, strengths[0]);
        u.take_loss(loss);
        prop_assert!(u.strength <= strengths[0]);
        prop_assert_eq!(u.dead, u.strength == 0);
    }
}
