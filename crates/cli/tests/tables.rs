//! `alquerque tables` and `alquerque probe`: tables built, written, read
//! back and asked, checked against the search on the same positions.

mod common;

use common::{run, text};

#[test]
fn built_tables_answer_as_the_search_does_and_say_what_they_cannot() {
    let dir = std::env::temp_dir().join(format!("alquerque-cli-tables-{}", std::process::id()));
    let dir_text = dir.to_str().expect("a path in UTF-8");
    let built = run(&["tables", "qirkat", "3", "--dir", dir_text]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let report = text(&built.stdout);
    // Per material, per number of men, and the whole: time and memory.
    assert!(
        report.contains("2v1") && report.contains("longest win"),
        "{report}"
    );
    assert!(
        report.contains("peak memory") && report.contains("3 files"),
        "{report}"
    );

    let mut checked = 0;
    for position in [
        "5/5/2b2/1w3/2w2 b - - 0",
        "5/5/2b2/1w3/2w2 w - - 0",
        "5/1b3/5/3w1/w4 w - - 0",
        "5/1b3/5/3w1/w4 b - - 0",
        "2b2/5/5/5/1w1w1 b - - 0",
    ] {
        let probe = run(&["probe", "qirkat", "--position", position, "--dir", dir_text]);
        assert!(
            probe.status.success(),
            "{position}: {}",
            text(&probe.stderr)
        );
        let value = text(&probe.stdout);
        assert!(
            value == "draw" || value.starts_with("win in ") || value.starts_with("loss in "),
            "{value}"
        );
        // The search to the end says the same where it proves a result.
        let search = run(&["search", "qirkat", "--position", position, "--depth", "30"]);
        let search = text(&search.stdout);
        let score = search
            .lines()
            .find_map(|l| l.strip_prefix("score "))
            .expect("a score");
        if score.starts_with("win") || score.starts_with("loss") {
            assert_eq!(score, value, "{position}");
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked}");

    // What the tables cannot answer is said, and the exit code tells.
    for (args, says) in [
        (vec!["probe", "qirkat"], "more than the qirkat tables"),
        (vec!["probe", "bell"], "bell-1v1.tbl is missing"),
        (vec!["probe", "turkish"], "no endgame tables of turkish"),
        (
            vec!["tables", "chesquerque", "3"],
            "no endgame tables of chesquerque",
        ),
    ] {
        let mut args = args.clone();
        args.extend(["--dir", dir_text]);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).expect("removed");
}
