use super::*;
use crate::force::{Entry, Face, Skill};
use crate::pack::{SEVEN_DAYS, seven_days_from_the_text};
use proptest::prelude::*;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

fn seven_days_brt() -> Brt {
    seven_days_from_the_text().campaigns[0].brt.clone()
}

fn target(
    id: u32,
    kind: ForceType,
    skill: Skill,
    named: bool,
    full: u8,
    reduced: Option<u8>,
    strength: Strength,
) -> Target {
    let mut c = Counter::new(format!("F{id}"), Loyalty::Union, kind, named);
    c.skill = Entry::Entered(skill);
    c.full = Face::entered(Some(5), full, None);
    c.reduced = Entry::Entered(reduced.map(|r| Face::entered(Some(4), r, None)));
    Target { id, counter: c, strength }
}

#[test]
fn very_quick_fog_of_war_and_battle_turns_example_six_turns_less_two() {
    assert_eq!(battle_turns(6), 4);
    assert_eq!(battle_turns(3), 1, "the Quick example: three less two is one");
    assert_eq!(battle_turns(2), 1, "at least one");
    assert_eq!(quick_fog(FogEvent::UnionPlans(2)), QuickFog::UnionShifts(2));
    assert_eq!(quick_fog(FogEvent::RandomInsight), QuickFog::ConfederateShift);
    assert_eq!(quick_fog(FogEvent::Disease), QuickFog::AsBasic(FogEvent::Disease));
}

#[test]
fn very_quick_determine_hits_example_union_attacks_18_against_23() {
    // Differential -5 (the -4 to -6 column); Lee absent, the Confederates defend: right to -3
    // to -1; Fog of War's two Union shifts as Attacker: right to 0, then to +1 to +3. A 9 there
    // is A 1 D 2; four Battle Turns make 4 and 8 Hits.
    let brt = seven_days_brt();
    let c = Column {
        attacker: Loyalty::Union,
        attacker_cv: 18,
        defender_cv: 23,
        lee_present: false,
        union_shifts: 2,
        confederate_shift: None,
    };
    let r = read(&brt, SEVEN_DAYS, &c, d(9), 4).unwrap();
    assert_eq!(r.differential, -5);
    assert_eq!(brt.columns[r.base_column].label(), "-6 to -4");
    assert_eq!(r.label, "+1 to +3");
    assert_eq!((r.attacker_hits, r.defender_hits), (4, 8));
    assert!(r.lines.iter().any(|l| l.contains("defend without Lee: one column right")), "{:?}", r.lines);
    // Had the Union defended, its two shifts go left: from -3 to -1 to -6 to -4, then -9 to -7.
    let defending = Column { attacker: Loyalty::Confederate, attacker_cv: 20, defender_cv: 22, lee_present: true, ..c };
    let r = read(&brt, SEVEN_DAYS, &defending, d(1), 1).unwrap();
    assert_eq!(brt.columns[r.base_column].label(), "-3 to -1");
    assert_eq!(r.label, "-9 to -7");
    // With Lee present, no shift for him: -4 to -6 then right twice: 0.
    let r = read(&brt, SEVEN_DAYS, &Column { lee_present: true, ..c }, d(1), 1).unwrap();
    assert_eq!(r.label, "0");
    assert_eq!(r.cell, BrtCell { attacker: 2, defender: 1 });
}

#[test]
fn very_quick_determine_hits_example_other_readings() {
    let brt = seven_days_brt();
    let at = |col: &str| brt.columns.iter().position(|c| c.label() == col).unwrap();
    // "If the player had rolled a '1', the Attacker would have suffered 2 Hits and the Defender 1."
    assert_eq!(brt.cell(SEVEN_DAYS, at("+1 to +3"), 1).unwrap(), BrtCell { attacker: 2, defender: 1 });
    // "a '10' in, say, the +4 to +6 column ... the Attacker a Hit and the Defender 3 Hits."
    assert_eq!(brt.cell(SEVEN_DAYS, at("+4 to +6"), 10).unwrap(), BrtCell { attacker: 1, defender: 3 });
}

#[test]
fn quick_consult_and_check_lee_examples_confederates_attack_12_against_9() {
    let brt = seven_days_brt();
    let c = Column {
        attacker: Loyalty::Confederate,
        attacker_cv: 12,
        defender_cv: 9,
        lee_present: true,
        union_shifts: 0,
        confederate_shift: None,
    };
    assert_eq!(read(&brt, SEVEN_DAYS, &c, d(1), 1).unwrap().label, "+1 to +3");
    // Lee absent and the Confederates attacking: one column left, the 0 column; a 5 there is
    // A 1 D 1, a 1 is A 2 D 1.
    let absent = Column { lee_present: false, ..c };
    let r = read(&brt, SEVEN_DAYS, &absent, d(5), 1).unwrap();
    assert_eq!((r.label.as_str(), r.attacker_hits, r.defender_hits), ("0", 1, 1));
    assert_eq!(read(&brt, SEVEN_DAYS, &absent, d(1), 1).unwrap().cell, BrtCell { attacker: 2, defender: 1 });
    // Defending with the same +3 and Lee absent: one column right, +4 to +6.
    let defending = Column { attacker: Loyalty::Union, ..absent };
    assert_eq!(read(&brt, SEVEN_DAYS, &defending, d(1), 1).unwrap().label, "+4 to +6");
    // "a '1' in the -3 to -1 column": A 3 D 1.
    assert_eq!(brt.cell(SEVEN_DAYS, 3, 1).unwrap(), BrtCell { attacker: 3, defender: 1 });
}

#[test]
fn quick_determine_attacker_example_turn_by_turn() {
    // Turn 1: the Confederates moved in, so they attack although 12 against 14.
    assert_eq!(attacker(1, Loyalty::Confederate, 14, 12), Loyalty::Confederate);
    // Turn 2: 10 against the Union's 12: the Union attacks.
    assert_eq!(attacker(2, Loyalty::Confederate, 12, 10), Loyalty::Union);
    // Turn 3: 10 against 9: the Confederates again.
    assert_eq!(attacker(3, Loyalty::Confederate, 9, 10), Loyalty::Confederate);
    assert_eq!(attacker(2, Loyalty::Confederate, 10, 10), Loyalty::Union, "greater or equal");
}

#[test]
fn quick_advance_battle_turn_examples() {
    let brt = seven_days_brt();
    // 10 against 7, Lee absent: +3 less a column for attacking without Lee: the 0 column.
    let c = Column {
        attacker: Loyalty::Confederate,
        attacker_cv: 10,
        defender_cv: 7,
        lee_present: false,
        union_shifts: 0,
        confederate_shift: None,
    };
    assert_eq!(read(&brt, SEVEN_DAYS, &c, d(1), 1).unwrap().label, "0");
    // 14 against 10: the Union attacks at +4, a column right for the defence without Lee:
    // +7 to +9.
    let u = Column { attacker: Loyalty::Union, attacker_cv: 14, defender_cv: 10, ..c };
    assert_eq!(read(&brt, SEVEN_DAYS, &u, d(1), 1).unwrap().label, "+7 to +9");
}

#[test]
fn shifts_stop_at_the_edges_and_the_confederate_shift_moves_one_column() {
    let brt = seven_days_brt();
    let c = Column {
        attacker: Loyalty::Union,
        attacker_cv: 40,
        defender_cv: 1,
        lee_present: false,
        union_shifts: 2,
        confederate_shift: Some(Shift::Left),
    };
    let r = read(&brt, SEVEN_DAYS, &c, d(1), 1).unwrap();
    assert_eq!(r.column, 8);
    let c = Column {
        attacker: Loyalty::Confederate,
        attacker_cv: 5,
        defender_cv: 5,
        union_shifts: 0,
        confederate_shift: Some(Shift::Right),
        ..c
    };
    assert_eq!(read(&brt, SEVEN_DAYS, &c, d(1), 1).unwrap().label, "0", "left for Lee, right for the shift");
}

#[test]
fn a_cell_not_entered_is_asked_for() {
    let brt = seven_days_brt();
    let c = Column {
        attacker: Loyalty::Union,
        attacker_cv: 5,
        defender_cv: 5,
        lee_present: true,
        union_shifts: 0,
        confederate_shift: None,
    };
    let e = read(&brt, SEVEN_DAYS, &c, d(7), 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Battle Resolution Table, Seven Days Battles, roll 7, 0 is not in the rulebook text: enter it from your game's printed tables"
    );
}

#[test]
fn rule_11_9_very_quick_example_four_hits_on_infantry_guns_and_fortification() {
    // A reduced named Poor Line Infantry, an unnamed Battery and a Fortification take 4 Hits:
    // the Infantry is destroyed, then the Battery, then the Fortification; the fourth Hit is
    // discounted.
    let forces = vec![
        target(3, ForceType::Fortification, Skill::Conscript, false, 4, None, Strength::Full),
        target(2, ForceType::Artillery, Skill::Line, false, 3, None, Strength::Full),
        target(1, ForceType::Infantry, Skill::PoorLine, true, 5, Some(3), Strength::Reduced),
    ];
    let hits = allocate(&forces, 4, &[]).unwrap();
    assert_eq!(hits, vec![(1, HitResult::Destroyed), (2, HitResult::Destroyed), (3, HitResult::Destroyed)]);
}

#[test]
fn rule_11_11_quick_example_a_regiment_destroyed_and_a_conscript_flipped() {
    // The Regiment (no reduced side) goes; the Union's Conscript of Combat Value 3 is flipped to
    // its reduced side of 1: 12 becomes 10 and 9 becomes 7.
    let regiment = target(1, ForceType::Infantry, Skill::Conscript, false, 2, None, Strength::Full);
    assert_eq!(allocate(&[regiment], 1, &[]).unwrap(), vec![(1, HitResult::Destroyed)]);
    let conscripts = vec![
        target(5, ForceType::Infantry, Skill::Conscript, true, 3, Some(1), Strength::Full),
        target(6, ForceType::Infantry, Skill::Conscript, true, 3, Some(1), Strength::Full),
        target(7, ForceType::Infantry, Skill::Line, true, 3, Some(1), Strength::Full),
    ];
    assert_eq!(
        allocate(&conscripts, 1, &[1]).unwrap(),
        vec![(6, HitResult::Flipped)],
        "the player chooses among equals"
    );
    // Two Hits may go to the same force or to two (11.9): the picks say which.
    assert_eq!(allocate(&conscripts, 2, &[0, 0]).unwrap(), vec![(5, HitResult::Flipped), (5, HitResult::Destroyed)]);
    assert_eq!(allocate(&conscripts, 2, &[0, 1]).unwrap(), vec![(5, HitResult::Flipped), (6, HitResult::Flipped)]);
}

#[test]
fn hits_go_to_mobile_forces_then_garrisons_then_guns_then_fortifications() {
    let forces = vec![
        target(1, ForceType::Fortification, Skill::Conscript, false, 4, None, Strength::Full),
        target(2, ForceType::Artillery, Skill::Conscript, false, 3, None, Strength::Full),
        target(3, ForceType::Garrison, Skill::Conscript, false, 2, None, Strength::Full),
        target(4, ForceType::Cavalry, Skill::Elite, true, 4, None, Strength::Full),
    ];
    let order: Vec<u32> = allocate(&forces, 4, &[]).unwrap().into_iter().map(|h| h.0).collect();
    assert_eq!(order, vec![4, 3, 2, 1]);
}

fn arb_target() -> impl Strategy<Value = Target> {
    let kinds = prop_oneof![
        Just(ForceType::Infantry),
        Just(ForceType::Cavalry),
        Just(ForceType::Artillery),
        Just(ForceType::Garrison),
        Just(ForceType::Fortification)
    ];
    let skills = prop_oneof![
        Just(Skill::Conscript),
        Just(Skill::PoorLine),
        Just(Skill::Line),
        Just(Skill::Veteran),
        Just(Skill::Elite)
    ];
    (kinds, skills, any::<bool>(), 1u8..9, proptest::option::of(1u8..5), any::<bool>()).prop_map(
        |(kind, skill, named, full, reduced, flipped)| {
            let strength = if flipped && reduced.is_some() && named && kind == ForceType::Infantry {
                Strength::Reduced
            } else {
                Strength::Full
            };
            target(0, kind, skill, named, full, reduced, strength)
        },
    )
}

proptest! {
    #[test]
    fn hits_never_exceed_the_roll_and_always_fall_on_the_lowest_rank_and_skill(
        mut forces in proptest::collection::vec(arb_target(), 0..8),
        hits in 0u32..20,
        picks in proptest::collection::vec(any::<usize>(), 0..20),
    ) {
        for (i, f) in forces.iter_mut().enumerate() {
            f.id = i as u32 + 1;
        }
        let out = allocate(&forces, hits, &picks).unwrap();
        prop_assert!(out.len() as u32 <= hits);
        let mut left = forces.clone();
        for (id, result) in &out {
            let pos = left.iter().position(|t| t.id == *id);
            prop_assert!(pos.is_some(), "a Hit on a force already gone");
            let t = left[pos.unwrap()].clone();
            let key = |t: &Target| (hit_rank(t.counter.kind), t.counter.skill.get("", "").ok());
            prop_assert!(left.iter().all(|o| key(o) >= key(&t)), "a Hit skipped a lower force");
            if *result == HitResult::Destroyed {
                left.remove(pos.unwrap());
            } else {
                left[pos.unwrap()].strength = Strength::Reduced;
            }
        }
        prop_assert!(out.len() as u32 == hits || left.is_empty(), "Hits are discounted only once every force is gone");
    }
}
