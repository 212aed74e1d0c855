//! The movement resolver's pure part: what the roster knows of a mover, what the players say
//! it does, the allowance in words (Table 3, Table 4, 6.2-6.9), the roll that may follow and
//! the commands that record the result. No Leptos here: everything is tested natively.

use crate::systems::johnny_reb::resolve::card::Resolution;
use johnny_reb::rules::charge::distance::{
    BonusPath, ChargeMarks, ChargeMoveSetup, ChargingArm, bonus_move, mark_charge,
};
use johnny_reb::rules::morale::{BmpTableKind, MoraleUnit, bmp, merged_bmp};
use johnny_reb::rules::movement::{
    Allowance, DisorderCheck, Ground, GunMove, Manoeuvre, MoveRequest, Mover, TerrainType, allowance, disengage_gun,
    disengage_regiment, disorder_target, formation_change_reach, front_to_flank, horseholders_needed, split_move,
};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::tables::t03_movement_rates::Rate;
use johnny_reb::rules::tables::t12_saving_rolls::AreaCover;
use johnny_reb::rules::unit::{Arm, Formation, GunWeight, MoraleLevel, OrderKind, Quality, Terrain};
use johnny_reb::rules::{Cell, Die, Overrides, Ratio, RuleError, RuleResult, Source};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::GunState;
use johnny_reb::state::roster::RegimentFlag;
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

fn moving_arm(arm: Arm, mount: MountChange) -> Arm {
    let flip = |mounted: bool| match arm {
        Arm::Cavalry { .. } => Arm::Cavalry { mounted },
        Arm::MountedInfantry { .. } => Arm::MountedInfantry { mounted },
        a => a,
    };
    match mount {
        MountChange::AtStart => flip(!arm.is_mounted()),
        _ => arm,
    }
}

/// Works out the move before any die is thrown.
///
/// ```
/// use johnny_reb::rules::movement::{Ground, TerrainType};
/// use johnny_reb::rules::settings::RulesSettings;
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel};
/// use johnny_reb::rules::{Overrides, Ratio};
/// use companion::systems::johnny_reb::resolve::movement::model::{plan, Facts, Intent, Who};
/// // 6.2: a line in broken terrain (light woods) moves 3", or 5" with a disorder roll.
/// let facts = Facts {
///     name: "1st Tennessee".into(),
///     who: Who::Regiment { arm: Arm::Infantry, formation: Formation::Line, stands: 5, morale: MoraleLevel::Good, prone: false },
///     bmp: Some(3), officer: None, order: None, order_formation: None,
/// };
/// let intent = Intent { ground: Ground::Terrain(TerrainType::Broken), ..Intent::default() };
/// let p = plan(&facts, &intent, &Overrides::new(), &RulesSettings::default()).unwrap();
/// assert_eq!((p.first, p.greater), (Ratio::whole(3), Some(Ratio::whole(5))));
/// ```
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

type RegimentNow = (Arm, Formation, u8, MoraleLevel, bool);

fn regiment_plan(
    facts: &Facts,
    i: &Intent,
    now: RegimentNow,
    o: &Overrides,
    settings: &RulesSettings,
) -> RuleResult<Plan> {
    let (arm, formation, stands, morale, prone) = now;
    let routed = morale == MoraleLevel::Routed;
    let rulings = &settings.movement;
    match i.mode {
        Mode::Disengage => {
            if routed {
                return Err(out_of_range("a routed unit makes its rout move, not a disengage (2.1.1)"));
            }
            let d = disengage_regiment(arm, i.ground, o, rulings)?;
            let lines = vec![
                format!(
                    "It must move the full disorder distance, {} ({}), away from the enemy, plus a bonus of up to {} if it wishes (6.5.8.a, Table 4).",
                    inches(settings, d.must_move.value),
                    source_words(&d.must_move.source),
                    inches(settings, d.bonus_up_to.value)
                ),
                "It ends in disorder, facing away from the enemy; it may not fire nor fight back in melee; fire on it is halved; charged, it counts as charged on the rear (6.5.8.a).".into(),
            ];
            let after = Standing::Regiment { formation: Formation::Disorder, mounted: arm.is_mounted(), prone: false };
            Ok(Plan {
                lines,
                first: settings
                    .table_inches(johnny_reb::rules::movement::total_inches(d.must_move.value, d.bonus_up_to.value)),
                greater: None,
                roll: None,
                after,
                after_fail: after,
                verb: "disengages",
                charge_normal: None,
            })
        }
        Mode::FormationChange => formation_change_plan(facts, i, now, o, settings),
        Mode::Move | Mode::Charge => {
            let charge = i.mode == Mode::Charge;
            if charge && routed {
                return Err(out_of_range("a routed unit cannot charge (2.1.2)"));
            }
            let mount = if charge || routed { MountChange::Stays } else { i.mount };
            if mount != MountChange::Stays && !matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) {
                return Err(out_of_range("only cavalry or mounted infantry mount and dismount (6.7.2)"));
            }
            let move_arm = moving_arm(arm, mount);
            let direction = if charge || routed { Direction::Forward } else { i.direction };
            let moving = match (mount, direction) {
                (MountChange::AtStart, _) => i.new_formation,
                (_, Direction::FrontToFlankFirst) => front_to_flank(formation)?,
                _ => match i.moves_as {
                    MovesAs::Skirmish if !charge => Formation::Skirmish,
                    MovesAs::ExtendedLine if !charge && formation == Formation::Line => Formation::ExtendedLine,
                    _ => formation,
                },
            };
            let mut manoeuvres = Vec::new();
            if prone {
                manoeuvres.push(Manoeuvre::StandUp);
            }
            match direction {
                Direction::Forward => {}
                Direction::ObliqueOver45 => manoeuvres.push(Manoeuvre::Oblique { over_45: true }),
                Direction::WheelUnder45 => manoeuvres.push(Manoeuvre::Wheel { at_least_45: false }),
                Direction::Wheel45 => manoeuvres.push(Manoeuvre::Wheel { at_least_45: true }),
                Direction::FrontToFlankFirst | Direction::FrontToFlankLast => manoeuvres.push(Manoeuvre::FrontToFlank),
                Direction::AboutFace => manoeuvres.push(Manoeuvre::AboutFace { facing_front: false }),
                Direction::Backwards => manoeuvres.push(Manoeuvre::AboutFace { facing_front: true }),
                Direction::RearMarch => manoeuvres.push(Manoeuvre::RearMarch),
                Direction::Turn => manoeuvres.push(Manoeuvre::Turn),
            }
            let at_start = mount == MountChange::AtStart;
            match (mount, arm.is_mounted()) {
                (MountChange::Stays, _) => {}
                (_, true) => manoeuvres.push(Manoeuvre::Dismount { at_start }),
                (_, false) => manoeuvres.push(Manoeuvre::Mount { at_start }),
            }
            if i.rushes && !charge {
                manoeuvres.push(Manoeuvre::Rushes);
            }
            let mover = Mover::Regiment { arm: move_arm, formation: moving, routed, stands };
            let request = MoveRequest { mover, ground: i.ground, bmp: facts.bmp, manoeuvres };
            let split = match i.split {
                Some(second)
                    if !charge && !routed && direction == Direction::Forward && request.manoeuvres.is_empty() =>
                {
                    Some(second)
                }
                _ => None,
            };
            let (mut lines, first, greater, check, in_disorder) = match split {
                Some(second) => {
                    let s = split_move(mover, i.ground, second, o, rulings)?;
                    let mut lines = vec!["Split move: half the move at each rate, each half wholly in its ground, no inches carried over (6.3.3).".to_string()];
                    for (half, a) in [("First half", &s.first), ("Second half", &s.second)] {
                        let greater = a
                            .with_disorder_roll
                            .map(|g| format!(", or up to {} with the disorder roll", inches(settings, g)))
                            .unwrap_or_default();
                        lines.push(format!(
                            "{half}: {}: {} ({}), halved: up to {}{greater}.",
                            a.cell,
                            rate_words(&a.rate.value),
                            source_words(&a.rate.source),
                            inches(settings, a.without_disorder)
                        ));
                    }
                    let first =
                        johnny_reb::rules::movement::total_inches(s.first.without_disorder, s.second.without_disorder);
                    let greater = match (s.first.with_disorder_roll, s.second.with_disorder_roll) {
                        (None, None) => None,
                        (a, b) => Some(johnny_reb::rules::movement::total_inches(
                            a.unwrap_or(s.first.without_disorder),
                            b.unwrap_or(s.second.without_disorder),
                        )),
                    };
                    let check = if greater.is_some() { DisorderCheck::IfBeyondFirst } else { DisorderCheck::Never };
                    (lines, first, greater, check, s.first.moves_in_disorder || s.second.moves_in_disorder)
                }
                None => {
                    let a = allowance(&request, o, rulings)?;
                    (
                        allowance_lines(&a, settings),
                        a.without_disorder,
                        a.with_disorder_roll,
                        a.disorder_check,
                        a.moves_in_disorder,
                    )
                }
            };
            if mount != MountChange::Stays && arm.is_mounted() && horseholders_needed(stands) {
                lines.push("One stand stays behind as the horseholders (6.7.2.b).".into());
            }
            if i.officer {
                lines.push("An officer who helps with the roll moves at half his rate this turn, unless he stays with this unit all turn (6.9).".into());
            }
            let final_formation = if in_disorder || routed {
                Formation::Disorder
            } else {
                match (mount, direction) {
                    (MountChange::AtStart | MountChange::AtEnd, _) => i.new_formation,
                    (_, Direction::FrontToFlankLast) => front_to_flank(moving)?,
                    _ => moving,
                }
            };
            let mounted_after = arm.is_mounted() != (mount != MountChange::Stays);
            let after = Standing::Regiment { formation: final_formation, mounted: mounted_after, prone: false };
            let when = match check {
                DisorderCheck::Never => RollWhen::Never,
                DisorderCheck::IfBeyondFirst => RollWhen::IfGreater,
                DisorderCheck::Always => RollWhen::Always,
            };
            let roll = if when == RollWhen::Never || in_disorder || routed {
                None
            } else {
                Some(disorder_roll(facts, move_arm, i.officer, when, RollKind::Disorder)?)
            };
            if charge {
                lines.insert(0, "The charge's normal move: the Table 3 distance for its formation and the ground, with the disorder roll if the greater distance is taken (5.3.1).".into());
            }
            // A charge's disorder falls at its yellow marker, in the charge itself (5.3): only
            // standing up is recorded here.
            let charging = Standing::Regiment { formation, mounted: arm.is_mounted(), prone: false };
            Ok(Plan {
                lines,
                first: settings.table_inches(first),
                greater: greater.map(|g| settings.table_inches(g)),
                roll,
                after: if charge { charging } else { after },
                after_fail: if charge { charging } else { after.disordered() },
                verb: if charge {
                    "charges"
                } else if routed {
                    "routs"
                } else {
                    "moves"
                },
                charge_normal: charge.then_some((first, greater)),
            })
        }
    }
}

fn formation_change_plan(
    facts: &Facts,
    i: &Intent,
    now: RegimentNow,
    o: &Overrides,
    settings: &RulesSettings,
) -> RuleResult<Plan> {
    let (arm, formation, _, morale, prone) = now;
    if morale == MoraleLevel::Routed {
        return Err(out_of_range("a routed unit cannot change formation: it must rally first (6.4.2.a)"));
    }
    let to = i.new_formation;
    let mounted_after = arm.is_mounted() != (i.mount != MountChange::Stays);
    let reach = formation_change_reach(arm.is_mounted() && mounted_after, i.ground, o, &settings.movement)?;
    let mut lines = vec![format!(
        "One stand stays in place (it may pivot); every other stand moves at most {}, the skirmish rate in this ground, centre to centre ({}; 6.4.1).",
        inches(settings, reach.value),
        source_words(&reach.source)
    )];
    if i.mount != MountChange::Stays {
        if !matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) {
            return Err(out_of_range("only cavalry or mounted infantry mount and dismount (6.7.2)"));
        }
        lines.push(format!(
            "It {} without moving, with the free formation change that goes with it (6.7.2).",
            if arm.is_mounted() { "dismounts" } else { "mounts" }
        ));
    }
    if prone {
        lines.push("It stands up from lying prone (6.8.5).".into());
    }
    let after = Standing::Regiment { formation: to, mounted: mounted_after, prone: false };
    let roll = if formation == Formation::Skirmish && to != Formation::Skirmish {
        lines.push("Reforming from skirmish order: one die must be higher than the BMP, or the regiment goes into disorder (6.4.4).".into());
        Some(disorder_roll(facts, arm, i.officer, RollWhen::Always, RollKind::Reform)?)
    } else {
        if formation == Formation::Disorder {
            lines.push("Reforming from disorder: a unit of good or shaken morale with a Formation Change order takes its new formation (6.4.2.a).".into());
        }
        None
    };
    Ok(Plan {
        lines,
        first: settings.table_inches(reach.value),
        greater: None,
        roll,
        after,
        after_fail: after.disordered(),
        verb: "changes formation",
        charge_normal: None,
    })
}

fn accident_save(ground: AccidentGround, o: &Overrides) -> RuleResult<u8> {
    let cover = match ground {
        AccidentGround::Open => return Ok(0),
        AccidentGround::LightWoods => AreaCover::LightWoods,
        AccidentGround::HeavyWoods => AreaCover::HeavyWoods,
    };
    let shipped = match cover.save() {
        Cell::Printed(v) => Cell::Printed(Ratio::whole(u32::from(v))),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Ratio::whole(u32::from(value)), rule },
        Cell::Missing => Cell::Missing,
    };
    Ok(o.resolve(&cover.cell(), shipped)?
        .map(|s| u8::try_from(s.value.numer() / s.value.denom().max(1)).unwrap_or(6))
        .unwrap_or(0))
}

fn guns_plan(
    weight: GunWeight,
    limbered: bool,
    i: &Intent,
    o: &Overrides,
    settings: &RulesSettings,
) -> RuleResult<Plan> {
    let rulings = &settings.movement;
    match i.mode {
        Mode::Charge => Err(out_of_range("guns do not charge (5)")),
        Mode::FormationChange => {
            let after = Standing::Guns { limbered: !limbered, lost: false };
            let line = if limbered {
                "It unlimbers without moving: no cost (Table 3; Formation Change, 6.6.1.a)."
            } else {
                "It limbers without moving (Formation Change, 6.6.1.a)."
            };
            Ok(Plan {
                lines: vec![line.into()],
                first: Ratio::ZERO,
                greater: None,
                roll: None,
                after,
                after_fail: after,
                verb: if limbered { "unlimbers" } else { "limbers" },
                charge_normal: None,
            })
        }
        Mode::Disengage => {
            if !limbered {
                return Err(out_of_range("only limbered guns disengage (6.5.8.b): limber it first"));
            }
            let d = disengage_gun(weight, i.ground, o, rulings)?;
            let save = accident_save(i.accident_ground, o)?;
            let lines = vec![
                format!(
                    "It must move its full limbered distance to the rear, {}, plus a bonus of up to {} if it wishes (6.5.8.b, Table 4).",
                    inches(settings, d.must_move.value),
                    inches(settings, d.bonus_up_to.value)
                ),
                "Fire on it is halved while it disengages (6.5.8.b).".into(),
            ];
            Ok(Plan {
                lines,
                first: settings
                    .table_inches(johnny_reb::rules::movement::total_inches(d.must_move.value, d.bonus_up_to.value)),
                greater: None,
                roll: Some(Roll {
                    kind: RollKind::Accident,
                    when: RollWhen::Always,
                    target: i16::from(save) + 1,
                    why: "the ground's saving roll plus one (6.5.8.b)",
                }),
                after: Standing::Guns { limbered: true, lost: false },
                after_fail: Standing::Guns { limbered: true, lost: true },
                verb: "disengages",
                charge_normal: None,
            })
        }
        Mode::Move => {
            let mut manoeuvres = Vec::new();
            if i.gun_move == GunMove::HandPush && limbered {
                return Err(out_of_range("a gun pushed by hand is unlimbered (6.6.3): unlimber it first"));
            }
            if i.gun_move == GunMove::Limbered && !limbered {
                manoeuvres.push(Manoeuvre::Limber);
            }
            let unlimber = i.gun_move == GunMove::Limbered && i.unlimber_at_end;
            if unlimber {
                manoeuvres.push(Manoeuvre::Unlimber);
            }
            let request =
                MoveRequest { mover: Mover::Gun { weight, how: i.gun_move }, ground: i.ground, bmp: None, manoeuvres };
            let a = allowance(&request, o, rulings)?;
            let mut lines = allowance_lines(&a, settings);
            if unlimber {
                lines.push("Unlimbering at the end costs nothing (Table 3).".into());
            }
            if i.gun_move == GunMove::Prolonge {
                lines.push(
                    "By prolonge it fires as moving artillery, just before moving or in Phase Seven (6.6.2).".into(),
                );
            }
            let limbered_after = match i.gun_move {
                GunMove::Limbered => !unlimber,
                _ => limbered,
            };
            let after = Standing::Guns { limbered: limbered_after, lost: false };
            Ok(Plan {
                lines,
                first: settings.table_inches(a.without_disorder),
                greater: a.with_disorder_roll.map(|g| settings.table_inches(g)),
                roll: None,
                after,
                after_fail: after,
                verb: "moves",
                charge_normal: None,
            })
        }
    }
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
    let settles = id.map(|id| vec![format!("move-{id}")]).unwrap_or_default();
    Some(Resolution { headline, details, commands, recorded: id.is_some(), settles, ..Default::default() })
}

/// The charge bonus (5.3.2): where the bonus portion runs and what it enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bonus {
    /// The terrain of the bonus portion: Table 4's dice (road 4, open 3, broken 2, rough 1).
    pub terrain: Terrain,
    /// The bonus carries it into broken or rough terrain after this many card inches
    /// (5.3.2.c: half or quarter inches beyond).
    pub enters: Option<(Terrain, Ratio)>,
}

impl Bonus {
    /// The bonus path as the charge engine reads it, night applied (Appendix F.15).
    pub fn path(self, settings: &RulesSettings) -> BonusPath {
        let p = BonusPath {
            terrain: self.terrain,
            enters: self
                .enters
                .map(|(terrain, after)| johnny_reb::rules::charge::distance::TerrainChange { after, terrain }),
        };
        if settings.charges.night { p.at_night() } else { p }
    }
}

/// The charge marks (5.3): the normal move taken, a failed normal-move roll, and the bonus
/// dice if a bonus is taken. Card inches in, words in table inches out.
pub fn charge_marks(
    facts: &Facts,
    ground: Ground,
    normal_move: Ratio,
    failed_roll: bool,
    bonus: Option<(Bonus, &[Die])>,
    settings: &RulesSettings,
) -> RuleResult<(ChargeMarks, Vec<String>)> {
    let (arm, formation) = match facts.who {
        Who::Regiment { arm, formation, .. } => (arm, formation),
        Who::Guns { .. } => return Err(out_of_range("guns do not charge (5)")),
    };
    let rolled = match bonus {
        Some((b, dice)) => Some(bonus_move(dice, b.path(settings), false)?),
        None => None,
    };
    // 5.3.2.b: mounted cavalry is disordered from the start if the charge will be in broken or
    // rough, read on the worst terrain of the whole path (6.3.1, RULINGS.md).
    let rank = |t: Terrain| match t {
        Terrain::Rough => 3,
        Terrain::Broken => 2,
        _ => 1,
    };
    let normal = match ground.under(&settings.movement) {
        Ground::Road => Terrain::Road,
        Ground::Terrain(t) | Ground::Trail(t) => match t {
            TerrainType::Open => Terrain::Open,
            TerrainType::Broken => Terrain::Broken,
            TerrainType::Rough => Terrain::Rough,
        },
    };
    let mut path = vec![normal];
    if let Some((b, _)) = bonus {
        let p = b.path(settings);
        path.push(p.terrain);
        path.extend(p.enters.map(|c| c.terrain));
    }
    let worst = path.into_iter().max_by_key(|t| rank(*t)).unwrap_or(Terrain::Open);
    let setup = ChargeMoveSetup {
        arm: if matches!(arm, Arm::Cavalry { mounted: true }) { ChargingArm::Mounted } else { ChargingArm::Foot },
        normal_move,
        disordered_from_start: formation == Formation::Disorder || arm == (Arm::MountedInfantry { mounted: true }),
        failed_normal_move_roll: failed_roll,
        worst_terrain: worst,
    };
    let marks = mark_charge(&setup, rolled);
    let mut words = Vec::new();
    if let Some(b) = &marks.bonus {
        words.push(format!(
            "The bonus dice total {}: a bonus of {} (5.3.2.a).",
            b.rolled,
            inches(settings, b.distance)
        ));
    }
    words.push(format!(
        "Red marker, the total charge distance: {} from the start (5.3.2).",
        inches(settings, marks.total)
    ));
    words.push(match marks.disorder_at {
        Some(d) if d == Ratio::ZERO => {
            "Yellow marker: it charges in disorder from the start (5.3.2.b, 6.7.3).".to_string()
        }
        Some(d) => {
            format!("Yellow marker, where it falls into disorder: {} from the start (5.3.2.b).", inches(settings, d))
        }
        None => "No yellow marker: without a bonus it stays in order to the end of its move (5.3.1).".to_string(),
    });
    Ok((marks, words))
}

/// The result of a charge's normal move and bonus (5.3.1, 5.3.2): the red and yellow markers.
/// `None` while a due die is missing; an error for dice that do not fit Table 4.
#[allow(clippy::too_many_arguments)]
pub fn charge_resolution(
    facts: &Facts,
    id: Option<&str>,
    plan: &Plan,
    ground: Ground,
    distance: Distance,
    die: Option<Die>,
    bonus: Option<(Bonus, Vec<Die>)>,
    settings: &RulesSettings,
) -> Option<RuleResult<Resolution>> {
    let (first, greater) = plan.charge_normal?;
    let due = roll_due(plan, distance);
    let mut details = Vec::new();
    let failed = match (due, plan.roll) {
        (true, Some(roll)) => {
            let d = die?;
            let passed = i16::from(d.face()) > roll.target;
            details.push(format!(
                "Normal move disorder roll: {} against {}: {}.",
                d.face(),
                roll.target,
                if passed {
                    "no effect (6.2)"
                } else {
                    "it will be in disorder from the end of its normal move (5.3.1)"
                }
            ));
            !passed
        }
        _ => false,
    };
    let normal = match (distance, greater) {
        (Distance::Greater, Some(g)) => g,
        _ => first,
    };
    let bonus = match &bonus {
        Some((b, dice)) => {
            let wanted = match johnny_reb::rules::charge::distance::bonus_dice_count(b.path(settings).terrain) {
                Ok(n) => n,
                Err(e) => return Some(Err(e)),
            };
            if dice.len() < wanted {
                return None;
            }
            Some((*b, &dice[..wanted]))
        }
        None => None,
    };
    let (marks, words) = match charge_marks(facts, ground, normal, failed, bonus, settings) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    details.extend(words);
    details.push(format!(
        "The charge halts {} short of the defender for defensive fire (5.3.4); a halting point announced at the declaration is rolled for in Other rolls, Attempt to halt (5.3.3).",
        inches(settings, Ratio::whole(3))
    ));
    let headline =
        format!("{} charges: red marker {} from the start (5.3).", facts.name, inches(settings, marks.total));
    let before = Standing::of(&facts.who);
    let commands = id.map(|id| commands(id, before, plan.after)).unwrap_or_default();
    Some(Ok(Resolution { headline, details, commands, recorded: id.is_some(), ..Default::default() }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dice::{dice, die};
    use johnny_reb::rules::{CellRef, Entered};
    use johnny_reb::state::demo::demo_game;

    fn line_regiment() -> Facts {
        Facts {
            name: "1st Tennessee".into(),
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::Line,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            bmp: Some(3),
            officer: None,
            order: None,
            order_formation: None,
        }
    }

    fn broken() -> Ground {
        Ground::Terrain(TerrainType::Broken)
    }

    fn twenty_five_mm() -> RulesSettings {
        let mut s = RulesSettings::default();
        s.fire.figures_25mm = true;
        s
    }

    #[test]
    fn rule_6_2_line_through_woods_3_or_5_and_a_failed_roll_disorders() {
        let s = RulesSettings::default();
        let i = Intent { ground: broken(), ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(3), Some(Ratio::whole(5))));
        assert!(p.lines[0].contains("Table 3, Infantry Line, Broken: 3/5 (printed)"), "{:?}", p.lines);
        let roll = p.roll.unwrap();
        assert_eq!((roll.kind, roll.when, roll.target), (RollKind::Disorder, RollWhen::IfGreater, 3));
        // Within 3": no roll, nothing changes.
        let r = resolution(&line_regiment(), Some("r-1tn"), &p, Distance::First, None).unwrap();
        assert!(r.commands.is_empty());
        assert_eq!(r.headline, "1st Tennessee moves up to 3″ (Table 3).");
        assert_eq!(r.settles, vec!["move-r-1tn".to_string()], "it ticks the tracker's phase-six item");
        // The greater distance waits for the die; a 3 is not higher than BMP 3: disorder.
        assert!(resolution(&line_regiment(), Some("r-1tn"), &p, Distance::Greater, None).is_none());
        let r = resolution(&line_regiment(), Some("r-1tn"), &p, Distance::Greater, Some(die(3))).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-1tn".into(), formation: Formation::Disorder })]
        );
        assert!(r.headline.contains("ends in disorder (6.2)"), "{}", r.headline);
        let r = resolution(&line_regiment(), Some("r-1tn"), &p, Distance::Greater, Some(die(4))).unwrap();
        assert!(r.commands.is_empty());
        // A quick look-up records nothing.
        let r = resolution(&line_regiment(), None, &p, Distance::Greater, Some(die(1))).unwrap();
        assert!(!r.recorded && r.commands.is_empty());
    }

    #[test]
    fn rule_0_1_1_distances_double_for_25mm_figures() {
        let i = Intent { ground: broken(), ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &twenty_five_mm()).unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(6), Some(Ratio::whole(10))));
        let i = Intent { direction: Direction::FrontToFlankFirst, ..i };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &twenty_five_mm()).unwrap();
        assert!(p.lines.iter().any(|l| l.starts_with("−4″ for the front-to-flank")), "{:?}", p.lines);
    }

    #[test]
    fn rule_6_2_officer_present_and_dismounted_cavalry_modify_the_target() {
        let s = RulesSettings::default();
        let i = Intent { officer: true, ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        assert_eq!(p.roll.unwrap().target, 2);
        let cav = Facts {
            who: Who::Regiment {
                arm: Arm::Cavalry { mounted: false },
                formation: Formation::Line,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let p = plan(&cav, &Intent::default(), &Overrides::new(), &s).unwrap();
        assert_eq!(p.roll.unwrap().target, 4);
    }

    #[test]
    fn rule_6_5_5_front_to_flank_records_the_new_formation() {
        let s = RulesSettings::default();
        // The column turns front-to-flank at the start and crosses the fence in line: 5" - 2" = 3".
        let column = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::MarchColumn,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let i = Intent { ground: broken(), direction: Direction::FrontToFlankFirst, ..Intent::default() };
        let p = plan(&column, &i, &Overrides::new(), &s).unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(1), Some(Ratio::whole(3))));
        let r = resolution(&column, Some("r"), &p, Distance::Greater, Some(die(5))).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Line })]
        );
        // The column moves 14" down the road and turns front-to-flank at the end: 16" - 2".
        let i = Intent { ground: Ground::Road, direction: Direction::FrontToFlankLast, ..Intent::default() };
        let p = plan(&column, &i, &Overrides::new(), &s).unwrap();
        assert_eq!(p.greater, Some(Ratio::whole(14)));
        // A failed roll leaves it in disorder instead.
        let r = resolution(&column, Some("r"), &p, Distance::Greater, Some(die(2))).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
        );
    }

    #[test]
    fn rule_6_5_6_backwards_facing_front_halves_and_6_5_7_rear_march_always_rolls() {
        let s = RulesSettings::default();
        let i = Intent { direction: Direction::Backwards, ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        // Regiment B moves back 4" facing the enemy: half of 8".
        assert_eq!(p.greater, Some(Ratio::whole(4)));
        let column = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::MarchColumn,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let p = plan(&column, &Intent { direction: Direction::RearMarch, ..Intent::default() }, &Overrides::new(), &s)
            .unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(9), None));
        assert!(roll_due(&p, Distance::First));
    }

    #[test]
    fn rule_6_4_2_c_oblique_over_45_is_made_in_disorder_and_recorded() {
        let s = RulesSettings::default();
        let i = Intent { direction: Direction::ObliqueOver45, ..Intent::default() };
        // Infantry disorder in the open is 6" (6.7.2 example).
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        assert_eq!((p.first, p.greater, p.roll), (Ratio::whole(6), None, None));
        let r = resolution(&line_regiment(), Some("r"), &p, Distance::First, None).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
        );
    }

    #[test]
    fn rule_6_3_3_split_move_regiment_b() {
        let s = RulesSettings::default();
        let i = Intent { split: Some(broken()), ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        // Half a normal open move (2 1/2") then half a normal broken move (1 1/2"): 4" in all.
        assert_eq!(p.first, Ratio::whole(4));
        assert_eq!(p.greater, Some(Ratio::new(13, 2).unwrap()));
        assert!(p.lines.iter().any(|l| l.contains("First half") && l.contains("2 1/2″")), "{:?}", p.lines);
    }

    #[test]
    fn rule_6_7_2_the_mounted_column_dismounts_at_the_end() {
        let s = RulesSettings::default();
        let mut o = Overrides::new();
        // The cavalry column rows are missing from the transcription: asked, here entered.
        let road = johnny_reb::rules::movement::troop_rate_ref(
            johnny_reb::rules::tables::t03_movement_rates::MoveRow::CavalryColumn,
            Ground::Road.column(),
        );
        assert_eq!(road.to_string(), "Table 3, Cavalry Column, Road");
        let cav = Facts {
            who: Who::Regiment {
                arm: Arm::Cavalry { mounted: true },
                formation: Formation::MarchColumn,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let i = Intent {
            ground: Ground::Road,
            mount: MountChange::AtEnd,
            new_formation: Formation::Skirmish,
            ..Intent::default()
        };
        // 20" column on road (6.7.2 example) is shipped as rule text: 20 - 2 x 3 = 14", 24 - 6 = 18".
        let p = plan(&cav, &i, &o, &s).unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(14), Some(Ratio::whole(18))));
        assert!(p.lines.iter().any(|l| l.contains("horseholders")));
        let r = resolution(&cav, Some("r"), &p, Distance::First, None).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetMounted {
                regiment: "r".into(),
                mounted: false,
                formation: Formation::Skirmish
            })]
        );
        // Failing the roll after the long move: the dismounted stands are deployed in disorder.
        let r = resolution(&cav, Some("r"), &p, Distance::Greater, Some(die(1))).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetMounted {
                regiment: "r".into(),
                mounted: false,
                formation: Formation::Disorder
            })]
        );
        // The 15th Virginia on foot in disorder falls back 3" to its horses (6" - 3 BMP).
        let on_foot = Facts {
            who: Who::Regiment {
                arm: Arm::Cavalry { mounted: false },
                formation: Formation::Disorder,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let i = Intent { mount: MountChange::AtEnd, new_formation: Formation::Line, ..Intent::default() };
        let p = plan(&on_foot, &i, &o, &s).unwrap();
        assert_eq!(p.first, Ratio::whole(3));
        // An entry from the players' card replaces the rule-text value.
        o.set(road, Entered::Value(Ratio::whole(22)));
        o.set(
            CellRef::new("Table 3", "Cavalry Column", "Road (Y, with disorder roll)"),
            Entered::Value(Ratio::whole(26)),
        );
        let i = Intent {
            ground: Ground::Road,
            mount: MountChange::AtEnd,
            new_formation: Formation::Skirmish,
            ..Intent::default()
        };
        let p = plan(&cav, &i, &o, &s).unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(16), Some(Ratio::whole(20))));
    }

    #[test]
    fn rule_6_4_4_reform_from_skirmish_rolls_and_6_4_2_a_from_disorder_does_not() {
        let s = RulesSettings::default();
        let skirmish = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::Skirmish,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let i = Intent { mode: Mode::FormationChange, new_formation: Formation::Line, ..Intent::default() };
        let p = plan(&skirmish, &i, &Overrides::new(), &s).unwrap();
        assert_eq!(p.first, Ratio::whole(12), "skirmish rate in the open (6.4.1)");
        assert_eq!(p.roll.map(|r| (r.kind, r.target)), Some((RollKind::Reform, 3)));
        let ok = resolution(&skirmish, Some("r"), &p, Distance::First, Some(die(4))).unwrap();
        assert_eq!(
            ok.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Line })]
        );
        let bad = resolution(&skirmish, Some("r"), &p, Distance::First, Some(die(3))).unwrap();
        assert_eq!(
            bad.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
        );
        let disorder = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::Disorder,
                stands: 5,
                morale: MoraleLevel::Shaken,
                prone: false,
            },
            ..line_regiment()
        };
        let p = plan(&disorder, &i, &Overrides::new(), &s).unwrap();
        assert!(p.roll.is_none());
        let routed = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::Disorder,
                stands: 5,
                morale: MoraleLevel::Routed,
                prone: false,
            },
            ..line_regiment()
        };
        assert!(plan(&routed, &i, &Overrides::new(), &s).is_err());
    }

    #[test]
    fn rule_6_5_8_disengage_ends_in_disorder_and_the_gun_risks_an_accident() {
        let s = RulesSettings::default();
        let i = Intent { mode: Mode::Disengage, ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        // 6" disorder distance in the open plus up to 4" (Table 4).
        assert_eq!(p.first, Ratio::whole(10));
        let r = resolution(&line_regiment(), Some("r"), &p, Distance::First, None).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
        );
        let gun =
            Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: true }, bmp: None, ..line_regiment() };
        let i = Intent {
            mode: Mode::Disengage,
            accident_ground: AccidentGround::LightWoods,
            ground: broken(),
            ..Intent::default()
        };
        let p = plan(&gun, &i, &Overrides::new(), &s).unwrap();
        // Light woods save on 1 or 2: the gun smashes on 1, 2 or 3 (6.5.8.b).
        assert_eq!(p.roll.map(|r| r.target), Some(3));
        let r = resolution(&gun, Some("s"), &p, Distance::First, Some(die(3))).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetGunState { section: "s".into(), state: GunState::Destroyed })]
        );
        let unlimbered = Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: false }, ..gun };
        assert!(plan(&unlimbered, &i, &Overrides::new(), &s).is_err());
    }

    #[test]
    fn rule_6_6_1_the_parrott_limbers_for_half_its_open_move_and_unlimbers() {
        let s = RulesSettings::default();
        let gun =
            Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: false }, bmp: None, ..line_regiment() };
        let i = Intent { unlimber_at_end: true, ..Intent::default() };
        let p = plan(&gun, &i, &Overrides::new(), &s).unwrap();
        assert_eq!(p.first, Ratio::whole(6));
        assert!(p.lines.iter().any(|l| l.contains("may fire this turn")));
        let r = resolution(&gun, Some("s"), &p, Distance::First, None).unwrap();
        assert!(r.commands.is_empty(), "limbers and unlimbers: unlimbered as before");
        let r = resolution(
            &gun,
            Some("s"),
            &plan(&gun, &Intent::default(), &Overrides::new(), &s).unwrap(),
            Distance::First,
            None,
        )
        .unwrap();
        assert_eq!(r.commands, vec![Command::Unit(UnitCommand::SetLimbered { section: "s".into(), limbered: true })]);
        // By hand it must be unlimbered; by prolonge at half the limbered rate (6.6.2, 6.6.3).
        let i = Intent { gun_move: GunMove::HandPush, ..Intent::default() };
        assert_eq!(plan(&gun, &i, &Overrides::new(), &s).unwrap().first, Ratio::whole(3));
        let limbered = Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: true }, ..gun.clone() };
        assert!(plan(&limbered, &i, &Overrides::new(), &s).is_err());
        let i = Intent { gun_move: GunMove::Prolonge, ..Intent::default() };
        assert_eq!(plan(&limbered, &i, &Overrides::new(), &s).unwrap().first, Ratio::whole(6));
    }

    #[test]
    fn rule_5_3_2_charge_marks_red_at_11_yellow_at_8() {
        let s = RulesSettings::default();
        let thrown = dice(&[1, 2, 3]);
        let bonus = Bonus { terrain: Terrain::Open, enters: None };
        let (marks, words) = charge_marks(
            &line_regiment(),
            Ground::Terrain(TerrainType::Open),
            Ratio::whole(5),
            false,
            Some((bonus, &thrown)),
            &s,
        )
        .unwrap();
        assert_eq!((marks.total, marks.disorder_at), (Ratio::whole(11), Some(Ratio::whole(8))));
        assert!(words.iter().any(|w| w.contains("11″")), "{words:?}");
        // 5.3.2.c: a 10 in the open, into the woods 5" on: 7 1/2" of bonus, disorder 5" on.
        let thrown = dice(&[4, 3, 3]);
        let bonus = Bonus { terrain: Terrain::Open, enters: Some((Terrain::Broken, Ratio::whole(5))) };
        let (marks, _) = charge_marks(
            &line_regiment(),
            Ground::Terrain(TerrainType::Open),
            Ratio::whole(5),
            false,
            Some((bonus, &thrown)),
            &s,
        )
        .unwrap();
        assert_eq!((marks.total, marks.disorder_at), (Ratio::new(25, 2).unwrap(), Some(Ratio::whole(10))));
        // Two dice are wrong for the open.
        assert!(
            charge_marks(
                &line_regiment(),
                Ground::Terrain(TerrainType::Open),
                Ratio::whole(5),
                false,
                Some((bonus, &thrown[..2])),
                &s
            )
            .is_err()
        );
    }

    #[test]
    fn roster_facts_fill_in_the_unit() {
        let g = demo_game("g");
        let f = facts(&g, "r-19in", &Overrides::new()).unwrap();
        assert_eq!(f.bmp, Some(2), "elite (Table 5)");
        assert_eq!(f.officer.as_deref(), Some("Brig. Gen. Solomon Meredith"));
        assert!(matches!(f.who, Who::Regiment { formation: Formation::Line, stands: 5, .. }));
        let g2 = facts(&g, "s-marye-1", &Overrides::new()).unwrap();
        assert_eq!(g2.who, Who::Guns { weight: Some(GunWeight::Heavy), limbered: false });
        assert!(facts(&g, "nope", &Overrides::new()).is_none());
    }

    #[test]
    fn missing_table_3_cells_are_asked_for() {
        let attack = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::AttackColumn,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: false,
            },
            ..line_regiment()
        };
        let e = plan(&attack, &Intent::default(), &Overrides::new(), &RulesSettings::default()).unwrap_err();
        assert!(matches!(e, RuleError::Missing(c) if c.to_string() == "Table 3, Infantry Attack Column, Open"));
    }

    #[test]
    fn rule_6_8_5_a_prone_regiment_stands_up_for_1_inch() {
        let s = RulesSettings::default();
        let prone = Facts {
            who: Who::Regiment {
                arm: Arm::Infantry,
                formation: Formation::Line,
                stands: 5,
                morale: MoraleLevel::Good,
                prone: true,
            },
            ..line_regiment()
        };
        let p = plan(&prone, &Intent::default(), &Overrides::new(), &s).unwrap();
        assert_eq!((p.first, p.greater), (Ratio::whole(4), Some(Ratio::whole(7))));
        let r = resolution(&prone, Some("r"), &p, Distance::First, None).unwrap();
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFlag { regiment: "r".into(), flag: RegimentFlag::Prone, on: false })]
        );
    }

    #[test]
    fn rule_5_3_2_b_charge_resolution_waits_for_every_die() {
        let s = RulesSettings::default();
        let i = Intent { mode: Mode::Charge, ..Intent::default() };
        let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
        assert_eq!(p.charge_normal, Some((Ratio::whole(5), Some(Ratio::whole(8)))));
        let open = Ground::Terrain(TerrainType::Open);
        let bonus = Bonus { terrain: Terrain::Open, enters: None };
        let thrown = dice(&[1, 2, 3]);
        assert!(
            charge_resolution(
                &line_regiment(),
                None,
                &p,
                open,
                Distance::First,
                None,
                Some((bonus, thrown[..2].to_vec())),
                &s
            )
            .is_none()
        );
        let r = charge_resolution(
            &line_regiment(),
            Some("r"),
            &p,
            open,
            Distance::First,
            None,
            Some((bonus, thrown.clone())),
            &s,
        )
        .unwrap()
        .unwrap();
        assert_eq!(r.headline, "1st Tennessee charges: red marker 11″ from the start (5.3).");
        assert!(r.commands.is_empty(), "the charge itself is recorded by the charge resolver");
        // The greater normal move needs its disorder die first; failed, the yellow marker is at 8".
        assert!(charge_resolution(&line_regiment(), None, &p, open, Distance::Greater, None, None, &s).is_none());
        let r = charge_resolution(&line_regiment(), None, &p, open, Distance::Greater, Some(die(2)), None, &s)
            .unwrap()
            .unwrap();
        assert!(
            r.details.iter().any(|d| d.contains("Yellow marker, where it falls into disorder: 8″")),
            "{:?}",
            r.details
        );
        // 25 mm figures: the markers are measured at twice the card's inches.
        let r = charge_resolution(
            &line_regiment(),
            None,
            &p,
            open,
            Distance::First,
            None,
            Some((bonus, thrown)),
            &twenty_five_mm(),
        )
        .unwrap()
        .unwrap();
        assert!(r.headline.contains("22″"), "{}", r.headline);
    }
}
