//! The campaign side of a saved game: the pack entered, a campaign started from it, dice kept
//! for a step that waits for the player's Scouts, the Player Log.

use super::*;
use crate::campaign::tests::{advance_to, d};
use crate::pack::{PRACTICE, practice_pack};

fn started() -> CampaignPlay {
    let mut p = CampaignPlay::default();
    p.apply(&PlayCommand::Pack(PackEdit::Replace(Box::new(practice_pack()))), 0.0).unwrap();
    p.apply(&PlayCommand::Start { campaign: PRACTICE.into(), settings: Settings::default() }, 0.0).unwrap();
    p
}

fn step(p: &mut CampaignPlay, c: CampaignCommand) -> CampaignReport {
    p.apply(&PlayCommand::Step(c), 0.0).unwrap_or_else(|e| panic!("refused: {e}"))
}

fn refused(p: &mut CampaignPlay, c: PlayCommand) -> String {
    let before = p.clone();
    let e = p.apply(&c, 0.0).expect_err("should be refused").to_string();
    assert_eq!(*p, before, "a refused command changed the game");
    e
}

#[test]
fn rule_7_0_a_campaign_starts_only_from_a_pack_and_one_at_a_time() {
    let mut p = CampaignPlay::default();
    let start = PlayCommand::Start { campaign: PRACTICE.into(), settings: Settings::default() };
    assert!(refused(&mut p, start.clone()).contains("enter or import a campaign pack first"));
    p.apply(&PlayCommand::Pack(PackEdit::Rename("My pack".into())), 0.0).unwrap();
    assert_eq!(p.pack.as_ref().map(|x| x.name.as_str()), Some("My pack"), "the first edit makes the pack");
    assert!(refused(&mut p, start.clone()).contains("has no campaign"));
    let mut p = started();
    assert!(p.campaign.as_ref().unwrap().log.iter().any(|l| l.text.contains("Robert E. Lee placed in Capital (7.8)")));
    assert!(refused(&mut p, start).contains("a campaign is in progress"));
    // An unsound pack does not start.
    let mut bad = CampaignPlay::default();
    let mut pack = practice_pack();
    pack.campaigns[0].lee_start = crate::pack::Given::Entered("Nowhere".into());
    bad.apply(&PlayCommand::Pack(PackEdit::Replace(Box::new(pack))), 0.0).unwrap();
    let e = bad.apply(&PlayCommand::Start { campaign: PRACTICE.into(), settings: Settings::default() }, 0.0);
    assert!(e.unwrap_err().to_string().contains("not sound"));
}

#[test]
fn rule_16_3_1_an_orders_roll_waits_for_a_scout_re_roll_and_a_shift() {
    let mut p = started();
    advance_to(p.campaign.as_mut().unwrap(), Phase::UnionOrders);
    p.campaign.as_mut().unwrap().scouts = 2;
    let group = p.campaign.as_ref().unwrap().groups.iter().position(|g| !g.done).unwrap();
    let key = format!("orders-{group}");
    p.apply(&PlayCommand::Roll { die: d(4), step: key.clone() }, 0.0).unwrap();
    assert!(refused(&mut p, PlayCommand::Roll { die: d(1), step: "resupply-table".into() }).contains("another step"));
    let r = p.apply(&PlayCommand::Roll { die: d(8), step: key.clone() }, 0.0).unwrap();
    assert_eq!(r.lines, vec!["A Scout discarded to re-roll: 8 stands (16.3.1)".to_string()]);
    p.apply(&PlayCommand::Roll { die: d(3), step: key.clone() }, 0.0).unwrap();
    assert!(refused(&mut p, PlayCommand::Roll { die: d(5), step: key.clone() }).contains("spent on the re-rolls"));
    // Two re-rolls spend both Scouts: no shift is left to buy.
    let order = |shift| CampaignCommand::UnionOrder { group, rolls: vec![], shift, picks: vec![], by_hand: None };
    let tried = p.trial(&PlayCommand::Step(order(1)));
    assert!(tried.unwrap_err().to_string().contains("that needs 3 Scouts; you have 2"));
    let r = step(&mut p, order(0));
    assert_eq!(r.rolled.len(), 3, "the first roll and both re-rolls are reported");
    assert!(p.dice.is_empty() && p.dice_for.is_none());
    assert_eq!(p.campaign.as_ref().unwrap().scouts, 0);
}

#[test]
fn rule_18_3_a_resupply_roll_waits_for_its_follow_up() {
    let mut p = started();
    advance_to(p.campaign.as_mut().unwrap(), Phase::UnionResupply);
    let c = p.campaign.as_mut().unwrap();
    while !matches!(c.union_stage, UnionStage::Table(_)) {
        let cmd = match c.union_stage {
            UnionStage::Refit => UnionResupplyCommand::Refit { picks: vec![] },
            UnionStage::Reinforcements => UnionResupplyCommand::DrawReinforcement { picks: vec![] },
            _ => UnionResupplyCommand::DrawAdditional { picks: vec![] },
        };
        crate::campaign::tests::run(c, CampaignCommand::UnionResupply(cmd));
    }
    // The practice table's 3: a Battery whose Combat Value a second roll gives (18.3).
    assert!(p.campaign.as_ref().unwrap().resupply_follow_up(d(3)));
    p.apply(&PlayCommand::Roll { die: d(3), step: "resupply-table".into() }, 0.0).unwrap();
    let roll = |face| {
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
            roll: d(face),
            follow_up: None,
            picks: vec![],
        })
    };
    let r = step(&mut p, roll(9));
    assert_eq!(
        r.rolled,
        vec![("Union Resupply Table, roll 1".to_string(), 3), ("Union Resupply follow-up".to_string(), 9)]
    );
    assert!(r.lines.iter().any(|l| l.contains("A Battery of Combat Value 4")), "{:?}", r.lines);
}

#[test]
fn rule_21_0_an_ended_campaign_is_noted_on_the_player_log_once() {
    let mut p = started();
    assert!(refused(&mut p, PlayCommand::Record { notes: String::new() }).contains("has not ended"));
    let c = p.campaign.as_mut().unwrap();
    let mut r = CampaignReport::default();
    c.end(Outcome::Defeat, "a test".into(), &mut r);
    // The Grand Campaign plays the five in order: the practice campaign is not one of them.
    assert!(refused(&mut p, PlayCommand::Record { notes: String::new() }).contains("Seven Days Battles is next"));
    let mut pack = practice_pack();
    pack.campaigns[0].name = "Seven Days Battles".into();
    for c in pack.counters.iter_mut().filter(|c| c.campaign.is_some()) {
        c.campaign = Some("Seven Days Battles".into());
    }
    let mut p = CampaignPlay::default();
    p.apply(&PlayCommand::Pack(PackEdit::Replace(Box::new(pack))), 0.0).unwrap();
    p.apply(&PlayCommand::Start { campaign: "Seven Days Battles".into(), settings: Settings::default() }, 0.0).unwrap();
    p.campaign.as_mut().unwrap().end(Outcome::Victory, "a test".into(), &mut r);
    p.apply(&PlayCommand::Record { notes: "Richmond held".into() }, 0.0).unwrap();
    assert_eq!(p.grand.next(), Some("Second Manassas"));
    assert!(refused(&mut p, PlayCommand::Record { notes: String::new() }).contains("on the Player Log already"));
    // The next campaign may start once this one has ended.
    assert!(
        p.trial(&PlayCommand::Start { campaign: "Seven Days Battles".into(), settings: Settings::default() }).is_ok()
    );
}

fn depth(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        serde_json::Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

#[test]
fn the_campaign_side_of_a_saved_game_stays_shallow_and_reads_back() {
    // The core refuses documents nested more than 16 deep: the app's backup wraps a game in its
    // document and the saved games list; this part leaves room for them.
    let mut p = started();
    advance_to(p.campaign.as_mut().unwrap(), Phase::UnionOrders);
    let v = serde_json::to_value(&p).unwrap();
    assert!(depth(&v) <= 12, "{}", depth(&v));
    assert_eq!(serde_json::from_value::<CampaignPlay>(v).unwrap(), p);
    assert_eq!(serde_json::from_str::<CampaignPlay>("{}").unwrap(), CampaignPlay::default(), "a battle saved before");
}
