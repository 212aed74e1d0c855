//! Distances as the players measure them at the table: inches to the half inch (4.2.1,
//! Table 8's limits in inches; 5.3.x and 6's quarter inches in rough ground), read from one
//! text field so that what is typed is never lost, and compared against the band limits
//! exactly (`Ratio`).

use johnny_reb::rules::{Ratio, RuleError, RuleResult};
use leptos::prelude::*;

/// What a distance field accepts, said when it refuses what it cannot read.
pub const ACCEPTED: &str = "write inches as 5, 5.5 or 5 1/2 (to the half inch; 5.25 or 5 1/4 for a quarter)";

/// Reads inches as the players write them: "5", "5.5", "5 1/2", "5½", "5\"", quarters as
/// "5.25" or "5 1/4". Refuses a comma ("5,5"), words, a sign, and any other fraction ("5.3"):
/// a measure at the table is never finer than the half inch, the quarter only where the
/// rules make one (broken and rough ground).
pub fn parse_inches(text: &str) -> Result<Ratio, String> {
    let typed = text.trim();
    let refuse = || {
        if typed.is_empty() {
            format!("No distance: {ACCEPTED}.")
        } else {
            format!("\"{typed}\" is not a distance: {ACCEPTED}.")
        }
    };
    let t = typed.trim_end_matches(['"', '″']).trim();
    let t = t.strip_suffix("in").unwrap_or(t).trim();
    let (t, half) = match t.strip_suffix('½') {
        Some(w) => (w.trim(), true),
        None => (t, false),
    };
    if t.is_empty() && !half {
        return Err(refuse());
    }
    if !t.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '/' | ' ')) {
        return Err(refuse());
    }
    let value = if t.is_empty() { Ratio::ZERO } else { Ratio::parse(t).map_err(|_| refuse())? };
    let value = if half {
        if t.contains(['.', '/']) {
            return Err(refuse());
        }
        value.numer().checked_mul(2).and_then(|n| n.checked_add(1)).and_then(|n| Ratio::new(n, 2)).ok_or_else(refuse)?
    } else {
        value
    };
    // Exactly a whole number of quarter inches.
    if (u64::from(value.numer()) * 4) % u64::from(value.denom()) != 0 {
        return Err(refuse());
    }
    Ok(value)
}

/// The distance of a field, or the field's refusal as a resolver's problem.
pub fn measured(what: &'static str, text: &str) -> RuleResult<Ratio> {
    parse_inches(text).map_err(|detail| RuleError::OutOfRange { what, detail })
}

/// A text field for inches: keeps what is typed and says below it why it cannot be read. An
/// empty field is not refused here: the resolver says what it needs (or takes it as "none").
#[component]
pub fn DistanceField(label: &'static str, value: RwSignal<String>) -> impl IntoView {
    let refusal = move || value.with(|v| if v.trim().is_empty() { None } else { parse_inches(v).err() });
    view! {
        <label class="field">
            <span>{label}</span>
            <input inputmode="decimal" autocomplete="off" prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))/>
        </label>
        {move || refusal().map(|e| view! { <p class="problem" role="alert">{e}</p> })}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: u32, d: u32) -> Ratio {
        Ratio::new(n, d).unwrap()
    }

    #[test]
    fn rule_4_2_1_half_inches_as_the_players_write_them() {
        assert_eq!(parse_inches("5"), Ok(Ratio::whole(5)));
        assert_eq!(parse_inches("5.5"), Ok(r(11, 2)));
        assert_eq!(parse_inches(" 5 1/2\" "), Ok(r(11, 2)));
        assert_eq!(parse_inches("5½"), Ok(r(11, 2)));
        assert_eq!(parse_inches("½"), Ok(r(1, 2)));
        assert_eq!(parse_inches(".5"), Ok(r(1, 2)));
        assert_eq!(parse_inches("15.5"), Ok(r(31, 2)));
        assert_eq!(parse_inches("0"), Ok(Ratio::ZERO));
        assert_eq!(parse_inches("2.25"), Ok(r(9, 4)));
        assert_eq!(parse_inches("6 3/4"), Ok(r(27, 4)));
    }

    #[test]
    fn rule_4_2_1_refuses_what_is_not_a_measure_and_says_what_is() {
        for bad in ["5,5", "abc", "-5", "5.3", "", "  ", "5 1/3", "5.", "1e3", "5½.5", "+5"] {
            let e = parse_inches(bad).expect_err(bad);
            assert!(e.contains("5.5") && e.contains("5 1/2"), "{bad}: {e}");
        }
        assert!(parse_inches("5,5").unwrap_err().contains("\"5,5\""));
    }
}
