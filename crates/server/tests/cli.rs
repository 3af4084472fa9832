//! The server's command line: help, and exit status 2 on bad usage.

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_alquerque-server"))
        .args(args)
        .output()
        .expect("the server runs")
}

#[test]
fn help_lists_the_options_and_bad_usage_exits_with_2() {
    let help = run(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8_lossy(&help.stdout);
    for option in [
        "--addr",
        "--db",
        "--site",
        "--origin",
        "--claim-after",
        "--per-minute",
        "--busy-timeout",
    ] {
        assert!(text.contains(option), "{option} in {text}");
    }
    for bad in [
        &["--bogus"][..],
        &["--per-minute"],
        &["--per-minute", "0"],
        &["--addr", "nowhere"],
        &["--claim-after", "-1"],
    ] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(!out.stderr.is_empty(), "{bad:?} says what is wrong");
    }
}

#[test]
fn a_schedule_with_mistakes_is_refused_at_start_with_every_reason() {
    let path = std::env::temp_dir().join(format!("bad-schedule-{}.toml", std::process::id()));
    std::fs::write(
        &path,
        "[[arena]]\nname = \"Nightly\"\ngame = \"chess\"\nclock = \"3+2\"\nminutes = 30\n\
         every = \"day\"\nat = \"25:00\"\n",
    )
    .expect("writes");
    let out = run(&[
        "--db",
        ":memory:",
        "--tournaments",
        path.to_str().expect("a path"),
    ]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("\"Nightly\"") && said.contains("chess"),
        "{said}"
    );
    assert!(said.contains("25:00"), "{said}");
    let missing = run(&[
        "--db",
        ":memory:",
        "--tournaments",
        "/nonexistent/schedule.toml",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let _ = std::fs::remove_file(path);
}
