//! Table 5, Basic Morale Points (Not Charged) (2.3.3), as printed in the transcription.
//!
//! The artillery rows print three values for the four quality columns; which columns they
//! belong to is a ruling (`ArtilleryColumns`, RULINGS.md "Morale"), so the rows are kept here
//! exactly as printed and placed by [`crate::rules::morale::bmp()`].
#![warn(missing_docs)]

/// A BMP table (Tables 5 and 17): one row for infantry and cavalry and three artillery rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BmpTable {
    /// "Table 5" or "Table 17".
    pub table: &'static str,
    /// The "Infantry, Cavalry" row, in the order of [`crate::rules::unit::Quality::ALL`].
    pub infantry_cavalry: [u8; 4],
    /// The three artillery rows (section alone, with complete battery, supported by
    /// infantry): label and the three printed values, left to right.
    pub artillery: [(&'static str, [u8; 3]); 3],
}

/// The label of the infantry and cavalry row.
pub const INFANTRY_CAVALRY_ROW: &str = "Infantry, Cavalry";

/// Table 5 as printed.
pub const TABLE_5: BmpTable = BmpTable {
    table: "Table 5",
    infantry_cavalry: [2, 3, 4, 5],
    artillery: [
        ("a. Section Alone", [4, 6, 8]),
        ("b. With Complete Battery (within 1\") (2.3.3)", [3, 4, 6]),
        ("c. Supported by Infantry (within 1\") (2.3.3)", [2, 4, 5]),
    ],
};

/// Reads a BMP table's printed lines back from the rulebook text, for the transcription tests.
#[cfg(test)]
pub(crate) fn parse_bmp_table(text: &str, heading: &str) -> (Vec<u8>, Vec<(String, Vec<u8>)>) {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.trim() == heading).expect("table heading");
    let mut foot = Vec::new();
    let mut artillery = Vec::new();
    for line in &lines[start + 1..] {
        let cells: Vec<&str> = line.split('\t').collect();
        if line.starts_with("Table ") {
            break;
        }
        if cells.first() == Some(&INFANTRY_CAVALRY_ROW) {
            foot = cells[1..].iter().map(|c| c.trim().parse().unwrap()).collect();
        } else if cells.len() == 4
            && (cells[0].starts_with("a.") || cells[0].starts_with("b.") || cells[0].starts_with("c."))
        {
            artillery.push((cells[0].to_string(), cells[1..].iter().map(|c| c.trim().parse().unwrap()).collect()));
        }
    }
    (foot, artillery)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::rulebook;

    #[test]
    fn table_5_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let (foot, artillery) = parse_bmp_table(&rulebook(), "Table 5. Basic Morale Points (Not Charged)");
        assert_eq!(foot, TABLE_5.infantry_cavalry.to_vec());
        assert_eq!(artillery.len(), 3);
        for ((label, values), (row, printed)) in artillery.iter().zip(TABLE_5.artillery.iter()) {
            assert_eq!(label, row);
            assert_eq!(values, &printed.to_vec());
        }
    }
}
