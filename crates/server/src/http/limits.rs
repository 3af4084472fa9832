//! Per-address allowances (creating games, hellos that carry a join code),
//! kept by `governor`: a burst of the allowance, then one more each
//! `1/allowance` of a minute. IPv6 addresses count by their /64, which one
//! client usually holds whole.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// How often each key (an address, a username) may do one thing.
pub struct Allowance<K: std::hash::Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
}

impl<K: std::hash::Hash + Eq + Clone> std::fmt::Debug for Allowance<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Allowance")
            .field("keys", &self.limiter.len())
            .finish()
    }
}

impl<K: std::hash::Hash + Eq + Clone> Allowance<K> {
    /// `per_minute` times a minute (at least once).
    pub fn per_minute(per_minute: u32) -> Allowance<K> {
        let n = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        Allowance {
            limiter: RateLimiter::keyed(Quota::per_minute(n)),
        }
    }

    /// Counts one more for `key`; false when its allowance is used up.
    pub fn allow_key(&self, key: &K) -> bool {
        self.limiter.check_key(key).is_ok()
    }

    /// Forgets keys whose allowance is whole again.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// How often each address may do one thing.
pub type PerAddress = Allowance<IpAddr>;

/// How often each username may be tried (its key, [`crate::accounts::name_key`]).
pub type PerName = Allowance<String>;

/// The address an allowance is counted for.
pub fn bucket(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

impl Allowance<IpAddr> {
    /// Counts one more for `ip` (an IPv6 address by its /64); false when
    /// its allowance is used up.
    pub fn allow(&self, ip: IpAddr) -> bool {
        self.allow_key(&bucket(ip))
    }
}

/// The proxies (a balancer such as nginx) whose word on the client's
/// address is trusted.
#[derive(Clone, Debug, Default)]
pub struct Proxies(pub Vec<ipnet::IpNet>);

impl Proxies {
    /// Whether `ip` is one of the trusted proxies.
    pub fn trust(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's address: the TCP peer's, unless the peer is a trusted
    /// proxy; then the address the proxies say they were asked from: the
    /// last one in `X-Forwarded-For` that is not a trusted proxy itself
    /// (what the nearest untrusted hop was seen as; anything before it
    /// the client may have written). `Forwarded` is never read: a proxy
    /// that sets only `X-Forwarded-For` passes on the client's own.
    /// Anything unreadable counts as the peer.
    pub fn client(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        if !self.trust(peer) {
            return peer;
        }
        let mut hops: Vec<IpAddr> = Vec::new();
        for value in headers.get_all("x-forwarded-for") {
            let Ok(value) = value.to_str() else {
                return peer;
            };
            for hop in value.split(',') {
                match hop.trim().parse() {
                    Ok(ip) => hops.push(ip),
                    Err(_) => return peer,
                }
            }
        }
        hops.into_iter()
            .rev()
            .find(|ip| !self.trust(*ip))
            .unwrap_or(peer)
    }
}

/// How many of something each address holds at once (its spectators'
/// sockets), up to a cap. An IPv6 address counts by its /64.
#[derive(Debug)]
pub struct Holders {
    cap: usize,
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One thing held, given back when dropped.
#[derive(Debug)]
pub struct Held {
    holders: Arc<Holders>,
    key: IpAddr,
}

impl Holders {
    pub fn new(cap: usize) -> Arc<Holders> {
        Arc::new(Holders {
            cap,
            held: Mutex::new(HashMap::new()),
        })
    }

    /// One more for `ip`, unless it holds its cap already.
    pub fn hold(self: &Arc<Holders>, ip: IpAddr) -> Option<Held> {
        let key = bucket(ip);
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let count = held.entry(key).or_insert(0);
        if *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(Held {
            holders: self.clone(),
            key,
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.holders.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trusted_proxy_names_the_client_and_no_one_else_does() {
        let proxies = Proxies(vec!["10.0.0.0/8".parse().expect("a net")]);
        fn headers(pairs: &[(&'static str, &str)]) -> axum::http::HeaderMap {
            let mut map = axum::http::HeaderMap::new();
            for (name, value) in pairs {
                map.append(*name, value.parse().expect("a value"));
            }
            map
        }
        let proxy: IpAddr = "10.0.0.5".parse().expect("an address");
        let stranger: IpAddr = "203.0.113.9".parse().expect("an address");
        let client: IpAddr = "198.51.100.7".parse().expect("an address");
        let said = headers(&[("x-forwarded-for", "192.0.2.1, 198.51.100.7, 10.0.0.2")]);
        // The proxy's word: the last hop before the trusted ones.
        assert_eq!(proxies.client(proxy, &said), client);
        // Anyone else's is ignored.
        assert_eq!(proxies.client(stranger, &said), stranger);
        // IPv6.
        let v6 = headers(&[("x-forwarded-for", "2001:db8::1")]);
        assert_eq!(
            proxies.client(proxy, &v6),
            "2001:db8::1".parse::<IpAddr>().expect("an address")
        );
        // Nothing said, or nonsense: the proxy itself.
        assert_eq!(proxies.client(proxy, &headers(&[])), proxy);
        let nonsense = headers(&[("x-forwarded-for", "198.51.100.7, not-an-address")]);
        assert_eq!(proxies.client(proxy, &nonsense), proxy);
        // No proxies trusted: the peer, always.
        assert_eq!(Proxies::default().client(proxy, &said), proxy);
    }

    #[test]
    fn limits_void_behind_the_clusters_proxy_a_forwarded_header_the_client_wrote_is_not_believed() {
        let proxies = Proxies(vec!["127.0.0.1/32".parse().expect("a net")]);
        let proxy: IpAddr = "127.0.0.1".parse().expect("an address");
        let mut said = axum::http::HeaderMap::new();
        // Written by the client, passed on untouched by nginx.
        said.append("forwarded", "for=203.0.113.77".parse().expect("a value"));
        // Set by the proxy itself.
        said.append("x-forwarded-for", "198.51.100.7".parse().expect("a value"));
        assert_eq!(
            proxies.client(proxy, &said),
            "198.51.100.7".parse::<IpAddr>().expect("an address")
        );
        // Only a Forwarded header: the proxy's own address, never the
        // client's word.
        let mut only = axum::http::HeaderMap::new();
        only.append("forwarded", "for=203.0.113.77".parse().expect("a value"));
        assert_eq!(proxies.client(proxy, &only), proxy);
    }

    #[test]
    fn each_address_has_its_own_allowance_and_a_v6_network_one() {
        let limits = PerAddress::per_minute(2);
        let a: IpAddr = "192.0.2.1".parse().expect("an address");
        let b: IpAddr = "192.0.2.2".parse().expect("an address");
        assert!(limits.allow(a) && limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
        let one: IpAddr = "2001:db8::1".parse().expect("an address");
        let other: IpAddr = "2001:db8::ffff:2".parse().expect("an address");
        assert!(limits.allow(one) && limits.allow(other));
        assert!(!limits.allow(one), "the same /64");
        let elsewhere: IpAddr = "2001:db8:0:1::1".parse().expect("an address");
        assert!(limits.allow(elsewhere));
    }
}
