//! A live challenge by link: the sender chooses the game, the time control (a preset or a
//! custom one within the bounds), the colour and whether it is rated; the friend who opens
//! the link starts the game.

use crate::clock::presets;
use crate::protocol::TimeControl;
use dama::{Color, Variant};
use serde::{Deserialize, Serialize};

/// The colour the sender asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn at random when the game starts.
    #[default]
    Random,
}

/// A challenge as the page asks for it (`POST /api/challenge`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// `italian` or `brazilian`.
    pub variant: String,
    /// Base time in seconds.
    pub base_secs: u32,
    /// Increment in seconds.
    pub increment_secs: u32,
    /// The sender's colour.
    #[serde(default)]
    pub color: ColorChoice,
    /// Whether the game is rated (both players need an account).
    #[serde(default)]
    pub rated: bool,
    /// The name of a sender without an account (kept in their browser).
    #[serde(default)]
    pub name: Option<String>,
}

/// A challenge waiting for its opponent.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Which game.
    pub variant: Variant,
    /// The clock.
    pub control: TimeControl,
    /// The sender's colour.
    pub color: ColorChoice,
    /// Whether rated.
    pub rated: bool,
    /// The sender's seat key ([`crate::identity::Identity::key`]).
    pub sender_key: String,
    /// The sender's account id, if signed in.
    pub sender_account: Option<String>,
    /// The sender's name.
    pub sender_name: String,
}

impl ChallengeRequest {
    /// The game and clock asked for, or why they cannot be: an unknown game, or a custom
    /// control without time or past [`TimeControl::MAX_BASE_SECS`] and
    /// [`TimeControl::MAX_INCREMENT_SECS`].
    pub fn game(&self) -> Result<(Variant, TimeControl), String> {
        let variant = match self.variant.as_str() {
            "italian" => Variant::Italian,
            "brazilian" => Variant::Brazilian,
            other => return Err(format!("unknown game {other:?}: italian or brazilian")),
        };
        let control = TimeControl {
            base_secs: self.base_secs,
            increment_secs: self.increment_secs,
        };
        if !(presets(variant).contains(&control) || control.is_valid()) {
            return Err(format!(
                "a time control has some time, at most {} s and {} s a move",
                TimeControl::MAX_BASE_SECS,
                TimeControl::MAX_INCREMENT_SECS
            ));
        }
        Ok((variant, control))
    }
}

impl ColorChoice {
    /// The sender's colour, drawing it when random.
    pub fn draw(self) -> Color {
        match self {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random => {
                let mut b = [0u8; 1];
                getrandom::fill(&mut b).expect("the operating system's random generator failed");
                if b[0] & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(variant: &str, base_secs: u32, increment_secs: u32) -> ChallengeRequest {
        ChallengeRequest {
            variant: variant.into(),
            base_secs,
            increment_secs,
            color: ColorChoice::Random,
            rated: false,
            name: None,
        }
    }

    #[test]
    fn games_and_controls_within_bounds() {
        assert_eq!(
            req("italian", 300, 3).game(),
            Ok((Variant::Italian, TimeControl::FID_ONLINE))
        );
        assert!(req("brazilian", 2, 0).game().is_ok()); // custom: a few seconds
        assert!(req("chess", 300, 3).game().is_err());
        assert!(req("italian", 0, 0).game().is_err());
        assert!(req("italian", 4 * 3600, 0).game().is_err());
        assert!(req("italian", 60, 181).game().is_err());
    }
}
