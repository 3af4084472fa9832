//! The clocks of an online game as the page shows them. The server sets
//! them ([`online_play::EventBody::Clock`], or a snapshot) at its own time;
//! the page runs the side on move's clock from when that news arrived, by
//! its own time, until the next.

use online_play::Room;

/// One side's clock on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFace {
    /// `m:ss`, or `s.t` under ten seconds.
    pub text: String,
    pub running: bool,
    /// Little time left: under a fifth of the base time, and at most 20 s.
    pub low: bool,
}

/// When the page last heard the clocks set: its own time then (ms) and
/// the server's time they were set at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockNews {
    pub heard_ms: f64,
    pub server_at: u64,
}

/// The time left shown as `m:ss`, or `s.t` under ten seconds; days and
/// hours (`2d 4h`), or hours and minutes (`5h 07m`), for correspondence.
pub fn clock_text(left_ms: u64) -> String {
    const HOUR: u64 = 60 * 60 * 1000;
    if left_ms >= 24 * HOUR {
        return format!(
            "{}d {}h",
            left_ms / (24 * HOUR),
            left_ms % (24 * HOUR) / HOUR
        );
    }
    if left_ms >= HOUR {
        return format!("{}h {:02}m", left_ms / HOUR, left_ms % HOUR / 60_000);
    }
    if left_ms < 10_000 {
        format!("{}.{}", left_ms / 1000, left_ms % 1000 / 100)
    } else {
        let seconds = left_ms / 1000;
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// White's and Black's clocks at the page's time `now_ms`, in a game with
/// clocks.
pub fn clock_faces(room: &Room, news: Option<ClockNews>, now_ms: f64) -> Option<[ClockFace; 2]> {
    let clock = room.clock.as_ref()?;
    let server_now = match news {
        Some(news) => news.server_at + (now_ms - news.heard_ms).max(0.0) as u64,
        None => 0,
    };
    let left = clock.remaining_at(server_now);
    let running = clock.running();
    let low_below = (clock.control.base_ms() / 5).min(20_000);
    let face = |index: usize| ClockFace {
        text: clock_text(left[index]),
        running: running.is_some_and(|side| side.index() == index),
        low: left[index] < low_below,
    };
    Some([face(0), face(1)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use online_play::EventBody;

    #[test]
    fn times_read_as_minutes_and_seconds_then_tenths() {
        assert_eq!(clock_text(180_000), "3:00");
        assert_eq!(clock_text(61_999), "1:01");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_950), "9.9");
        assert_eq!(clock_text(0), "0.0");
        assert_eq!(clock_text(3 * 24 * 3_600_000 + 5 * 3_600_000 + 1), "3d 5h");
        assert_eq!(clock_text(5 * 3_600_000 + 7 * 60_000), "5h 07m");
    }

    #[test]
    fn the_side_on_move_runs_from_when_the_news_came() {
        let mut room = Room::new("classic", false)
            .expect("a game")
            .timed("1+0".parse().expect("a control"));
        assert_eq!(
            clock_faces(&Room::new("classic", false).expect("a game"), None, 0.0),
            None
        );
        for body in [
            EventBody::Joined {
                side: online_play::Role::White,
            },
            EventBody::Joined {
                side: online_play::Role::Black,
            },
            EventBody::Moved {
                ply: 0,
                turn: "c2-c3".into(),
            },
            EventBody::Clock {
                at: 5_000_000,
                left: [60_000, 45_000],
            },
        ] {
            room.apply(&body).expect("applies");
        }
        let news = Some(ClockNews {
            heard_ms: 100.0,
            server_at: 5_000_000,
        });
        let faces = clock_faces(&room, news, 100.0).expect("clocks");
        assert_eq!((faces[0].text.as_str(), faces[0].running), ("1:00", false));
        assert_eq!((faces[1].text.as_str(), faces[1].running), ("0:45", true));
        // 30 s later by the page's time: Black's clock has run; 5 s more
        // and it is under a fifth of the minute.
        let faces = clock_faces(&room, news, 30_100.0).expect("clocks");
        assert_eq!(faces[1].text, "0:15");
        assert!(!faces[1].low);
        let faces = clock_faces(&room, news, 35_100.0).expect("clocks");
        assert_eq!(faces[1].text, "0:10");
        assert!(faces[1].low && !faces[0].low);
        assert_eq!(faces[0].text, "1:00", "White's stands");
        let faces = clock_faces(&room, news, 90_000.0).expect("clocks");
        assert_eq!(faces[1].text, "0.0");
    }
}
