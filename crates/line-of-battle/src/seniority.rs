//! Seniority (4.1b, LCV 4.1b): who is promoted or takes command when a superior falls. The
//! Seniority List printed with Last Chance for Victory is shipped as it stands ([`PRINTED`]);
//! a Leader's rank is the players' entry, or the printed line with his exact name and side.
//!
//! Ruling: the higher grade ranks first; within a grade the earlier Date of Rank; where the
//! list gives no date, or two dates are the same, it cannot tell, and the players choose.

use crate::oob::Side;
use serde::{Deserialize, Serialize};

/// A grade, most senior first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Grade {
    /// General ("Gen").
    General,
    /// Lieutenant General ("LTG").
    LieutenantGeneral,
    /// Major General ("MG").
    MajorGeneral,
    /// Brigadier General ("BG").
    BrigadierGeneral,
    /// Colonel ("Col").
    Colonel,
    /// Lieutenant Colonel ("LTC").
    LieutenantColonel,
    /// Major ("Maj").
    Major,
}

impl Grade {
    /// As the list abbreviates it.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Grade::General => "Gen",
            Grade::LieutenantGeneral => "LTG",
            Grade::MajorGeneral => "MG",
            Grade::BrigadierGeneral => "BG",
            Grade::Colonel => "Col",
            Grade::LieutenantColonel => "LTC",
            Grade::Major => "Maj",
        }
    }
}

/// A date of rank: year, month, day.
pub type DateOfRank = (u16, u8, u8);

/// A Leader's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rank {
    /// The grade.
    pub grade: Grade,
    /// The Date of Rank, where the list gives one.
    pub date: Option<DateOfRank>,
}

impl Rank {
    /// Whether `self` outranks `other`; `None`: the list cannot tell (the players choose).
    pub fn outranks(&self, other: &Rank) -> Option<bool> {
        if self.grade != other.grade {
            return Some(self.grade < other.grade);
        }
        match (self.date, other.date) {
            (Some(a), Some(b)) if a != b => Some(a < b),
            _ => None,
        }
    }
}

/// One line of the printed Seniority List.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed {
    /// The side.
    pub side: Side,
    /// The Formation as printed ("1/1 Division", "Pickett Div").
    pub unit: &'static str,
    /// The commander's name as printed.
    pub name: &'static str,
    /// His rank.
    pub rank: Rank,
}

const fn p(side: Side, unit: &'static str, name: &'static str, grade: Grade, date: Option<DateOfRank>) -> Printed {
    Printed { side, unit, name, rank: Rank { grade, date } }
}

use Grade::{
    BrigadierGeneral as Bg, Colonel as Col, General as Gen, LieutenantColonel as Ltc, LieutenantGeneral as Ltg,
    Major as Maj, MajorGeneral as Mg,
};
use Side::{Confederate as C, Federal as F};

/// The Seniority List as printed (LCV, after the Designer's Notes). The Union side stops at
/// Sedgwick, as the transcription does (GAPS-line-of-battle.md).
pub const PRINTED: &[Printed] = &[
    p(F, "Army", "Meade", Mg, Some((1862, 11, 29))),
    p(F, "Left Wing", "Reynolds", Mg, Some((1862, 11, 29))),
    p(F, "Right Wing", "Slocum", Mg, Some((1862, 7, 4))),
    p(F, "1st Corps", "Doubleday", Mg, Some((1862, 11, 29))),
    p(F, "1/1 Division", "Wadsworth", Bg, Some((1861, 8, 9))),
    p(F, "1/1 Division", "Meredith", Bg, Some((1862, 10, 6))),
    p(F, "1/1 Division", "Cutler", Bg, Some((1862, 11, 29))),
    p(F, "2/1 Division", "Robinson", Bg, Some((1862, 4, 28))),
    p(F, "2/1 Division", "Paul", Bg, Some((1862, 9, 5))),
    p(F, "2/1 Division", "Baxter", Bg, Some((1863, 3, 12))),
    p(F, "3/1 Division", "Rowley", Bg, Some((1862, 11, 29))),
    p(F, "3/1 Division", "Stannard", Bg, Some((1863, 3, 11))),
    p(F, "3/1 Division", "Biddle", Col, None),
    p(F, "3/1 Division", "Stone", Col, None),
    p(F, "2nd Corps", "Hancock", Mg, Some((1862, 11, 29))),
    p(F, "1/2 Division", "Caldwell", Bg, Some((1862, 4, 28))),
    p(F, "1/2 Division", "Zook", Bg, Some((1862, 11, 29))),
    p(F, "1/2 Division", "Cross", Col, None),
    p(F, "1/2 Division", "Kelly", Col, None),
    p(F, "1/2 Division", "Brooke", Col, None),
    p(F, "2/2 Division", "Gibbon", Bg, Some((1862, 5, 2))),
    p(F, "2/2 Division", "Harrow", Bg, Some((1862, 11, 29))),
    p(F, "2/2 Division", "Webb", Bg, Some((1863, 6, 23))),
    p(F, "2/2 Division", "Hall", Col, None),
    p(F, "3/2 Division", "Hays", Bg, Some((1862, 9, 29))),
    p(F, "3/2 Division", "Carroll", Col, None),
    p(F, "3/2 Division", "Smyth", Col, None),
    p(F, "3/2 Division", "Willard", Col, None),
    p(F, "3rd Corps", "Sickels", Mg, Some((1862, 11, 29))),
    p(F, "1/3 Division", "Birney", Mg, Some((1863, 5, 20))),
    p(F, "1/3 Division", "Ward", Bg, Some((1862, 10, 4))),
    p(F, "1/3 Division", "Graham", Bg, Some((1862, 11, 29))),
    p(F, "1/3 Division", "de Trobriand", Col, None),
    p(F, "2/3 Division", "Humphreys", Bg, Some((1862, 4, 28))),
    p(F, "2/3 Division", "Carr", Bg, Some((1863, 3, 30))),
    p(F, "2/3 Division", "Burling", Col, None),
    p(F, "2/3 Division", "Brewster", Col, None),
    p(F, "5th Corps", "Sykes", Mg, Some((1862, 11, 29))),
    p(F, "1/5 Division", "Barnes", Bg, Some((1862, 11, 29))),
    p(F, "1/5 Division", "Tilton", Col, None),
    p(F, "1/5 Division", "Sweitzer", Col, None),
    p(F, "1/5 Division", "Vincent", Col, None),
    p(F, "2/5 Division", "Ayres", Bg, Some((1862, 11, 29))),
    p(F, "2/5 Division", "Weed", Bg, Some((1863, 6, 6))),
    p(F, "2/5 Division", "Day", Col, None),
    p(F, "2/5 Division", "Burbank", Col, None),
    p(F, "3/5 Division", "Crawford", Bg, Some((1862, 4, 25))),
    p(F, "3/5 Division", "McCandless", Col, None),
    p(F, "3/5 Division", "Fisher", Col, None),
    p(F, "6th Corps", "Sedgwick", Mg, Some((1862, 7, 4))),
    p(C, "Army", "R.E. Lee", Gen, Some((1861, 6, 14))),
    p(C, "Army", "Trimble", Mg, Some((1863, 1, 17))),
    p(C, "Army", "Stuart", Mg, Some((1862, 7, 25))),
    p(C, "1st Corps", "Longstreet", Ltg, Some((1862, 10, 9))),
    p(C, "Pickett Div", "Pickett", Mg, Some((1862, 10, 10))),
    p(C, "Pickett Div", "Garnett", Bg, Some((1861, 11, 14))),
    p(C, "Pickett Div", "Armistead", Bg, Some((1862, 4, 1))),
    p(C, "Pickett Div", "Kemper", Bg, Some((1862, 6, 3))),
    p(C, "Hood Div", "Hood", Mg, Some((1862, 10, 10))),
    p(C, "Hood Div", "Law", Bg, Some((1862, 10, 3))),
    p(C, "Hood Div", "G.T. Anderson", Bg, Some((1862, 11, 1))),
    p(C, "Hood Div", "Robertson", Bg, Some((1862, 11, 1))),
    p(C, "Hood Div", "Benning", Bg, Some((1863, 1, 17))),
    p(C, "McLaws Div", "McLaws", Mg, Some((1862, 5, 23))),
    p(C, "McLaws Div", "Kershaw", Bg, Some((1862, 2, 13))),
    p(C, "McLaws Div", "Semmes", Bg, Some((1862, 3, 11))),
    p(C, "McLaws Div", "Barksdale", Bg, Some((1862, 8, 12))),
    p(C, "McLaws Div", "Wofford", Bg, Some((1863, 1, 17))),
    p(C, "2nd Corps", "Ewell", Ltg, Some((1863, 5, 23))),
    p(C, "Rodes Div", "Rodes", Mg, Some((1863, 5, 2))),
    p(C, "Rodes Div", "Daniel", Bg, Some((1862, 9, 1))),
    p(C, "Rodes Div", "Doles", Bg, Some((1862, 11, 1))),
    p(C, "Rodes Div", "Iverson", Bg, Some((1862, 11, 1))),
    p(C, "Rodes Div", "Ramseur", Bg, Some((1862, 11, 1))),
    p(C, "Rodes Div", "O'Neal", Col, None),
    p(C, "Rodes Div", "Blackford", Maj, None),
    p(C, "Johnson Div", "Johnson", Mg, Some((1863, 2, 28))),
    p(C, "Johnson Div", "Steuart", Bg, Some((1862, 3, 6))),
    p(C, "Johnson Div", "J.M. Jones", Bg, Some((1863, 5, 15))),
    p(C, "Johnson Div", "Walker", Bg, Some((1863, 5, 15))),
    p(C, "Johnson Div", "Williams", Ltc, None),
    p(C, "Early Div", "Early", Mg, Some((1863, 1, 17))),
    p(C, "Early Div", "Hays", Bg, Some((1862, 7, 25))),
    p(C, "Early Div", "Smith", Bg, Some((1863, 1, 31))),
    p(C, "Early Div", "Gordon", Bg, Some((1863, 5, 7))),
    p(C, "Early Div", "Avery", Col, None),
    p(C, "3rd Corps", "A.P. Hill", Ltg, Some((1863, 5, 24))),
    p(C, "Anderson Div", "R.H. Anderson", Mg, Some((1862, 7, 14))),
    p(C, "Anderson Div", "Wilcox", Bg, Some((1861, 10, 21))),
    p(C, "Anderson Div", "Mahone", Bg, Some((1861, 11, 16))),
    p(C, "Anderson Div", "Wright", Bg, Some((1862, 6, 3))),
    p(C, "Anderson Div", "Posey", Bg, Some((1862, 11, 1))),
    p(C, "Anderson Div", "Lang", Col, None),
    p(C, "Heth Div", "Heth", Mg, Some((1863, 5, 24))),
    p(C, "Heth Div", "Pettigrew", Bg, Some((1862, 2, 26))),
    p(C, "Heth Div", "Archer", Bg, Some((1862, 6, 3))),
    p(C, "Heth Div", "Davis", Bg, Some((1862, 9, 15))),
    p(C, "Heth Div", "Brcknbrgh", Col, None),
    p(C, "Pender Div", "Pender", Mg, Some((1863, 5, 27))),
    p(C, "Pender Div", "Lane", Bg, Some((1862, 11, 1))),
    p(C, "Pender Div", "Thomas", Bg, Some((1862, 11, 1))),
    p(C, "Pender Div", "Scales", Bg, Some((1863, 6, 13))),
    p(C, "Pender Div", "Perrin", Col, None),
];

/// The printed line for a Leader of `side` named exactly `name`.
pub fn printed(side: Side, name: &str) -> Option<&'static Printed> {
    PRINTED.iter().find(|p| p.side == side && p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// LCV 4.1b: "Seniority runs from Reynolds to Slocum to Howard" for the Acting Army
    /// Commander; the printed list puts Slocum's Date of Rank (4 July 62) before Reynolds'
    /// (29 Nov 62), so the Game-Specific Rule, not the list, orders those two (LCV 1.2: Game
    /// Rules trump).
    #[test]
    fn rule_4_1b_seniority_by_grade_then_date() {
        let rank = |side, name| printed(side, name).map(|p| p.rank).unwrap();
        let wadsworth = rank(Side::Federal, "Wadsworth");
        assert_eq!(wadsworth.outranks(&rank(Side::Federal, "Meredith")), Some(true));
        assert_eq!(rank(Side::Federal, "Cutler").outranks(&wadsworth), Some(false));
        // A Major General outranks any Brigadier whatever the dates.
        assert_eq!(rank(Side::Federal, "Birney").outranks(&rank(Side::Federal, "Ward")), Some(true));
        // Doles and Iverson share a Date of Rank: the players choose.
        assert_eq!(rank(Side::Confederate, "Doles").outranks(&rank(Side::Confederate, "Iverson")), None);
        // Colonels have no dates printed.
        assert_eq!(rank(Side::Federal, "Cross").outranks(&rank(Side::Federal, "Kelly")), None);
        // The list's order between the wings (LCV 4.1b names its own for Acting Army Commanders).
        assert_eq!(rank(Side::Federal, "Slocum").outranks(&rank(Side::Federal, "Reynolds")), Some(true));
        // Hays is on both sides.
        assert_eq!(printed(Side::Confederate, "Hays").map(|p| p.unit), Some("Early Div"));
        assert_eq!(printed(Side::Federal, "Hays").map(|p| p.unit), Some("3/2 Division"));
    }
}
