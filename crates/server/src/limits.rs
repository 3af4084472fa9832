//! Per-address allowances (creating games, hellos that carry a join code),
//! kept by `governor`: a burst of the allowance, then one more each
//! `1/allowance` of a minute. IPv6 addresses count by their /64, which one
//! client usually holds whole.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// How often each address may do one thing.
pub struct PerAddress {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl std::fmt::Debug for PerAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerAddress")
            .field("addresses", &self.limiter.len())
            .finish()
    }
}

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

impl PerAddress {
    /// `per_minute` times a minute (at least once).
    pub fn per_minute(per_minute: u32) -> PerAddress {
        let n = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        PerAddress {
            limiter: RateLimiter::keyed(Quota::per_minute(n)),
        }
    }

    /// Counts one more for `ip`; false when its allowance is used up.
    pub fn allow(&self, ip: IpAddr) -> bool {
        self.limiter.check_key(&bucket(ip)).is_ok()
    }

    /// Forgets addresses whose allowance is whole again.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
