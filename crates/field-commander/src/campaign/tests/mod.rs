//! The campaign's tests: the practice campaign (every value made up) and a Seven Days campaign
//! built from the rule text's values with test entries for the rest.

mod battles;
mod flow;
mod orders;
mod props;
mod resupply;
mod seven_days;
mod victory;

use super::*;
use crate::pack::{CampaignPack, PRACTICE, practice_pack};

pub(super) fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

pub(super) fn start(pack: &CampaignPack, name: &str, settings: Settings) -> Campaign {
    Campaign::start(pack, name, settings).unwrap().0
}

pub(super) fn practice() -> Campaign {
    start(&practice_pack(), PRACTICE, Settings::default())
}

pub(super) fn practice_with(battles: BattleRules) -> Campaign {
    start(&practice_pack(), PRACTICE, Settings { battles, ..Settings::default() })
}

/// The pieces of the design with this key.
pub(super) fn ids(c: &Campaign, key: &str) -> Vec<u32> {
    let design = c.counters.iter().position(|d| d.key == key).unwrap_or_else(|| panic!("no counter {key}"));
    c.pieces.iter().filter(|p| p.design == design).map(|p| p.id).collect()
}

pub(super) fn id(c: &Campaign, key: &str) -> u32 {
    ids(c, key)[0]
}

pub(super) fn run(c: &mut Campaign, cmd: CampaignCommand) -> CampaignReport {
    match apply(c, &cmd, 0.0) {
        Ok(r) => r,
        Err(e) => panic!("{cmd:?} refused: {e}"),
    }
}

/// The refusal's words; the campaign is left as it was.
pub(super) fn refused(c: &mut Campaign, cmd: CampaignCommand) -> String {
    let before = c.clone();
    let e = apply(c, &cmd, 0.0).expect_err("should be refused");
    assert_eq!(*c, before, "a refused command changed the campaign");
    e.to_string()
}

pub(super) fn place(c: &Campaign, id: u32) -> Place {
    c.piece(id).unwrap().place.clone()
}

pub(super) fn area(a: &str) -> Place {
    Place::Area(a.to_string())
}

/// Moves a counter by hand (test set-up).
pub(super) fn put(c: &mut Campaign, id: u32, to: Place) {
    c.piece_mut(id).unwrap().place = to;
}

/// From set-up to the given step of turn 1 with nothing done.
pub(super) fn advance_to(c: &mut Campaign, phase: Phase) {
    while c.phase != phase {
        let cmd = match c.phase {
            Phase::SetUp | Phase::TurnOver => CampaignCommand::AdvanceTurn,
            Phase::ConfederateMoves => CampaignCommand::EndMoves,
            Phase::BattlesAfterMoves | Phase::BattlesAfterForcedMarch | Phase::UnionBattles => {
                CampaignCommand::EndBattles
            }
            Phase::ForcedMarch => CampaignCommand::EndForcedMarch,
            Phase::ConfederateResupply => CampaignCommand::EndConfederateTurn,
            Phase::UnionOrders => {
                let g = c.groups.iter().position(|g| !g.done);
                match g {
                    Some(g) => CampaignCommand::UnionOrder {
                        group: g,
                        rolls: vec![d(2)],
                        shift: 0,
                        picks: vec![],
                        by_hand: None,
                    },
                    None => CampaignCommand::EndUnionOrders,
                }
            }
            Phase::UnionResupply => match c.union_stage {
                UnionStage::Done => CampaignCommand::EndTurn,
                UnionStage::Refit => CampaignCommand::UnionResupply(UnionResupplyCommand::Refit { picks: vec![] }),
                UnionStage::Reinforcements => {
                    CampaignCommand::UnionResupply(UnionResupplyCommand::DrawReinforcement { picks: vec![] })
                }
                UnionStage::Additional => {
                    CampaignCommand::UnionResupply(UnionResupplyCommand::DrawAdditional { picks: vec![] })
                }
                UnionStage::Table(_) => CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
                    roll: d(6),
                    follow_up: Some(d(1)),
                    picks: vec![],
                }),
            },
            Phase::Over => panic!("the campaign ended: {:?}", c.ending),
        };
        run(c, cmd);
    }
}

/// Moves the first counter of design `key` by hand (test set-up).
pub(super) fn put_k(c: &mut Campaign, key: &str, to: Place) {
    let i = id(c, key);
    put(c, i, to);
}
