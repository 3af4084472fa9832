//! Turkish draughts perft, this engine against kish, on the same positions in
//! one run, both counting every capture path, in two ways: every leaf played
//! by both, and the last ply counted in bulk from the move list by both (kish's
//! own `perft` function). The counts must agree, which also checks both move
//! generators.
//!
//! Run with `scripts/bench.sh` or
//! `cargo bench --manifest-path benches/kish/Cargo.toml`.

use std::hint::black_box;
use std::time::Instant;

use engine::{Chains, Perft, Position, Side};
use kish::{Action, Board, State, Team};
use turkish_vs_kish::positions;

/// The same position as a kish board (both number squares rank by rank from a1).
fn to_kish(p: &Position<u64>) -> Board {
    let pieces = [p.pieces(Side::White), p.pieces(Side::Black)];
    let kings = p.kings(Side::White) | p.kings(Side::Black);
    let turn = match p.side_to_move() {
        Side::White => Team::White,
        Side::Black => Team::Black,
    };
    Board::new(turn, State::new(pieces, kings))
}

/// kish's move generation and moves, every leaf played, as ours.
fn kish_perft(board: &Board, depth: usize, lists: &mut [Vec<Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, deeper) = lists.split_first_mut().expect("a list per depth");
    board.actions_into(list);
    let mut nodes = 0;
    for action in list.iter() {
        let mut next = board.apply(action);
        next.swap_turn_();
        nodes += if depth == 1 {
            black_box(next);
            1
        } else {
            kish_perft(&next, depth - 1, deeper)
        };
    }
    nodes
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, f64) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed().as_secs_f64());
        out = Some(value);
    }
    (out.expect("at least one run"), best)
}

fn main() {
    let positions = positions(5);
    println!(
        "{:<8} {:>5} {:>12} | {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9}",
        "position",
        "depth",
        "nodes",
        "ours n/s",
        "kish n/s",
        "ours/kish",
        "ours bulk",
        "kish bulk",
        "ours/kish"
    );
    println!("{:<28} | every leaf played{:<13}| last ply counted in bulk", "", "");
    let (mut ours_total, mut kish_total, mut nodes_total) = (0.0, 0.0, 0u64);
    let (mut ours_bulk_total, mut kish_bulk_total) = (0.0, 0.0);
    for (i, position) in positions.iter().enumerate() {
        // From the start to depth 8, where the published count is 123 290 300.
        let depth = if i == 0 { 8 } else { 5 };
        // The small trees take milliseconds: more runs steady their best.
        let runs = if i == 0 { 3 } else { 25 };
        let board = to_kish(position);
        let (ours, ours_time) = best_of(runs, || {
            Perft::new(Chains::EveryPath).count(position, depth as u32)
        });
        let mut lists = vec![Vec::with_capacity(64); depth];
        let (theirs, kish_time) = best_of(runs, || kish_perft(&board, depth, &mut lists));
        assert_eq!(ours, theirs, "position {i}: {position}");
        let (ours_bulk, ours_bulk_time) = best_of(runs, || {
            Perft::new(Chains::EveryPath)
                .bulk(true)
                .count(position, depth as u32)
        });
        let (theirs_bulk, bulk_time) = best_of(runs, || board.perft(depth as u64));
        assert_eq!(ours_bulk, ours, "position {i}: {position}");
        assert_eq!(theirs_bulk as u64, ours, "position {i}: {position}");
        let name = if i == 0 { "start".to_string() } else { format!("mid{i}") };
        println!(
            "{:<8} {:>5} {:>12} | {:>8.1}M {:>8.1}M {:>9.2} | {:>8.1}M {:>8.1}M {:>9.2}",
            name,
            depth,
            ours,
            ours as f64 / ours_time / 1e6,
            ours as f64 / kish_time / 1e6,
            kish_time / ours_time,
            ours as f64 / ours_bulk_time / 1e6,
            ours as f64 / bulk_time / 1e6,
            bulk_time / ours_bulk_time,
        );
        ours_total += ours_time;
        kish_total += kish_time;
        ours_bulk_total += ours_bulk_time;
        kish_bulk_total += bulk_time;
        nodes_total += ours;
    }
    let n = nodes_total as f64;
    println!(
        "{:<8} {:>5} {:>12} | {:>8.1}M {:>8.1}M {:>9.2} | {:>8.1}M {:>8.1}M {:>9.2}",
        "all",
        "",
        nodes_total,
        n / ours_total / 1e6,
        n / kish_total / 1e6,
        kish_total / ours_total,
        n / ours_bulk_total / 1e6,
        n / kish_bulk_total / 1e6,
        kish_bulk_total / ours_bulk_total
    );
}
