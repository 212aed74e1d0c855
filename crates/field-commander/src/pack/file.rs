//! The campaign pack file: exported as JSON, imported through the core's checks
//! ([`companion_core::exchange::precheck`]: size, nesting, JSON, limits, kind and version),
//! then its shape, then [`CampaignPack::validate`]. A malformed or hostile file is refused with
//! a message saying what is wrong; nothing panics.

use super::{CampaignDef, CampaignPack, CounterDesign, Given, PackError};
use crate::prebattle::FogRow;
use companion_core::exchange::{FileKind, ImportError, MAX_FILE_BYTES, file_text, precheck};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The campaign pack file.
pub const PACK_FILE: FileKind =
    FileKind { format: "field-commander/campaign-pack", called: "a campaign pack", schemas: 1..=1 };

/// The file as written: the pack's fields beside the header (kept flat, so that its nesting
/// stays well within the core's limit).
#[derive(Serialize, Deserialize)]
struct PackFile {
    format: String,
    schema: u32,
    name: String,
    counters: Vec<CounterDesign>,
    scouts: Given<u32>,
    hard_fog_row_9: Given<FogRow>,
    campaigns: Vec<CampaignDef>,
}

/// Why a campaign pack file was refused. Nothing of the player's was touched.
#[derive(Clone, Debug, PartialEq)]
pub enum PackFileError {
    /// The checks every file passes (size, JSON, kind, version).
    File(ImportError),
    /// The right kind of file, but a value of the wrong type or shape.
    Shape(String),
    /// A campaign pack, but not a sound one: every problem and where it is.
    Invalid(Vec<PackError>),
}

impl fmt::Display for PackFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackFileError::File(e) => write!(f, "{e}"),
            PackFileError::Shape(e) => write!(f, "This campaign pack has a value of the wrong type: {e}."),
            PackFileError::Invalid(errors) => {
                let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                write!(f, "This campaign pack is not sound: {}.", lines.join("; "))
            }
        }
    }
}

impl CampaignPack {
    /// The pack's file text.
    pub fn export(&self) -> String {
        file_text(&PackFile {
            format: PACK_FILE.format.into(),
            schema: *PACK_FILE.schemas.end(),
            name: self.name.clone(),
            counters: self.counters.clone(),
            scouts: self.scouts.clone(),
            hard_fog_row_9: self.hard_fog_row_9.clone(),
            campaigns: self.campaigns.clone(),
        })
    }

    /// Reads a campaign pack file: the core's checks, then its shape, then the pack's own
    /// validation with every problem named.
    pub fn import(raw: &str) -> Result<CampaignPack, PackFileError> {
        let value = precheck(raw, MAX_FILE_BYTES, &PACK_FILE).map_err(PackFileError::File)?;
        let file = PackFile::deserialize(value).map_err(|e| PackFileError::Shape(e.to_string()))?;
        let pack = CampaignPack {
            name: file.name,
            counters: file.counters,
            scouts: file.scouts,
            hard_fog_row_9: file.hard_fog_row_9,
            campaigns: file.campaigns,
        };
        pack.validate().map_err(PackFileError::Invalid)?;
        Ok(pack)
    }
}
