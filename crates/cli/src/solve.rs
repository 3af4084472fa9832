//! `alquerque solve`: proof-number search for who wins the game reached
//! (`alquerque_solver`), resumable from a checkpoint, writing the proof.

use std::path::Path;
use std::time::Instant;

use alquerque_solver::{Numbers, Solver, Status};
use engine::{AnyGame, GameKind, Position, Small};

use crate::command::SolveArgs;

pub fn run(args: &SolveArgs) -> Result<(), String> {
    let GameKind::Draughts(kind) = args.game.game.0 else {
        return Err("the solver covers classic, qirkat and bell".to_string());
    };
    let AnyGame::Alquerque(game) = crate::inspect::game(&args.game)? else {
        return Err("the solver covers classic, qirkat and bell".to_string());
    };
    let root = *game.position();
    let tables = crate::tables::load_all(kind, &args.tables).ok();
    let men = tables.as_ref().map_or(0, |t| t.max_men());
    let sides = match args.attacker {
        Some(side) => vec![side],
        None => vec![root.side_to_move(), root.side_to_move().other()],
    };
    for attacker in sides {
        let start = Instant::now();
        let mut solver =
            Solver::new(kind, attacker, tables.as_deref()).map_err(|e| e.to_string())?;
        let checkpoint = args.checkpoint.as_ref().map(|path| {
            path.with_extension(format!("{}.checkpoint", attacker.name().to_lowercase()))
        });
        if let Some(path) = checkpoint.as_deref().filter(|p| p.exists()) {
            solver.resume(&root, path)?;
            say!(
                "resumed from {} ({} positions)",
                path.display(),
                solver.stored()
            );
        }
        let status = solver.run(&root, args.nodes);
        let seconds = start.elapsed().as_secs_f64();
        let figures = format!(
            "{} positions expanded in all, {} kept; {seconds:.1} s this run; tables up to {men} men",
            solver.nodes(),
            solver.stored()
        );
        let name = attacker.name();
        match status {
            Status::Proven => {
                say!("{name} wins ({figures})");
                if let Some(path) = &args.proof {
                    write_proof(&solver, &root, path)?;
                }
            }
            Status::Disproven => {
                say!("{name} cannot force a win ({figures})");
                if let Some(path) = &args.proof {
                    write_proof(&solver, &root, &refutation_path(path, attacker))?;
                }
            }
            Status::Open(Numbers { proof, disproof }) => {
                say!(
                    "open for {name}: proof number {proof}, disproof number {disproof} ({figures})"
                )
            }
        }
        if let Some(path) = &checkpoint {
            solver
                .save(&root, path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        if status != Status::Disproven {
            break;
        }
    }
    Ok(())
}

/// Where a refutation goes: `classic-start.proof.gz` for White becomes
/// `classic-start.no-white-win.proof.gz`, so it stands beside the other
/// side's result.
fn refutation_path(path: &Path, attacker: engine::Side) -> std::path::PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let side = format!(".no-{}-win", attacker.name().to_lowercase());
    let renamed = match name.find(".proof") {
        Some(at) => format!("{}{side}{}", &name[..at], &name[at..]),
        None => format!("{name}{side}"),
    };
    path.with_file_name(renamed)
}

fn write_proof(solver: &Solver, root: &Position<Small>, path: &Path) -> Result<(), String> {
    let proof = solver.proof(root)?;
    let bytes = if path.extension().is_some_and(|e| e == "gz") {
        use std::io::Write as _;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(proof.text.as_bytes())
            .and_then(|()| gz.finish())
            .map_err(|e| format!("cannot compress the proof: {e}"))?
    } else {
        proof.text.into_bytes()
    };
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    say!(
        "proof: {} positions, a chosen move in {} of them, written to {}",
        proof.positions,
        proof.moves,
        path.display()
    );
    Ok(())
}
