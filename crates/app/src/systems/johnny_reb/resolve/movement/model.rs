//! The movement resolver's pure part: what the roster knows of a mover, what the players say
//! it does, the allowance in words (Table 3, Table 4, 6.2-6.9), the roll that may follow and
//! the commands that record the result. No Leptos here: everything is tested natively.
//!
//! Here: the facts, the players' intent, the plan and the result; each kind of plan is worked
//! out in its submodule (a regiment's move, a formation change, guns, a charge's markers).

mod charge;
mod formation;
mod guns;
mod regiment;

pub use charge::{Bonus, charge_marks, charge_resolution};
use guns::guns_plan;
use regiment::regiment_plan;

use crate::systems::johnny_reb::resolve::card::Resolution;
use johnny_reb::rules::morale::{BmpTableKind, MoraleUnit, bmp, merged_bmp};
use johnny_reb::rules::movement::{Allowance, Ground, GunMove, Manoeuvre, TerrainType, disorder_target};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::tables::t03_movement_rates::Rate;
use johnny_reb::rules::unit::{Arm, Formation, GunWeight, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Die, Overrides, Ratio, RuleError, RuleResult, Source};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::GunState;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::tracker_state::ItemKey;
use johnny_reb::state::units::UnitCommand;

/// What moves and the state it is in before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// A regiment.
    Regiment {
        /// Infantry, cavalry or mounted infantry, mounted or not now.
        arm: Arm,
        /// Its formation now.
        formation: Formation,
        /// Stands on the board (merged stands included, 6.8.9).
        stands: u8,
        /// Its morale now.
        morale: MoraleLevel,
        /// Lying prone (6.8.5).
        prone: bool,
    },
    /// A gun section.
    Guns {
        /// Its weight class (Table 13); `None` when the roster does not know it.
        weight: Option<GunWeight>,
        /// Limbered now (6.6.1).
        limbered: bool,
    },
}

/// What the game (or the players, in a quick look-up) knows about the mover.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// Its name.
    pub name: String,
    /// What it is and how it stands.
    pub who: Who,
    /// A regiment's BMP (Table 5; 6.8.9.b for a merged unit).
    pub bmp: Option<u8>,
    /// The officer with it who gives benefits this turn (6.2: -1 on the disorder roll).
    pub officer: Option<String>,
    /// This turn's order in force, if recorded (1.2).
    pub order: Option<OrderKind>,
    /// A Formation Change order's new formation.
    pub order_formation: Option<Formation>,
}

fn to_u8(v: i32) -> u8 {
    u8::try_from(v.max(0)).unwrap_or(u8::MAX)
}

/// The BMP of a regiment of `arm` and `quality` (Table 5).
pub fn regiment_bmp(arm: Arm, quality: Quality, overrides: &Overrides, settings: &RulesSettings) -> RuleResult<u8> {
    Ok(to_u8(bmp(&MoraleUnit::regiment(arm, quality), BmpTableKind::NotCharged, overrides, &settings.morale)?.value))
}

/// The facts of regiment or gun section `id` of `game`. A merged unit (6.8.9) moves with its
/// attached stands and the BMP of the regiment with the most figures (6.8.9.b).
pub fn facts(game: &Game, id: &str, overrides: &Overrides) -> Option<Facts> {
    let roster = &game.roster;
    let settings = &game.setup.rules;
    let officer = roster
        .union
        .officers
        .iter()
        .chain(roster.confederate.officers.iter())
        .filter(|o| o.with_unit.as_deref() == Some(id) && o.condition.status().gives_benefits(game.turn))
        .max_by_key(|o| o.benefit)
        .map(|o| o.name.clone());
    let order = game.orders_this_turn().and_then(|t| t.orders.iter().find(|o| o.unit == id));
    let (order, order_formation) = (order.map(|o| o.in_force()), order.and_then(|o| o.formation));
    if let Some(r) = roster.regiment(id) {
        let parts = roster.merged_parts(id);
        let own = regiment_bmp(r.arm, r.quality, overrides, settings).ok();
        let bmp = if parts.is_empty() {
            own
        } else {
            let mut pairs = vec![(r.figures_left(), own.map(i32::from).unwrap_or(0))];
            for p in &parts {
                pairs.push((
                    p.figures_left(),
                    regiment_bmp(p.arm, p.quality, overrides, settings).map(i32::from).unwrap_or(0),
                ));
            }
            merged_bmp(&pairs).ok().map(to_u8)
        };
        // The host's own stands and those attached to it (6.8.9).
        let stands = roster.merged_stands(id);
        return Some(Facts {
            name: r.name.clone(),
            who: Who::Regiment {
                arm: r.arm,
                formation: r.formation,
                stands: u8::try_from(stands).unwrap_or(u8::MAX),
                morale: r.morale,
                prone: r.prone,
            },
            bmp,
            officer,
            order,
            order_formation,
        });
    }
    let s = roster.section(id)?;
    Some(Facts {
        name: s.name.clone(),
        who: Who::Guns { weight: s.gun.weight, limbered: s.limbered },
        bmp: None,
        officer,
        order,
        order_formation,
    })
}

/// What the unit does this phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Move This Direction (6.2-6.8).
    Move,
    /// The normal move and bonus of a charge (5.3.1, 5.3.2).
    Charge,
    /// Disengage (6.5.8).
    Disengage,
    /// Formation Change (6.4.1, 6.4.2.a, 6.4.4; for guns, limber or unlimber in place, 6.6.1.a;
    /// mounting or dismounting without moving, 6.7.2).
    FormationChange,
}

impl Mode {
    /// The mode an order calls for.
    pub fn of_order(order: OrderKind) -> Option<Mode> {
        match order {
            OrderKind::Move => Some(Mode::Move),
            OrderKind::Charge => Some(Mode::Charge),
            OrderKind::Disengage => Some(Mode::Disengage),
            OrderKind::FormationChange => Some(Mode::FormationChange),
            _ => None,
        }
    }
}

/// The direction of a move (6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Forward, or oblique within 45 degrees (6.5.1, 6.5.2).
    Forward,
    /// Oblique more than 45 degrees off the front (6.5.2, 6.4.2.c).
    ObliqueOver45,
    /// Wheel under 45 degrees (6.5.3).
    WheelUnder45,
    /// Wheel of 45 degrees or more (6.5.3).
    Wheel45,
    /// Front-to-flank before the move (6.5.5): it moves in the new formation.
    FrontToFlankFirst,
    /// Front-to-flank at the end of the move (6.5.5).
    FrontToFlankLast,
    /// About face, turning to move away (6.5.6): free.
    AboutFace,
    /// Backwards, still facing the front (6.5.6): half rates.
    Backwards,
    /// Rear march of a column (6.5.7).
    RearMarch,
    /// Turn of a column (6.5.4).
    Turn,
}

impl Direction {
    /// The words on its toggle.
    pub fn label(self) -> &'static str {
        match self {
            Direction::Forward => "Forward",
            Direction::ObliqueOver45 => "Oblique over 45°",
            Direction::WheelUnder45 => "Wheel under 45°",
            Direction::Wheel45 => "Wheel 45° or more",
            Direction::FrontToFlankFirst => "Front-to-flank, then move",
            Direction::FrontToFlankLast => "Move, then front-to-flank",
            Direction::AboutFace => "About face and move away",
            Direction::Backwards => "Backwards, facing the front",
            Direction::RearMarch => "Rear march",
            Direction::Turn => "Turn",
        }
    }

    /// What the direction asks of the move beyond going forward (6.5): its Table 3 cost.
    pub fn manoeuvre(self) -> Option<Manoeuvre> {
        match self {
            Direction::Forward => None,
            Direction::ObliqueOver45 => Some(Manoeuvre::Oblique { over_45: true }),
            Direction::WheelUnder45 => Some(Manoeuvre::Wheel { at_least_45: false }),
            Direction::Wheel45 => Some(Manoeuvre::Wheel { at_least_45: true }),
            Direction::FrontToFlankFirst | Direction::FrontToFlankLast => Some(Manoeuvre::FrontToFlank),
            Direction::AboutFace => Some(Manoeuvre::AboutFace { facing_front: false }),
            Direction::Backwards => Some(Manoeuvre::AboutFace { facing_front: true }),
            Direction::RearMarch => Some(Manoeuvre::RearMarch),
            Direction::Turn => Some(Manoeuvre::Turn),
        }
    }

    /// The directions a unit in `formation` may take (6.5): wheels and about face in line,
    /// turns and rear march in column, front-to-flank between the two.
    pub fn for_formation(formation: Formation) -> Vec<Direction> {
        use Direction::*;
        match formation {
            Formation::Line => vec![
                Forward,
                ObliqueOver45,
                WheelUnder45,
                Wheel45,
                FrontToFlankFirst,
                FrontToFlankLast,
                AboutFace,
                Backwards,
            ],
            Formation::BrigadeColumn => vec![Forward, ObliqueOver45, WheelUnder45, Wheel45, AboutFace, Backwards],
            Formation::ExtendedLine => vec![Forward, ObliqueOver45, AboutFace, Backwards],
            Formation::MarchColumn => {
                vec![Forward, ObliqueOver45, Turn, FrontToFlankFirst, FrontToFlankLast, RearMarch]
            }
            _ => vec![Forward, ObliqueOver45],
        }
    }
}

/// The formation a regiment moves in (6.4.4: into skirmish order with the whole move as
/// skirmishers; 6.8.3: from line straight into extended line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovesAs {
    /// As it stands.
    AsItStands,
    /// Into skirmish order (6.4.4).
    Skirmish,
    /// Into extended line, from line (6.8.3).
    ExtendedLine,
}

/// Mounting or dismounting with the move (6.7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MountChange {
    /// Stays mounted, or on foot.
    Stays,
    /// Mounts or dismounts at the start of the move.
    AtStart,
    /// Mounts or dismounts at the end of the move.
    AtEnd,
}

/// How far the unit goes: within the first number, or beyond it with the disorder roll (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Distance {
    /// Up to the first number: no roll.
    First,
    /// Beyond it, up to the greater number, with the disorder roll.
    Greater,
}

/// The ground a disengaging gun crosses, for its accident roll (6.5.8.b: the terrain's saving
/// roll plus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccidentGround {
    /// Open ground: no saving roll, so a 1 smashes the gun.
    Open,
    /// Light woods (Table 12).
    LightWoods,
    /// Heavy woods (Table 12).
    HeavyWoods,
}

/// Everything the players say about the move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Intent {
    /// What it does.
    pub mode: Mode,
    /// The ground moved through or into (6.3.2: the worst any part enters).
    pub ground: Ground,
    /// A split move's second ground (6.3.3), for a regiment moving forward.
    pub split: Option<Ground>,
    /// Its direction.
    pub direction: Direction,
    /// The formation it moves in.
    pub moves_as: MovesAs,
    /// Mounting or dismounting (cavalry, mounted infantry).
    pub mount: MountChange,
    /// Its formation after mounting or dismounting (the free formation change, 6.7.2), or the
    /// new formation of a Formation Change.
    pub new_formation: Formation,
    /// Advances by rushes (6.8.7).
    pub rushes: bool,
    /// An officer within 1" (6.2).
    pub officer: bool,
    /// How a gun moves (6.6).
    pub gun_move: GunMove,
    /// A gun unlimbers at the end of a limbered move (6.6.1).
    pub unlimber_at_end: bool,
    /// The weight class when the roster does not know it.
    pub weight: GunWeight,
    /// The ground a disengaging gun crosses (6.5.8.b).
    pub accident_ground: AccidentGround,
}

impl Default for Intent {
    fn default() -> Self {
        Intent {
            mode: Mode::Move,
            ground: Ground::Terrain(TerrainType::Open),
            split: None,
            direction: Direction::Forward,
            moves_as: MovesAs::AsItStands,
            mount: MountChange::Stays,
            new_formation: Formation::Line,
            rushes: false,
            officer: false,
            gun_move: GunMove::Limbered,
            unlimber_at_end: false,
            weight: GunWeight::Light,
            accident_ground: AccidentGround::Open,
        }
    }
}

/// How a unit stands: what the roster records and a move may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// A regiment.
    Regiment {
        /// Formation.
        formation: Formation,
        /// On horseback.
        mounted: bool,
        /// Lying prone.
        prone: bool,
    },
    /// A gun section.
    Guns {
        /// Limbered.
        limbered: bool,
        /// Lost (6.5.8.b: an accident removes it).
        lost: bool,
    },
}

impl Standing {
    /// How `who` stands now.
    pub fn of(who: &Who) -> Standing {
        match *who {
            Who::Regiment { arm, formation, prone, .. } => {
                Standing::Regiment { formation, mounted: arm.is_mounted(), prone }
            }
            Who::Guns { limbered, .. } => Standing::Guns { limbered, lost: false },
        }
    }

    fn disordered(self) -> Standing {
        match self {
            Standing::Regiment { mounted, prone, .. } => {
                Standing::Regiment { formation: Formation::Disorder, mounted, prone }
            }
            g => g,
        }
    }
}

/// The commands that take unit `id` from `before` to `after`, through the existing commands.
pub fn commands(id: &str, before: Standing, after: Standing) -> Vec<Command> {
    let mut out = Vec::new();
    match (before, after) {
        (
            Standing::Regiment { formation: f0, mounted: m0, prone: p0 },
            Standing::Regiment { formation: f1, mounted: m1, prone: p1 },
        ) => {
            if p0 && !p1 {
                out.push(Command::Unit(UnitCommand::SetFlag {
                    regiment: id.into(),
                    flag: RegimentFlag::Prone,
                    on: false,
                }));
            }
            if m0 != m1 {
                out.push(Command::Unit(UnitCommand::SetMounted { regiment: id.into(), mounted: m1, formation: f1 }));
            } else if f0 != f1 {
                out.push(Command::Unit(UnitCommand::SetFormation { regiment: id.into(), formation: f1 }));
            }
        }
        (Standing::Guns { limbered: l0, .. }, Standing::Guns { limbered: l1, lost }) => {
            if lost {
                out.push(Command::Unit(UnitCommand::SetGunState { section: id.into(), state: GunState::Destroyed }));
            } else if l0 != l1 {
                out.push(Command::Unit(UnitCommand::SetLimbered { section: id.into(), limbered: l1 }));
            }
        }
        _ => {}
    }
    out
}

/// The one-die roll that may follow a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    /// The disorder roll after the greater distance (6.2) or a rear march (6.5.7).
    Disorder,
    /// Reforming from skirmish order (6.4.4).
    Reform,
    /// A disengaging gun's accident (6.5.8.b).
    Accident,
}

/// When the roll is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollWhen {
    /// No roll.
    Never,
    /// Only when the greater distance is taken (6.2).
    IfGreater,
    /// Always (6.5.7, 6.4.4, 6.5.8.b).
    Always,
}

/// The roll that may follow: one die, which must be higher than `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    /// Which roll.
    pub kind: RollKind,
    /// When.
    pub when: RollWhen,
    /// The die must be higher than this.
    pub target: i16,
    /// How the target is made, in words.
    pub why: &'static str,
}

/// The move worked out before any die: the allowance in words, the roll that may follow and
/// how the unit stands after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The allowance and its costs, in words, in inches as measured on this table.
    pub lines: Vec<String>,
    /// The distance without a roll, on this table.
    pub first: Ratio,
    /// The greater distance with a disorder roll, on this table.
    pub greater: Option<Ratio>,
    /// The roll, if any may follow.
    pub roll: Option<Roll>,
    /// How it stands after a passed roll or none.
    pub after: Standing,
    /// How it stands after a failed roll.
    pub after_fail: Standing,
    /// What it does, for the result's headline ("moves", "disengages"...).
    pub verb: &'static str,
    /// The normal move of a charge, in card inches (first, greater), for the bonus marks.
    pub charge_normal: Option<(Ratio, Option<Ratio>)>,
}

impl Plan {
    /// A plan with no roll: the unit goes up to `first` (table inches) and ends as `after`.
    fn settled(lines: Vec<String>, first: Ratio, after: Standing, verb: &'static str) -> Plan {
        Plan { lines, first, greater: None, roll: None, after, after_fail: after, verb, charge_normal: None }
    }

    /// This plan with `roll` to follow, ending as `after_fail` when it fails.
    fn with_roll(self, roll: Option<Roll>, after_fail: Standing) -> Plan {
        Plan { roll, after_fail, ..self }
    }
}

/// Inches as measured on this table (0.1.1: doubled for 25 mm figures), as "5 1/2″".
pub fn inches(settings: &RulesSettings, card: Ratio) -> String {
    format!("{}\u{2033}", settings.table_inches(card))
}

fn out_of_range(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "movement", detail: detail.into() }
}

fn source_words(s: &Source) -> String {
    match s {
        Source::Printed => "printed".into(),
        Source::RuleText(r) => format!("rule {r}"),
        Source::Entered => "your Tables Card".into(),
    }
}

fn rate_words(r: &Rate) -> String {
    match r {
        Rate::NotApplicable => "NA".into(),
        Rate::One(x) => x.to_string(),
        Rate::Two { without_disorder, with_disorder_roll } => format!("{without_disorder}/{with_disorder_roll}"),
    }
}

fn allowance_lines(a: &Allowance, settings: &RulesSettings) -> Vec<String> {
    let mut lines = vec![format!("{}: {} ({}).", a.cell, rate_words(&a.rate.value), source_words(&a.rate.source))];
    for h in &a.halved_by {
        lines.push(format!("Half rates: {} ({}).", h.what, h.rule));
    }
    for c in &a.costs {
        lines.push(format!("−{} for the {} ({}).", inches(settings, c.inches), c.what, c.rule));
    }
    if a.moves_in_disorder {
        lines.push("The whole move is made in disorder, at the disorder rate (6.4.2.c).".into());
    }
    if a.mandatory {
        lines.push(format!(
            "Routed: it must move the full {}, away from the enemy (2.1.1).",
            inches(settings, a.maximum())
        ));
    }
    if let Some(adv) = a.dismounted_advance {
        lines.push(format!(
            "On dismounting, one stand advances {} from the horses; the others form on it (6.7.2).",
            inches(settings, adv)
        ));
    }
    match a.may_fire_after_limbering {
        Some(true) => {
            lines.push("Limbering takes half a move or less: it may fire this turn, as moving fire (6.6.1.c).".into())
        }
        Some(false) => lines.push("Limbering takes more than half a move: it may not fire this turn (6.6.1.c).".into()),
        None => {}
    }
    if settings.movement.night {
        lines.push("Night (Appendix F.15): the ground counts one level worse.".into());
    }
    lines
}

/// Works out the move before any die is thrown.
///
/// (6.2's line in broken ground: `tests::rule_6_2_line_through_woods_3_or_5_and_a_failed_roll_disorders`.)
pub fn plan(facts: &Facts, intent: &Intent, overrides: &Overrides, settings: &RulesSettings) -> RuleResult<Plan> {
    match facts.who {
        Who::Regiment { arm, formation, stands, morale, prone } => {
            regiment_plan(facts, intent, (arm, formation, stands, morale, prone), overrides, settings)
        }
        Who::Guns { weight, limbered } => {
            guns_plan(weight.unwrap_or(intent.weight), limbered, intent, overrides, settings)
        }
    }
}

fn disorder_roll(facts: &Facts, arm: Arm, officer: bool, when: RollWhen, kind: RollKind) -> RuleResult<Roll> {
    let bmp = facts.bmp.ok_or_else(|| out_of_range("the unit's BMP is needed for the roll (6.2)"))?;
    let why = match (officer, matches!(arm, Arm::Cavalry { mounted: false } | Arm::MountedInfantry { mounted: true })) {
        (false, false) => "its BMP (6.2)",
        (true, false) => "its BMP, −1 for the officer within 1″ (6.2)",
        (false, true) => "its BMP, +1 for dismounted cavalry or mounted infantry (6.2, 6.7.3)",
        (true, true) => "its BMP, −1 for the officer, +1 for dismounted cavalry or mounted infantry (6.2, 6.7.3)",
    };
    Ok(Roll { kind, when, target: disorder_target(bmp, officer, arm), why })
}

/// Whether the roll is made, for the distance taken.
pub fn roll_due(plan: &Plan, distance: Distance) -> bool {
    match plan.roll.map(|r| r.when) {
        Some(RollWhen::Always) => true,
        Some(RollWhen::IfGreater) => distance == Distance::Greater && plan.greater.is_some(),
        _ => false,
    }
}

fn roll_words(kind: RollKind, passed: bool) -> &'static str {
    match (kind, passed) {
        (RollKind::Disorder, true) => "no effect: it stays in good order (6.2)",
        (RollKind::Disorder, false) => "it is placed in disorder at the end of its move (6.2)",
        (RollKind::Reform, true) => "it reforms in its new formation (6.4.4)",
        (RollKind::Reform, false) => {
            "it goes into disorder instead; it may reform from disorder next turn (6.4.4, 6.4.2.a)"
        }
        (RollKind::Accident, true) => "no accident (6.5.8.b)",
        (RollKind::Accident, false) => {
            "the gun, limber or crew meets with an accident: the section is removed as lost (6.5.8.b)"
        }
    }
}

fn standing_words(s: Standing) -> String {
    match s {
        Standing::Regiment { formation, mounted, .. } => {
            format!("{}{}", formation.label(), if mounted { ", mounted" } else { "" })
        }
        Standing::Guns { lost: true, .. } => "lost".into(),
        Standing::Guns { limbered, .. } => (if limbered { "limbered" } else { "unlimbered" }).into(),
    }
}

/// The result of the move for `facts` (from unit `id` of the game, or a quick look-up with
/// `id` none), with the die if the roll is due. `None` while a due die is missing.
pub fn resolution(
    facts: &Facts,
    id: Option<&str>,
    plan: &Plan,
    distance: Distance,
    die: Option<Die>,
) -> Option<Resolution> {
    let due = roll_due(plan, distance);
    let mut details = Vec::new();
    let (after, passed) = match (due, plan.roll) {
        (true, Some(roll)) => {
            let d = die?;
            let passed = i16::from(d.face()) > roll.target;
            details.push(format!("Rolled {} against {}: {}.", d.face(), roll.target, roll_words(roll.kind, passed)));
            (if passed { plan.after } else { plan.after_fail }, passed)
        }
        _ => (plan.after, true),
    };
    let reach = match (distance, plan.greater) {
        (Distance::Greater, Some(g)) => g,
        _ => plan.first,
    };
    let name = &facts.name;
    let headline = match (plan.verb, passed) {
        ("changes formation", true) => format!("{name} changes formation to {} (6.4.1).", standing_words(after)),
        ("changes formation", false) => format!("{name} fails to reform: in disorder (6.4.4)."),
        ("limbers" | "unlimbers", _) => format!("{name} {} (6.6.1).", plan.verb),
        ("disengages", false) => format!("{name} disengages and is lost in an accident (6.5.8.b)."),
        ("disengages", true) => format!("{name} disengages up to {reach}\u{2033} in all (6.5.8, Table 4)."),
        ("routs", _) => format!("{name} routs {reach}\u{2033}, away from the enemy (2.1.1)."),
        (verb, true) => format!("{name} {verb} up to {reach}\u{2033} (Table 3)."),
        (verb, false) => format!("{name} {verb} up to {reach}\u{2033} and ends in disorder (6.2)."),
    };
    let before = Standing::of(&facts.who);
    let commands = id.map(|id| commands(id, before, after)).unwrap_or_default();
    if !commands.is_empty() {
        details.push(format!("Now {} ({} before).", standing_words(after), standing_words(before)));
    }
    // A move, disengage or formation change settles the unit's phase-six item (6.1).
    let settles = id.map(|id| vec![ItemKey::Move(id.into())]).unwrap_or_default();
    Some(Resolution { headline, details, commands, recorded: id.is_some(), settles, ..Default::default() })
}

#[cfg(test)]
mod tests;
