//! The game's tables as the players fill them, and their file.
//!
//! [`TableSet::standard`] lists every table the rules roll on, with the die-roll modifiers the
//! rule text names and the rule that names each. Values are missing unless the rule prose
//! itself states one (5.0d, 13.2e); the players enter the rest from their charts, once, and
//! pass them between devices as a file ([`TableSet::export`], [`TableSet::import`]).

use crate::fire::ThresholdChart;
use crate::morale::AdditiveChart;
use crate::table::{Dice, Modifier, RollTable, Slot, TableError};
use companion_core::exchange::{FileKind, ImportError, MAX_FILE_BYTES, precheck};
use serde::{Deserialize, Serialize};

/// The tables file.
pub const FILE: FileKind = FileKind { format: "line-of-battle/tables", called: "a tables file", schemas: 1..=1 };

/// Keys of the tables the engine rolls on.
pub mod key {
    /// Combat Table (9.3).
    pub const COMBAT: &str = "combat";
    /// Opening Volley Table (9.2).
    pub const OPENING_VOLLEY: &str = "opening-volley";
    /// Closing Roll Table (7.1).
    pub const CLOSING: &str = "closing";
    /// Morale Table with the Charge Modifiers (10.1, 11.3b).
    pub const MORALE: &str = "morale";
    /// Leader Loss Table (4.1a).
    pub const LEADER_LOSS: &str = "leader-loss";
    /// Command Roll Table (13.3c).
    pub const COMMAND_ROLL: &str = "command-roll";
    /// Fluke Stoppage Table, Base Check (13.6h).
    pub const FLUKE_BASE: &str = "fluke-base";
    /// Fluke Stoppage Table, Failure Roll (13.6h).
    pub const FLUKE_FAILURE: &str = "fluke-failure";
    /// Recovery Table, Base Check (13.7c).
    pub const RECOVERY_BASE: &str = "recovery-base";
    /// Recovery Table, Recovery Roll (13.7c).
    pub const RECOVERY_ROLL: &str = "recovery-roll";
    /// Zero Roll Table (4.1d).
    pub const ZERO_ROLL: &str = "zero-roll";
    /// Command Radius Chart (3.3): read, not rolled.
    pub const COMMAND_RADIUS: &str = crate::radius::CHART;
}

/// Named modifiers of the Combat Table, each from the rule that names it.
pub mod combat {
    /// 9.1e: by the fewest MPs remaining ("Firer MPs Remaining 4").
    pub const MPS_REMAINING: &str = "Firer MPs Remaining";
    /// 9.3 Weapon Characteristics: Breechloader.
    pub const BREECHLOADER: &str = "Breechloader";
    /// 9.3: Repeater.
    pub const REPEATER: &str = "Repeater";
    /// 9.3: Buck 'n Ball.
    pub const BUCK_N_BALL: &str = "Buck 'n Ball";
    /// 9.3, 4.2h: Canister, as earlier builds named it; the standard set now has the two
    /// kinds with the values 4.2h states.
    pub const CANISTER: &str = "Canister";
    /// 4.2h: "Dense Canister gives a +2 DRM" (rule text).
    pub const DENSE_CANISTER: &str = "Dense Canister";
    /// 4.2h: "Normal Canister gives only +1" (rule text).
    pub const NORMAL_CANISTER: &str = "Normal Canister";
    /// 4.4a: Open Order units read the MPs Remaining on the Open Order column
    /// ("Firer MPs Remaining (Open Order) 5").
    pub const MPS_REMAINING_OPEN_ORDER: &str = "Firer MPs Remaining (Open Order)";
    /// 4.2l: the CBF level of the Firing Artillery's hex ("CBF Level 1").
    pub const CBF_LEVEL: &str = "CBF Level";
    /// 9.0 example: by the number of Firing SPs ("Number of Firing SPs 4").
    pub const FIRING_SPS: &str = "Number of Firing SPs";
    /// 9.0 example: by the Range ("Range 1").
    pub const RANGE: &str = "Range";
    /// 9.1f: the Target hex's Protection (only one applies).
    pub const PROTECTION: &str = "Protection";
    /// 1.6c: Stone Walls.
    pub const STONE_WALL: &str = "Stone Wall";
    /// 5.0e: Breastworks as hexside terrain.
    pub const BREASTWORKS: &str = "Breastworks";
    /// 4.1d: a Zero-led unit firing on half MA.
    pub const ZERO_LED: &str = "Zero-led";
}

/// The tables, keyed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSet {
    /// Every table.
    pub tables: Vec<RollTable>,
}

#[derive(Serialize, Deserialize)]
struct TablesFile {
    format: String,
    schema: u32,
    tables: Vec<RollTable>,
    /// The two charts that are not rolled on (9.3, 10.2). Absent from a file an earlier build
    /// wrote, which still reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    thresholds: Option<ThresholdChart>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    additive: Option<AdditiveChart>,
}

/// Everything a tables file carries: the tables rolled on and the two charts that are not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Charts {
    /// The tables rolled on.
    pub set: TableSet,
    /// The Threshold Values Chart (9.3), if the file has it.
    pub thresholds: Option<ThresholdChart>,
    /// The Additive Morale Chart (10.2), if the file has it.
    pub additive: Option<AdditiveChart>,
}

impl Charts {
    /// The tables file's text, with both charts.
    pub fn export(&self) -> String {
        let file = TablesFile {
            format: FILE.format.into(),
            schema: 1,
            tables: self.set.tables.clone(),
            thresholds: self.thresholds.clone(),
            additive: self.additive.clone(),
        };
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }

    /// Reads a tables file: the checks every file passes, then its shape, then every table's
    /// validation, with every problem named. The charts' own checks are the game's
    /// (`EditCommand::Thresholds`, `EditCommand::MoraleChart`), run when they are applied.
    pub fn import(raw: &str) -> Result<Charts, TablesFileError> {
        let value = precheck(raw, MAX_FILE_BYTES, &FILE).map_err(TablesFileError::File)?;
        let file: TablesFile = serde_json::from_value(value).map_err(|e| TablesFileError::Shape(e.to_string()))?;
        let mut errors: Vec<TableError> = file.tables.iter().filter_map(|t| t.validate().err()).flatten().collect();
        for (i, t) in file.tables.iter().enumerate() {
            if file.tables[..i].iter().any(|o| o.key == t.key) {
                errors.push(TableError { at: t.name.clone(), problem: format!("two tables have the key {}", t.key) });
            }
        }
        if errors.is_empty() {
            Ok(Charts { set: TableSet { tables: file.tables }, thresholds: file.thresholds, additive: file.additive })
        } else {
            Err(TablesFileError::Table(errors))
        }
    }
}

/// Why a tables file was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum TablesFileError {
    /// The checks every file passes (size, JSON, kind, version).
    File(ImportError),
    /// Its shape is not a tables file.
    Shape(String),
    /// A table in it is not usable.
    Table(Vec<TableError>),
}

impl std::fmt::Display for TablesFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablesFileError::File(e) => write!(f, "{e}"),
            TablesFileError::Shape(e) => write!(f, "this is not a tables file: {e}"),
            TablesFileError::Table(errors) => {
                let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                write!(f, "{}", lines.join("; "))
            }
        }
    }
}

fn modifier(name: &str, rule: &str) -> Modifier {
    Modifier { name: name.into(), rule: rule.into(), value: Slot::Missing }
}

fn stated(name: &str, rule: &str, value: i32) -> Modifier {
    Modifier { name: name.into(), rule: rule.into(), value: Slot::RuleText { value, rule: rule.into() } }
}

impl TableSet {
    /// Every table the rules roll on, empty, with the modifiers the rule text names.
    pub fn standard() -> TableSet {
        let mut combat = RollTable::new(key::COMBAT, "Combat Table", "9.3", Dice::Two);
        combat.grid_from_raw = Some(9);
        // One modifier per count: the chart's rows for MPs remaining, Firing SPs and Range.
        combat.modifiers = (0..=10)
            .map(|n| modifier(&format!("{} {n}", combat::MPS_REMAINING), "9.1e"))
            .chain((0..=8).map(|n| modifier(&format!("{} {n}", combat::MPS_REMAINING_OPEN_ORDER), "4.4a")))
            .chain((1..=8).map(|n| modifier(&format!("{} {n}", combat::FIRING_SPS), "9.3")))
            .chain((1..=38).map(|n| modifier(&format!("{} {n}", combat::RANGE), "9.3")))
            .chain([
                modifier(combat::BREECHLOADER, "9.3"),
                modifier(combat::REPEATER, "9.3"),
                modifier(combat::BUCK_N_BALL, "9.3"),
                stated(combat::DENSE_CANISTER, "4.2h", 2),
                stated(combat::NORMAL_CANISTER, "4.2h", 1),
                modifier(&format!("{} 1", combat::CBF_LEVEL), "4.2l"),
                modifier(&format!("{} 2", combat::CBF_LEVEL), "4.2l"),
                modifier(combat::PROTECTION, "9.1f"),
                modifier(combat::STONE_WALL, "1.6c"),
                modifier(combat::BREASTWORKS, "5.0e"),
                modifier(combat::ZERO_LED, "4.1d"),
                modifier("Rear", "6.3c"),
            ])
            .collect();
        let mut volley = RollTable::new(key::OPENING_VOLLEY, "Opening Volley Table", "9.2", Dice::One);
        volley.modifiers = vec![
            modifier("Range 1", "9.2"),
            modifier("Range 2", "9.2"),
            modifier("Range 3", "9.2"),
            modifier("Charge Range", "11.1"),
            modifier("Canister", "9.2"),
            modifier("Triggering Stack SPs", "9.2"),
            modifier("Not the Firing unit", "9.2"),
            modifier("Not Firing", "9.2"),
            stated("Green Firer", "4.5", -2),
        ];
        let mut closing = RollTable::new(key::CLOSING, "Closing Roll Table", "7.1", Dice::One);
        closing.modifiers = vec![
            modifier("Morale Rating A", "7.1"),
            modifier("Morale Rating B", "7.1"),
            modifier("Morale Rating C", "7.1"),
            modifier("Morale Rating D", "7.1"),
            modifier("Morale Rating E", "7.1"),
            modifier("Morale Rating F", "7.1"),
            modifier("Rear", "7.1"),
            stated("Starting in Breastworks", "5.0d", -3),
            modifier("Charge starting adjacent", "7.1"),
        ];
        let mut morale = RollTable::new(key::MORALE, "Morale Table", "10.1", Dice::Two);
        morale.modifiers = ["A", "B", "C", "D", "E", "F"]
            .iter()
            .map(|r| modifier(&format!("Morale Rating {r}"), "10.1"))
            .chain([
                modifier("Wrecked", "1.3b"),
                modifier("Cowardly Legs", "10.4"),
                stated("Limited Defense Status", "13.2e", 1),
                modifier("Slope", "1.6a"),
                modifier("Charge: Bigger", "11.3b"),
                modifier("Charge: Smaller", "11.3b"),
            ])
            .collect();
        let mut leader_loss = RollTable::new(key::LEADER_LOSS, "Leader Loss Table", "4.1a", Dice::Two);
        leader_loss.modifiers = vec![modifier("Sharpshooter", "4.4a")];
        let mut command = RollTable::new(key::COMMAND_ROLL, "Command Roll Table", "13.3c", Dice::Two);
        command.modifiers = vec![modifier("Release Reserves", "13.2d"), modifier("Night", "13.5b")];
        let mut fluke_base = RollTable::new(key::FLUKE_BASE, "Fluke Stoppage Table: Base Check", "13.6h", Dice::Two);
        fluke_base.modifiers = vec![modifier("Reserve", "13.2d")];
        let fluke_failure =
            RollTable::new(key::FLUKE_FAILURE, "Fluke Stoppage Table: Failure Roll", "13.6h", Dice::Two);
        let mut recovery_base = RollTable::new(key::RECOVERY_BASE, "Recovery Table: Base Check", "13.7c", Dice::Two);
        recovery_base.modifiers = vec![modifier("Wrecked or Dead units", "13.7c")];
        let recovery_roll = RollTable::new(key::RECOVERY_ROLL, "Recovery Table: Recovery Roll", "13.7c", Dice::Two);
        let zero = RollTable::new(key::ZERO_ROLL, "Zero Roll Table", "4.1d", Dice::One);
        TableSet {
            tables: vec![
                combat,
                volley,
                closing,
                morale,
                leader_loss,
                command,
                fluke_base,
                fluke_failure,
                recovery_base,
                recovery_roll,
                zero,
                crate::radius::chart(),
            ],
        }
    }

    /// The table with `key`.
    pub fn get(&self, key: &str) -> Option<&RollTable> {
        self.tables.iter().find(|t| t.key == key)
    }

    /// Puts a table in place of the one with its key (or adds it) after validating it.
    pub fn put(&mut self, table: RollTable) -> Result<(), Vec<TableError>> {
        table.validate()?;
        match self.tables.iter_mut().find(|t| t.key == table.key) {
            Some(slot) => *slot = table,
            None => self.tables.push(table),
        }
        Ok(())
    }

    /// The tables file's text, without the two charts ([`Charts::export`] has them).
    pub fn export(&self) -> String {
        Charts { set: self.clone(), thresholds: None, additive: None }.export()
    }

    /// Reads a tables file's tables rolled on ([`Charts::import`] reads its charts too).
    pub fn import(raw: &str) -> Result<TableSet, TablesFileError> {
        Charts::import(raw).map(|c| c.set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::morale::MoraleState;
    use crate::table::{Band, Column, Effect, Span};

    #[test]
    fn the_standard_set_is_valid_and_round_trips_through_its_file() {
        let mut set = TableSet::standard();
        for t in &set.tables {
            assert_eq!(t.validate(), Ok(()), "{}", t.name);
        }
        let mut command = set.get(key::COMMAND_ROLL).cloned().unwrap();
        command.columns.push(Column {
            label: String::new(),
            bands: vec![
                Band { rolls: Span::at_most(7), effects: vec![Effect::Fail] },
                Band { rolls: Span::at_least(8), effects: vec![Effect::Pass] },
            ],
        });
        set.put(command).unwrap();
        let text = set.export();
        assert_eq!(TableSet::import(&text), Ok(set));
    }

    #[test]
    fn rule_9_3_and_10_2_the_charts_travel_with_the_tables_and_an_older_file_still_reads() {
        let charts = Charts {
            set: TableSet::standard(),
            thresholds: Some(ThresholdChart { rows: vec![(4, Slot::Entered(2)), (8, Slot::Missing)] }),
            additive: Some(AdditiveChart {
                entries: vec![(MoraleState::Shaken, MoraleState::Shaken, Slot::Entered(MoraleState::Disorganized))],
            }),
        };
        let text = charts.export();
        assert_eq!(Charts::import(&text), Ok(charts.clone()));
        // A file written before the charts were in it: the tables, no charts.
        let older = charts.set.export();
        assert!(!older.contains("thresholds"), "{older}");
        assert_eq!(Charts::import(&older), Ok(Charts { set: charts.set, thresholds: None, additive: None }));
    }

    #[test]
    fn a_bad_table_in_a_file_is_refused_with_where() {
        let mut set = TableSet::standard();
        set.tables[0].columns.push(Column {
            label: "x".into(),
            bands: vec![Band { rolls: Span::between(5, 3), effects: vec![Effect::NoEffect] }],
        });
        let err = TableSet::import(&set.export()).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("Combat Table, column \u{201c}x\u{201d}, band 1"), "{text}");
        assert!(text.contains("lowest roll is above its highest"), "{text}");
    }

    #[test]
    fn a_file_of_another_kind_is_refused() {
        let err = TableSet::import(r#"{"format":"johnny-reb/game","schema":2}"#).unwrap_err();
        assert!(matches!(err, TablesFileError::File(ImportError::WrongKind { .. })));
        let err = TableSet::import(r#"{"format":"line-of-battle/tables","schema":1,"tables":7}"#).unwrap_err();
        assert!(matches!(err, TablesFileError::Shape(_)));
    }

    #[test]
    fn rule_5_0d_breastworks_closing_drm_is_rule_text() {
        let set = TableSet::standard();
        let m = set.get(key::CLOSING).and_then(|t| t.modifier("Starting in Breastworks")).unwrap();
        assert_eq!(m.value.get(), Some(-3));
    }
}
