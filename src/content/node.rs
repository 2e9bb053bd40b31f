//! A YAML document as a tree of values that remember where they are written, for checking
//! content against a collection's declaration ([`crate::pages::Collection`]): every problem
//! is reported at the key or value it concerns, however deep, without reading the file again.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// A value and the byte offset where it starts in the YAML text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct At<T> {
    pub value: T,
    pub offset: usize,
}

/// A YAML value whose parts carry their places.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Text(String),
    List(Vec<At<Node>>),
    /// Keys in the order written, each with its place.
    Map(Vec<(At<String>, At<Node>)>),
}

impl Node {
    /// What kind of value this is, in an editor's words.
    pub fn describe(&self) -> crate::messages::Msg {
        match self {
            Node::Null => crate::msg!("content-node-empty"),
            Node::Bool(_) => crate::msg!("content-node-bool"),
            Node::Number(_) => crate::msg!("content-node-number"),
            Node::Text(_) => crate::msg!("content-node-text"),
            Node::List(_) => crate::msg!("content-node-list"),
            Node::Map(_) => crate::msg!("content-node-keys"),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for At<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spanned = serde_saphyr::Spanned::<T>::deserialize(d)?;
        let offset = spanned
            .referenced
            .span()
            .byte_offset()
            .and_then(|o| usize::try_from(o).ok())
            .unwrap_or(0);
        Ok(At {
            value: spanned.value,
            offset,
        })
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a YAML value")
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Node, E> {
        // YAML's .nan and .inf are no number a page can show: kept as the text written.
        Ok(serde_json::Number::from_f64(n).map_or_else(|| Node::Text(n.to_string()), Node::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Node, E> {
        Ok(Node::Text(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Node, E> {
        Ok(Node::Text(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<At<Node>>()? {
            items.push(item);
        }
        Ok(Node::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<At<String>>()? {
            let value = map.next_value::<At<Node>>()?;
            entries.push((key, value));
        }
        Ok(Node::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(yaml: &str) -> At<Node> {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn every_key_and_value_keeps_its_place_however_deep() {
        let yaml = "title: \"Visa\"\ncontent:\n  days: { min: 2, max: 7 }\n  list:\n    - \"أ\"\n    - ب\n";
        let root = parse(yaml);
        let Node::Map(top) = &root.value else {
            panic!("{root:?}")
        };
        let at = |needle: &str| yaml.find(needle).unwrap();
        assert_eq!(top[0].0.value, "title");
        assert_eq!(top[0].0.offset, 0);
        assert_eq!(top[0].1.offset, at("\"Visa\""));
        let Node::Map(content) = &top[1].1.value else {
            panic!()
        };
        assert_eq!(content[0].0.offset, at("days"));
        let Node::Map(days) = &content[0].1.value else {
            panic!()
        };
        assert_eq!(days[1].0.value, "max");
        assert_eq!(days[1].1.offset, at("7"));
        let Node::List(list) = &content[1].1.value else {
            panic!()
        };
        assert_eq!(list[1].value, Node::Text("ب".into()));
        assert_eq!(list[1].offset, at("ب"));
    }
}
