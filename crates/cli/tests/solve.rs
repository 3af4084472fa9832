//! `alquerque solve`: both sides' results, and the proof files it writes,
//! a win under the name given and a refutation beside it.

mod common;

use common::{run, text};

#[test]
fn solve_writes_a_win_and_each_refutation_where_it_says() {
    let dir = std::env::temp_dir().join(format!("alquerque-cli-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let proof = dir.join("ending.proof");
    let proof_text = proof.to_str().expect("a path in UTF-8");
    let no_tables = dir.join("no-tables");
    let no_tables = no_tables.to_str().expect("a path in UTF-8");

    // Two lone men in Classic: neither side can force a win.
    let drawn = run(&[
        "solve",
        "classic",
        "--position",
        "2b2/5/5/5/2w2 w - - 0",
        "--tables",
        no_tables,
        "--proof",
        proof_text,
    ]);
    assert!(drawn.status.success(), "{}", text(&drawn.stderr));
    let report = text(&drawn.stdout);
    assert!(
        report.contains("White cannot force a win") && report.contains("Black cannot force a win"),
        "{report}"
    );
    for side in ["white", "black"] {
        let file = dir.join(format!("ending.no-{side}-win.proof"));
        let written = std::fs::read_to_string(&file).expect("a refutation");
        assert!(written.contains("claim\tno win"), "{written}");
    }
    assert!(!proof.exists(), "no win, so no win's proof");

    // Qirkat: White takes the last man at once.
    let won = run(&[
        "solve",
        "qirkat",
        "--position",
        "5/5/5/1b3/1w3 w - - 0",
        "--tables",
        no_tables,
        "--proof",
        proof_text,
    ]);
    assert!(won.status.success(), "{}", text(&won.stderr));
    assert!(
        text(&won.stdout).starts_with("White wins"),
        "{}",
        text(&won.stdout)
    );
    let written = std::fs::read_to_string(&proof).expect("a proof");
    assert!(written.contains("claim\twin"), "{written}");

    // Turkish is not covered, and says so.
    let refused = run(&["solve", "turkish"]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("classic, qirkat and bell"),
        "{}",
        text(&refused.stderr)
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}
