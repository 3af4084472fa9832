//! The command-line contract other tools rely on: exact output shapes and
//! exit codes.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alquerque"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs the binary with `input` on its standard input.
fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_alquerque"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("written");
    child.wait_with_output().expect("finished")
}

fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn perft_prints_one_line_per_depth() {
    assert_eq!(
        stdout(&["perft", "classic", "4"]),
        "perft 1 4\nperft 2 5\nperft 3 6\nperft 4 12\n"
    );
    assert_eq!(stdout(&["perft", "special", "2"]), "perft 1 2\nperft 2 3\n");
}

#[test]
fn perft_from_moves_and_divide() {
    // After c2-c3 Black's only move is the capture c4xc2.
    assert_eq!(
        stdout(&["perft", "qirkat", "1", "--moves", "c2-c3"]),
        "perft 1 1\n"
    );
    let divided = stdout(&["perft", "classic", "2", "--divide"]);
    let mut lines = divided.lines();
    let first: Vec<&str> = lines.by_ref().take_while(|l| !l.is_empty()).collect();
    assert_eq!(first, ["b2-c3: 1", "c2-c3: 1", "d2-c3: 2", "d3-c3: 1"]);
    assert_eq!(lines.collect::<Vec<_>>(), ["perft 1 4", "perft 2 5"]);
}

#[test]
fn paths_count_every_capture_path() {
    // White a1 against a2, b1, b2, b3: three moves reached by five paths.
    let position = ["--position", "5/5/1b3/bb3/wb3 w"];
    let distinct = stdout(&[&["perft", "classic", "1"][..], &position].concat());
    let paths = stdout(&[&["perft", "classic", "1", "--paths"][..], &position].concat());
    assert_eq!(distinct, "perft 1 3\n");
    assert_eq!(paths, "perft 1 5\n");
}

#[test]
fn moves_lists_sorted_turns_with_huffs() {
    assert_eq!(
        stdout(&["moves", "special", "--moves", "d3-c3 d4-d3"]),
        "d2xd4\nh:b3 b2-b3\nh:b3 c3-b3\nh:b3 d2xd4\n"
    );
    // Every listed turn is accepted back by --moves.
    for turn in stdout(&["moves", "classic"]).lines() {
        let after = run(&["moves", "classic", "--moves", turn]);
        assert!(after.status.success(), "{turn}");
    }
}

#[test]
fn options_change_the_rules() {
    // A man that has just stepped from d3 to c3 may not step straight back
    // under the no-return rule; with the rule off, it may.
    let with = stdout(&["moves", "qirkat", "--position", "4b/5/2w2/5/5 w c3<d3 - 0"]);
    assert!(!with.lines().any(|l| l == "c3-d3"));
    let without = stdout(&[
        "moves",
        "qirkat",
        "--option",
        "no_return=off",
        "--position",
        "4b/5/2w2/5/5 w - - 0",
    ]);
    assert!(without.lines().any(|l| l == "c3-d3"));
}

#[test]
fn turkish_reproduces_the_published_counts_with_its_option() {
    assert_eq!(
        stdout(&[
            "perft",
            "turkish",
            "5",
            "--paths",
            "--option",
            "queen_lands=any"
        ]),
        "perft 1 8\nperft 2 64\nperft 3 708\nperft 4 7538\nperft 5 85090\n"
    );
    let moves = stdout(&["moves", "turkish"]);
    assert_eq!(moves.lines().count(), 8);
    assert!(moves.lines().all(|l| l.ends_with('4') && l.contains("3-")));
}

#[test]
fn bench_prints_a_row_per_game() {
    let out = stdout(&["bench", "--depth", "3"]);
    for game in [
        "classic",
        "special",
        "qirkat",
        "bell",
        "turkish",
        "chesquerque",
        "all",
    ] {
        assert!(out.lines().any(|l| l.starts_with(game)), "{game} in {out}");
    }
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    for args in [
        &["perft", "chess", "2"][..],
        &["perft", "classic", "x"],
        &["perft", "classic"],
        &["moves", "classic", "--moves", "c2-c4"],
        &["moves", "classic", "--position", "9/9 w"],
        &["moves", "classic", "--option", "no_return=off"],
        &["moves", "classic", "--bogus", "1"],
        &["frobnicate"],
        &[],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("alquerque: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn chesquerque_moves_perft_and_san() {
    let moves = stdout(&["moves", "chesquerque"]);
    assert_eq!(
        moves.lines().count(),
        18,
        "nine pawns, one or two points each"
    );
    assert!(moves.lines().any(|l| l == "e2e4"));
    let san = stdout(&["moves", "chesquerque", "--san", "--moves", "e2e4 e8e6"]);
    assert!(san.lines().any(|l| l == "e5"), "{san}");
    assert_eq!(
        stdout(&["perft", "chesquerque", "2"]),
        "perft 1 18\nperft 2 324\n"
    );
    assert_eq!(
        stdout(&["position", "chesquerque", "--moves", "e2e4"]),
        "rnbqkabnr/ppppppppp/9/9/9/4P4/9/PPPP1PPPP/RNBQKABNR b KQkq - 0 1\n"
    );
    let bad = run(&["moves", "chesquerque", "--moves", "e2e5"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn search_names_a_legal_best_turn() {
    let out = stdout(&[
        "search",
        "classic",
        "--position",
        "5/5/2w2/2b2/5 w",
        "--depth",
        "3",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "best c3xc1");
    assert_eq!(lines[1], "score win in 1");
    let out = stdout(&["search", "turkish", "--nodes", "5000"]);
    let best = out
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("best "))
        .expect("a best turn");
    assert!(
        stdout(&["moves", "turkish"]).lines().any(|l| l == best),
        "{best}"
    );
}

#[test]
fn search_finds_a_chesquerque_mate() {
    let out = stdout(&[
        "search",
        "chesquerque",
        "--position",
        "k8/9/2K6/9/9/1Q7/9/9/9 w - - 0 1",
        "--san",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "best Qb8#");
    assert_eq!(lines[1], "score win in 1");
}

#[test]
fn play_in_the_terminal_and_a_match_between_levels() {
    let out = run_with_input(
        &["play", "classic", "--level", "beginner"],
        b"c2-c4\nc2-c3\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.contains("not legal"),
        "an illegal move is refused: {text}"
    );
    // After c2-c3 Black's only move is c4xc2.
    assert!(text.contains("computer (beginner): c4xc2"), "{text}");

    let out = stdout(&[
        "match", "turkish", "--a", "easy", "--b", "beginner", "--games", "2",
    ]);
    assert!(out.starts_with("turkish: easy "), "{out}");
    assert!(out.contains("draws"), "{out}");
}

/// `match --records` prints each game as it ends; its turns, replayed, reach
/// the final position it prints.
#[test]
fn match_records_replay_to_their_final_positions() {
    let out = stdout(&[
        "match",
        "classic",
        "--a",
        "easy",
        "--b",
        "beginner",
        "--games",
        "2",
        "--records",
    ]);
    let records: Vec<&str> = out.lines().filter(|l| l.starts_with("  a as ")).collect();
    assert_eq!(records.len(), 2, "{out}");
    assert!(records[0].starts_with("  a as White: "), "{out}");
    assert!(records[1].starts_with("  a as Black: "), "{out}");
    for record in records {
        // "  a as White: <result> in <position>: <turns>"
        let (_, rest) = record.split_once(" in ").expect("a position");
        let (position, turns) = rest.split_once(": ").expect("the turns");
        assert!(!turns.is_empty(), "{record}");
        let reached = stdout(&["position", "classic", "--moves", turns]);
        assert_eq!(reached.trim(), position, "{record}");
    }
}

#[test]
fn the_engine_protocol_answers_and_plays_matches() {
    let out = run_with_input(
        &["engine", "--level", "hard"],
        b"position special moves d3-c3 d4-d3\ngo\nposition nonsense\ngo\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let turn = lines[0].strip_prefix("bestmove ").expect("a move");
    let legal = stdout(&["moves", "special", "--moves", "d3-c3 d4-d3"]);
    assert!(legal.lines().any(|l| l == turn), "{turn} is legal");
    assert!(lines[1].starts_with("error "), "{text}");

    let program = format!("{} engine --level easy", env!("CARGO_BIN_EXE_alquerque"));
    let out = stdout(&[
        "match", "qirkat", "--a", &program, "--b", "beginner", "--games", "2",
    ]);
    assert!(out.starts_with("qirkat: "), "{out}");
    assert!(out.contains("beginner"), "{out}");
}

/// `moves`, `perft` and `search` look at the game `--moves` reach: once a
/// third repetition has drawn it, there is no turn to list or count.
#[test]
fn a_game_drawn_by_repetition_has_no_moves() {
    let start = ["--position", "4b/5/5/5/w4 w"];
    let line = "a1-b1 e5-d5 b1-a1 d5-e5 a1-b1 e5-d5 b1-a1";
    let before = stdout(&[&["moves", "classic", "--moves", line][..], &start].concat());
    assert!(before.lines().any(|l| l == "d5-e5"), "{before}");
    let drawn = format!("{line} d5-e5");
    let moves = stdout(&[&["moves", "classic", "--moves", &drawn][..], &start].concat());
    assert_eq!(moves, "# game over: threefold repetition\n");
    let perft = stdout(&[&["perft", "classic", "2", "--moves", &drawn][..], &start].concat());
    assert_eq!(perft, "perft 1 0\nperft 2 0\n");
    let search = stdout(&[&["search", "classic", "--moves", &drawn][..], &start].concat());
    assert_eq!(search, "# game over: threefold repetition\n");
    // A turn after the end is refused.
    let after = run(&[
        &["moves", "classic", "--moves", &format!("{drawn} a1-b1")][..],
        &start,
    ]
    .concat());
    assert_eq!(after.status.code(), Some(2));
}

#[test]
fn every_command_has_help() {
    for command in [
        "perft", "moves", "position", "search", "play", "match", "engine", "bench",
    ] {
        let out = stdout(&[command, "--help"]);
        assert!(out.contains("Usage: alquerque"), "{command}: {out}");
    }
    assert!(stdout(&["--help"]).contains("perft"));
}
