//! The players' preferences for this device, whatever the game.

use serde::{Deserialize, Serialize};

/// Colour theme. `System` follows the device's light or dark preference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Follow the device.
    #[default]
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
    /// High contrast for outdoor or bright light.
    Sunlight,
}

impl Theme {
    /// Every theme, in the order the Settings screen offers them.
    pub const ALL: [Theme; 4] = [Theme::System, Theme::Light, Theme::Dark, Theme::Sunlight];

    /// The label the player sees.
    pub fn label(self) -> &'static str {
        match self {
            Theme::System => "Follow device",
            Theme::Light => "Light",
            Theme::Dark => "Dark",
            Theme::Sunlight => "Sunlight (high contrast)",
        }
    }

    /// The value of the `data-theme` attribute on `<html>`; `None` lets CSS follow the system.
    pub fn attribute(self) -> Option<&'static str> {
        match self {
            Theme::System => None,
            Theme::Light => Some("light"),
            Theme::Dark => Some("dark"),
            Theme::Sunlight => Some("sunlight"),
        }
    }
}

/// Device settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Colour theme.
    pub theme: Theme,
}
