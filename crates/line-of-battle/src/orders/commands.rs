//! The commands of the order book, the clock's Track and the Orders of Arrival, checked
//! against the Sequence of Play (2.1) and the Command rules (13).

use super::ending::{self, Event, Step};
use super::{CommandRoll, Instructions, Order, OrderKind, Origin, Purpose, Status, check_instructions, delivery_turns};
use crate::clock::{Arrival, Light, Period, Segment};
use crate::game::Game;
use crate::oob::{Echelon, Side};
use crate::refusal::Refused;
use crate::table::{LookupError, Reading};
use crate::tables::key;
use companion_core::TwoDice;
use serde::{Deserialize, Serialize};

/// The limited purposes of Initiative (13.4a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InitiativePurpose {
    /// A Move Order for an Artillery Battalion.
    ArtilleryMove,
    /// A change of an Attack Order's starting points or Axes, or of a Move Order's Routing.
    ChangeRouting,
    /// A Defensive Order.
    Defensive,
    /// Establish or Release a Reserve.
    Reserve,
    /// A Move Order to move back into CR (3.3f).
    BackIntoRadius,
}

/// A command of the order book.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OrderCommand {
    /// An Order in force from the scenario, accepted (1.7).
    InForce {
        /// The side.
        side: Side,
        /// Its type.
        kind: OrderKind,
        /// The Formation.
        formation: String,
        /// Its Leader.
        recipient: String,
        /// What it says.
        instructions: Instructions,
    },
    /// The Army Commander's Command Roll to issue one Order (13.3c).
    Write {
        /// Its type.
        kind: OrderKind,
        /// The Formation ordered.
        formation: String,
        /// The receiving Leader.
        recipient: String,
        /// What it says.
        instructions: Instructions,
        /// Leader MPs from sender to recipient (13.3a).
        mps: u32,
        /// The Command Roll.
        roll: TwoDice,
        /// The Army Commander is in his HQ's CR (3.3, 13.3c).
        in_radius: bool,
        /// The Command Roll Table's other modifiers that apply.
        modifiers: Vec<String>,
    },
    /// An Order of the Midnight burst (13.5b): no roll, no delivery time.
    WriteMidnight {
        /// Its type.
        kind: OrderKind,
        /// The Formation.
        formation: String,
        /// The Leader.
        recipient: String,
        /// What it says.
        instructions: Instructions,
    },
    /// The recipient's acceptance roll (13.3, 13.3c).
    Accept {
        /// The Order.
        order: u32,
        /// The Command Roll.
        roll: TwoDice,
        /// The Leader is in his own HQ's CR.
        in_radius: bool,
        /// Any starting Condition is met (13.4b).
        condition_met: bool,
        /// Other modifiers.
        modifiers: Vec<String>,
    },
    /// The Reissues of an Attack Order to the Divisions, the turn it is accepted (13.2a).
    Reissue {
        /// The accepted Attack Order.
        order: u32,
        /// Each Division, its Leader and his distance in Leader MPs.
        to: Vec<(String, String, u32)>,
    },
    /// A Leader's Initiative (13.4a).
    Initiative {
        /// The Leader rolling.
        leader: String,
        /// What for.
        purpose: InitiativePurpose,
        /// The Order's type.
        kind: OrderKind,
        /// The Formation affected.
        formation: String,
        /// Sent to a subordinate (with the MPs), or `None`: self-issued.
        to: Option<(String, u32)>,
        /// What it says.
        instructions: Instructions,
        /// The Command Roll.
        roll: TwoDice,
        /// The Leader is in CR (3.3f: out of it only to move back in).
        in_radius: bool,
        /// Other modifiers ("Release Reserves").
        modifiers: Vec<String>,
    },
    /// An event that ends Orders (13.6).
    End {
        /// The Formation.
        formation: String,
        /// The event.
        event: Event,
    },
    /// The players have done an Ending step on the map (13.7a, 13.7b, ...).
    StepDone {
        /// The Formation.
        formation: String,
        /// The step.
        step: Step,
    },
    /// The Recovery Table's two rolls (13.7c).
    Recovery {
        /// The Division.
        formation: String,
        /// The Base Check.
        base: TwoDice,
        /// The Recovery Roll, after a passed Base Check.
        roll: Option<TwoDice>,
        /// The Base Check's modifiers that apply.
        modifiers: Vec<String>,
    },
    /// The automatic Recovery of the first Twilight Turn (13.7c).
    RecoverAtFirstLight {
        /// The Division.
        formation: String,
    },
    /// The Fluke Stoppage Table's two rolls (13.6h).
    Fluke {
        /// The Division (or Brigade on its own Attack Order).
        formation: String,
        /// The Base Check.
        base: TwoDice,
        /// The Failure Roll, after a failed Base Check.
        failure: Option<TwoDice>,
        /// A Reserve of the size 13.2d requires is in place.
        reserve: bool,
        /// Which case a Fluke Stoppage would be.
        case: Event,
        /// Other Base Check modifiers.
        modifiers: Vec<String>,
    },
    /// The players' Turn Record Track (1.4).
    SetTrack(Vec<Period>),
    /// An Order of Arrival entry (2.2).
    AddArrival(Arrival),
    /// An arrival placed or a Removal made (2.2, 2.2c).
    Arrive(usize),
}

fn read(
    game: &Game,
    table: &str,
    raw: u8,
    apply: &[String],
    extra: Vec<(String, String, i32)>,
) -> Result<Reading, Refused> {
    let t = game.tables.get(table).ok_or_else(|| Refused::because(format!("no table {table}")))?;
    let names: Vec<&str> = apply.iter().map(String::as_str).collect();
    t.read("", i32::from(raw), &names, &extra).map_err(|e: LookupError| Refused::because(e.to_string()))
}

fn command_value(v: u8) -> (String, String, i32) {
    ("Command Value".into(), "13.3c".into(), i32::from(v))
}

fn in_segment(game: &Game, segment: Segment, rule: &'static str) -> Result<(), Refused> {
    if game.clock.phase() == segment {
        Ok(())
    } else {
        Err(Refused::by(rule, format!("this is done in the {}", segment.label())))
    }
}

/// Checks the Leader may make his one Command Roll of the turn (13.3c).
fn may_roll(game: &Game, leader: &str, in_radius: bool, initiative: bool) -> Result<(), Refused> {
    let l = game.oob.leader(leader).ok_or_else(|| Refused::because(format!("no Leader {leader}")))?;
    if l.lost {
        return Err(Refused::by("4.1a", format!("{} is out of play", l.name)));
    }
    if !l.on_map {
        return Err(Refused::by("13.5a", format!("{} is off the map", l.name)));
    }
    if l.side != game.clock.phasing() {
        return Err(Refused::by("2.1b", "Command Rolls are made in the side's own Player Turn"));
    }
    if game.book.rolled(leader, game.clock.turn) {
        return Err(Refused::by("13.3c", format!("{} has made his one Command Roll this turn", l.name)));
    }
    if !in_radius && !initiative {
        return Err(Refused::by("13.3c", format!("{} must be in his own HQ's CR to make a Command Roll", l.name)));
    }
    Ok(())
}

fn record(game: &mut Game, leader: &str, purpose: Purpose, order: Option<u32>, passed: bool) {
    let turn = game.clock.turn;
    game.book.rolls.push(CommandRoll { leader: leader.into(), turn, purpose, order, passed });
}

fn new_order(
    game: &Game,
    kind: OrderKind,
    formation: &str,
    (sender, recipient): (&str, &str),
    arrives: u32,
    i: &Instructions,
    origin: Origin,
) -> Result<Order, Refused> {
    let f = game.oob.formation(formation).ok_or_else(|| Refused::because(format!("no Formation {formation}")))?;
    if f.echelon == Echelon::ArtilleryBattalion && kind != OrderKind::Move {
        return Err(Refused::by("13.2b", "all Orders to Artillery Commands are Move Orders"));
    }
    if game.oob.leader(recipient).is_none() {
        return Err(Refused::because(format!("no Leader {recipient}")));
    }
    check_instructions(kind, i)?;
    Ok(Order {
        id: 0,
        side: f.side,
        kind,
        formation: formation.into(),
        sender: sender.into(),
        recipient: recipient.into(),
        written: game.clock.turn,
        arrives,
        instructions: i.clone(),
        origin,
        status: Status::InTransit,
    })
}

/// Applies an order-book command.
pub fn execute(game: &mut Game, command: &OrderCommand) -> Result<Vec<String>, Refused> {
    let turn = game.clock.turn;
    match command {
        OrderCommand::InForce { side, kind, formation, recipient, instructions } => {
            let mut o =
                new_order(game, *kind, formation, (recipient, recipient), turn, instructions, Origin::Scenario)?;
            if o.side != *side {
                return Err(Refused::because("the Formation is the other side's"));
            }
            o.status = Status::Awaiting;
            let id = game.book.add(o);
            Ok(vec![game.book.accepted(id, turn), "in force from the scenario (1.7)".into()])
        }
        OrderCommand::Write { kind, formation, recipient, instructions, mps, roll, in_radius, modifiers } => {
            in_segment(game, Segment::Orders, "2.1b")?;
            let side = game.clock.phasing();
            let army = game
                .oob
                .leaders
                .iter()
                .find(|l| l.side == side && l.army_commander() && !l.lost)
                .cloned()
                .ok_or_else(|| Refused::by("13.3a", "enter the Army Commander with his Awareness"))?;
            may_roll(game, &army.id, *in_radius, false)?;
            if after_midnight_before_twilight(game) {
                return Err(Refused::by("13.5b", "no Orders after Midnight until the first morning Twilight Turn"));
            }
            let awareness = army.awareness.unwrap_or(0);
            let arrives = turn + delivery_turns(*mps, awareness);
            let o = new_order(game, *kind, formation, (&army.id, recipient), arrives, instructions, Origin::Army)?;
            if o.side != side {
                return Err(Refused::because("Orders go to the side's own Formations"));
            }
            let r = read(game, key::COMMAND_ROLL, roll.total(), modifiers, vec![command_value(army.command)])?;
            if !r.passed() {
                record(game, &army.id, Purpose::Issue, None, false);
                return Ok(vec![format!(
                    "{}'s Command Roll {} fails: no Order this turn (13.3c)",
                    army.name, r.modified
                )]);
            }
            let id = game.book.add(o);
            record(game, &army.id, Purpose::Issue, Some(id), true);
            Ok(vec![format!("Order {id} ({kind:?}) to {recipient}: arrives turn {arrives} (13.3a)")])
        }
        OrderCommand::WriteMidnight { kind, formation, recipient, instructions } => {
            if !game.clock.midnight() {
                return Err(Refused::by("13.5b", "the Midnight burst is written on the Midnight Turn"));
            }
            let side = game.clock.phasing();
            let army = game.oob.leaders.iter().find(|l| l.side == side && l.army_commander()).cloned();
            let army = army.ok_or_else(|| Refused::by("13.5b", "enter the Army Commander"))?;
            let arrives = before_first_light(game)?;
            let o = new_order(game, *kind, formation, (&army.id, recipient), arrives, instructions, Origin::Midnight)?;
            let id = game.book.add(o);
            Ok(vec![format!(
                "Midnight Order {id} to {recipient}: rolled for just before First Light, turn {arrives} (13.5b)"
            )])
        }
        OrderCommand::Accept { order, roll, in_radius, condition_met, modifiers } => {
            in_segment(game, Segment::Orders, "2.1b")?;
            let o = game.book.order(*order)?.clone();
            if o.status != Status::Awaiting {
                return Err(Refused::by("13.3", format!("Order {order} is not awaiting Acceptance ({:?})", o.status)));
            }
            if o.instructions.condition.is_some() && !condition_met {
                return Err(Refused::by("13.4b", "its Condition is the earliest it can be rolled for"));
            }
            if !game.book.may_accept(&o.formation) {
                return Err(Refused::by(
                    "13.7c",
                    format!("{} cannot accept new Orders until its Ending steps are done", o.formation),
                ));
            }
            may_roll(game, &o.recipient, *in_radius, false)?;
            let cv = game.oob.leader(&o.recipient).map(|l| l.command).unwrap_or(0);
            let r = read(game, key::COMMAND_ROLL, roll.total(), modifiers, vec![command_value(cv)])?;
            record(game, &o.recipient, Purpose::Accept, Some(*order), r.passed());
            if !r.passed() {
                return Ok(vec![format!(
                    "{} fails to accept Order {order} ({}): he must try again next turn (13.3c)",
                    o.recipient, r.modified
                )]);
            }
            let mut lines = vec![game.book.accepted(*order, turn)];
            // 13.2d: a new accepted Order that does not list a Reserve releases it.
            let below: Vec<String> = game.oob.below(&o.formation).iter().map(|f| f.id.clone()).collect();
            for st in game.book.standings.iter_mut() {
                if st.reserve && below.contains(&st.formation) && !o.instructions.reserves.contains(&st.formation) {
                    st.reserve = false;
                    lines.push(format!("{} released from Reserve (13.2d)", st.formation));
                }
            }
            let corps = game.oob.formation(&o.formation).is_some_and(|f| f.echelon == Echelon::Corps);
            if o.kind == OrderKind::Attack && corps {
                lines.push(format!("Reissue Order {order} to each involved Division now (13.2a)"));
            }
            Ok(lines)
        }
        OrderCommand::Reissue { order, to } => {
            let o = game.book.order(*order)?.clone();
            if o.kind != OrderKind::Attack {
                return Err(Refused::by("13.2b", "only Attack Orders are Reissued"));
            }
            if o.status != Status::Accepted(turn) {
                return Err(Refused::by("13.2a", "Attack Orders are Reissued the turn they are accepted"));
            }
            let mut lines = Vec::new();
            for (division, leader, mps) in to {
                let under =
                    game.oob.formation(division).is_some_and(|f| f.parent.as_deref() == Some(o.formation.as_str()));
                if !under {
                    return Err(Refused::by("13.2a", format!("{division} is not a Division of {}", o.formation)));
                }
                let arrives = turn + delivery_turns(*mps, 0);
                let r = new_order(
                    game,
                    OrderKind::Attack,
                    division,
                    (&o.recipient, leader),
                    arrives,
                    &o.instructions,
                    Origin::Reissue(*order),
                )?;
                let id = game.book.add(r);
                lines.push(format!("Reissue {id} to {leader} ({division}): arrives turn {arrives}"));
            }
            Ok(lines)
        }
        OrderCommand::Initiative { leader, purpose, kind, formation, to, instructions, roll, in_radius, modifiers } => {
            let l = game.oob.leader(leader).cloned().ok_or_else(|| Refused::because(format!("no Leader {leader}")))?;
            if l.army_commander() {
                return Err(Refused::by("13.4a", "the Army Commander can never use Initiative"));
            }
            if !in_radius && *purpose != InitiativePurpose::BackIntoRadius {
                return Err(Refused::by("3.3f", "out of CR, Initiative only moves the Formation back into CR"));
            }
            let kind_ok = match purpose {
                InitiativePurpose::ArtilleryMove | InitiativePurpose::BackIntoRadius => *kind == OrderKind::Move,
                InitiativePurpose::Defensive => *kind == OrderKind::Defensive,
                InitiativePurpose::Reserve => *kind == OrderKind::Reserve,
                InitiativePurpose::ChangeRouting => matches!(kind, OrderKind::Attack | OrderKind::Move),
            };
            if !kind_ok {
                return Err(Refused::by("13.4a", format!("Initiative for {purpose:?} cannot write a {kind:?} Order")));
            }
            if *purpose == InitiativePurpose::ChangeRouting
                && game.book.current(formation).is_some_and(|c| c.instructions.objective != instructions.objective)
            {
                return Err(Refused::by("13.4a", "Initiative never changes an Order's Objective"));
            }
            let layered = game
                .book
                .initiative
                .iter()
                .any(|(f, t, who)| *t == turn && who != leader && related(game, f, formation));
            if layered {
                return Err(Refused::by(
                    "13.4a",
                    "only one Leader may roll for Initiative affecting a Formation (Layering for Success)",
                ));
            }
            may_roll(game, leader, *in_radius, true)?;
            let recipient = to.as_ref().map(|(r, _)| r.clone()).unwrap_or_else(|| leader.clone());
            let arrives = to.as_ref().map(|(_, mps)| turn + delivery_turns(*mps, 0)).unwrap_or(turn);
            let o = new_order(game, *kind, formation, (leader, &recipient), arrives, instructions, Origin::Initiative)?;
            let r = read(game, key::COMMAND_ROLL, roll.total(), modifiers, vec![command_value(l.command)])?;
            game.book.initiative.push((formation.clone(), turn, leader.clone()));
            if !r.passed() {
                record(game, leader, Purpose::Initiative, None, false);
                return Ok(vec![format!(
                    "{}'s Initiative fails ({}): he may try again next turn (13.4a)",
                    l.name, r.modified
                )]);
            }
            let id = game.book.add(o);
            record(game, leader, Purpose::Initiative, Some(id), true);
            let mut lines = game.book.end_waiting(formation, id, turn, "13.6d");
            if to.is_none() {
                if game.book.attacking(formation) && *purpose != InitiativePurpose::ChangeRouting {
                    if let Ok(m) = game.book.order_mut(id) {
                        m.status = Status::Held;
                    }
                    lines.push(format!("Initiative Order {id} waits until the attack ends (13.6d)"));
                } else {
                    lines.push(game.book.accepted(id, turn));
                    lines.push("self-issued: no Acceptance roll (13.4a)".into());
                }
            } else {
                lines.push(format!("Initiative Order {id} to {recipient}: arrives turn {arrives}"));
            }
            Ok(lines)
        }
        OrderCommand::End { formation, event } => {
            if matches!(event, Event::FlukeInCombat | Event::FlukeOnApproach | Event::FlukeAll) {
                return Err(Refused::by("13.6h", "Fluke Stoppage comes from the Fluke Stoppage Table's rolls"));
            }
            if *event == Event::ObjectiveTaken && !game.book.attacking(formation) {
                return Err(Refused::by("13.6a", format!("{formation} is not under accepted Attack Orders")));
            }
            Ok(ending::start(&mut game.book, formation, *event, turn))
        }
        OrderCommand::StepDone { formation, step } => ending::mark_done(&mut game.book, formation, *step, turn),
        OrderCommand::Recovery { formation, base, roll, modifiers } => {
            in_segment(game, Segment::Recovery, "13.7c")?;
            recovery_due(game, formation)?;
            let b = read(game, key::RECOVERY_BASE, base.total(), modifiers, Vec::new())?;
            if !b.passed() {
                return Ok(vec![format!(
                    "{formation}'s Recovery Base Check fails ({}): try again next turn",
                    b.modified
                )]);
            }
            let roll = roll.ok_or_else(|| Refused::by("13.7c", "the Base Check passed: make the Recovery Roll"))?;
            let cv = game.oob.leader_of(formation).map(|l| l.command).unwrap_or(0);
            let r = read(game, key::RECOVERY_ROLL, roll.total(), &[], vec![command_value(cv)])?;
            if !r.passed() {
                return Ok(vec![format!("{formation} does not Recover ({}): try again next turn (13.7c)", r.modified)]);
            }
            recovered(game, formation)
        }
        OrderCommand::RecoverAtFirstLight { formation } => {
            if game.clock.light() != Some(Light::Twilight) {
                return Err(Refused::by("13.7c", "Divisions Recover automatically in the first Twilight Turn"));
            }
            recovery_due(game, formation)?;
            recovered(game, formation)
        }
        OrderCommand::Fluke { formation, base, failure, reserve, case, modifiers } => {
            in_segment(game, Segment::FlukeStoppage, "13.6h")?;
            if game.clock.in_grace_period() {
                return Err(Refused::by("13.6h", "no Fluke Stoppage rolls in the first 8 turns (2 hours)"));
            }
            let side = game.clock.phasing();
            if !game.book.fluke_checks_due(side, turn, &game.oob).contains(formation) {
                return Err(Refused::by("13.6h", format!("{formation} has no Fluke Stoppage check due")));
            }
            if !matches!(case, Event::FlukeInCombat | Event::FlukeOnApproach | Event::FlukeAll) {
                return Err(Refused::by("13.6h", "a Fluke Stoppage is Case A, Case B or all Divisions"));
            }
            let mut apply = modifiers.clone();
            if *reserve {
                match game.clock.light() {
                    None => {
                        return Err(Refused::by(
                            "13.2d",
                            "enter the Turn Record Track: the Reserve DRM does not apply at Night",
                        ));
                    }
                    Some(Light::Night) => {}
                    Some(_) => apply.push("Reserve".into()),
                }
            }
            game.book.standing_mut(formation).fluke_checked = Some(turn);
            let b = read(game, key::FLUKE_BASE, base.total(), &apply, Vec::new())?;
            if b.passed() {
                return Ok(vec![format!("{formation} passes the Fluke Stoppage Base Check ({})", b.modified)]);
            }
            let failure =
                failure.ok_or_else(|| Refused::by("13.6h", "the Base Check failed: make the Failure Roll"))?;
            let mut extra = Vec::new();
            if let Some(l) = game.oob.leader_of(formation) {
                extra.push(("Division Leader's Morale Value".into(), "13.6h".into(), i32::from(l.morale)));
            }
            if let Some(corps) = game.oob.above(formation, Echelon::Corps).and_then(|c| game.oob.leader_of(&c.id)) {
                extra.push(("Corps Leader's Command Value".into(), "13.6h".into(), i32::from(corps.command)));
            }
            let r = read(game, key::FLUKE_FAILURE, failure.total(), &[], extra)?;
            if !r.effects.contains(&crate::table::Effect::FlukeStoppage) {
                return Ok(vec![format!("{formation}: no Fluke Stoppage ({})", r.modified)]);
            }
            let mut lines = vec![format!("Fluke Stoppage: {formation} ({})", r.modified)];
            lines.extend(ending::start(&mut game.book, formation, *case, turn));
            Ok(lines)
        }
        OrderCommand::SetTrack(periods) => {
            game.clock.periods = periods.clone();
            Ok(vec!["Turn Record Track entered (1.4)".into()])
        }
        OrderCommand::AddArrival(a) => {
            game.clock.arrivals.push(a.clone());
            Ok(vec![format!(
                "Order of Arrival: {} at {} (2.2)",
                a.units.join(", "),
                crate::clock::Clock::time_label(a.minutes)
            )])
        }
        OrderCommand::Arrive(i) => crate::clock::arrive(game, *i),
    }
}

/// Whether `a` and `b` are the same Formation or one is under the other (13.4a).
fn related(game: &Game, a: &str, b: &str) -> bool {
    a == b || game.oob.below(a).iter().any(|f| f.id == b) || game.oob.below(b).iter().any(|f| f.id == a)
}

fn recovery_due(game: &Game, formation: &str) -> Result<(), Refused> {
    let due = game.book.standing(formation).and_then(|s| s.ending.as_ref()).and_then(|e| e.at());
    if due == Some(Step::Recovery) {
        Ok(())
    } else {
        Err(Refused::by("13.7c", format!("{formation} has no Recovery due now")))
    }
}

fn recovered(game: &mut Game, formation: &str) -> Result<Vec<String>, Refused> {
    let turn = game.clock.turn;
    if let Some(e) = game.book.standing_mut(formation).ending.as_mut() {
        e.done += 1;
    }
    let mut lines = vec![format!("{formation} Recovers (13.7c)")];
    lines.extend(ending::run(&mut game.book, formation, turn));
    Ok(lines)
}

/// The first morning Twilight Turn's minute, from the players' Track.
fn first_twilight(game: &Game) -> Option<u16> {
    let mut p: Vec<Period> =
        game.clock.periods.iter().filter(|p| p.light == Light::Twilight && p.from < 12 * 60).copied().collect();
    p.sort_by_key(|p| p.from);
    p.first().map(|p| p.from)
}

/// 13.5b: after Midnight and before the first morning Twilight Turn.
pub(crate) fn after_midnight_before_twilight(game: &Game) -> bool {
    first_twilight(game).is_some_and(|t| game.clock.minutes > 0 && game.clock.minutes < t)
}

/// 13.5b, 13.4b: two Night Turns before the day's first Twilight Turn.
fn before_first_light(game: &Game) -> Result<u32, Refused> {
    let t = first_twilight(game).ok_or_else(|| Refused::by("13.5b", "enter the Turn Record Track's Twilight Turns"))?;
    let k = (1..200u32)
        .find(|k| game.clock.after(*k).1 == t)
        .ok_or_else(|| Refused::by("13.5b", "no Twilight Turn ahead"))?;
    Ok(game.clock.turn + k.saturating_sub(2))
}
