//! Table 17, Basic Morale Points (When Charged) (2.3.3, 5.5.2, 5.7.1), as printed. Same layout
//! and the same artillery-column question as Table 5.
#![warn(missing_docs)]

use super::t05_bmp::BmpTable;

/// Table 17 as printed.
pub const TABLE_17: BmpTable = BmpTable {
    table: "Table 17",
    infantry_cavalry: [2, 3, 4, 5],
    artillery: [
        ("a. Section Alone", [8, 9, 10]),
        ("b. With Complete Battery (within 1\") (2.3.3)", [6, 7, 8]),
        ("c. Supported by Infantry (within 1\") (2.3.3)", [4, 5, 6]),
    ],
};

#[cfg(test)]
mod tests {
    use super::super::rulebook;
    use super::super::t05_bmp::parse_bmp_table;
    use super::*;

    #[test]
    fn table_17_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let (foot, artillery) = parse_bmp_table(&rulebook(), "Table 17. Basic Morale Points (When Charged)");
        assert_eq!(foot, TABLE_17.infantry_cavalry.to_vec());
        assert_eq!(artillery.len(), 3);
        for ((label, values), (row, printed)) in artillery.iter().zip(TABLE_17.artillery.iter()) {
            assert_eq!(label, row);
            assert_eq!(values, &printed.to_vec());
        }
    }
}
