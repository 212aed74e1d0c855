//! Cells of the sheet's tables typed as printed: a Battle Resolution Table cell ("A: 2 D: 1",
//! "2/1", "-/1"), a column's heading ("-10 or less", "-4 to -6", "0", "+10"), a Withdrawal
//! result's words (14.8).

use crate::outcome::Withdrawal;
use crate::pack::BrtCell;

fn hits(t: &str) -> Result<u8, String> {
    let t = t.trim();
    if t == "-" || t == "\u{2013}" || t == "\u{2014}" {
        return Ok(0);
    }
    match t.parse::<u8>() {
        Ok(n) if n <= 20 => Ok(n),
        _ => Err(format!("\u{201c}{t}\u{201d} is not a number of Hits (0 to 20, or -)")),
    }
}

/// A Battle Resolution Table cell typed as printed: "A: 2 D: 1", "A2 D1", "2/1", "2 1" or
/// "-/1" ("-" is no Hit); blank is `None` (not entered).
pub fn parse_brt_cell(text: &str) -> Result<Option<BrtCell>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let upper = t.to_uppercase();
    let (a, d) = if let Some(d_at) = upper.find('D') {
        let a = upper[..d_at].trim().trim_start_matches('A').trim().trim_start_matches(':').trim();
        let d = upper[d_at + 1..].trim().trim_start_matches(':').trim();
        (a.to_string(), d.to_string())
    } else {
        let parts: Vec<&str> =
            upper.split(|c: char| c == '/' || c.is_whitespace() || c == ',').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [a, d] => (a.to_string(), d.to_string()),
            _ => return Err(format!("\u{201c}{t}\u{201d}: type the Attacker's and the Defender's Hits, as 2/1")),
        }
    };
    let attacker = hits(&a).map_err(|e| format!("Attacker: {e}"))?;
    let defender = hits(&d).map_err(|e| format!("Defender: {e}"))?;
    Ok(Some(BrtCell { attacker, defender }))
}

/// A cell as the table prints it: "A: 2 D: 1", "-" for none.
pub fn brt_cell_words(c: &BrtCell) -> String {
    let n = |v: u8| if v == 0 { "-".to_string() } else { v.to_string() };
    format!("A: {} D: {}", n(c.attacker), n(c.defender))
}

fn signed(t: &str) -> Result<i32, String> {
    let t = t.trim().replace('\u{2212}', "-");
    let t = t.trim_start_matches('+');
    t.parse::<i32>().ok().filter(|v| v.abs() <= 99).ok_or_else(|| format!("\u{201c}{t}\u{201d} is not a Differential"))
}

/// A column's heading as printed: "-10 or less", "+10 or more", "+10" at the right edge,
/// "-4 to -6" (either order), "0". Gives the lowest and highest Differential it covers
/// (`None` for an open end); `last` says the column is the table's rightmost, where a bare
/// number reads "or more".
pub fn parse_column(text: &str, first: bool, last: bool) -> Result<(Option<i32>, Option<i32>), String> {
    let t = text.trim().to_lowercase();
    if let Some(v) = t.strip_suffix("or less") {
        return Ok((None, Some(signed(v)?)));
    }
    if let Some(v) = t.strip_suffix("or more") {
        return Ok((Some(signed(v)?), None));
    }
    if let Some((a, b)) = t.split_once(" to ") {
        let (a, b) = (signed(a)?, signed(b)?);
        return Ok((Some(a.min(b)), Some(a.max(b))));
    }
    let v =
        signed(&t).map_err(|_| format!("\u{201c}{}\u{201d}: type a heading as printed, as -4 to -6", text.trim()))?;
    Ok(match (first, last) {
        (true, false) if v < 0 => (None, Some(v)),
        (false, true) if v > 0 => (Some(v), None),
        _ => (Some(v), Some(v)),
    })
}

/// A Withdrawal result in the table's words (14.8).
pub fn withdrawal_words(w: Withdrawal) -> &'static str {
    match w {
        Withdrawal::Rejoin => "Rejoin",
        Withdrawal::UnionRetreat => "Union Retreat",
        Withdrawal::ConfederateRetreat => "Confederate Retreat",
        Withdrawal::Encamp => "Encamp",
    }
}
