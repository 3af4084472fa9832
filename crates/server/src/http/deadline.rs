//! A deadline for a request's whole body, counted from when the request
//! came in. (tower-http's body timeout starts again with every chunk, so a
//! body sent a byte every few seconds was never cut off, and enough of
//! them held every connection the server allows.)

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use http_body::{Body as HttpBody, Frame, SizeHint};

/// Why a body was cut off (what a handler that reads it is told).
#[derive(Debug)]
pub(crate) struct TooSlow;

impl std::fmt::Display for TooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(TOO_SLOW)
    }
}

impl std::error::Error for TooSlow {}

/// The words of [`TooSlow`].
pub(crate) const TOO_SLOW: &str = "the request's body did not arrive in time";

/// A body that fails once its deadline passes, however it trickles in.
struct Deadline {
    inner: Body,
    expires: Pin<Box<tokio::time::Sleep>>,
}

impl HttpBody for Deadline {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame);
        }
        match this.expires.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(axum::Error::new(TooSlow)))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The request with its body given `within` from now.
pub(crate) fn limit(request: Request, within: Duration) -> Request {
    request.map(|inner| {
        if inner.is_end_stream() {
            return inner;
        }
        Body::new(Deadline {
            inner,
            expires: Box::pin(tokio::time::sleep(within)),
        })
    })
}
