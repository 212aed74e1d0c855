//! What the Line of Sight screen turns into the engine's `Sight` (8.0): the feature under the
//! LOS Line at an Obstacle with the facts of 8.0c that can cancel its Modifier (Open Order
//! troops, troops along a hexside, an Orchard reaching an End Point hex), the Sudden Dip, and
//! each Obstacle in words with the Modifier it gives.

use line_of_battle::los::{Feature, Obstacle, SuddenDip};

/// The feature under the LOS Line at an Obstacle (8.0c's chart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Nothing with a Modifier.
    None,
    /// Combat Units of either side.
    Troops,
    /// An Orchard.
    Orchard,
    /// A Town.
    Town,
    /// Woods.
    Woods,
}

/// The 8.0c facts the players read off the map for that feature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoverFacts {
    /// Every unit there is Open Order: no Troop Modifier.
    pub open_order: bool,
    /// The LOS Line (or the line of 9.1g) runs along a hexside there.
    pub along_hexside: bool,
    /// ... and both hexes of that hexside hold Combat Units of the same side.
    pub same_side_both: bool,
    /// Part of the Orchard lies within an End Point hex: it is ignored entirely.
    pub orchard_at_end_point: bool,
}

/// The engine's feature for what the players said.
pub fn feature(cover: Cover, facts: CoverFacts) -> Option<Feature> {
    match cover {
        Cover::None => None,
        Cover::Troops => Some(Feature::Troops {
            open_order: facts.open_order,
            along_hexside: facts.along_hexside,
            same_side_both: facts.along_hexside && facts.same_side_both,
        }),
        Cover::Orchard => Some(Feature::Orchard { at_end_point: facts.orchard_at_end_point }),
        Cover::Town => Some(Feature::Town),
        Cover::Woods => Some(Feature::Woods),
    }
}

/// The Sudden Dip as the players state it (8.0c): none unless the LOS crosses the hexside.
pub fn dip(crossed: bool, end_point_inside: bool) -> Option<SuddenDip> {
    crossed.then_some(SuddenDip { crossed, end_point_inside })
}

fn feature_words(f: Feature) -> String {
    let (name, why) = match f {
        Feature::Woods => ("Woods", ""),
        Feature::Town => ("Town", ""),
        Feature::Orchard { at_end_point } => ("Orchard", if at_end_point { ", within an End Point hex" } else { "" }),
        Feature::Troops { open_order: true, .. } => ("Troops", ", Open Order"),
        Feature::Troops { along_hexside: true, same_side_both: false, .. } => {
            ("Troops", ", along a hexside without the same side on both hexes")
        }
        Feature::Troops { along_hexside: true, .. } => ("Troops", ", along a hexside with the same side on both hexes"),
        Feature::Troops { .. } => ("Troops", ""),
    };
    format!("{name}{why} +{}", f.modifier())
}

/// An Obstacle in words, with the Modifier it gives (8.0b-c).
pub fn obstacle_words(o: &Obstacle) -> String {
    format!(
        "{} hexes out, level {}{}{}{}",
        o.from_a,
        o.elevation,
        if o.crest { ", Crest" } else { "" },
        o.features.first().map(|f| format!(", {}", feature_words(*f))).unwrap_or_default(),
        if o.same_hill_slope { ", on the same hill's slope" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use line_of_battle::los::{EndPoint, How, Sight, line_of_sight};

    fn sight(range: u32, cover: Cover, facts: CoverFacts, dip: Option<SuddenDip>) -> Sight {
        Sight {
            range,
            a: EndPoint { elevation: 0, crest: false },
            b: EndPoint { elevation: 0, crest: false },
            obstacles: vec![Obstacle {
                from_a: 1,
                elevation: 0,
                crest: false,
                features: feature(cover, facts).into_iter().collect(),
                same_hill_slope: false,
            }],
            visibility: None,
            advanced_heights: false,
            method: None,
            easy_challenged: false,
            dip,
        }
    }

    fn clear(s: &Sight) -> bool {
        line_of_sight(s).map(|v| v.clear).unwrap_or(false)
    }

    /// 8.0c 'Troop' Modifiers and Along Hexsides: troops Block an Easy LOS (8.0) unless they
    /// are Open Order, or the line runs along a hexside without Combat Units of the same side
    /// in both hexes.
    #[test]
    fn rule_8_0c_troop_modifiers_open_order_and_along_hexsides() {
        let troops = |facts| sight(3, Cover::Troops, facts, None);
        assert!(!clear(&troops(CoverFacts::default())));
        assert!(clear(&troops(CoverFacts { open_order: true, ..CoverFacts::default() })));
        assert!(clear(&troops(CoverFacts { along_hexside: true, ..CoverFacts::default() })));
        assert!(!clear(&troops(CoverFacts { along_hexside: true, same_side_both: true, ..CoverFacts::default() })));
        // "Both hexes" means nothing unless the line runs along the hexside.
        assert_eq!(
            feature(Cover::Troops, CoverFacts { same_side_both: true, ..CoverFacts::default() }),
            feature(Cover::Troops, CoverFacts::default())
        );
        let o = &troops(CoverFacts { along_hexside: true, ..CoverFacts::default() }).obstacles[0];
        assert_eq!(
            obstacle_words(o),
            "1 hexes out, level 0, Troops, along a hexside without the same side on both hexes +0"
        );
    }

    /// 8.0c Orchards: "Entirely ignore an Orchard if any part of it is within either End Point hex."
    #[test]
    fn rule_8_0c_an_orchard_reaching_an_end_point_is_ignored() {
        assert!(!clear(&sight(2, Cover::Orchard, CoverFacts::default(), None)));
        assert!(clear(&sight(
            2,
            Cover::Orchard,
            CoverFacts { orchard_at_end_point: true, ..CoverFacts::default() },
            None
        )));
    }

    /// 8.0c Sudden Dips: only when the LOS crosses the hexside and an End Point is on its
    /// downhill side; then nothing beyond 1 hex is seen.
    #[test]
    fn rule_8_0c_sudden_dip_hides_beyond_one_hex() {
        assert_eq!(dip(false, true), None);
        let open = sight(4, Cover::None, CoverFacts::default(), dip(true, false));
        assert!(clear(&open));
        let hidden = sight(4, Cover::None, CoverFacts::default(), dip(true, true));
        let v = line_of_sight(&hidden).unwrap();
        assert_eq!((v.clear, v.how), (false, How::SuddenDip));
        assert_eq!(v.why, "a Sudden Dip hides what is inside it beyond 1 hex (8.0c)");
        let adjacent = sight(1, Cover::None, CoverFacts::default(), dip(true, true));
        assert!(clear(&adjacent), "8.0: adjacent End Points always see each other");
    }
}
