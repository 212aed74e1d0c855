//! Small arms and artillery fire (4.1-4.3, Tables 8-15, Appendices A-D): strength, Table 10
//! kills, Table 11 multipliers, Table 12 saves, and the odds of each before the dice.
#![warn(missing_docs)]

pub mod combat_results;

pub use combat_results::{
    combat_result, combat_result_odds, table10_kills, table10_row, table10_rows, CombatResult, Table10Roll, Table10Rows,
};
