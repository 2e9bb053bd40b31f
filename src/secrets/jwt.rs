//! JWTs of another role than `anon`, as they are and base64-encoded (gitleaks' `jwt` and
//! `jwt-base64`): each is decoded and its role read, so the public `anon` key passes.

use base64::Engine;
use memchr::memmem;

use super::{Hit, KeyKind, classify_key, rules::redacted};

/// The longest header and signature a JWT is taken to have (real ones are a few dozen to a
/// few hundred characters), and the longest payload: a longer run of base64url text is not
/// decoded, so a file of `eyJeyJeyJ...` costs linear time.
const JWT_HEADER_MAX: usize = 2048;
const JWT_PAYLOAD_MAX: usize = 64 * 1024;

fn is_base64url_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Every JWT of another role than `anon` in `bytes`, wherever it stands. Each `eyJ` (the
/// base64url of `{"`, how every JWT header starts) is looked at, even inside a longer run of
/// base64url text, so nothing written before a token hides it; a token ends at the first
/// byte that is not base64url, so a full stop after it does not either.
pub(super) fn scan_jwts(bytes: &[u8], found: &mut Vec<Hit>) {
    // Where the run of base64url bytes holding the last `eyJ` ends, and where the two runs
    // after it end: every `eyJ` of one run shares them, so each is found once.
    let mut runs: Option<(usize, usize, Option<usize>)> = None;
    let run_end = |from: usize, max: usize| -> Option<usize> {
        let rest = bytes.get(from..)?;
        let len = rest
            .iter()
            .take(max + 1)
            .position(|&b| !is_base64url_byte(b))?;
        (len <= max).then_some(from + len)
    };
    for start in memmem::find_iter(bytes, b"eyJ") {
        let (header_end, payload_end, sig_end) = match runs {
            Some((h, p, s)) if start < h => (h, p, s),
            _ => {
                let Some(h) = run_end(start, usize::MAX - 1) else {
                    // The run reaches the end of the file: no dot follows.
                    break;
                };
                let (p, s) = if bytes.get(h) == Some(&b'.') {
                    let p = run_end(h + 1, JWT_PAYLOAD_MAX).unwrap_or(0);
                    let s = if p > h + 1 && bytes.get(p) == Some(&b'.') {
                        Some(run_end(p + 1, usize::MAX - 1).unwrap_or(bytes.len()))
                    } else {
                        None
                    };
                    (p, s)
                } else {
                    (0, None)
                };
                runs = Some((h, p, s));
                (h, p, s)
            }
        };
        let Some(sig_end) = sig_end else {
            continue;
        };
        if header_end - start > JWT_HEADER_MAX || sig_end <= payload_end + 1 {
            continue;
        }
        let Some(token) = bytes
            .get(start..sig_end)
            .and_then(|t| std::str::from_utf8(t).ok())
        else {
            continue;
        };
        let what = match classify_key(token) {
            KeyKind::ServiceRoleJwt => crate::msg!("output-secret-service-role-jwt"),
            KeyKind::OtherJwt(Some(role)) => crate::msg!("output-secret-jwt-role", role = role),
            _ => continue,
        };
        found.push(Hit {
            offset: start,
            secret: start..sig_end,
            what: crate::msg!(
                "output-secret-found",
                what = what,
                shown = redacted(token.as_bytes(), 8)
            ),
        });
    }
}

/// The shortest base64 text taken for an encoded JWT: two `eyJ` segments and a signature.
const ENCODED_MIN: usize = 40;

/// JWTs written in base64 (`ZXlK`, the base64 of `eyJ`), as a config or a cookie may hold
/// them: each run of base64 text from a `ZXlK` is decoded and the JWTs in it found as
/// [`scan_jwts`] finds them, reported where the run starts.
pub(super) fn scan_encoded(bytes: &[u8], found: &mut Vec<Hit>) {
    let mut after = 0;
    for start in memmem::find_iter(bytes, b"ZXlK") {
        if start < after {
            continue;
        }
        let rest = bytes.get(start..).unwrap_or_default();
        let len = rest
            .iter()
            .take(JWT_PAYLOAD_MAX * 2)
            .position(|&b| !(b.is_ascii_alphanumeric() || b"+/=-_".contains(&b)))
            .unwrap_or(rest.len().min(JWT_PAYLOAD_MAX * 2));
        after = start + len;
        let run = rest.get(..len).unwrap_or_default();
        if run.len() < ENCODED_MIN {
            continue;
        }
        let run = run
            .strip_suffix(b"==")
            .or_else(|| run.strip_suffix(b"="))
            .unwrap_or(run);
        let engine = |alphabet: &base64::alphabet::Alphabet| {
            base64::engine::GeneralPurpose::new(
                alphabet,
                base64::engine::GeneralPurposeConfig::new()
                    .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
                    .with_decode_allow_trailing_bits(true),
            )
        };
        // A run cut at a length that is not a whole number of quads: its last bytes are left.
        let whole = run.get(..run.len() - run.len() % 4).unwrap_or(run);
        let Ok(decoded) = engine(&base64::alphabet::STANDARD)
            .decode(whole)
            .or_else(|_| engine(&base64::alphabet::URL_SAFE).decode(whole))
        else {
            continue;
        };
        let mut inner = Vec::new();
        scan_jwts(&decoded, &mut inner);
        for hit in inner {
            found.push(Hit {
                offset: start,
                secret: start..start + len,
                what: hit.what,
            });
        }
    }
}
