//! `alquerque-tables [men]`: computes Classic's endgame tables up to `men`
//! men (4 unless told) and prints, per material, the wins, losses and draws
//! of the side to move and the longest win, then the time and the peak
//! memory taken.

use std::time::Instant;

use alquerque_tables::{Summary, Tables};

fn main() {
    let men: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 4,
        Some(Ok(men)) if (2..=8).contains(&men) => men,
        Some(_) => {
            eprintln!("alquerque-tables: give the number of men, 2 to 8");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let tables = Tables::generate(men);
    let seconds = start.elapsed().as_secs_f64();
    println!("material  positions      wins    losses     draws  longest win");
    for Summary {
        white,
        black,
        positions,
        wins,
        losses,
        draws,
        longest_win,
    } in tables.summary()
    {
        println!(
            "{white}v{black}      {positions:>10} {wins:>9} {losses:>9} {draws:>9}  {longest_win} plies"
        );
    }
    println!(
        "{} positions in {seconds:.1} s, peak memory {}",
        tables.len(),
        peak_memory().unwrap_or_else(|| "unknown".to_string())
    );
}

/// The process's peak resident memory, as Linux reports it.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}
