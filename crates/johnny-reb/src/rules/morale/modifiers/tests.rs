//! The modifiers to BMP (2.3.4, 2.3.5, 4.4.3, Table 6).

use super::*;
use crate::rules::TwoDice;
use crate::rules::unit::Quality;

fn avg() -> MoraleUnit {
    MoraleUnit::regiment(Arm::Infantry, Quality::Average)
}

fn value(unit: &MoraleUnit, s: &MoraleSituation, level: MoraleLevel) -> i32 {
    mmp(unit, s, level, &Overrides::new(), &MoraleRulings::default()).unwrap().value
}

#[test]
fn rule_2_3_4_a_two_stands_lost_average_regiment_is_7() {
    let s = MoraleSituation { stands_lost: 2, ..Default::default() };
    let m = mmp(&avg(), &s, MoraleLevel::Good, &Overrides::new(), &MoraleRulings::default()).unwrap();
    assert_eq!(m.bmp.value, 3);
    assert_eq!(m.value, 7);
    assert_eq!(m.lines.len(), 1);
    assert_eq!(m.lines[0].source, Source::Printed);
}

#[test]
fn rule_2_3_4_table_6_modifiers() {
    let base = MoraleSituation::default();
    assert_eq!(value(&avg(), &base, MoraleLevel::Shaken), 5);
    assert_eq!(value(&avg(), &base, MoraleLevel::Routed), 6);
    assert_eq!(value(&avg(), &MoraleSituation { cover: Cover::Cover, ..base }, MoraleLevel::Good), 2);
    assert_eq!(value(&avg(), &MoraleSituation { cover: Cover::MediumWorks, ..base }, MoraleLevel::Good), 1);
    assert_eq!(value(&avg(), &MoraleSituation { cover: Cover::HeavyWorks, ..base }, MoraleLevel::Good), 0);
    assert_eq!(value(&avg(), &MoraleSituation { protected_by_own_troops: true, ..base }, MoraleLevel::Good), 0);
    for (n, v) in [(0, 6), (1, 5), (2, 4), (3, 3), (7, 3)] {
        let s = MoraleSituation { isolation: Isolation::from_traceable(n), ..base };
        assert_eq!(value(&avg(), &s, MoraleLevel::Good), v);
    }
    assert_eq!(value(&avg(), &MoraleSituation { regiments_lost_from_brigade: 2, ..base }, MoraleLevel::Good), 5);
    // 2.3.4.f: the officer's benefit value decreases the morale point.
    assert_eq!(value(&avg(), &MoraleSituation { officer_benefit: 2, ..base }, MoraleLevel::Good), 1);
}

#[test]
fn rule_2_3_4_d_isolation_example() {
    // Without C and E, A, B and D each trace to the two others: +1 each; without C and D,
    // A and B trace to one: +2; A alone: +3.
    let base = MoraleSituation::default();
    for (others, modifier) in [(2, 1), (1, 2), (0, 3)] {
        let s = MoraleSituation { isolation: Isolation::from_traceable(others), ..base };
        assert_eq!(value(&avg(), &s, MoraleLevel::Good) - value(&avg(), &base, MoraleLevel::Good), modifier);
    }
}

#[test]
fn rule_4_4_3_a_fired_on_positions() {
    // Example: A partial flank +2, B full flank +4, C partial +2, D rear +6, E full +4.
    let base = MoraleSituation::default();
    for (aspect, add) in [
        (Aspect::PartialFlank, 2),
        (Aspect::FullFlank, 4),
        (Aspect::PartialFlank, 2),
        (Aspect::Rear, 6),
        (Aspect::FullFlank, 4),
    ] {
        assert_eq!(value(&avg(), &MoraleSituation { fired_on: aspect, ..base }, MoraleLevel::Good), 3 + add);
    }
}

#[test]
fn rule_4_4_3_b_disengage_and_routed_exceptions() {
    let rear = MoraleSituation { fired_on: Aspect::Rear, ..Default::default() };
    assert_eq!(value(&avg(), &MoraleSituation { disengaging: true, ..rear }, MoraleLevel::Good), 3);
    assert_eq!(value(&avg(), &rear, MoraleLevel::Routed), 6);
    let close = MoraleSituation { fired_on: Aspect::Front, close_range_or_double_canister: true, ..Default::default() };
    assert_eq!(value(&avg(), &close, MoraleLevel::Routed), 12);
    assert_eq!(value(&avg(), &close, MoraleLevel::Good), 3);
}

#[test]
fn rule_6_8_4_refused_line_drops_the_flank_penalty() {
    // Example: the 19th Indiana in refused line takes no fired-on-flank morale penalty.
    let s = MoraleSituation { fired_on: Aspect::FullFlank, refused_line: true, ..Default::default() };
    assert_eq!(value(&avg(), &s, MoraleLevel::Good), 3);
    let s = MoraleSituation { fired_on: Aspect::Rear, refused_line: true, ..Default::default() };
    assert_eq!(value(&avg(), &s, MoraleLevel::Good), 9);
}

#[test]
fn rule_4_4_1_d_a_stand_lost_is_a_bmp_plus_2_check() {
    let s = MoraleSituation { stands_lost: 1, ..Default::default() };
    assert_eq!(value(&avg(), &s, MoraleLevel::Good), 3 + 2);
}

#[test]
fn rule_6_8_2_brigade_column_checks_defensive_fire() {
    // Elite lead regiment, BMP 2; six stands lost, "two more than 20 percent" (20 stands);
    // MMP 3 = 2 BMP - 1 charging + 2 for 20 percent loss; a roll of 4 or more passes.
    let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Elite);
    let s = MoraleSituation {
        stands_lost: 6,
        elan: ChargeElan::Charging,
        brigade_column: Some(BrigadeColumn { stands_at_forming: 20 }),
        ..Default::default()
    };
    let m = mmp(&unit, &s, MoraleLevel::Good, &Overrides::new(), &MoraleRulings::default()).unwrap();
    assert_eq!(m.value, 3);
    assert!(!super::super::check(3, TwoDice::new(1, 2).unwrap(), MoraleLevel::Good).passed());
    assert!(super::super::check(3, TwoDice::new(1, 3).unwrap(), MoraleLevel::Good).passed());
    // A three regiment (15 stand) column checks every three stands.
    assert_eq!(BrigadeColumn { stands_at_forming: 15 }.steps_lost(3).unwrap(), 1);
    assert_eq!(BrigadeColumn { stands_at_forming: 25 }.steps_lost(9).unwrap(), 1);
    assert_eq!(BrigadeColumn { stands_at_forming: 25 }.steps_lost(10).unwrap(), 2);
    assert!(BrigadeColumn { stands_at_forming: 0 }.steps_lost(1).is_err());
}

#[test]
fn rule_6_8_9_merged_units() {
    // 1st South Carolina, BMP 3; MMP 7 = 3 + 4 two stands lost + 2 two regiments of the
    // brigade lost - 2 for two stands of the 17th Virginia attached.
    let s = MoraleSituation {
        stands_lost: 2,
        regiments_lost_from_brigade: 2,
        merged_stands_attached: 2,
        ..Default::default()
    };
    assert_eq!(value(&avg(), &s, MoraleLevel::Good), 7);
}

#[test]
fn rule_6_8_6_b_detached_skirmishers_one_worse() {
    let parent = MoraleSituation { stands_lost: 1, ..Default::default() };
    let detached = MoraleSituation { detached_skirmishers: true, ..parent };
    assert_eq!(value(&avg(), &detached, MoraleLevel::Good), value(&avg(), &parent, MoraleLevel::Good) + 1);
}

#[test]
fn rule_10_2_2_b_strategic_surprise_adds_the_bmp() {
    // "an average regiment ... would have to roll higher than 6 to pass".
    let s = MoraleSituation { strategic_surprise: true, ..Default::default() };
    assert_eq!(value(&avg(), &s, MoraleLevel::Good), 6);
}

#[test]
fn rule_8_spectacular_death_and_5_1_3_elan_and_6_7_3_mounted_infantry() {
    assert_eq!(
        value(&avg(), &MoraleSituation { saw_spectacular_death: true, ..Default::default() }, MoraleLevel::Good),
        4
    );
    assert_eq!(
        value(&avg(), &MoraleSituation { elan: ChargeElan::Charging, ..Default::default() }, MoraleLevel::Good),
        2
    );
    assert_eq!(
        value(&avg(), &MoraleSituation { elan: ChargeElan::EmptyGuns, ..Default::default() }, MoraleLevel::Good),
        1
    );
    let mi = MoraleUnit::regiment(Arm::MountedInfantry { mounted: true }, Quality::Average);
    assert_eq!(value(&mi, &MoraleSituation { elan: ChargeElan::Charging, ..Default::default() }, MoraleLevel::Good), 3);
    assert_eq!(value(&mi, &MoraleSituation::default(), MoraleLevel::Good), 3);
    // A second-turn charge has no elan (5.1.4) but is still a mounted charge.
    assert_eq!(value(&mi, &MoraleSituation { charging: true, ..Default::default() }, MoraleLevel::Good), 4);
}

#[test]
fn rule_9_3_2_buildings() {
    // Wooden building: the -1 cover benefit; stone: as medium works.
    assert_eq!(value(&avg(), &MoraleSituation { cover: Cover::Cover, ..Default::default() }, MoraleLevel::Good), 2);
    assert_eq!(
        value(&avg(), &MoraleSituation { cover: Cover::MediumWorks, ..Default::default() }, MoraleLevel::Good),
        1
    );
}

#[test]
fn optional_rules_only_when_chosen() {
    let s = MoraleSituation { unreasonable_order: true, canister_hit: true, ..Default::default() };
    assert_eq!(value(&avg(), &s, MoraleLevel::Shaken), 5);
    let mut r = MoraleRulings::default();
    r.optional.orders_for_shaken_units = true;
    r.optional.canister_hit = true;
    assert_eq!(mmp(&avg(), &s, MoraleLevel::Shaken, &Overrides::new(), &r).unwrap().value, 5 + 3 + 1);
}

#[test]
fn players_entries_replace_a_modifier() {
    let mut o = Overrides::new();
    set_modifier_entry(&mut o, &CellRef::new("Table 6", "In/Behind Cover", "Modifier"), Some(-2));
    let s = MoraleSituation { cover: Cover::Cover, ..Default::default() };
    let m = mmp(&avg(), &s, MoraleLevel::Good, &o, &MoraleRulings::default()).unwrap();
    assert_eq!(m.value, 1);
    assert_eq!(m.lines[0].source, Source::Entered);
    o.set(CellRef::new("Table 6", "In/Behind Cover", "Modifier"), Entered::Value(Ratio::whole(1)));
    let m = mmp(&avg(), &s, MoraleLevel::Good, &o, &MoraleRulings::default()).unwrap();
    assert_eq!(m.value, 1, "a below-zero entry wins until set_modifier_entry clears it");
    set_modifier_entry(&mut o, &CellRef::new("Table 6", "In/Behind Cover", "Modifier"), Some(1));
    assert_eq!(mmp(&avg(), &s, MoraleLevel::Good, &o, &MoraleRulings::default()).unwrap().value, 4);
    o.set(CellRef::new("Table 6", "In/Behind Cover", "Modifier"), Entered::Value(Ratio::HALF));
    assert!(mmp(&avg(), &s, MoraleLevel::Good, &o, &MoraleRulings::default()).is_err());
}

/// Property tests: the sum of the lines, each stand lost.
mod properties {
    use super::*;
    use crate::rules::unit::Quality;
    use proptest::prelude::*;

    fn cover() -> impl Strategy<Value = Cover> {
        prop_oneof![Just(Cover::None), Just(Cover::Cover), Just(Cover::MediumWorks), Just(Cover::HeavyWorks)]
    }
    fn aspect() -> impl Strategy<Value = Aspect> {
        prop_oneof![Just(Aspect::Front), Just(Aspect::PartialFlank), Just(Aspect::FullFlank), Just(Aspect::Rear)]
    }
    fn level() -> impl Strategy<Value = MoraleLevel> {
        prop_oneof![Just(MoraleLevel::Good), Just(MoraleLevel::Shaken), Just(MoraleLevel::Routed)]
    }

    proptest! {
        #[test]
        fn mmp_never_panics_and_adds_up(
            stands in any::<u32>(), regiments in any::<u32>(), officer in any::<u8>(), traceable in 0u32..6,
            cover in cover(), fired in aspect(), level in level(), flags in any::<[bool; 8]>(),
            merged in any::<u32>(), column in proptest::option::of(0u32..60), q in 0usize..4,
        ) {
            let s = MoraleSituation {
                stands_lost: stands, cover, protected_by_own_troops: flags[0], isolation: Isolation::from_traceable(traceable),
                regiments_lost_from_brigade: regiments, officer_benefit: officer, fired_on: fired, disengaging: flags[1],
                refused_line: flags[2], close_range_or_double_canister: flags[3],
                elan: if flags[4] { ChargeElan::Charging } else { ChargeElan::None }, strategic_surprise: flags[5],
                saw_spectacular_death: flags[6], charging: flags[4], detached_skirmishers: flags[7], merged_stands_attached: merged,
                brigade_column: column.map(|c| BrigadeColumn { stands_at_forming: c }), unreasonable_order: true, canister_hit: true,
            };
            let unit = MoraleUnit::regiment(Arm::Infantry, Quality::ALL[q]);
            match mmp(&unit, &s, level, &Overrides::new(), &MoraleRulings::default()) {
                Ok(m) => {
                    let sum = m.lines.iter().fold(m.bmp.value, |a, l| a.saturating_add(l.value));
                    prop_assert_eq!(sum, m.value);
                }
                Err(e) => {
                    let expected = matches!(e, RuleError::OutOfRange { what: "brigade column", .. });
                    prop_assert!(expected);
                }
            }
        }

        #[test]
        fn each_stand_lost_worsens_by_two(stands in 0u32..30, level in level()) {
            let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
            let r = MoraleRulings::default();
            let a = mmp(&unit, &MoraleSituation { stands_lost: stands, ..Default::default() }, level, &Overrides::new(), &r).unwrap();
            let b = mmp(&unit, &MoraleSituation { stands_lost: stands + 1, ..Default::default() }, level, &Overrides::new(), &r).unwrap();
            prop_assert_eq!(b.value - a.value, 2);
        }
    }
}
