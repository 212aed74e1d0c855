//! What a device keeps for Johnny Reb beyond its games: the players' Tables Card entries and
//! a quick look-up charge in progress. Saved in the stored document under the system's id.

use super::charges::LookupCharge;
use crate::rules::Overrides;
use serde::{Deserialize, Serialize};

/// Johnny Reb's device data.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DeviceData {
    /// The players' Tables Card entries: values the transcription lacks, or their card's
    /// value over a shipped one.
    pub table_entries: Overrides,
    /// A quick look-up charge in progress on this device (nothing of it is in any game).
    pub charge_lookup: Option<LookupCharge>,
}
