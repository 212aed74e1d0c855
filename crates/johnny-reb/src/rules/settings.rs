//! The players' house rules in one place: every ruling that admits two playable readings and
//! every optional rule of Appendix F, for the Settings screen and the saved game.
//!
//! [`RulesSettings`] gathers the domains' own structs ([`MoraleRulings`], [`FireRulings`],
//! [`MovementRulings`]); the resolvers take those. [`RulesSettings::entries`] lists each
//! choice with its label, rule numbers, options and current value so a screen can render them
//! generically, and [`RulesSettings::set`] changes one by its key.
//!
//! Three optional rules have consequences in two domains, and each domain's struct carries its
//! own flag: Appendix F 2 (Orders for Shaken Units: the order's legality is movement's, the +3
//! is morale's), Appendix F 12 (Single Stands: disorder and no charge are movement's, the
//! extra checks morale's) and Appendix F 15 (Night: movement one terrain level worse, all fire
//! area fire). Here each is one entry; [`RulesSettings::set`] sets both flags and
//! a saved game read back with either flag on has both on.
#![warn(missing_docs)]

use crate::rules::charge::ChargeRulings;
use crate::rules::fire::{FireRulings, OpeningVolley, ProneCharged, RocketDistance};
use crate::rules::morale::{ArtilleryColumns, MoraleRulings, MountedFormationRows, RoutedRallyTwelve};
use crate::rules::movement::{MovementRulings, OfficerOnDieRoll, VeryLightBrokenHandPush};
use crate::rules::{Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// Every house rule of the game: the rulings and the optional rules of each domain.
/// `Default` is every stated default of RULINGS.md, with every Appendix F rule off.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredSettings")]
pub struct RulesSettings {
    /// Morale (2, 4.4, Tables 2, 5-7, 17, 18; Appendix F 2, 10, 12).
    pub morale: MoraleRulings,
    /// Small arms and artillery fire (4.2, 4.3, Tables 8-15, Appendices A-D; Appendix F 3-9,
    /// 11, 14).
    pub fire: FireRulings,
    /// Movement, orders, command, works and surprise (1, 3, 6, 8-11, Tables 3, 4, 20;
    /// Appendix F 1, 2, 12, 15).
    pub movement: MovementRulings,
    /// Charges and melee (5, Tables 16, 19; Appendix F 12, 13, 15).
    pub charges: ChargeRulings,
}

/// The serialised form, read back through [`RulesSettings::reconcile`].
#[derive(Default, Deserialize)]
#[serde(default)]
struct StoredSettings {
    morale: MoraleRulings,
    fire: FireRulings,
    movement: MovementRulings,
    charges: ChargeRulings,
}

impl From<StoredSettings> for RulesSettings {
    fn from(s: StoredSettings) -> Self {
        let mut r = RulesSettings { morale: s.morale, fire: s.fire, movement: s.movement, charges: s.charges };
        r.reconcile();
        r
    }
}

/// Which part of the rules a setting belongs to, for grouping on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RulingGroup {
    /// A ruling on the morale rules.
    Morale,
    /// A ruling on the fire rules.
    Fire,
    /// A ruling on movement, orders, works.
    Movement,
    /// A ruling on charges and melee.
    Charges,
    /// An optional rule of Appendix F (off by default: "should not be used unless all
    /// players agree").
    OptionalRule,
}

/// One choice a setting offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulingOption {
    /// Its key, as [`RulesSettings::set`] takes it.
    pub key: &'static str,
    /// What the screen shows.
    pub label: &'static str,
}

/// One setting, as the Settings screen renders it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulingEntry {
    /// Its key for [`RulesSettings::set`] (`"fire.opening_volley"`, `"appendix_f.12"`).
    pub key: &'static str,
    /// Its name.
    pub label: &'static str,
    /// The rules it concerns.
    pub rules: &'static str,
    /// Where it belongs.
    pub group: RulingGroup,
    /// The choices, the default's reading first for rulings; `off`, `on` for optional rules.
    pub options: &'static [RulingOption],
    /// The key of the current choice.
    pub value: &'static str,
    /// The key of the default choice.
    pub default: &'static str,
}

const OFF_ON: &[RulingOption] = &[RulingOption { key: "off", label: "Off" }, RulingOption { key: "on", label: "On" }];

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

fn parse_on_off(v: &str) -> Option<bool> {
    match v {
        "on" | "true" => Some(true),
        "off" | "false" => Some(false),
        _ => None,
    }
}

/// How one setting is read and written.
struct Spec {
    key: &'static str,
    label: &'static str,
    rules: &'static str,
    group: RulingGroup,
    options: &'static [RulingOption],
    get: fn(&RulesSettings) -> &'static str,
    set: fn(&mut RulesSettings, &str) -> bool,
    /// The serialised fields it holds, for the test that every field is listed.
    #[cfg_attr(not(test), allow(dead_code))]
    fields: &'static [&'static str],
}

/// An on/off setting held in one or more boolean fields (several: kept in step).
macro_rules! toggle {
    ($key:literal, $label:literal, $rules:literal, $group:expr, [$($field:literal),+], $s:ident => $($place:expr),+) => {
        Spec {
            key: $key,
            label: $label,
            rules: $rules,
            group: $group,
            options: OFF_ON,
            get: |$s: &RulesSettings| on_off(false $(|| $place)+),
            set: |$s: &mut RulesSettings, v: &str| match parse_on_off(v) {
                Some(b) => {
                    $($place = b;)+
                    true
                }
                None => false,
            },
            fields: &[$($field),+],
        }
    };
}

/// A setting with named choices held in one enum field.
macro_rules! choice {
    ($key:literal, $label:literal, $rules:literal, $group:expr, $field:literal, $s:ident => $place:expr,
     [$($variant:expr => $okey:literal, $olabel:literal);+ $(;)?]) => {
        Spec {
            key: $key,
            label: $label,
            rules: $rules,
            group: $group,
            options: &[$(RulingOption { key: $okey, label: $olabel }),+],
            get: |$s: &RulesSettings| {
                let current = $place;
                $(if current == $variant {
                    return $okey;
                })+
                ""
            },
            set: |$s: &mut RulesSettings, v: &str| {
                $(if v == $okey {
                    $place = $variant;
                    return true;
                })+
                false
            },
            fields: &[$field],
        }
    };
}

fn specs() -> Vec<Spec> {
    use RulingGroup::{Charges, Fire, Morale, Movement, OptionalRule};
    vec![
        // Morale.
        choice!("morale.routed_rally_twelve", "A routed unit rolls 12 to rally", "2.3.2, 2.4, Table 7", Morale,
            "morale.routed_rally_twelve", s => s.morale.routed_rally_twelve, [
            RoutedRallyTwelve::GoodMorale => "good_morale", "Good morale (2.3.2)";
            RoutedRallyTwelve::RemoveUnit => "remove_unit", "Removed (Table 7 as transcribed)";
        ]),
        choice!("morale.artillery_bmp_columns", "Quality columns of the artillery BMPs", "2.3.3, Tables 5, 17", Morale,
            "morale.artillery_bmp_columns", s => s.morale.artillery_bmp_columns, [
            ArtilleryColumns::EliteAverageGreen => "elite_average_green", "Elite, Average, Green/Tired";
            ArtilleryColumns::AverageGreenMilitia => "average_green_militia", "Average, Green/Tired, Militia/Poor";
        ]),
        choice!("morale.mounted_formation_rows", "Mounted units' formation rows", "Table 18, 5.5", Morale,
            "morale.mounted_formation_rows", s => s.morale.mounted_formation_rows, [
            MountedFormationRows::Entered => "entered", "Entered from the Tables Card";
            MountedFormationRows::AsFoot => "as_foot", "As the infantry rows";
        ]),
        toggle!("morale.works_in_charges", "Medium and heavy works give -2 and -3 in charge checks", "2.3.4.b, Table 18", Morale,
            ["morale.works_in_charges"], s => s.morale.works_in_charges),
        toggle!("morale.officer_at_impact", "The officer's benefit counts at impact", "2.3.4.f, 5.7.1.a", Morale,
            ["morale.officer_at_impact"], s => s.morale.officer_at_impact),
        toggle!("morale.table_6_modifiers_at_impact", "Table 6 protection, isolation and brigade losses count at impact",
            "5.7.1.a, Table 6", Morale, ["morale.table_6_modifiers_at_impact"], s => s.morale.table_6_modifiers_at_impact),
        // Fire.
        choice!("fire.opening_volley", "Opening volley", "4.2.2, Table 9", Fire, "fire.opening_volley", s => s.fire.opening_volley, [
            OpeningVolley::UpTwoRows => "up_two_rows", "Up 2 rows (4.2.2)";
            OpeningVolley::TimesTwo => "times_two", "x2 (Table 9)";
        ]),
        choice!("fire.prone_charged", "A prone unit firing at its charger", "6.8.5, 4.2.7.a", Fire, "fire.prone_charged",
            s => s.fire.prone_charged, [
            ProneCharged::HalfAndQuarter => "half_and_quarter", "x1/2 and the prone x1/4";
            ProneCharged::HalfOnly => "half_only", "x1/2 only";
        ]),
        toggle!("fire.figures_25mm", "25 mm figures: all distances doubled", "0.1.1", Fire, ["fire.figures_25mm"],
            s => s.fire.figures_25mm),
        choice!("fire.rocket_distance", "Rocket flight: the die's pips in", "Appendix D 6", Fire, "fire.rocket_distance",
            s => s.fire.rocket_distance, [
            RocketDistance::Inches => "inches", "Inches (the worked example)";
            RocketDistance::Feet => "feet", "Feet (the rule text)";
        ]),
        // Movement.
        choice!("movement.very_light_broken_hand_push", "Very light gun hand push in broken terrain", "6.6.3, Table 3", Movement,
            "movement.very_light_broken_hand_push", s => s.movement.very_light_broken_hand_push, [
            VeryLightBrokenHandPush::Table3 => "table_3", "3\" (Table 3)";
            VeryLightBrokenHandPush::Rule663 => "rule_6_6_3", "4\" (6.6.3 example)";
        ]),
        choice!("movement.hasty_works_officer", "The officer's help on the hasty works roll", "9.1.1", Movement,
            "movement.hasty_works_officer", s => s.movement.hasty_works_officer, [
            OfficerOnDieRoll::MinusOne => "minus_one", "-1 to the BMP (9.1.1 example)";
            OfficerOnDieRoll::BenefitValue => "benefit_value", "The officer's benefit value";
        ]),
        // Charges and melee.
        toggle!("charges.routed_loser_caught_surrenders", "A defender routed at impact and caught by the breakthrough surrenders",
            "5.7.3.b, 5.7.4", Charges, ["charges.routed_loser_caught_surrenders"], s => s.charges.routed_loser_caught_surrenders),
        toggle!("charges.elan_in_melee", "The charger keeps its elan in melee morale checks", "5.1.3, 5.8.2", Charges,
            ["charges.elan_in_melee"], s => s.charges.elan_in_melee),
        // Appendix F, in the book's order.
        toggle!("appendix_f.1", "F.1 Command Limits", "Appendix F 1", OptionalRule, ["movement.command_limits"],
            s => s.movement.command_limits),
        toggle!("appendix_f.2", "F.2 Orders for Shaken Units", "Appendix F 2, 1.1.3", OptionalRule,
            ["morale.optional.orders_for_shaken_units", "movement.orders_for_shaken_units"],
            s => s.morale.optional.orders_for_shaken_units, s.movement.orders_for_shaken_units),
        toggle!("appendix_f.3", "F.3 Primary Fire Zone", "Appendix F 3, 4.2.1", OptionalRule, ["fire.primary_fire_zone"],
            s => s.fire.primary_fire_zone),
        toggle!("appendix_f.4", "F.4 Firing on Own Troops", "Appendix F 4", OptionalRule, ["fire.firing_on_own_troops"],
            s => s.fire.firing_on_own_troops),
        toggle!("appendix_f.5", "F.5 Fire Through Enemy Skirmishers", "Appendix F 5, 4.2.3.e", OptionalRule,
            ["fire.fire_through_enemy_skirmishers"], s => s.fire.fire_through_enemy_skirmishers),
        toggle!("appendix_f.6", "F.6 Linear Density", "Appendix F 6", OptionalRule, ["fire.linear_density"],
            s => s.fire.linear_density),
        toggle!("appendix_f.7", "F.7 Low Velocity Fire", "Appendix F 7", OptionalRule, ["fire.low_velocity_fire"],
            s => s.fire.low_velocity_fire),
        toggle!("appendix_f.8", "F.8 Artillery Fire at Large Group", "Appendix F 8, 4.2.3.d", OptionalRule,
            ["fire.artillery_fire_at_large_group"], s => s.fire.artillery_fire_at_large_group),
        toggle!("appendix_f.9", "F.9 Parrott Rifles", "Appendix F 9", OptionalRule, ["fire.parrott_rifles"],
            s => s.fire.parrott_rifles),
        toggle!("appendix_f.10", "F.10 Canister Hit", "Appendix F 10, 4.4.1.c", OptionalRule, ["morale.optional.canister_hit"],
            s => s.morale.optional.canister_hit),
        toggle!("appendix_f.11", "F.11 Skirmishers", "Appendix F 11", OptionalRule, ["fire.skirmishers_fire_before_moving"],
            s => s.fire.skirmishers_fire_before_moving),
        toggle!("appendix_f.12", "F.12 Single Stands", "Appendix F 12", OptionalRule,
            ["morale.optional.single_stands", "movement.single_stands", "charges.single_stands"],
            s => s.morale.optional.single_stands, s.movement.single_stands, s.charges.single_stands),
        toggle!("appendix_f.13", "F.13 Cavalry Charge Through Woods", "Appendix F 13", OptionalRule,
            ["charges.cavalry_charge_through_woods"], s => s.charges.cavalry_charge_through_woods),
        toggle!("appendix_f.14", "F.14 Smoke and Visibility", "Appendix F 14", OptionalRule, ["fire.smoke_and_visibility"],
            s => s.fire.smoke_and_visibility),
        toggle!("appendix_f.15", "F.15 Night", "Appendix F 15", OptionalRule, ["movement.night", "fire.night", "charges.night"],
            s => s.movement.night, s.fire.night, s.charges.night),
    ]
}

impl RulesSettings {
    /// Every setting with its label, rules, choices and current value, in screen order:
    /// morale, fire and movement rulings, then Appendix F in the book's order.
    ///
    /// ```
    /// use johnny_reb::rules::settings::{RulesSettings, RulingGroup};
    /// let s = RulesSettings::default();
    /// let f14 = s.entries().into_iter().find(|e| e.key == "appendix_f.14").unwrap();
    /// assert_eq!((f14.label, f14.value, f14.group), ("F.14 Smoke and Visibility", "off", RulingGroup::OptionalRule));
    /// ```
    pub fn entries(&self) -> Vec<RulingEntry> {
        let default = RulesSettings::default();
        specs()
            .iter()
            .map(|s| RulingEntry {
                key: s.key,
                label: s.label,
                rules: s.rules,
                group: s.group,
                options: s.options,
                value: (s.get)(self),
                default: (s.get)(&default),
            })
            .collect()
    }

    /// The current value of the setting `key`.
    ///
    /// ```
    /// use johnny_reb::rules::settings::RulesSettings;
    /// assert_eq!(RulesSettings::default().get("fire.opening_volley").unwrap(), "up_two_rows");
    /// ```
    pub fn get(&self, key: &str) -> RuleResult<&'static str> {
        specs().iter().find(|s| s.key == key).map(|s| (s.get)(self)).ok_or_else(|| unknown_key(key))
    }

    /// Sets the setting `key` to the choice `value` (an option key of its entry; `on`/`off`
    /// or `true`/`false` for an optional rule).
    ///
    /// ```
    /// use johnny_reb::rules::settings::RulesSettings;
    /// let mut s = RulesSettings::default();
    /// s.set("appendix_f.12", "on").unwrap();
    /// assert!(s.morale.optional.single_stands && s.movement.single_stands);
    /// s.set("fire.rocket_distance", "feet").unwrap();
    /// assert!(s.set("fire.rocket_distance", "yards").is_err());
    /// assert!(s.set("no.such.setting", "on").is_err());
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> RuleResult<()> {
        let specs = specs();
        let spec = specs.iter().find(|s| s.key == key).ok_or_else(|| unknown_key(key))?;
        if (spec.set)(self, value) {
            Ok(())
        } else {
            let options: Vec<&str> = spec.options.iter().map(|o| o.key).collect();
            Err(RuleError::OutOfRange {
                what: "setting",
                detail: format!("{key} takes one of {}, not {value:?}", options.join(", ")),
            })
        }
    }

    /// A distance of the cards or the rules (a range, a move allowance, a rout move) as it is
    /// measured on the table: doubled for 25 mm figures (0.1.1, `fire.figures_25mm`). The
    /// resolvers read measured distances back with `FireRulings::card_distance`.
    ///
    /// ```
    /// use johnny_reb::rules::settings::RulesSettings;
    /// use johnny_reb::rules::Ratio;
    /// let mut s = RulesSettings::default();
    /// assert_eq!(s.table_inches(Ratio::whole(6)), Ratio::whole(6));
    /// s.set("fire.figures_25mm", "on").unwrap();
    /// assert_eq!(s.table_inches(Ratio::whole(6)), Ratio::whole(12));
    /// ```
    pub fn table_inches(&self, card: Ratio) -> Ratio {
        if self.fire.figures_25mm { card.mul(Ratio::whole(2)) } else { card }
    }

    /// Puts back in step the flags that one optional rule keeps in two domains (Appendix F 2,
    /// 12 and 15): either on turns both on. Reading saved settings does it.
    pub fn reconcile(&mut self) {
        let f2 = self.morale.optional.orders_for_shaken_units || self.movement.orders_for_shaken_units;
        self.morale.optional.orders_for_shaken_units = f2;
        self.movement.orders_for_shaken_units = f2;
        let f12 = self.morale.optional.single_stands || self.movement.single_stands || self.charges.single_stands;
        self.morale.optional.single_stands = f12;
        self.movement.single_stands = f12;
        self.charges.single_stands = f12;
        let f15 = self.movement.night || self.fire.night || self.charges.night;
        self.movement.night = f15;
        self.fire.night = f15;
        self.charges.night = f15;
    }
}

fn unknown_key(key: &str) -> RuleError {
    RuleError::OutOfRange { what: "setting", detail: format!("there is no setting {key:?}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The leaf paths of a JSON value ("fire.opening_volley").
    fn leaves(v: &serde_json::Value, prefix: &str, out: &mut BTreeSet<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    let p = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                    leaves(v, &p, out);
                }
            }
            _ => {
                out.insert(prefix.to_string());
            }
        }
    }

    fn leaf<'a>(v: &'a serde_json::Value, path: &str) -> &'a serde_json::Value {
        path.split('.').fold(v, |v, k| &v[k])
    }

    #[test]
    fn every_field_is_listed_once() {
        let json = serde_json::to_value(RulesSettings::default()).unwrap();
        let mut fields = BTreeSet::new();
        leaves(&json, "", &mut fields);
        let mut listed = BTreeSet::new();
        for s in specs() {
            for f in s.fields {
                assert!(listed.insert(f.to_string()), "{f} listed twice");
            }
        }
        assert_eq!(listed, fields);
        let keys: BTreeSet<&str> = specs().iter().map(|s| s.key).collect();
        assert_eq!(keys.len(), specs().len());
    }

    #[test]
    fn every_option_sets_exactly_its_fields() {
        for spec in specs() {
            assert!(!spec.options.is_empty());
            for option in spec.options {
                let mut s = RulesSettings::default();
                s.set(spec.key, option.key).unwrap();
                assert_eq!(s.get(spec.key).unwrap(), option.key, "{}", spec.key);
                let (before, after) =
                    (serde_json::to_value(RulesSettings::default()).unwrap(), serde_json::to_value(&s).unwrap());
                let mut all = BTreeSet::new();
                leaves(&before, "", &mut all);
                for f in all {
                    if !spec.fields.contains(&f.as_str()) {
                        assert_eq!(leaf(&before, &f), leaf(&after, &f), "{} = {} changed {f}", spec.key, option.key);
                    }
                }
                // And it survives the saved game.
                let back: RulesSettings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
                assert_eq!(back, s);
            }
        }
    }

    #[test]
    fn appendix_f_optional_rules_are_off_by_default() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let entries = RulesSettings::default().entries();
        let optional: Vec<&RulingEntry> = entries.iter().filter(|e| e.group == RulingGroup::OptionalRule).collect();
        // Appendix F has fifteen rules, every one a setting.
        let numbers: Vec<&str> = optional.iter().map(|e| e.key.trim_start_matches("appendix_f.")).collect();
        assert_eq!(numbers, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"]);
        for e in &optional {
            assert_eq!((e.value, e.default), ("off", "off"), "{}", e.key);
        }
        // Their titles are the book's.
        let book = crate::rules::tables::rulebook();
        let f = &book[book.find("Appendix F: Optional Rules\n\nOnce").unwrap()..];
        for e in &optional {
            let (n, title) = e.label.trim_start_matches("F.").split_once(' ').unwrap();
            assert!(f.contains(&format!("\n{n}. {title}\n")), "{}", e.label);
        }
    }

    #[test]
    fn defaults_are_the_domains_defaults() {
        let s = RulesSettings::default();
        assert_eq!(s.morale, MoraleRulings::default());
        assert_eq!(s.fire, FireRulings::default());
        assert_eq!(s.movement, MovementRulings::default());
        for e in s.entries() {
            assert_eq!(e.value, e.default);
            assert!(e.options.iter().any(|o| o.key == e.value), "{}", e.key);
        }
        let empty: RulesSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(empty, s);
        let partial: RulesSettings = serde_json::from_str(r#"{"fire":{"parrott_rifles":true}}"#).unwrap();
        assert!(partial.fire.parrott_rifles && !partial.fire.linear_density);
    }

    #[test]
    fn one_rule_in_two_domains_stays_in_step() {
        let saved = r#"{"movement":{"single_stands":true},"morale":{"optional":{"orders_for_shaken_units":true}}}"#;
        let s: RulesSettings = serde_json::from_str(saved).unwrap();
        assert!(s.morale.optional.single_stands && s.movement.single_stands);
        assert!(s.morale.optional.orders_for_shaken_units && s.movement.orders_for_shaken_units);
        let night: RulesSettings = serde_json::from_str(r#"{"fire":{"night":true}}"#).unwrap();
        assert!(
            night.movement.night
                && night.fire.visibility(crate::rules::fire::Visibility::Clear) == crate::rules::fire::Visibility::Area
        );
        let mut s = s;
        s.set("appendix_f.12", "off").unwrap();
        assert!(!s.morale.optional.single_stands && !s.movement.single_stands);
    }

    #[test]
    fn rule_0_1_1_25mm_figures_double_every_measurement() {
        use crate::rules::Overrides;
        use crate::rules::fire::range_band;
        use crate::rules::tables::t03_movement_rates::{MoveRow, Rate, RateColumn};
        use crate::rules::tables::t08_small_arms_ranges::{RangeBand, SmallArm};
        // "the close range distance for rifle-muskets would be 4" instead of 2", and the move
        // distance for skirmish formation in broken terrain would be 12" instead of 6"."
        let mut s = RulesSettings::default();
        s.set("fire.figures_25mm", "on").unwrap();
        let o = Overrides::new();
        assert_eq!(
            range_band(SmallArm::RifleMusket, s.table_inches(Ratio::whole(2)), &s.fire, &o),
            Ok(Some(RangeBand::Close))
        );
        assert_eq!(s.table_inches(Ratio::whole(2)), Ratio::whole(4));
        let skirmish = crate::rules::movement::troop_rate(MoveRow::Skirmish, RateColumn::Broken, &o).unwrap().value;
        assert_eq!(skirmish, Rate::One(Ratio::whole(6)));
        assert_eq!(s.table_inches(Ratio::whole(6)), Ratio::whole(12));
    }

    #[test]
    fn unknown_keys_and_values_are_errors() {
        let mut s = RulesSettings::default();
        assert!(matches!(s.set("appendix_f.16", "on"), Err(RuleError::OutOfRange { .. })));
        assert!(s.set("appendix_f.1", "maybe").is_err());
        assert!(s.get("nothing").is_err());
        assert_eq!(s, RulesSettings::default());
    }
}
