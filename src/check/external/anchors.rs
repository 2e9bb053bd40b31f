//! A page's anchors: every element's `id` and every `<a name>`, read with html5ever's
//! tokenizer (the parser ammonia runs), percent-decoded and in NFC as fragments are compared.

use std::cell::RefCell;
use std::collections::HashSet;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

struct Ids(RefCell<HashSet<String>>);

impl TokenSink for Ids {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(tag) = token
            && tag.kind == TagKind::StartTag
        {
            let is_a = &*tag.name == "a";
            for attr in &tag.attrs {
                let name = &*attr.name.local;
                if name == "id" || (is_a && name == "name") {
                    let value = attr.value.trim();
                    if !value.is_empty() {
                        self.0
                            .borrow_mut()
                            .insert(super::fetch::normalize_anchor(value));
                    }
                }
            }
        }
        TokenSinkResult::Continue
    }
}

/// The anchors of an HTML text.
pub fn ids(html: &str) -> HashSet<String> {
    let tokenizer = Tokenizer::new(Ids(RefCell::new(HashSet::new())), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.0.take()
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_and_names_are_read_decoded() {
        let ids = super::ids(
            r#"<h2 id="fees">x</h2><a name="old-anchor"></a><div name="not-an-anchor">
            <section id="%D8%B1%D8%B3%D9%88%D9%85"></section><p id='تأشيرة'>"#,
        );
        for id in ["fees", "old-anchor", "رسوم", "تأشيرة"] {
            assert!(ids.contains(id), "{id}: {ids:?}");
        }
        assert!(!ids.contains("not-an-anchor"));
    }
}
