//! The server's command line: online play, and the web app's files when
//! `--site` names them; or, as a subcommand, a backup or a restore of a
//! SQLite store. Logs are JSON lines on standard output.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

/// Online play for the Alquerque games: games between friends, with
/// spectators, refereed by the engine and kept in SQLite or PostgreSQL.
#[derive(Debug, Parser)]
#[command(version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: Args,
}

/// What else the server's program does.
#[derive(Debug, Subcommand)]
enum Command {
    /// Copies a SQLite store to a new file, while a server may be running on
    /// it (SQLite's online backup); the copy is checked.
    Backup {
        /// The database to copy.
        db: String,
        /// The new file to write.
        to: String,
    },
    /// Puts a copy back as a SQLite store (stop the server on it first).
    Restore {
        /// The copy made by `backup`.
        from: String,
        /// The database to write.
        db: String,
        /// Write over a database that exists.
        #[arg(long)]
        replace: bool,
    },
    /// Makes an account a moderator, or no longer one.
    Moderator {
        #[command(subcommand)]
        change: Grant,
        /// The database (a SQLite file or a PostgreSQL URL).
        #[arg(long, global = true, default_value = "alquerque.db")]
        db: String,
    },
}

/// A moderator granted or taken back.
#[derive(Debug, Subcommand)]
enum Grant {
    /// Makes the account NAME a moderator.
    Add { name: String },
    /// Takes the moderator role back from NAME.
    Remove { name: String },
}

#[derive(Debug, clap::Args)]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where games are kept: a SQLite database file (created if missing),
    /// or a PostgreSQL URL (`postgres://USER@HOST/DB`, or for a unix
    /// socket `postgres://USER@/DB?host=/socket/dir`), shared by several
    /// server processes.
    #[arg(long, default_value = "alquerque.db")]
    db: String,
    /// The built web app to serve at `/`.
    #[arg(long)]
    site: Option<PathBuf>,
    /// A site besides the server's own allowed to open game sockets
    /// (repeatable).
    #[arg(long)]
    origin: Vec<String>,
    /// Seconds a player must be away before the opponent may claim.
    #[arg(long, default_value_t = 60)]
    claim_after: u64,
    /// Games one address may create, and hellos with a join code it may
    /// send, per minute.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    per_minute: u32,
    /// Seconds a database call waits for a lock held elsewhere.
    #[arg(long, default_value_t = 5)]
    busy_timeout: u64,
    /// Connections one address (an IPv6 /64) may hold open.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    connections_per_address: u32,
    /// Connections held open in all.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..))]
    connections: u32,
    /// Game sockets one address (an IPv6 /64) may hold as a spectator.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    spectators_per_address: u32,
    /// Game sockets one address (an IPv6 /64) may hold open in all.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..))]
    sockets_per_address: u32,
    /// A proxy (an address or a network, `10.0.0.0/8`) trusted to name the
    /// client's address in `X-Forwarded-For`, which it must set itself
    /// (repeatable).
    #[arg(long, value_parser = network)]
    trusted_proxy: Vec<ipnet::IpNet>,
    /// Days a login lasts.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=366))]
    session_days: u64,
    /// Marks the session cookie Secure: give it wherever the site is served
    /// over HTTPS.
    #[arg(long)]
    secure_cookies: bool,
    /// Serves the process's figures at `/metrics` (Prometheus' text format)
    /// to requests that bear this token (`Authorization: Bearer TOKEN`).
    #[arg(long, env = "ALQUERQUE_METRICS_TOKEN", hide_env_values = true)]
    metrics_token: Option<String>,
    /// The site's recurring tournaments: a TOML file of `[[arena]]` and
    /// `[[swiss]]` entries (docs/tournaments.md), read at start.
    #[arg(long)]
    tournaments: Option<PathBuf>,
    /// Runs the house bots (EasyBot, MediumBot, HardBot, ExpertBot): one
    /// process on the database plays for them at a time.
    #[arg(long)]
    house_bots: bool,
    /// Searches the house bots may run at once: the cores they may use.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    bot_threads: u32,
    /// Games the house bots play at once, at most.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    bot_games: u32,
    /// Seconds a quick-pairing player who accepts bots waits before a bot
    /// takes their place.
    #[arg(long, default_value_t = 20)]
    bot_wait: u64,
    /// Where push services may write to about this site, sent with every
    /// push (`mailto:…` or `https://…`).
    #[arg(long, default_value = "mailto:operator@localhost")]
    push_contact: String,
    /// Takes push subscriptions to plain-HTTP services on this machine (a
    /// test's own push service); never on a site.
    #[arg(long, hide = true)]
    push_loopback: bool,
}

/// A network, or one address as a network of its own.
fn network(text: &str) -> Result<ipnet::IpNet, String> {
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text:?} is neither an address nor a network"))
}

impl Args {
    fn into_config(self) -> Result<alquerque_server::Config, String> {
        let mut config = alquerque_server::Config::new(self.addr, &self.db);
        config.site = self.site;
        config.origins = self.origin;
        config.claim_after = Duration::from_secs(self.claim_after);
        config.per_minute = self.per_minute;
        config.busy_timeout = Duration::from_secs(self.busy_timeout);
        config.caps.per_address = self.connections_per_address as usize;
        config.caps.total = self.connections as usize;
        config.proxies = alquerque_server::http::limits::Proxies(self.trusted_proxy);
        config.spectators_per_address = self.spectators_per_address as usize;
        config.sockets_per_address = self.sockets_per_address as usize;
        config.session_lifetime = Duration::from_secs(self.session_days * 24 * 60 * 60);
        config.secure_cookies = self.secure_cookies;
        config.metrics_token = self.metrics_token;
        config.bots = self.house_bots.then(|| alquerque_server::bots::BotConfig {
            threads: self.bot_threads as usize,
            most_games: self.bot_games as usize,
            pool_wait: Duration::from_secs(self.bot_wait),
        });
        if !(self.push_contact.starts_with("mailto:") || self.push_contact.starts_with("https://"))
        {
            return Err(format!(
                "--push-contact {:?} is neither a mailto: nor an https:// address",
                self.push_contact
            ));
        }
        config.push = alquerque_server::push::PushConfig {
            contact: self.push_contact,
            loopback: self.push_loopback,
        };
        if let Some(path) = &self.tournaments {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            config.schedule = alquerque_tournament::schedule::read(&text).map_err(|why| {
                format!("{} cannot be used:\n  {}", path.display(), why.join("\n  "))
            })?;
        }
        Ok(config)
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    // Bad usage exits with status 2, `--help` and `--version` with 0.
    let cli = Cli::parse();
    if let Some(command) = cli.command {
        return match command {
            Command::Moderator { change, db } => moderator(change, &db).await,
            other => run(other),
        };
    }
    let config = match cli.serve.into_config() {
        Ok(config) => config,
        Err(why) => {
            eprintln!("error: {why}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(false)
        .with_writer(std::io::stdout)
        .init();
    match alquerque_server::serve(config).await {
        Ok((_, handle)) => match handle.await {
            Ok(Ok(())) => {
                tracing::info!("stopped");
                ExitCode::SUCCESS
            }
            _ => ExitCode::FAILURE,
        },
        Err(e) => {
            tracing::error!(error = %e, "cannot start");
            ExitCode::FAILURE
        }
    }
}

/// A subcommand: its outcome said on standard error.
fn run(command: Command) -> ExitCode {
    use alquerque_server::storage::backup;
    let (done, outcome) = match &command {
        Command::Backup { db, to } => (format!("copied {db} to {to}"), backup::backup(db, to)),
        Command::Restore { from, db, replace } => (
            format!("restored {db} from {from}"),
            backup::restore(from, db, *replace),
        ),
        Command::Moderator { .. } => unreachable!("run by moderator()"),
    };
    match outcome {
        Ok(()) => {
            eprintln!("{done}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Grants or takes back the moderator role, on the database `db`.
async fn moderator(change: Grant, db: &str) -> ExitCode {
    let (on, name) = match &change {
        Grant::Add { name } => (true, name),
        Grant::Remove { name } => (false, name),
    };
    match alquerque_server::safety::moderation::grant(db, name, on).await {
        Ok(()) if on => {
            eprintln!("{name} is a moderator");
            ExitCode::SUCCESS
        }
        Ok(()) => {
            eprintln!("{name} is no longer a moderator");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}
