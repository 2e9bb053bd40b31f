//! Where the external check may send a request: never to this machine, the network it sits on
//! or a cloud's metadata service, whatever the link says (a hostile pull request could add
//! links that make CI probe its own network). Names are checked after DNS, every address they
//! resolve to, by the client's own resolver ([`GuardedResolver`]); addresses written in a link
//! are checked before each request, redirects included (`fetch.rs`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Why an address is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Loopback, private (RFC 1918, unique local), shared (CGNAT), unspecified, broadcast,
    /// multicast or reserved: allowed with `--allow-private`.
    Private,
    /// Link-local (169.254.0.0/16, fe80::/10), where clouds serve their metadata, and the
    /// known metadata addresses: never requested.
    Metadata,
}

/// The cloud metadata addresses outside the link-local ranges (Alibaba's in the shared range,
/// AWS's IPv6 one in the unique-local range).
const METADATA_V4: [Ipv4Addr; 1] = [Ipv4Addr::new(100, 100, 100, 200)];
const METADATA_V6: [Ipv6Addr; 1] = [Ipv6Addr::new(0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254)];

/// Whether a request to `ip` is refused, and why.
pub fn refusal(ip: IpAddr) -> Option<Refusal> {
    match ip {
        IpAddr::V4(v4) => refusal_v4(v4),
        IpAddr::V6(v6) => {
            // An IPv4 address written as IPv6 (::ffff:a.b.c.d, or NAT64's 64:ff9b::/96) reaches
            // the IPv4 address.
            if let Some(v4) = v6.to_ipv4_mapped() {
                return refusal_v4(v4);
            }
            let s = v6.segments();
            if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
                let [a, b] = s[6].to_be_bytes();
                let [c, d] = s[7].to_be_bytes();
                return refusal_v4(Ipv4Addr::new(a, b, c, d));
            }
            if METADATA_V6.contains(&v6) || (s[0] & 0xffc0) == 0xfe80 {
                Some(Refusal::Metadata)
            } else if v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (s[0] & 0xfe00) == 0xfc00 // unique local
                // ::/96, IPv4-compatible (deprecated) and the documentation prefix
                || (s[0..6] == [0, 0, 0, 0, 0, 0])
                || (s[0] == 0x2001 && s[1] == 0x0db8)
            {
                Some(Refusal::Private)
            } else {
                None
            }
        }
    }
}

fn refusal_v4(ip: Ipv4Addr) -> Option<Refusal> {
    let [a, b, ..] = ip.octets();
    if METADATA_V4.contains(&ip) || ip.is_link_local() {
        Some(Refusal::Metadata)
    } else if ip.is_loopback()
        || ip.is_private()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0 && ip.octets()[2] == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240
    {
        Some(Refusal::Private)
    } else {
        None
    }
}

/// Whether the policy lets a request reach `ip`.
pub fn allowed(ip: IpAddr, allow_private: bool) -> Result<(), Refusal> {
    match refusal(ip) {
        None => Ok(()),
        Some(Refusal::Private) if allow_private => Ok(()),
        Some(r) => Err(r),
    }
}

/// The error the resolver gives for a name that resolves to a refused address (`fetch.rs`
/// finds it in the client's error to report the link as not checked, not broken).
#[derive(Debug)]
pub struct RefusedName {
    pub name: String,
    pub addr: IpAddr,
    pub why: Refusal,
}

impl std::fmt::Display for RefusedName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} resolves to {}, which is not requested",
            self.name, self.addr
        )
    }
}

impl std::error::Error for RefusedName {}

/// The error the resolver gives for a name that does not resolve: the link is broken.
#[derive(Debug)]
pub struct NoSuchName(pub String);

impl std::fmt::Display for NoSuchName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the name {} does not resolve", self.0)
    }
}

impl std::error::Error for NoSuchName {}

/// The client's resolver: the system's (getaddrinfo, through tokio), then every address
/// checked. One refused address refuses the name (an attacker's DNS may answer with a public
/// address and a private one).
pub struct GuardedResolver {
    pub allow_private: bool,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        let host = name.as_str().to_string();
        Box::pin(async move {
            let found: Option<Vec<SocketAddr>> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .ok()
                .map(Iterator::collect);
            let addrs = found.unwrap_or_default();
            if addrs.is_empty() {
                return Err(Box::new(NoSuchName(host)) as _);
            }
            for a in &addrs {
                if let Err(why) = allowed(a.ip(), allow_private) {
                    return Err(Box::new(RefusedName {
                        name: host,
                        addr: a.ip(),
                        why,
                    }) as _);
                }
            }
            let addrs: Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

/// The resolver, shared by the client.
pub fn resolver(allow_private: bool) -> Arc<GuardedResolver> {
    Arc::new(GuardedResolver { allow_private })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_link_local_and_metadata_addresses_are_refused() {
        let private = [
            "127.0.0.1",
            "127.1.2.3",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "::ffff:127.0.0.1",
            "::ffff:10.1.1.1",
            "64:ff9b::a00:1",
            "::127.0.0.1",
        ];
        for a in private {
            let ip: IpAddr = a.parse().unwrap();
            assert_eq!(refusal(ip), Some(Refusal::Private), "{a}");
            assert_eq!(allowed(ip, true), Ok(()), "{a}");
        }
        let metadata = [
            "169.254.169.254",
            "169.254.0.1",
            "100.100.100.200",
            "fe80::1",
            "fd00:ec2::254",
            "::ffff:169.254.169.254",
            "64:ff9b::a9fe:a9fe",
        ];
        for a in metadata {
            let ip: IpAddr = a.parse().unwrap();
            assert_eq!(refusal(ip), Some(Refusal::Metadata), "{a}");
            assert_eq!(allowed(ip, true), Err(Refusal::Metadata), "{a}");
        }
        for a in [
            "93.184.215.14",
            "8.8.8.8",
            "2a00:1450:4001:82a::200e",
            "100.128.0.1",
        ] {
            assert_eq!(refusal(a.parse().unwrap()), None, "{a}");
        }
    }
}
