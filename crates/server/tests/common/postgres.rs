//! A real PostgreSQL for the tests: Debian's server, started in a
//! temporary folder as the postgres user, listening only on a unix socket
//! in that folder. Each `Postgres` is its own cluster, stopped and removed
//! when dropped.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Postgres {
    dir: PathBuf,
    bin: PathBuf,
    server: Child,
}

/// The newest installed server's programs (`/usr/lib/postgresql/<n>/bin`).
fn programs() -> PathBuf {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL is installed (scripts/setup.sh installs Debian's postgresql)")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let n = e.file_name().to_str()?.parse().ok()?;
            Some((n, e.path().join("bin")))
        })
        .filter(|(_, bin)| bin.join("postgres").exists())
        .collect();
    versions.sort();
    versions
        .pop()
        .expect("a PostgreSQL server under /usr/lib/postgresql")
        .1
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// `program` with `args`, as the postgres user (PostgreSQL will not run as
/// root).
fn as_postgres(program: &Path, args: &[&str]) -> Command {
    if running_as_root() {
        let mut command = Command::new("runuser");
        command
            .args(["-u", "postgres", "--"])
            .arg(program)
            .args(args);
        command
    } else {
        let mut command = Command::new(program);
        command.args(args);
        command
    }
}

impl Postgres {
    /// Starts a new cluster that does not wait for the disk (`fsync` off:
    /// the tests need no durability across a crash of the machine);
    /// returns once it takes connections.
    pub fn start() -> Postgres {
        Postgres::start_with(false)
    }

    /// A cluster that syncs its writes to disk, as a deployed one does.
    pub fn start_durable() -> Postgres {
        Postgres::start_with(true)
    }

    fn start_with(fsync: bool) -> Postgres {
        let bin = programs();
        let dir = std::env::temp_dir().join(format!(
            "alq-pg-{}-{}",
            std::process::id(),
            super::rand_suffix()
        ));
        std::fs::create_dir_all(&dir).expect("a folder");
        if running_as_root() {
            let owned = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&dir)
                .status()
                .expect("chown runs");
            assert!(owned.success(), "the folder goes to the postgres user");
        }
        let data = dir.join("data");
        let data = data.to_str().expect("a path");
        // On a loaded machine initdb now and then fails to start its
        // bootstrap backend; a fresh try from an empty folder succeeds.
        let mut tries = 0;
        loop {
            let init = as_postgres(
                &bin.join("initdb"),
                &["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"],
            )
            .output()
            .expect("initdb runs");
            if init.status.success() {
                break;
            }
            tries += 1;
            assert!(
                tries < 3,
                "initdb makes a cluster: {}",
                String::from_utf8_lossy(&init.stderr)
            );
            let _ = std::fs::remove_dir_all(data);
            std::thread::sleep(Duration::from_millis(500));
        }
        let socket = dir.to_str().expect("a path");
        let server = as_postgres(
            &bin.join("postgres"),
            &[
                "-D",
                data,
                "-k",
                socket,
                "-c",
                "listen_addresses=",
                "-c",
                if fsync { "fsync=on" } else { "fsync=off" },
            ],
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("postgres starts");
        let postgres = Postgres { dir, bin, server };
        let ready = Instant::now();
        while !postgres.dir.join(".s.PGSQL.5432").exists() {
            assert!(
                ready.elapsed() < Duration::from_secs(30),
                "PostgreSQL takes connections within 30 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        postgres
    }

    /// The URL of database `name` (the unix-socket form the server takes).
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@/{name}?host={}", self.dir.display())
    }

    /// A client of the database at `url` (made by [`Postgres::database`]),
    /// for a test that writes to it directly.
    pub async fn client(url: &str) -> tokio_postgres::Client {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connects");
        tokio::spawn(connection);
        client
    }

    /// Makes a new, empty database; its URL.
    pub async fn database(&self, name: &str) -> String {
        // The socket may be there while the server is still starting up.
        let started = Instant::now();
        let (client, connection) = loop {
            match tokio_postgres::connect(&self.url("postgres"), tokio_postgres::NoTls).await {
                Ok(connected) => break connected,
                Err(e) => {
                    assert!(
                        started.elapsed() < Duration::from_secs(30),
                        "PostgreSQL takes connections: {e}"
                    );
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        tokio::spawn(connection);
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("a database");
        self.url(name)
    }
}

impl Postgres {
    /// Stops the server at once, whoever is still connected (a database
    /// lost from under the processes using it).
    pub fn stop(&mut self) {
        let data = self.dir.join("data");
        let _ = as_postgres(
            &self.bin.join("pg_ctl"),
            &[
                "stop",
                "-D",
                data.to_str().unwrap_or_default(),
                "-m",
                "immediate",
            ],
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
        let _ = self.server.wait();
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
