//! The web app's files: the compressed copy the browser can take, the
//! plain file otherwise, and caching by whether a name carries a hash.

mod common;

use std::path::PathBuf;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A site with a hashed module and the page, each with distinct `.br` and
/// `.gz` copies (their contents say which copy was sent).
fn site() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "alq-site-{}-{}",
        std::process::id(),
        common::rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("a directory");
    for (name, body) in [
        ("app-0123456789abcdef_bg.wasm", "plain wasm"),
        ("app-0123456789abcdef_bg.wasm.br", "brotli wasm"),
        ("app-0123456789abcdef_bg.wasm.gz", "gzip wasm"),
        ("index.html", "plain page"),
        ("index.html.br", "brotli page"),
        ("index.html.gz", "gzip page"),
        ("sw.js", "plain worker"),
    ] {
        std::fs::write(dir.join(name), body).expect("a file");
    }
    dir
}

/// Sends a GET with `accept` as Accept-Encoding; the response's head
/// (lower-cased) and body.
async fn get(addr: std::net::SocketAddr, path: &str, accept: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("reads");
    let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
    (head.to_ascii_lowercase(), body.to_string())
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

#[tokio::test]
async fn files_go_compressed_as_the_browser_allows_and_cached_by_name() {
    let mut config =
        alquerque_server::Config::new(([127, 0, 0, 1], 0).into(), &common::fresh_database());
    config.site = Some(site());
    let (addr, _serving) = alquerque_server::serve(config).await.expect("serves");

    let wasm = "/app-0123456789abcdef_bg.wasm";
    for (accept, encoding, body) in [
        ("gzip, deflate, br, zstd", Some("br"), "brotli wasm"),
        ("gzip", Some("gzip"), "gzip wasm"),
        ("identity", None, "plain wasm"),
    ] {
        let (head, got) = get(addr, wasm, accept).await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert_eq!(
            header(&head, "content-encoding"),
            encoding,
            "{accept}: {head}"
        );
        assert_eq!(got, body, "{accept}");
        assert_eq!(header(&head, "content-type"), Some("application/wasm"));
        assert_eq!(
            header(&head, "cache-control"),
            Some(alquerque_server::http::site::IMMUTABLE),
            "{head}"
        );
        assert!(header(&head, "vary").is_some_and(|v| v.contains("accept-encoding")));
    }

    // The page is revalidated, whichever way it is asked for.
    for path in ["/", "/index.html"] {
        let (head, body) = get(addr, path, "br").await;
        assert_eq!(body, "brotli page", "{path}");
        assert_eq!(header(&head, "cache-control"), Some("no-cache"), "{path}");
    }
    // A file with no compressed copy goes plain.
    let (head, body) = get(addr, "/sw.js", "br, gzip").await;
    assert_eq!(body, "plain worker");
    assert_eq!(header(&head, "content-encoding"), None);
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    // A missing file is not cached as if it were there.
    let (head, _) = get(addr, "/app-fedcba9876543210_bg.wasm", "br").await;
    assert!(head.starts_with("http/1.1 404"), "{head}");
    assert_eq!(header(&head, "cache-control"), None);
}
