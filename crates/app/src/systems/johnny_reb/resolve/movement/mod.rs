//! Movement at `/resolve/move` (`?unit=` a regiment or gun section): the allowance for the
//! formation and the ground (Table 3) with the costs of the manoeuvres (Table 4, 6.5), split
//! moves (6.3.3), mounting (6.7.2), limbering, prolonge and hand push (6.6); the disorder roll
//! after the greater distance (6.2); the charge's normal move and bonus dice (5.3.1, 5.3.2);
//! disengaging (6.5.8); formation changes (6.4). From a roster unit the state fills in the
//! facts; the result is applied through the ordinary commands and undone in one tap.

pub mod model;

use super::card::{Applied, Resolution, ResultCard};
use super::distance::{DistanceField, measured, parse_inches};
use super::frame::{ResolverFrame, from_address};
use super::missing::Problem;
use super::picker::{Pick, UnitPicker};
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::Toggles;
use johnny_reb::rules::charge::distance::bonus_dice_count;
use johnny_reb::rules::movement::{Ground, GunMove, TerrainType};
use johnny_reb::rules::unit::{Arm, Formation, GunWeight, MoraleLevel, Quality, Terrain};
use johnny_reb::rules::{Chance, Die, Distribution, Ratio};
use leptos::prelude::*;
use model::{
    AccidentGround, Bonus, Direction, Distance, Facts, Intent, Mode, MountChange, MovesAs, RollKind, Who,
    charge_resolution, facts, plan, regiment_bmp, resolution, roll_due,
};

const GROUNDS: [(Ground, &str); 7] = [
    (Ground::Terrain(TerrainType::Open), "Open"),
    (Ground::Road, "Road"),
    (Ground::Terrain(TerrainType::Broken), "Broken (light woods)"),
    (Ground::Terrain(TerrainType::Rough), "Rough (heavy woods)"),
    (Ground::Trail(TerrainType::Open), "Trail in open"),
    (Ground::Trail(TerrainType::Broken), "Trail in broken"),
    (Ground::Trail(TerrainType::Rough), "Trail in rough"),
];

const FORMATIONS: [(Formation, &str); 7] = [
    (Formation::Line, "Line"),
    (Formation::MarchColumn, "March column"),
    (Formation::Skirmish, "Skirmish"),
    (Formation::Disorder, "Disorder"),
    (Formation::AttackColumn, "Attack column"),
    (Formation::ExtendedLine, "Extended line"),
    (Formation::BrigadeColumn, "Brigade column"),
];

const ARMS: [(Arm, &str); 5] = [
    (Arm::Infantry, "Infantry"),
    (Arm::Cavalry { mounted: true }, "Cavalry, mounted"),
    (Arm::Cavalry { mounted: false }, "Cavalry, on foot"),
    (Arm::MountedInfantry { mounted: true }, "Mounted infantry, mounted"),
    (Arm::MountedInfantry { mounted: false }, "Mounted infantry, on foot"),
];

const WEIGHTS: [(GunWeight, &str); 3] =
    [(GunWeight::VeryLight, "Very light"), (GunWeight::Light, "Light"), (GunWeight::Heavy, "Heavy")];

const MODES: [(Mode, &str); 4] = [
    (Mode::Move, "Move"),
    (Mode::Charge, "Charge"),
    (Mode::Disengage, "Disengage"),
    (Mode::FormationChange, "Formation change"),
];

const DIRECTIONS: [Direction; 10] = [
    Direction::Forward,
    Direction::ObliqueOver45,
    Direction::WheelUnder45,
    Direction::Wheel45,
    Direction::FrontToFlankFirst,
    Direction::FrontToFlankLast,
    Direction::AboutFace,
    Direction::Backwards,
    Direction::RearMarch,
    Direction::Turn,
];

const MOVES_AS: [MovesAs; 3] = [MovesAs::AsItStands, MovesAs::Skirmish, MovesAs::ExtendedLine];

const MOUNTS: [MountChange; 3] = [MountChange::Stays, MountChange::AtStart, MountChange::AtEnd];

const GUN_MOVES: [(GunMove, &str); 3] =
    [(GunMove::Limbered, "Limbered"), (GunMove::Prolonge, "By prolonge"), (GunMove::HandPush, "By hand")];

const ACCIDENT_GROUNDS: [(AccidentGround, &str); 3] = [
    (AccidentGround::Open, "Open"),
    (AccidentGround::LightWoods, "Light woods"),
    (AccidentGround::HeavyWoods, "Heavy woods"),
];

const DISTANCES: [(Distance, &str); 2] =
    [(Distance::First, "Within the first number"), (Distance::Greater, "The greater distance")];

const BONUS_TERRAINS: [(Terrain, &str); 4] =
    [(Terrain::Open, "Open"), (Terrain::Road, "Road"), (Terrain::Broken, "Broken"), (Terrain::Rough, "Rough")];

const ENTERS: [(Option<Terrain>, &str); 3] =
    [(None, "No"), (Some(Terrain::Broken), "Broken"), (Some(Terrain::Rough), "Rough")];

// The choices are held as their place in these lists (`u8`), so that every toggle of the
// screen shares one `Toggles<u8>`: a toggle per enum type cost the wasm a copy of the
// component and of the signal code for each (README, Performance).

/// The item at `code` in `all` (the first if out of range).
fn of<T: Copy>(all: &[T], code: u8) -> Option<T> {
    all.get(usize::from(code)).or(all.first()).copied()
}

/// The place of `v` in `all`.
fn code_of<T: PartialEq>(all: &[T], v: &T) -> u8 {
    all.iter().position(|x| x == v).and_then(|i| u8::try_from(i).ok()).unwrap_or(0)
}

/// `all` as toggle options: each label under its place.
fn coded<T>(all: &[(T, &'static str)]) -> Vec<(u8, &'static str)> {
    all.iter().enumerate().map(|(i, (_, l))| (u8::try_from(i).unwrap_or(0), *l)).collect()
}

fn first<T: Copy, L>(pair: Option<(T, L)>) -> Option<T> {
    pair.map(|(t, _)| t)
}

/// The bonus terrain of a charge moving over `ground` (5.3.2.c: the bonus portion may be in
/// other ground; this is only the first guess).
fn bonus_terrain_of(ground: Ground) -> Terrain {
    match ground {
        Ground::Road => Terrain::Road,
        Ground::Terrain(t) | Ground::Trail(t) => match t {
            TerrainType::Open => Terrain::Open,
            TerrainType::Broken => Terrain::Broken,
            TerrainType::Rough => Terrain::Rough,
        },
    }
}

/// The facts line of a roster unit: "Regiment · Infantry · Line · 5 stands · BMP 3 · with ...".
pub fn facts_line(f: &Facts) -> String {
    let officer = f.officer.as_ref().map(|o| format!(" · with {o}")).unwrap_or_default();
    match f.who {
        Who::Regiment { arm, formation, stands, morale, prone } => {
            let arm = ARMS.iter().find(|(a, _)| *a == arm).map(|(_, l)| *l).unwrap_or("Infantry");
            let morale = match morale {
                MoraleLevel::Good => "",
                MoraleLevel::Shaken => " · shaken",
                MoraleLevel::Routed => " · routed",
            };
            let bmp = f.bmp.map(|b| format!(" · BMP {b}")).unwrap_or_default();
            format!(
                "{arm} · {} · {stands} stands{bmp}{morale}{}{officer}",
                formation.label(),
                if prone { " · lying prone" } else { "" }
            )
        }
        Who::Guns { weight, limbered } => {
            let w = weight
                .and_then(|w| WEIGHTS.iter().find(|(x, _)| *x == w))
                .map(|(_, l)| *l)
                .unwrap_or("weight not recorded");
            format!("Gun section · {w} · {}{officer}", if limbered { "limbered" } else { "unlimbered" })
        }
    }
}

/// What, changed, starts the dice and the card afresh: the unit, the intent, the distance and
/// a quick look-up's unit.
type ResetKey = (Option<String>, Intent, u8, bool, u8, u8, bool, bool);

/// The movement resolver at `/resolve/move`.
#[component]
pub fn MoveResolver() -> impl IntoView {
    let store = use_store();
    let chosen = from_address();
    let known = RwSignal::new(None::<Facts>);

    // A quick look-up's unit.
    let q_guns = RwSignal::new(false);
    let q_arm = RwSignal::new(0u8);
    let q_formation = RwSignal::new(0u8);
    let q_quality = RwSignal::new(Quality::Average);
    let q_prone = RwSignal::new(false);
    let q_limbered = RwSignal::new(false);

    // What the players say.
    let mode = RwSignal::new(0u8);
    let ground = RwSignal::new(0u8);
    let split = RwSignal::new(false);
    let ground2 = RwSignal::new(2u8);
    let direction = RwSignal::new(0u8);
    let moves_as = RwSignal::new(0u8);
    let mount = RwSignal::new(0u8);
    let new_formation = RwSignal::new(0u8);
    let rushes = RwSignal::new(false);
    let officer = RwSignal::new(false);
    let gun_move = RwSignal::new(0u8);
    let unlimber_at_end = RwSignal::new(false);
    let weight = RwSignal::new(1u8);
    let accident_ground = RwSignal::new(0u8);
    let distance = RwSignal::new(0u8);
    let faces = RwSignal::new(Vec::<u8>::new());
    let take_bonus = RwSignal::new(true);
    let bonus_terrain = RwSignal::new(0u8);
    let enters = RwSignal::new(0u8);
    let enters_after = RwSignal::new("0".to_string());
    let bonus_faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let more_open = RwSignal::new(false);

    let settings = move || store.session.with(|s| s.game().setup.rules.clone());
    let mode_v = move || first(of(&MODES, mode.get())).unwrap_or(Mode::Move);
    let ground_v = move || first(of(&GROUNDS, ground.get())).unwrap_or(Ground::Terrain(TerrainType::Open));
    let direction_v = move || of(&DIRECTIONS, direction.get()).unwrap_or(Direction::Forward);
    let mount_v = move || of(&MOUNTS, mount.get()).unwrap_or(MountChange::Stays);
    let moves_as_v = move || of(&MOVES_AS, moves_as.get()).unwrap_or(MovesAs::AsItStands);
    let gun_move_v = move || first(of(&GUN_MOVES, gun_move.get())).unwrap_or(GunMove::Limbered);
    let distance_v = move || first(of(&DISTANCES, distance.get())).unwrap_or(Distance::First);
    let read_unit = move || {
        let id = chosen.get_untracked()?;
        store.session.with_untracked(|s| store.table_entries.with_untracked(|o| facts(s.game(), &id, o)))
    };
    // The unit as it stood when chosen: the screen describes the move from that state, also
    // once the result is applied (RULINGS.md, "Resolve area").
    Effect::new(move |_| {
        chosen.track();
        let f = read_unit();
        if let Some(f) = &f {
            officer.set(f.officer.is_some());
            if let Some(m) = f.order.and_then(Mode::of_order) {
                mode.set(code_of(&MODES.map(|(m, _)| m), &m));
            }
            let current = match f.who {
                Who::Regiment { formation, .. } => formation,
                Who::Guns { .. } => Formation::Line,
            };
            let to = f.order_formation.unwrap_or(if current == Formation::Line {
                Formation::MarchColumn
            } else {
                Formation::Line
            });
            new_formation.set(code_of(&FORMATIONS.map(|(f, _)| f), &to));
            direction.set(0);
            moves_as.set(0);
            mount.set(0);
            if let Who::Guns { weight: Some(w), .. } = f.who {
                weight.set(code_of(&WEIGHTS.map(|(w, _)| w), &w));
            }
        }
        known.set(f);
    });
    // After an undo the unit is read again (as it stood before); a new choice afterwards starts
    // from the unit as it stands now.
    Effect::new(move |prev: Option<bool>| {
        let now = applied.with(|a| a.is_some());
        if prev == Some(true) && !now {
            known.set(read_unit());
        }
        now
    });

    let unit_facts = Memo::new(move |_| -> Option<Facts> {
        if chosen.get().is_some() {
            return known.get();
        }
        let s = settings();
        if q_guns.get() {
            return Some(Facts {
                name: "The gun section".into(),
                who: Who::Guns { weight: first(of(&WEIGHTS, weight.get())), limbered: q_limbered.get() },
                bmp: None,
                officer: None,
                order: None,
                order_formation: None,
            });
        }
        let arm = first(of(&ARMS, q_arm.get())).unwrap_or(Arm::Infantry);
        let chosen_formation = first(of(&FORMATIONS, q_formation.get())).unwrap_or(Formation::Line);
        let formation = if arm.is_mounted()
            && !matches!(
                chosen_formation,
                Formation::Line | Formation::MarchColumn | Formation::Skirmish | Formation::Disorder
            ) {
            Formation::Line
        } else {
            chosen_formation
        };
        Some(Facts {
            name: "The regiment".into(),
            who: Who::Regiment { arm, formation, stands: 5, morale: MoraleLevel::Good, prone: q_prone.get() },
            bmp: store.table_entries.with(|o| regiment_bmp(arm, q_quality.get(), o, &s)).ok(),
            officer: None,
            order: None,
            order_formation: None,
        })
    });
    let intent = Memo::new(move |_| Intent {
        mode: mode_v(),
        ground: ground_v(),
        split: split.get().then(|| first(of(&GROUNDS, ground2.get()))).flatten(),
        direction: direction_v(),
        moves_as: moves_as_v(),
        mount: mount_v(),
        new_formation: first(of(&FORMATIONS, new_formation.get())).unwrap_or(Formation::Line),
        rushes: rushes.get(),
        officer: officer.get(),
        gun_move: gun_move_v(),
        unlimber_at_end: unlimber_at_end.get(),
        weight: first(of(&WEIGHTS, weight.get())).unwrap_or(GunWeight::Light),
        accident_ground: first(of(&ACCIDENT_GROUNDS, accident_ground.get())).unwrap_or(AccidentGround::Open),
    });
    // A new unit, or anything said about the move, starts the dice and the card afresh.
    Effect::new(move |prev: Option<ResetKey>| {
        let now = (
            chosen.get(),
            intent.get(),
            distance.get(),
            q_guns.get(),
            q_arm.get(),
            q_formation.get(),
            q_prone.get(),
            q_limbered.get(),
        );
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
            bonus_faces.set(Vec::new());
        }
        now
    });
    // Another quick look-up unit starts from a plain move forward.
    Effect::new(move |prev: Option<(bool, u8, u8)>| {
        let now = (q_guns.get(), q_arm.get(), q_formation.get());
        if prev.is_some_and(|p| p != now) {
            direction.set(0);
            moves_as.set(0);
            mount.set(0);
            rushes.set(false);
        }
        now
    });
    // Another bonus (taken or not, its ground) asks for its own dice.
    Effect::new(move |prev: Option<(bool, u8, u8, String)>| {
        let now = (take_bonus.get(), bonus_terrain.get(), enters.get(), enters_after.get());
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            bonus_faces.set(Vec::new());
        }
        now
    });
    Effect::new(move |prev: Option<u8>| {
        let g = ground.get();
        if prev != Some(g) {
            bonus_terrain.set(code_of(&BONUS_TERRAINS.map(|(t, _)| t), &bonus_terrain_of(ground_v())));
        }
        g
    });

    let planned = Memo::new(move |_| {
        let f = unit_facts.get()?;
        let i = intent.get();
        let s = settings();
        Some(store.table_entries.with(|o| plan(&f, &i, o, &s)))
    });
    let is_guns = move || matches!(unit_facts.get().map(|f| f.who), Some(Who::Guns { .. }));
    let regiment = move || match unit_facts.get().map(|f| f.who) {
        Some(Who::Regiment { arm, formation, morale, .. }) => Some((arm, formation, morale)),
        _ => None,
    };
    let due = move || planned.get().and_then(|p| p.ok()).is_some_and(|p| roll_due(&p, distance_v()));
    let die = move || crate::widgets::dice::one_die(&faces.get());
    let bonus = move || -> Option<Bonus> {
        (mode_v() == Mode::Charge && take_bonus.get()).then(|| Bonus {
            terrain: first(of(&BONUS_TERRAINS, bonus_terrain.get())).unwrap_or(Terrain::Open),
            enters: first(of(&ENTERS, enters.get())).flatten().map(|t| {
                let measured = enters_after.with(|a| parse_inches(a)).unwrap_or(Ratio::ZERO);
                (t, store.session.with(|s| s.game().setup.rules.fire.card_distance(measured)))
            }),
        })
    };
    let bonus_count = Signal::derive(move || {
        let s = settings();
        bonus().and_then(|b| bonus_dice_count(b.path(&s).terrain).ok()).unwrap_or(0)
    });
    let outcome = Memo::new(move |_| -> Option<Result<Resolution, johnny_reb::rules::RuleError>> {
        let f = unit_facts.get()?;
        let p = planned.get()?.ok()?;
        let id = chosen.get();
        let s = settings();
        if mode_v() == Mode::Charge {
            if bonus().is_some_and(|b| b.enters.is_some())
                && let Err(e) = enters_after.with(|a| measured("Inches of the bonus before it", a))
            {
                return Some(Err(e));
            }
            let b = match bonus() {
                Some(b) => {
                    let dice: Vec<Die> = bonus_faces.get().iter().filter_map(|f| Die::new(*f).ok()).collect();
                    Some((b, dice))
                }
                None => None,
            };
            return charge_resolution(&f, id.as_deref(), &p, ground_v(), distance_v(), die(), b, &s);
        }
        resolution(&f, id.as_deref(), &p, distance_v(), die()).map(Ok)
    });
    let result = Signal::derive(move || outcome.get().and_then(|r| r.ok()));

    let unit_view = move || {
        match (chosen.get().is_some(), known.get()) {
        (true, Some(f)) => {
            let weight_unknown = matches!(f.who, Who::Guns { weight: None, .. });
            let order = f.order.map(|o| format!("Order this turn: {}", o.label()));
            view! {
                <p class="facts">{facts_line(&f)}</p>
                {order.map(|o| view! { <p class="muted">{o}</p> })}
                {weight_unknown.then(|| view! {
                    <p class="muted">"The roster does not record this gun's weight (Table 13): choose it here, or set it on the roster entry."</p>
                    <Toggles legend="Weight (Table 13)" options=coded(&WEIGHTS) value=weight/>
                })}
            }
            .into_any()
        }
        (true, None) => view! { <p class="problem" role="alert">"This unit is no longer in the game."</p> }.into_any(),
        (false, _) => view! {
            <Toggles legend="Unit" options=vec![(false, "Regiment"), (true, "Gun section")] value=q_guns/>
            {move || if q_guns.get() {
                view! {
                    <Toggles legend="Weight (Table 13)" options=coded(&WEIGHTS) value=weight/>
                    <Toggles legend="Limbered now" options=vec![(false, "Unlimbered"), (true, "Limbered")] value=q_limbered/>
                }.into_any()
            } else {
                view! {
                    <Toggles legend="Arm" options=coded(&ARMS) value=q_arm/>
                    <Toggles legend="Formation now" options=coded(&FORMATIONS) value=q_formation/>
                    <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=q_quality/>
                    <Toggles legend="Lying prone (6.8.5)" options=vec![(false, "No"), (true, "Yes")] value=q_prone/>
                }.into_any()
            }}
        }
        .into_any(),
    }
    };

    let mode_view = move || {
        let options =
            if is_guns() { vec![(0, "Move"), (2, "Disengage"), (3, "Limber or unlimber")] } else { coded(&MODES) };
        view! { <Toggles legend="What it does" options=options value=mode/> }.into_any()
    };

    let regiment_choices = move || {
        let (arm, formation, morale) = regiment()?;
        let horses = matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. });
        let mounted = arm.is_mounted();
        let mount_options = if mounted {
            vec![(0, "Stays mounted"), (1, "Dismounts first"), (2, "Dismounts at the end")]
        } else {
            vec![(0, "Stays on foot"), (1, "Mounts first"), (2, "Mounts at the end")]
        };
        // Places in FORMATIONS.
        let after_mount = vec![(0, "Line"), (1, "March column"), (2, "Skirmish")];
        let routed = morale == MoraleLevel::Routed;
        Some(match mode_v() {
            Mode::Move if routed => view! { <p class="muted">"Routed: it moves on the routed row, away from the enemy (2.1.1). A forced rout move is rolled on Forced rout move (2.1.2)."</p> }.into_any(),
            Mode::Move => {
                // Places in MOVES_AS.
                let mut as_options = vec![(0, formation.label())];
                if formation != Formation::Skirmish {
                    as_options.push((1, "Skirmish order (6.4.4)"));
                }
                if formation == Formation::Line && !mounted {
                    as_options.push((2, "Extended line (6.8.3)"));
                }
                let moving = match moves_as_v() {
                    MovesAs::Skirmish => Formation::Skirmish,
                    _ => formation,
                };
                // The common case, forward as it stands, needs none of these: they stay folded,
                // their choices named on the fold (its state survives the re-render of a tap).
                let mut named = vec![direction_v().label().to_string()];
                if moves_as_v() != MovesAs::AsItStands {
                    named.push(as_options.iter().find(|(c, _)| *c == moves_as.get()).map(|(_, l)| l.to_string()).unwrap_or_default());
                }
                if mount_v() != MountChange::Stays {
                    named.push(mount_options.iter().find(|(c, _)| *c == mount.get()).map(|(_, l)| l.to_string()).unwrap_or_default());
                }
                if rushes.get() {
                    named.push("by rushes".into());
                }
                if split.get() {
                    named.push("split move".into());
                }
                view! {
                    <details class="more" prop:open=move || more_open.get()>
                    <summary class="button" on:click=move |ev| {
                        ev.prevent_default();
                        more_open.update(|o| *o = !*o);
                    }>{format!("Direction and formation: {}", named.join(", "))}</summary>
                    <Toggles legend="Direction (6.5)" options=Direction::for_formation(formation).into_iter().map(|d| (code_of(&DIRECTIONS, &d), d.label())).collect() value=direction/>
                    <Toggles legend="Moves as" options=as_options value=moves_as/>
                    {horses.then(|| view! {
                        <Toggles legend="Mount or dismount (6.7.2)" options=mount_options.clone() value=mount/>
                        <Show when=move || mount_v() != MountChange::Stays>
                            <Toggles legend="Formation after (6.7.2)" options=after_mount.clone() value=new_formation/>
                        </Show>
                    })}
                    {matches!(moving, Formation::Skirmish | Formation::Disorder).then(|| view! {
                        <Toggles legend="Fire and advance by rushes (6.8.7)" options=vec![(false, "No"), (true, "Yes")] value=rushes/>
                    })}
                    <Show when=move || direction_v() == Direction::Forward && mount_v() == MountChange::Stays && !rushes.get()>
                        <Toggles legend="Split move (6.3.3)" options=vec![(false, "No"), (true, "Half in each of two grounds")] value=split/>
                        <Show when=move || split.get()>
                            <Toggles legend="Second half in" options=coded(&GROUNDS) value=ground2/>
                        </Show>
                    </Show>
                    </details>
                }
                .into_any()
            }
            Mode::FormationChange => {
                // Places in FORMATIONS: line, march column, skirmish, attack column, extended line.
                let options = if mounted { after_mount.clone() } else { vec![(0, "Line"), (1, "March column"), (2, "Skirmish"), (4, "Attack column"), (5, "Extended line")] };
                let fm_mount = if mounted { vec![(0, "Stays mounted"), (1, "Dismounts")] } else { vec![(0, "Stays on foot"), (1, "Mounts")] };
                view! {
                    <Toggles legend="New formation" options=options value=new_formation/>
                    {horses.then(|| view! { <Toggles legend="Mount or dismount (6.7.2)" options=fm_mount value=mount/> })}
                }
                .into_any()
            }
            _ => ().into_any(),
        })
    };

    let guns_choices = move || {
        if !is_guns() {
            return None;
        }
        Some(match mode_v() {
            Mode::Move => view! {
                <Toggles legend="How it moves (6.6)" options=coded(&GUN_MOVES) value=gun_move/>
                <Show when=move || gun_move_v() == GunMove::Limbered>
                    <Toggles legend="Unlimbers at the end (6.6.1)" options=vec![(false, "No"), (true, "Yes")] value=unlimber_at_end/>
                </Show>
            }
            .into_any(),
            Mode::Disengage => view! {
                <Toggles legend="Ground it crosses, for the accident roll (6.5.8.b)" options=coded(&ACCIDENT_GROUNDS) value=accident_ground/>
            }
            .into_any(),
            _ => ().into_any(),
        })
    };

    let plan_view = move || {
        let p = planned.get()?;
        Some(match p {
            Err(e) => view! { <Problem error=e/> }.into_any(),
            Ok(p) => {
                let summary = match (p.greater, p.roll.map(|r| r.kind)) {
                    (Some(g), _) => {
                        format!("Up to {}″ without a disorder roll, or up to {g}″ with one (6.2).", p.first)
                    }
                    (None, _) if mode_v() == Mode::FormationChange => String::new(),
                    (None, Some(RollKind::Disorder)) => format!("Up to {}″, then a disorder roll (6.5.7).", p.first),
                    (None, _) if p.verb == "limbers" || p.verb == "unlimbers" => String::new(),
                    (None, _) => format!("Up to {}″.", p.first),
                };
                let has_greater = p.greater.is_some();
                view! {
                    <section class="card allowance" aria-label="Allowance">
                        {(!summary.is_empty()).then(|| view! { <p class="headline"><strong>{summary}</strong></p> })}
                        {p.lines.iter().map(|l| view! { <p>{l.clone()}</p> }).collect_view()}
                    </section>
                    {has_greater.then(|| view! {
                        <Toggles legend="How far it goes" options=coded(&DISTANCES) value=distance/>
                    })}
                }
                .into_any()
            }
        })
    };

    let roll_view = move || {
        let p = planned.get()?.ok()?;
        let roll = p.roll?;
        if !due() {
            return None;
        }
        let chance = Distribution::of_die(|d| i16::from(d.face()) > roll.target).chance_of(&true);
        let (pass, fail, what) = match roll.kind {
            RollKind::Disorder => ("In good order", "Disorder", "Disorder roll"),
            RollKind::Reform => ("Reforms", "Disorder", "Reform roll"),
            RollKind::Accident => ("No accident", "Accident", "Accident roll"),
        };
        let target = if roll.target >= 6 {
            format!("{what}: higher than {} on one die ({}): it cannot pass", roll.target, roll.why)
        } else if roll.target < 1 {
            format!("{what}: any roll passes ({})", roll.why)
        } else {
            format!("{what}: roll higher than {} on one die ({})", roll.target, roll.why)
        };
        Some(view! {
            <OddsLine target=target chances=vec![(pass, chance), (fail, chance_complement(chance))]/>
            <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        })
    };

    let charge_view = move || {
        if mode_v() != Mode::Charge || is_guns() {
            return None;
        }
        Some(view! {
            <h2>"Bonus move (5.3.2)"</h2>
            <Toggles legend="Bonus" options=vec![(true, "Take the bonus"), (false, "No bonus")] value=take_bonus/>
            <Show when=move || take_bonus.get()>
                <Toggles legend="Bonus portion in (Table 4)" options=coded(&BONUS_TERRAINS) value=bonus_terrain/>
                <Toggles legend="Runs into worse ground (5.3.2.c)" options=coded(&ENTERS) value=enters/>
                <Show when=move || enters.get() != 0>
                    <DistanceField label="Inches of the bonus before it" value=enters_after/>
                </Show>
                {move || {
                    let n = bonus_count.get() as u32;
                    let s = settings();
                    let dist = Distribution::of_dice_total(n as usize, |t| t);
                    let reach = |x: u32| dist.chance_that(|t| *t >= x);
                    let half = (7 * n).div_ceil(2);
                    let min = model::inches(&s, Ratio::whole(n));
                    let max = model::inches(&s, Ratio::whole(6 * n));
                    let target = format!("Roll {n} dice (Table 4): a bonus of {min} to {max}, measured as rolled");
                    view! { <OddsLine target=target chances=vec![("Half the dice's most or better", reach(half))]/> }
                }}
                <DiceEntry name="Bonus die" count=bonus_count faces=bonus_faces/>
            </Show>
        })
    };

    view! {
        <ResolverFrame title="Movement" rules="6, Tables 3 and 4: the allowance for the formation and the ground, the costs, the disorder roll.">
            <UnitPicker pick=Pick::Units chosen=chosen/>
            {unit_view}
            {mode_view}
            <Show when=move || !(is_guns() && mode_v() == Mode::FormationChange)>
                <Toggles legend="Ground it moves through or into (6.3.2)" options=coded(&GROUNDS) value=ground/>
            </Show>
            {regiment_choices}
            {guns_choices}
            <Show when=move || !is_guns()>
                <Toggles legend="Officer within 1″ (6.2)" options=vec![(false, "No"), (true, "Yes")] value=officer/>
            </Show>
            {plan_view}
            {roll_view}
            {charge_view}
            {move || match outcome.get() {
                Some(Err(e)) => Some(view! { <Problem error=e/> }.into_any()),
                _ => None,
            }}
            <ResultCard result=result applied=applied/>
        </ResolverFrame>
    }
    .into_any()
}

fn chance_complement(c: Chance) -> Chance {
    c.complement()
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::Overrides;
    use johnny_reb::state::demo::demo_game;

    #[test]
    fn the_facts_line_names_what_the_roster_knows() {
        let g = demo_game("g");
        let f = facts(&g, "r-19in", &Overrides::new()).unwrap();
        assert_eq!(facts_line(&f), "Infantry · Line · 5 stands · BMP 2 · with Brig. Gen. Solomon Meredith");
        let s = facts(&g, "s-marye-1", &Overrides::new()).unwrap();
        assert_eq!(facts_line(&s), "Gun section · Heavy · unlimbered");
    }

    #[test]
    fn rule_5_3_2_c_bonus_terrain_guess_follows_the_ground() {
        assert_eq!(bonus_terrain_of(Ground::Trail(TerrainType::Broken)), Terrain::Broken);
        assert_eq!(bonus_terrain_of(Ground::Road), Terrain::Road);
    }
}
