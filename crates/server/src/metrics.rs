//! What the operator watches: this process's figures in Prometheus' text
//! format (OpenMetrics), served at `/metrics` to whoever holds the metrics
//! token (`--metrics-token`); without a token the route does not exist.
//! Each figure is this process's own: a cluster is the sum of its
//! processes, as Prometheus adds them.

use std::sync::atomic::AtomicI64;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// The bounds of the move latency histogram, in seconds: 0.5 ms doubling
/// to about 4 s.
pub fn move_buckets() -> impl Iterator<Item = f64> {
    exponential_buckets(0.0005, 2.0, 14)
}

/// A kind of error, as a label: a socket's error code (`illegal_move`) or
/// an API refusal's (`api_name_taken`), or a store that failed
/// (`store_lobby`).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Kind {
    pub kind: String,
}

/// A store call, as a label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Call {
    pub call: &'static str,
}

/// The process's figures.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Game sockets open.
    pub sockets: Gauge,
    /// Lobby sockets open.
    pub lobby_sockets: Gauge,
    /// Games loaded on this process (in play, or watched).
    pub games: Gauge,
    /// Moves refereed, stored and announced.
    pub moves: Counter,
    /// Seconds from a move's arrival to its acknowledgement (checked,
    /// stored, announced).
    pub move_seconds: Histogram,
    /// Seconds a store call took, by call.
    pub store_seconds: Family<Call, Histogram>,
    /// Seconds a seek waited before it was paired.
    pub pairing_wait_seconds: Histogram,
    /// Errors told to clients, by kind.
    pub errors: Family<Kind, Counter>,
    /// Reports and fair-play flags no moderator has handled (read from
    /// the store at each scrape: the same on every process).
    pub reports_open: Gauge,
    pub flags_open: Gauge,
    /// Games the house bots play on this process, and the seconds their
    /// searches took.
    pub bot_games: Gauge,
    pub bot_think_seconds: Counter<f64, std::sync::atomic::AtomicU64>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("alquerque");
        let sockets = Gauge::default();
        registry.register("game_sockets", "Game sockets open", sockets.clone());
        let lobby_sockets = Gauge::default();
        registry.register("lobby_sockets", "Lobby sockets open", lobby_sockets.clone());
        let games = Gauge::default();
        registry.register(
            "games_loaded",
            "Games loaded on this process",
            games.clone(),
        );
        let moves = Counter::default();
        registry.register(
            "moves",
            "Moves refereed, stored and announced",
            moves.clone(),
        );
        let move_seconds = Histogram::new(move_buckets());
        registry.register(
            "move_seconds",
            "Seconds from a move's arrival to its acknowledgement",
            move_seconds.clone(),
        );
        let store_seconds =
            Family::<Call, Histogram>::new_with_constructor(|| Histogram::new(move_buckets()));
        registry.register(
            "store_seconds",
            "Seconds a store call took",
            store_seconds.clone(),
        );
        let pairing_wait_seconds = Histogram::new(exponential_buckets(1.0, 2.0, 12));
        registry.register(
            "pairing_wait_seconds",
            "Seconds a seek waited before it was paired",
            pairing_wait_seconds.clone(),
        );
        let errors = Family::<Kind, Counter>::default();
        registry.register("errors", "Errors told to clients, by kind", errors.clone());
        let reports_open = Gauge::default();
        registry.register(
            "reports_open",
            "Reports no moderator has handled",
            reports_open.clone(),
        );
        let flags_open = Gauge::default();
        registry.register(
            "flags_open",
            "Fair-play flags no moderator has dismissed",
            flags_open.clone(),
        );
        let bot_games = Gauge::default();
        registry.register(
            "bot_games",
            "Games the house bots play on this process",
            bot_games.clone(),
        );
        let bot_think_seconds = Counter::<f64, std::sync::atomic::AtomicU64>::default();
        registry.register(
            "bot_think_seconds",
            "Seconds the house bots' searches took",
            bot_think_seconds.clone(),
        );
        Metrics {
            registry,
            sockets,
            lobby_sockets,
            games,
            moves,
            move_seconds,
            store_seconds,
            pairing_wait_seconds,
            errors,
            reports_open,
            flags_open,
            bot_games,
            bot_think_seconds,
        }
    }

    /// Counts an error of `kind`.
    pub fn error(&self, kind: &str) {
        self.errors
            .get_or_create(&Kind {
                kind: kind.to_string(),
            })
            .inc();
    }

    /// Notes how long a store call took.
    pub fn store_call(&self, call: &'static str, took: Duration) {
        self.store_seconds
            .get_or_create(&Call { call })
            .observe(took.as_secs_f64());
    }

    /// Every figure in the text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// One open socket, counted in `gauge` while it lives.
#[derive(Debug)]
pub struct Open<'a>(&'a Gauge<i64, AtomicI64>);

impl<'a> Open<'a> {
    pub fn count(gauge: &'a Gauge<i64, AtomicI64>) -> Open<'a> {
        gauge.inc();
        Open(gauge)
    }
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// The snake_case name a serde enum gives `value` (an error code), for a
/// label.
pub fn code_name<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        Ok(serde_json::Value::Object(map)) => map
            .get("refused")
            .and_then(|v| v.as_str())
            .unwrap_or("unknown")
            .to_string(),
        _ => "unknown".to_string(),
    }
}

/// Whether `presented` (an `Authorization` header) holds `token`, compared
/// by digest so the time taken says nothing of where they differ.
pub fn authorised(presented: Option<&str>, token: &str) -> bool {
    use sha2::{Digest, Sha256};
    let Some(given) = presented.and_then(|h| h.strip_prefix("Bearer ")) else {
        return false;
    };
    Sha256::digest(given.trim().as_bytes()) == Sha256::digest(token.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_each_figure_and_counts_what_happened() {
        let metrics = Metrics::new();
        {
            let _a = Open::count(&metrics.sockets);
            let _b = Open::count(&metrics.sockets);
            assert_eq!(metrics.sockets.get(), 2);
        }
        assert_eq!(metrics.sockets.get(), 0, "closed sockets count out");
        metrics.moves.inc();
        metrics.move_seconds.observe(0.003);
        metrics.error("illegal_move");
        metrics.error("illegal_move");
        metrics.store_call("append", Duration::from_millis(2));
        let text = metrics.render();
        for line in [
            "alquerque_moves_total 1",
            "alquerque_errors_total{kind=\"illegal_move\"} 2",
            "alquerque_move_seconds_count 1",
            "alquerque_store_seconds_count{call=\"append\"} 1",
            "alquerque_game_sockets 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        // 3 ms falls in the bucket up to 4 ms, and in every larger one.
        assert!(
            text.contains("alquerque_move_seconds_bucket{le=\"0.004\"} 1"),
            "{text}"
        );
        assert!(
            text.contains("alquerque_move_seconds_bucket{le=\"0.002\"} 0"),
            "{text}"
        );
    }

    #[test]
    fn only_the_token_opens_the_figures() {
        assert!(authorised(Some("Bearer s3cret"), "s3cret"));
        assert!(!authorised(Some("Bearer s3cre"), "s3cret"));
        assert!(!authorised(Some("s3cret"), "s3cret"));
        assert!(!authorised(None, "s3cret"));
    }

    #[test]
    fn error_codes_are_named_as_the_wire_names_them() {
        assert_eq!(
            code_name(&online_play::ErrorCode::IllegalMove),
            "illegal_move"
        );
        assert_eq!(
            code_name(&online_play::api::Refusal::NameTaken),
            "name_taken"
        );
    }
}
