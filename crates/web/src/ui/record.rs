//! A game's record leaving the page: written with its tags (the date, the
//! players, the result and how the game ended) to be saved as a file from
//! the game screen or its result panel, or carried to the whole app's page
//! to be reviewed there.

use engine::Side;

use super::view::session_player;
use super::{Effect, Screen, Ui};

impl Ui {
    /// The game's record with its tags, and a file name for it, while the
    /// game is on screen (written anew after every action there, so not
    /// behind the other screens).
    pub fn record_out(&self) -> Option<(String, String)> {
        let session = self.shared.session.as_ref().filter(|_| {
            self.screen.tool().editor().is_none() && self.screen.screen() == Screen::Game
        })?;
        let tags = crate::records::Tags {
            date: self.shared.today.clone(),
            white: session_player(session, Side::White),
            black: session_player(session, Side::Black),
        };
        Some((
            crate::records::write(&session.game, &tags),
            crate::records::file_name(&session.game, &self.shared.today),
        ))
    }

    /// Offers the game's record as a text file.
    pub(super) fn download_record(&self, fx: &mut Vec<Effect>) {
        if let Some((text, name)) = self.record_out() {
            fx.push(Effect::Download {
                name: format!("{name}.txt"),
                text,
            });
        }
    }
}
