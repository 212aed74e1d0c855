//! Names typed by players: games, units, leaders, army lists.

use std::fmt;

/// Longest name the app accepts, in characters.
pub const MAX_NAME_CHARS: usize = 80;

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadName(pub String);

impl fmt::Display for BadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks a name typed by a player: trimmed, not empty, not too long, no markup (`<`, `>`)
/// and no control characters.
///
/// ```
/// use companion_core::names::clean_name;
/// assert_eq!(clean_name("  Iron Brigade ").unwrap(), "Iron Brigade");
/// assert!(clean_name("<b>").is_err());
/// ```
pub fn clean_name(name: &str) -> Result<String, BadName> {
    let name = name.trim();
    if name.is_empty() {
        return Err(BadName("A name cannot be empty.".into()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(BadName(format!("A name can have at most {MAX_NAME_CHARS} characters.")));
    }
    if name.contains(['<', '>']) {
        return Err(BadName("A name cannot contain < or > (no HTML in names).".into()));
    }
    if name.chars().any(char::is_control) {
        return Err(BadName("A name cannot contain control characters.".into()));
    }
    Ok(name.to_string())
}

/// A copy's name: "(copy)" added, within [`MAX_NAME_CHARS`].
///
/// ```
/// use companion_core::names::copy_name;
/// assert_eq!(copy_name("Shiloh"), "Shiloh (copy)");
/// ```
pub fn copy_name(name: &str) -> String {
    let suffix = " (copy)";
    let keep = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
    let base: String = name.chars().take(keep).collect();
    format!("{}{suffix}", base.trim_end())
}

/// A name that none of `taken` has: the name itself if free, else " (2)", " (3)", ... added,
/// within [`MAX_NAME_CHARS`]. A game imported twice is named apart this way.
///
/// ```
/// use companion_core::names::name_apart;
/// assert_eq!(name_apart("Shiloh", &["Antietam"]), "Shiloh");
/// assert_eq!(name_apart("Shiloh", &["Shiloh", "Shiloh (2)"]), "Shiloh (3)");
/// ```
pub fn name_apart(name: &str, taken: &[&str]) -> String {
    if !taken.contains(&name) {
        return name.to_string();
    }
    // More games than MAX_GAMES are never saved, so a free number is always found well
    // before this bound; the bound keeps the loop finite whatever `taken` holds.
    for n in 2..=taken.len() + 2 {
        let suffix = format!(" ({n})");
        let keep = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
        let base: String = name.chars().take(keep).collect();
        let candidate = format!("{}{suffix}", base.trim_end());
        if !taken.contains(&candidate.as_str()) {
            return candidate;
        }
    }
    name.to_string()
}

/// A name or id as a message quotes it: at most 40 characters, control characters escaped.
///
/// ```
/// use companion_core::names::shown;
/// assert_eq!(shown("Shiloh"), "\u{201c}Shiloh\u{201d}");
/// ```
pub fn shown(name: &str) -> String {
    let mut s: String = name
        .chars()
        .take(40)
        .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
        .collect();
    if name.chars().count() > 40 {
        s.push('\u{2026}');
    }
    format!("\u{201c}{s}\u{201d}")
}
