//! `alquerque-server [--addr 127.0.0.1:8080] [--db alquerque.db] [--site dist]
//! [--origin https://games.example]... [--claim-after 60] [--per-minute 30]`:
//! online play, and the web app's files when `--site` names them.

use std::process::ExitCode;

/// Reads the command line into a configuration, or says what is wrong.
fn configure() -> Result<alquerque_server::Config, String> {
    fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        value.parse().map_err(|e| format!("{flag} {value}: {e}"))
    }
    let mut config = alquerque_server::Config::new(([127, 0, 0, 1], 8080).into(), "alquerque.db");
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--addr" => config.addr = number(&flag, &value)?,
            "--db" => config.database = value,
            "--site" => config.site = Some(value.into()),
            "--origin" => config.origins.push(value),
            "--claim-after" => {
                config.claim_after = std::time::Duration::from_secs(number(&flag, &value)?)
            }
            "--per-minute" => config.per_minute = number(&flag, &value)?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(config)
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match configure() {
        Ok(config) => config,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(2);
        }
    };
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
