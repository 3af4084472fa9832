//! One suite for both stores: the same calls, the same answers, against
//! SQLite (a file) and against a real PostgreSQL that the test starts
//! ([`common::postgres`]). Two handles on one database stand for two
//! server processes.

mod common;

use std::time::Duration;

use alquerque_server::storage::Db;
use alquerque_server::{GameRow, StoreError};
use common::postgres::Postgres;
use online_play::{EventBody, Role};

const BUSY: Duration = Duration::from_secs(5);

fn row(id: &str, code: &str) -> GameRow {
    GameRow {
        id: id.to_string(),
        header: "classic".to_string(),
        suggestions: true,
        seats: [Some("hash-w".to_string()), None],
        code: Some((code.to_string(), 1_000)),
        clock: None,
        players: [None, None],
        rated: false,
        names: [None, None],
    }
}

fn moved(ply: u32, turn: &str) -> Vec<EventBody> {
    vec![EventBody::Moved {
        ply,
        turn: turn.to_string(),
    }]
}

/// A database opened, its opening awaited.
async fn open(url: &str) -> Db {
    let (db, opening) = Db::open(url, BUSY);
    opening.await.expect("the task ends").expect("opens");
    db
}

/// Every call of the store, against the database at `url`.
async fn suite(url: &str) {
    let db = open(url).await;
    // A second handle: another server process on the same database.
    let other = open(url).await;

    // Chat lines are kept for a while, then forgotten.
    for (at, line) in [(100, "old"), (200, "recent")] {
        db.keep_chat("chatty", at, "white", line)
            .await
            .expect("kept");
    }
    assert_eq!(other.forget_chat(150).await.expect("forgot"), 1);
    let kept: Vec<String> = db
        .chat_of("chatty")
        .await
        .expect("read")
        .into_iter()
        .map(|l| l.line)
        .collect();
    assert_eq!(kept, ["recent"]);

    db.create(
        row("g1", "ABC123"),
        vec![EventBody::Joined { side: Role::White }],
    )
    .await
    .expect("created");
    assert_eq!(
        other.game_by_code("ABC123", 10).await.expect("query"),
        Some("g1".to_string())
    );
    assert_eq!(
        db.game_by_code("ABC123", 2_000).await.expect("query"),
        None,
        "expired"
    );

    let joined = vec![EventBody::Joined { side: Role::Black }];
    assert!(db
        .seat("g1", 1, "hash-b", 2, joined.clone())
        .await
        .expect("seated"));
    assert!(
        !other
            .seat("g1", 1, "hash-x", 3, joined)
            .await
            .expect("asked"),
        "a seat is taken once, whichever process asks"
    );
    assert_eq!(
        db.game_by_code("ABC123", 10).await.expect("query"),
        Some("g1".to_string()),
        "a used code still names its game"
    );

    db.append("g1", 3, moved(0, "c2-c3")).await.expect("stored");
    let taken = db
        .create(row("g3", "ABC123"), vec![])
        .await
        .expect_err("the code is taken");
    assert!(taken.is_taken(), "{taken}");
    let id_taken = db
        .create(row("g1", "ZZZ999"), vec![])
        .await
        .expect_err("the id is taken");
    assert!(id_taken.is_taken(), "{id_taken}");
    db.create(row("g3", "ABC124"), vec![])
        .await
        .expect("another code");
    let again = other
        .append("g1", 3, moved(0, "c2-c3"))
        .await
        .expect_err("a number is used once");
    assert!(again.is_taken(), "{again}");

    // Two processes racing for the same version (each has refereed the
    // same reply): exactly one stores it.
    let (a, b) = tokio::join!(
        db.append("g1", 4, moved(1, "c4xc2")),
        other.append("g1", 4, moved(1, "c4xc2")),
    );
    assert!(a.is_ok() != b.is_ok(), "one of the two wins: {a:?} / {b:?}");
    let lost = a.err().or(b.err()).expect("one loses");
    assert!(lost.is_taken(), "{lost}");

    let (loaded, room) = other.load("g1").await.expect("loads").expect("exists");
    assert_eq!(loaded.seats[1].as_deref(), Some("hash-b"));
    assert_eq!(loaded.code, Some(("ABC123".to_string(), 1_000)));
    assert_eq!(room.v, 4);
    assert_eq!(room.record(), "classic moves c2-c3 c4xc2");
    assert!(db.load("nope").await.expect("query").is_none());

    // A batch is all or nothing: its second event's number is taken.
    let batch = vec![
        EventBody::Moved {
            ply: 2,
            turn: "d2-c2".to_string(),
        };
        2
    ];
    assert!(db.append("g1", 4, batch).await.is_err());
    assert_eq!(db.load("g1").await.expect("loads").expect("exists").1.v, 4);

    // Stored events that do not replay are told apart from other failures.
    db.create(
        row("bad", "BAD000"),
        vec![EventBody::Joined { side: Role::White }],
    )
    .await
    .expect("created");
    db.append("bad", 2, moved(0, "a1-a5"))
        .await
        .expect("stored");
    assert!(matches!(db.load("bad").await, Err(StoreError::Corrupt(_))));

    // Expired codes are freed for new games; a live one stays.
    db.create(row("g4", "NEW111"), vec![])
        .await
        .expect("created");
    let mut fresh = row("g4b", "LIVE22");
    fresh.code = Some(("LIVE22".to_string(), 5_000));
    db.create(fresh, vec![]).await.expect("created");
    let freed = other.free_codes(2_000).await.expect("freed");
    assert_eq!(freed, 4, "g1, g3, bad and g4: every code due by then");
    assert_eq!(db.free_codes(2_000).await.expect("again"), 0);
    db.create(row("g5", "ABC123"), vec![])
        .await
        .expect("a freed code is drawn again");
    assert_eq!(
        db.game_by_code("ABC123", 10).await.expect("query"),
        Some("g5".to_string())
    );
    assert_eq!(
        db.game_by_code("LIVE22", 10).await.expect("query"),
        Some("g4b".to_string())
    );

    // Opened anew (the schema is there already), nothing is lost.
    let reopened = open(url).await;
    assert_eq!(
        reopened
            .load("g1")
            .await
            .expect("loads")
            .expect("exists")
            .1
            .v,
        4
    );
}

#[tokio::test]
async fn sqlite_keeps_games_and_their_events() {
    suite(&common::fresh_database()).await;
}

#[tokio::test]
async fn postgresql_keeps_games_and_their_events() {
    let postgres = Postgres::start();
    let url = postgres.database("games").await;
    suite(&url).await;
    // Several processes opening an empty database at once migrate it once.
    let url = postgres.database("fresh").await;
    let opened = futures_util::future::join_all((0..4).map(|_| {
        let url = url.clone();
        async move { Db::open(&url, BUSY).1.await }
    }))
    .await;
    for result in opened {
        result.expect("the task ends").expect("opens");
    }
}

#[tokio::test]
async fn a_database_that_cannot_be_reached_is_told() {
    let postgres = Postgres::start();
    // Once the server takes connections, a database it does not have.
    postgres.database("present").await;
    let url = postgres.url("missing");
    let (db, opening) = Db::open(&url, BUSY);
    let failed = opening
        .await
        .expect("the task ends")
        .expect_err("no such database");
    assert!(failed.to_string().contains("missing"), "{failed}");
    assert!(matches!(db.load("g1").await, Err(StoreError::Closed)));
}

/// Accounts and sessions, against the database at `url`.
async fn users_suite(url: &str) {
    use alquerque_server::accounts;
    use alquerque_server::accounts::users::User;
    let db = open(url).await;
    let other = open(url).await;
    let hash = accounts::hash_password("correct horse");
    let ana = User {
        key: accounts::name_key("Ana").expect("a name"),
        name: "Ana".into(),
        hash: hash.clone(),
        bot: false,
    };
    assert!(db.create_user(&ana, 100).await.expect("stored"));
    // The key is taken, whatever the case typed.
    let again = User {
        name: "ANA".into(),
        ..ana.clone()
    };
    assert!(!other.create_user(&again, 101).await.expect("answered"));
    let stored = other.user("ana").await.expect("read").expect("there");
    assert_eq!(stored, ana);
    // Only the hash is kept, and it verifies the password.
    assert!(!stored.hash.contains("correct horse"));
    assert!(accounts::verify_password("correct horse", &stored.hash));
    assert_eq!(db.user("nobody").await.expect("read"), None);

    // Sessions: found until they expire, ended one by one or all but one.
    for (token, expires) in [("s1", 1_000), ("s2", 2_000), ("s3", 2_000)] {
        assert!(db
            .add_session(token, "ana", &hash, expires)
            .await
            .expect("stored"));
    }
    assert_eq!(
        other
            .session_user("s1", 999)
            .await
            .expect("read")
            .as_deref(),
        Some("ana")
    );
    assert_eq!(
        other.session_user("s1", 1_000).await.expect("read"),
        None,
        "expired"
    );
    assert_eq!(db.forget_sessions(1_500).await.expect("forgotten"), 1);
    db.end_session("s3").await.expect("ended");
    assert_eq!(db.session_user("s3", 10).await.expect("read"), None);
    assert!(db
        .add_session("s4", "ana", &hash, 3_000)
        .await
        .expect("stored"));

    // A new password ends every other session, in the same step; a change
    // from a hash that is no longer current changes nothing.
    let new_hash = accounts::hash_password("battery staple");
    assert_eq!(
        db.change_hash("ana", &hash, &new_hash, Some("s4"))
            .await
            .expect("changed"),
        Some(1)
    );
    assert_eq!(
        db.change_hash("ana", &hash, "another", None)
            .await
            .expect("answered"),
        None
    );
    assert_eq!(
        db.change_hash("nobody", &hash, &new_hash, None)
            .await
            .expect("answered"),
        None
    );
    assert_eq!(db.session_user("s2", 10).await.expect("read"), None);
    assert_eq!(
        db.session_user("s4", 10).await.expect("read").as_deref(),
        Some("ana")
    );
    // A password change that leaves a session alive: a login that checked
    // the old password before the change gets no session after it.
    assert!(!other
        .add_session("late", "ana", &hash, 3_000)
        .await
        .expect("answered"));
    assert_eq!(db.session_user("late", 10).await.expect("read"), None);

    // The browsers Ana signed in from, remembered until they expire.
    db.remember_device("d1", "ana", 5_000)
        .await
        .expect("stored");
    other
        .remember_device("d1", "ana", 6_000)
        .await
        .expect("moved on");
    assert!(db.knows_device("d1", "ana", 5_500).await.expect("read"));
    assert!(!db.knows_device("d1", "ana", 6_000).await.expect("read"));
    assert!(!db.knows_device("d1", "bob", 10).await.expect("read"));
    assert!(!db.knows_device("d2", "ana", 10).await.expect("read"));
    db.remember_device("d3", "nobody", 5_000)
        .await
        .expect("answered");
    assert!(!db.knows_device("d3", "nobody", 10).await.expect("read"));
    db.remember_device("d4", "ana", 100).await.expect("stored");
    assert_eq!(db.forget_devices(100).await.expect("forgotten"), 1);

    // Deleting the account takes its sessions and devices with it.
    assert!(other.delete_user("ana").await.expect("deleted"));
    assert!(!db.knows_device("d1", "ana", 10).await.expect("read"));
    assert_eq!(db.user("ana").await.expect("read"), None);
    assert_eq!(db.session_user("s4", 10).await.expect("read"), None);
    assert!(!db.delete_user("ana").await.expect("answered"));
    // The name is free again.
    assert!(db.create_user(&again, 200).await.expect("stored"));
    // A deleted account's name, with a live session: a login that checked
    // the deleted account's password gets no session for the new owner.
    assert!(!other
        .add_session("stale", "ana", &new_hash, 3_000)
        .await
        .expect("answered"));
    assert_eq!(db.session_user("stale", 10).await.expect("read"), None);
    // Nor can any session name an account that does not exist.
    assert!(!db
        .add_session("ghost", "nobody", &hash, 3_000)
        .await
        .expect("answered"));
}

#[tokio::test]
async fn sqlite_keeps_accounts_and_sessions() {
    users_suite(&common::fresh_database()).await;
}

#[tokio::test]
async fn postgresql_keeps_accounts_and_sessions() {
    let postgres = Postgres::start();
    let url = postgres.database("accounts").await;
    users_suite(&url).await;
}

/// `tests/data/four-steps.db` was made by the server as it was before its
/// schema moved into migration files (four steps): an account signed in,
/// and a Turkish game at 3+2 created. Opened now, it is migrated to the
/// last step with nothing lost.
#[tokio::test]
async fn a_database_made_before_the_migration_files_opens_and_migrates() {
    let dir = std::env::temp_dir().join(format!("alq-four-steps-{}", common::rand_suffix()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("games.db");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/four-steps.db"),
        &path,
    )
    .expect("a copy");
    let url = path.to_string_lossy().into_owned();
    let db = open(&url).await;
    // The account, its session and the game are all there.
    let ana = db.user("ana").await.expect("read").expect("Ana");
    assert_eq!(ana.name, "Ana");
    assert!(alquerque_server::accounts::verify_password(
        "correct horse",
        &ana.hash
    ));
    let (row, room) = db
        .load("5w4cte3ivx")
        .await
        .expect("read")
        .expect("the game");
    assert_eq!(
        (row.header.as_str(), row.clock.as_deref()),
        ("turkish", Some("3+2"))
    );
    assert_eq!(room.v, 1);
    drop(db);
    let sqlite = rusqlite::Connection::open(&path).expect("opens");
    let count = |sql: &str| -> i64 { sqlite.query_row(sql, [], |r| r.get(0)).expect("a count") };
    assert_eq!(
        count("SELECT count(*) FROM sessions WHERE user_key = 'ana'"),
        1
    );
    // Every step applied, the new tables there.
    assert_eq!(count("PRAGMA user_version"), steps_in("sqlite"));
    assert_eq!(count("SELECT count(*) FROM devices"), 0);
    assert_eq!(count("SELECT count(*) FROM abandons"), 0);
    // And the sessions now die with their account.
    sqlite
        .execute_batch("PRAGMA foreign_keys = ON; DELETE FROM users WHERE key = 'ana';")
        .expect("deleted");
    assert_eq!(count("SELECT count(*) FROM sessions"), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PostgreSQL database that had the first four steps (as the server made
/// them before its schema moved into files) migrates on, its data kept.
#[tokio::test]
async fn a_postgresql_database_of_four_steps_migrates_on() {
    let postgres = Postgres::start();
    let url = postgres.database("four_steps").await;
    let client = Postgres::client(&url).await;
    client
        .batch_execute(include_str!("../migrations/postgres/steps_had.sql"))
        .await
        .expect("the record");
    for (step, sql) in [
        include_str!("../migrations/postgres/0001_games.sql"),
        include_str!("../migrations/postgres/0002_accounts.sql"),
        include_str!("../migrations/postgres/0003_clocks.sql"),
        include_str!("../migrations/postgres/0004_lobby.sql"),
    ]
    .into_iter()
    .enumerate()
    {
        client.batch_execute(sql).await.expect("a step");
        client
            .execute(
                "INSERT INTO schema_migrations (step) VALUES ($1)",
                &[&(step as i32 + 1)],
            )
            .await
            .expect("recorded");
    }
    client
        .batch_execute(
            "INSERT INTO users (key, name, hash, created) VALUES ('ana', 'Ana', 'h', 1);
             INSERT INTO sessions (token, user_key, expires) VALUES ('s', 'ana', 99);",
        )
        .await
        .expect("data");
    let db = open(&url).await;
    assert_eq!(
        db.user("ana").await.expect("read").expect("Ana").name,
        "Ana"
    );
    assert_eq!(
        db.session_user("s", 10).await.expect("read").as_deref(),
        Some("ana")
    );
    let steps: i64 = client
        .query_one("SELECT count(*) FROM schema_migrations", &[])
        .await
        .expect("a count")
        .get(0);
    assert_eq!(steps, steps_in("postgres"));
    db.remember_device("d", "ana", 50)
        .await
        .expect("the new table");
    assert!(db.knows_device("d", "ana", 10).await.expect("read"));
}

/// The migration steps there are for `database` (`sqlite`, `postgres`):
/// the numbered files in `migrations/<database>/`.
fn steps_in(database: &str) -> i64 {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(database);
    std::fs::read_dir(dir)
        .expect("the migrations")
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(".sql") && name.starts_with(|c: char| c.is_ascii_digit())
        })
        .count() as i64
}
