//! One pass over a file finds where every rule may match: the fixed prefixes of the rules of
//! `rules.rs` and the words of the keyword rules of `gated.rs`, in one automaton (a DFA, ASCII
//! case ignored). With 135 prefixes and about a hundred words no SIMD search applies (Teddy
//! takes 64 patterns, and split into several searches it is slower than one DFA), so one pass
//! instead of two is what keeps the scan near the automaton's own speed. A prefix found in any
//! case is only a place to look: the rules' regexes decide, in the case they are written.

/// Where to look in one file.
#[derive(Default)]
pub(super) struct Places {
    /// Where a prefix of a rule of `rules.rs` starts, in order, each once.
    pub prefixes: Vec<usize>,
    /// Where a word of `gated.rs` starts, and the word's index in [`words`], in order.
    pub words: Vec<(usize, usize)>,
}

struct Compiled {
    search: aho_corasick::AhoCorasick,
    /// Patterns below this index are prefixes, the others words.
    prefixes: usize,
}

/// The keyword rules' words (lower case), each once, in the order the rules name them, with
/// the rules each gates.
pub(super) fn words() -> &'static [(&'static [u8], Vec<usize>)] {
    static WORDS: std::sync::OnceLock<Vec<(&'static [u8], Vec<usize>)>> =
        std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<(&'static [u8], Vec<usize>)> = Vec::new();
        for (i, rule) in super::gated::GATED.iter().enumerate() {
            for word in rule.words {
                match words.iter_mut().find(|(w, _)| *w == word.as_bytes()) {
                    Some((_, rules)) => rules.push(i),
                    None => words.push((word.as_bytes(), vec![i])),
                }
            }
        }
        words
    })
}

fn compiled() -> Option<&'static Compiled> {
    static COMPILED: std::sync::OnceLock<Option<Compiled>> = std::sync::OnceLock::new();
    COMPILED
        .get_or_init(|| {
            let mut prefixes = std::collections::BTreeSet::new();
            for rule in super::rules::PREFIXED {
                for p in super::rules::prefixes(rule.pattern)? {
                    prefixes.insert(p.to_ascii_lowercase());
                }
            }
            let count = prefixes.len();
            let patterns: Vec<Vec<u8>> = prefixes
                .into_iter()
                .chain(words().iter().map(|(w, _)| w.to_vec()))
                .collect();
            let search = aho_corasick::AhoCorasick::builder()
                .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                .match_kind(aho_corasick::MatchKind::Standard)
                .ascii_case_insensitive(true)
                .build(patterns)
                .ok()?;
            Some(Compiled {
                search,
                prefixes: count,
            })
        })
        .as_ref()
}

/// Where the rules may match in `bytes`; `None` if the patterns do not compile (they are fixed
/// and tested: this does not happen).
pub(super) fn places(bytes: &[u8]) -> Option<Places> {
    let c = compiled()?;
    let mut places = Places::default();
    for m in c.search.find_overlapping_iter(bytes) {
        let pattern = m.pattern().as_usize();
        match pattern.checked_sub(c.prefixes) {
            None => places.prefixes.push(m.start()),
            Some(word) => places.words.push((m.start(), word)),
        }
    }
    places.prefixes.sort_unstable();
    places.prefixes.dedup();
    places.words.sort_unstable();
    Some(places)
}

#[cfg(test)]
mod tests {
    #[test]
    fn prefixes_and_words_are_found_in_any_case_each_once_in_order() {
        let text = b"x SK_LIVE_abc sk_live_def Twitter secret=1 sk_live_";
        let p = super::places(text).unwrap();
        let starts: Vec<usize> = [b"SK_LIVE" as &[u8], b"sk_live_def", b"sk_live_\0"]
            .iter()
            .filter_map(|n| {
                let n = n.strip_suffix(b"\0").unwrap_or(n);
                text.windows(n.len()).rposition(|w| w == n)
            })
            .collect();
        for s in &starts {
            assert!(p.prefixes.contains(s), "{s}: {:?}", p.prefixes);
        }
        assert!(p.prefixes.windows(2).all(|w| w[0] < w[1]));
        let twilio = text.windows(7).position(|w| w == b"Twitter").unwrap();
        let names: Vec<&[u8]> = p
            .words
            .iter()
            .filter(|(at, _)| *at == twilio)
            .map(|&(_, w)| super::words()[w].0)
            .collect();
        assert!(names.contains(&&b"twitter"[..]), "{names:?}");
        assert!(p.words.windows(2).all(|w| w[0] <= w[1]));
    }
}
