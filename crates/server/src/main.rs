//! `alquerque-server [--addr 127.0.0.1:8080] [--db alquerque.db] [--site dist]
//! [--origin https://games.example]... [--claim-after 60] [--per-minute 30]`:
//! online play, and the web app's files when `--site` names them.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let mut config = alquerque_server::Config::new(([127, 0, 0, 1], 8080).into(), "alquerque.db");
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let Some(value) = args.next() else {
            eprintln!("{flag} needs a value");
            return ExitCode::from(2);
        };
        match flag.as_str() {
            "--addr" => match value.parse() {
                Ok(addr) => config.addr = addr,
                Err(e) => {
                    eprintln!("--addr {value}: {e}");
                    return ExitCode::from(2);
                }
            },
            "--db" => config.database = value,
            "--site" => config.site = Some(value.into()),
            "--origin" => config.origins.push(value),
            "--claim-after" => match value.parse() {
                Ok(seconds) => config.claim_after = std::time::Duration::from_secs(seconds),
                Err(e) => {
                    eprintln!("--claim-after {value}: {e}");
                    return ExitCode::from(2);
                }
            },
            "--per-minute" => match value.parse() {
                Ok(n) => config.per_minute = n,
                Err(e) => {
                    eprintln!("--per-minute {value}: {e}");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("unknown option {other}");
                return ExitCode::from(2);
            }
        }
    }
    match alquerque_server::serve(config).await {
        Ok((addr, handle)) => {
            alquerque_server::web::log("info", "listening", &[("addr", &addr.to_string())]);
            let _ = handle.await;
            alquerque_server::web::log("info", "stopped", &[]);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot start: {e}");
            ExitCode::FAILURE
        }
    }
}
