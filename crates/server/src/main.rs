//! `alquerque-server [--addr 127.0.0.1:8080] [--db alquerque.db] [--site dist]
//! [--origin https://games.example]...`: online play, and the web app's
//! files when `--site` names them.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let mut config = alquerque_server::Config {
        addr: ([127, 0, 0, 1], 8080).into(),
        database: "alquerque.db".to_string(),
        site: None,
        origins: Vec::new(),
    };
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
            other => {
                eprintln!("unknown option {other}");
                return ExitCode::from(2);
            }
        }
    }
    match alquerque_server::serve(config).await {
        Ok((addr, handle)) => {
            println!("{{\"level\":\"info\",\"msg\":\"listening\",\"addr\":\"{addr}\"}}");
            let _ = handle.await;
            println!("{{\"level\":\"info\",\"msg\":\"stopped\"}}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot start: {e}");
            ExitCode::FAILURE
        }
    }
}
