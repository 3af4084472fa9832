//! The web app's files: sent compressed when the browser takes it (brotli,
//! else gzip, from the `.br` and `.gz` copies the build writes next to each
//! file, so nothing is compressed per request), with caching that suits
//! each file. A file whose name carries a content hash never changes, so
//! browsers keep it for a year without asking; every other file (the page,
//! the service worker, the manifest, the rule book) is checked with the
//! server each time it is used.

use std::path::Path;

use axum::extract::Request;
use axum::http::header::{CACHE_CONTROL, VARY};
use axum::http::HeaderValue;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use tower_http::services::ServeDir;

/// For files named by their contents.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// For everything else: use it, but ask first.
pub const REVALIDATE: &str = "no-cache";

/// Serves the files under `dir`.
pub fn router(dir: &Path) -> Router {
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(caching))
}

/// Whether a file's name carries a content hash: Trunk's `name-<hex>.ext`
/// and `name-<hex>_bg.wasm`, and the build's `ai-worker-<hex>…`.
pub fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    let stem = stem
        .strip_suffix("_bg")
        .or_else(|| stem.strip_suffix("_loader"))
        .unwrap_or(stem);
    match stem.rsplit_once('-') {
        Some((base, hash)) => {
            !base.is_empty()
                && (12..=64).contains(&hash.len())
                && hash
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        }
        None => false,
    }
}

async fn caching(request: Request, next: Next) -> Response {
    let hashed = is_hashed(request.uri().path());
    let mut response = next.run(request).await;
    let status = response.status();
    if status.is_success() || status.as_u16() == 304 {
        let policy = if hashed { IMMUTABLE } else { REVALIDATE };
        let headers = response.headers_mut();
        headers.insert(CACHE_CONTROL, HeaderValue::from_static(policy));
        // The same address answers differently by Accept-Encoding.
        if !headers.contains_key(VARY) {
            headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::is_hashed;

    #[test]
    fn hashed_names_are_told_from_plain_ones() {
        for name in [
            "alquerque-web-5dc445c35b4cca5e_bg.wasm",
            "/alquerque-web-5dc445c35b4cca5e.js",
            "app-e3c55924820f8110.css",
            "favicon-a4e42defbfa8aa30.svg",
            // Trunk drops a leading zero now and then: 15 digits.
            "alquerque-web-e55757878b59c21_bg.wasm",
            "ai-worker-0123456789abcdef_loader.js",
            "ai-worker-0123456789abcdef_bg.wasm",
        ] {
            assert!(is_hashed(name), "{name}");
        }
        for name in [
            "/",
            "index.html",
            "sw.js",
            "ai-worker_loader.js",
            "manifest.webmanifest",
            "rules/fr.html",
            "embed-demo.html",
            "favicon.svg",
            "-0123456789abcdef.js",
            "x-0123456789ABCDEF.js",
            "x-0123456789.js",
        ] {
            assert!(!is_hashed(name), "{name}");
        }
    }
}
