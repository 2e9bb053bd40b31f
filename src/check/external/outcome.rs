//! What the check found for a link: its class (only `Broken` is an error), why, and where a
//! permanent redirect leads; and how an HTTP status or a failed request is classed.

use std::net::IpAddr;

use reqwest::StatusCode;
use serde::{Deserialize, Serialize};

use super::guard::{NoSuchName, Refusal, RefusedName};

/// A link's class: only `Broken` is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    Ok,
    Broken,
    Unknown,
    /// Not requested: the address is not the web's (private, metadata) or not http(s).
    Refused,
}

/// Why a link has its class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Why {
    /// The page answered (2xx).
    Answered,
    /// 404 or 410.
    Missing {
        status: u16,
    },
    /// The host name does not resolve.
    NoSuchName,
    /// The TLS connection failed (a bad or expired certificate).
    Tls {
        detail: String,
    },
    /// The redirects went round in a circle, or on for too long.
    RedirectLoop,
    TooManyRedirects,
    /// The address is not a URL.
    BadUrl,
    /// 429, after `Retry-After` was waited for (or asked too long a wait).
    RateLimited,
    /// 401, 403 (bot protection, a login) and other refusals.
    Refused {
        status: u16,
    },
    /// 5xx.
    ServerError {
        status: u16,
    },
    /// Any other status.
    Status {
        status: u16,
    },
    Timeout,
    /// The host let the requests before this one time out or refused them: not asked again.
    HostSilent {
        tries: u32,
    },
    /// The connection failed otherwise (refused, reset).
    Connection {
        detail: String,
    },
    /// A redirect to an address that is not http(s).
    NotWeb {
        to: String,
    },
    /// The link, or a redirect, leads to a private or metadata address.
    Private {
        address: String,
        metadata: bool,
    },
    /// The page has no element with the fragment's id.
    NoAnchor {
        fragment: String,
        closest: Option<String>,
    },
    /// The page's anchors are made by script (a known host, or a page with no ids at all).
    ScriptAnchors {
        fragment: String,
    },
    /// The page is larger than what is read, and the anchor is not in that part.
    AnchorBeyondCap {
        fragment: String,
    },
}

/// What the check found for one link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub class: Class,
    #[serde(flatten)]
    pub why: Why,
    /// Where a permanent redirect (301, 308) leads: the link should say so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<String>,
}

impl Outcome {
    pub(super) fn new(class: Class, why: Why) -> Self {
        Outcome {
            class,
            why,
            moved_to: None,
        }
    }
}

pub(super) fn private(ip: IpAddr, why: Refusal) -> Outcome {
    Outcome::new(
        Class::Refused,
        Why::Private {
            address: ip.to_string(),
            metadata: why == Refusal::Metadata,
        },
    )
}

pub(super) fn class_of(status: StatusCode) -> Class {
    match status.as_u16() {
        200..=299 => Class::Ok,
        404 | 410 => Class::Broken,
        _ => Class::Unknown,
    }
}

pub(super) fn why_of(status: StatusCode) -> Why {
    let status = status.as_u16();
    match status {
        200..=299 => Why::Answered,
        404 | 410 => Why::Missing { status },
        429 => Why::RateLimited,
        401 | 403 | 407 | 451 => Why::Refused { status },
        500..=599 => Why::ServerError { status },
        _ => Why::Status { status },
    }
}

/// The class of a failed request: a name that does not resolve and a TLS error are broken;
/// a refused address is not requested; time-outs and other failures are unknown.
pub(super) fn error_outcome(error: &reqwest::Error) -> Outcome {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        let inner = e
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .map(|i| i as &(dyn std::error::Error + 'static));
        for e in [Some(e), inner].into_iter().flatten() {
            if let Some(r) = e.downcast_ref::<RefusedName>() {
                return private(r.addr, r.why);
            }
            if e.downcast_ref::<NoSuchName>().is_some() {
                return Outcome::new(Class::Broken, Why::NoSuchName);
            }
            if let Some(tls) = e.downcast_ref::<rustls::Error>() {
                return Outcome::new(
                    Class::Broken,
                    Why::Tls {
                        detail: tls.to_string(),
                    },
                );
            }
        }
        source = e.source();
    }
    if error.is_timeout() {
        return Outcome::new(Class::Unknown, Why::Timeout);
    }
    let mut detail = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(e) = source {
        detail = e.to_string();
        source = e.source();
    }
    // rustls's errors reach here as text when a layer between (hyper-util's connector) does
    // not hand them on as a source.
    if [
        "invalid peer certificate",
        "peer is incompatible",
        "received fatal alert",
        "handshake",
    ]
    .iter()
    .any(|t| detail.to_ascii_lowercase().contains(t))
    {
        return Outcome::new(Class::Broken, Why::Tls { detail });
    }
    Outcome::new(Class::Unknown, Why::Connection { detail })
}
