//! How deep a Markdown body nests its elements, measured before anything whose cost grows with
//! the depth runs on it.
//!
//! html5ever (the parser under ammonia, which sanitises every body with raw HTML) searches its
//! stack of open elements for most tags, so its time grows with the number of elements times
//! their depth: 100,000 nested `<div>`s (1.1 MB) took 72 s. No browser shows such a page as
//! written either (Chromium's parser stops nesting at 512 levels, and the page wraps the body
//! in its own twenty or so). So a body nests at most [`MAX_DEPTH`] elements, Markdown's and raw
//! HTML's together, and loading the file fails at the first element deeper than that.
//!
//! - Without raw HTML, the depth is that of pulldown-cmark's events (each start opens an
//!   element, each end closes one): [`markdown_too_deep`], before anything is rendered.
//! - With raw HTML, the HTML rendered from the body is parsed as ammonia parses it (html5ever,
//!   a fragment in a `<div>`) into [`Shape`], a sink that keeps only the tree's shape, fed one
//!   tag at a time and stopped at the first element deeper than the limit:
//!   [`html_too_deep`]. It measures the tree ammonia would build, by HTML's own rules (an open
//!   `<p>` closed by the next, a stray `</div>` ignored, formatting elements reopened...), and
//!   each tag costs it at most the limit, so the check is linear and ammonia's parse, run only
//!   on a body that passed, is too.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::rc::{Rc, Weak};

use html5ever::interface::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::StrTendril;
use html5ever::tendril::stream::TendrilSink;
use html5ever::{Attribute, ExpandedName, ParseOpts, QualName, local_name, ns, parse_fragment};
use pulldown_cmark::Event;

/// The most elements a body may nest, one inside another. Real writing nests a few (a list in
/// a quote in a list item: six); 100 leaves room for any of it, keeps html5ever's search of
/// its open elements under 100 steps a tag, and keeps the page far from the depth at which
/// browsers stop nesting (Chromium: 512).
pub const MAX_DEPTH: usize = 100;

/// A body nests deeper than [`MAX_DEPTH`]: `offset` is where, in the body, the first element
/// too deep starts (its tag, `>` or list marker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    pub offset: usize,
}

/// The first of pulldown-cmark's elements (quotes, lists, emphasis, links...) nested deeper
/// than [`MAX_DEPTH`] in a body without raw HTML.
pub(crate) fn markdown_too_deep(events: &[(Event<'_>, Range<usize>)]) -> Option<TooDeep> {
    let mut depth = 0usize;
    for (event, range) in events {
        match event {
            Event::Start(_) => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(TooDeep {
                        offset: range.start,
                    });
                }
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The first element nested deeper than [`MAX_DEPTH`] in `html` (a body rendered to HTML, raw
/// HTML included) as html5ever builds its tree; `body_offset` turns an offset in `html` into
/// one in the body.
pub(crate) fn html_too_deep(html: &str, body_offset: impl Fn(usize) -> usize) -> Option<TooDeep> {
    let shape = Shape::default();
    let too_deep = shape.too_deep.clone();
    let mut parser = parse_fragment(
        shape,
        ParseOpts::default(),
        QualName::new(None, ns!(html), local_name!("div")),
        Vec::new(),
        false,
    );
    // One piece per tag (each piece starts at a `<`): a tag that ends in the piece it starts
    // in is built before the next piece is fed, so the piece that goes too deep names it.
    let mut start = 0;
    let ends = memchr::memchr_iter(b'<', html.as_bytes()).chain(std::iter::once(html.len()));
    for end in ends.filter(|&end| end > 0) {
        // `<` is ASCII: every piece is whole characters.
        let Some(piece) = html.get(start..end) else {
            continue;
        };
        parser.process(StrTendril::from_slice(piece));
        if too_deep.get() {
            return Some(TooDeep {
                offset: body_offset(start),
            });
        }
        start = end;
    }
    None
}

/// A node of the tree's shape: an element (or the document, a comment, a template's contents)
/// and its parent and children, nothing else.
struct Node {
    name: QualName,
    element: bool,
    parent: RefCell<Weak<Node>>,
    children: RefCell<Vec<Handle>>,
    /// A `<template>`'s contents, whose parent here is the template (html5ever pushes the
    /// template's descendants on its stack, so they count as nested in it).
    contents: RefCell<Option<Handle>>,
    annotation_xml_html: bool,
}

type Handle = Rc<Node>;

impl Node {
    fn new(name: QualName, element: bool, annotation_xml_html: bool) -> Handle {
        Rc::new(Node {
            name,
            element,
            parent: RefCell::new(Weak::new()),
            children: RefCell::new(Vec::new()),
            contents: RefCell::new(None),
            annotation_xml_html,
        })
    }

    fn other() -> Handle {
        Node::new(QualName::new(None, ns!(), local_name!("")), false, false)
    }
}

impl Drop for Node {
    /// Children are freed one by one, never recursively.
    fn drop(&mut self) {
        let mut freed = std::mem::take(self.children.get_mut());
        freed.extend(self.contents.get_mut().take());
        while let Some(node) = freed.pop() {
            if let Ok(mut node) = Rc::try_unwrap(node) {
                freed.append(node.children.get_mut());
                freed.extend(node.contents.get_mut().take());
            }
        }
    }
}

/// The number of elements from `node` up to the fragment's root `<html>` (not counted),
/// counted up to one more than [`MAX_DEPTH`].
fn depth(node: &Handle) -> usize {
    let mut depth = 0usize;
    let mut current = node.clone();
    loop {
        let parent = current.parent.borrow().upgrade();
        let Some(parent) = parent else {
            // `current` is the document (or a detached node): the root `<html>` was counted.
            return depth.saturating_sub(1);
        };
        if current.element {
            depth += 1;
            if depth > MAX_DEPTH + 1 {
                return depth - 1;
            }
        }
        current = parent;
    }
}

fn detach(node: &Handle) {
    let parent = node.parent.replace(Weak::new()).upgrade();
    if let Some(parent) = parent {
        let mut children = parent.children.borrow_mut();
        if let Some(i) = children.iter().rposition(|c| Rc::ptr_eq(c, node)) {
            children.remove(i);
        }
    }
}

/// html5ever's tree sink that keeps the tree's shape and notes when an element is attached
/// deeper than [`MAX_DEPTH`].
struct Shape {
    document: Handle,
    too_deep: Rc<Cell<bool>>,
}

impl Default for Shape {
    fn default() -> Self {
        Shape {
            document: Node::other(),
            too_deep: Rc::new(Cell::new(false)),
        }
    }
}

impl Shape {
    fn attached(&self, node: &Handle) {
        if node.element && depth(node) > MAX_DEPTH {
            self.too_deep.set(true);
        }
    }
}

impl TreeSink for Shape {
    type Handle = Handle;
    type Output = ();
    type ElemName<'a> = ExpandedName<'a>;

    fn finish(self) {}

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> Handle {
        self.document.clone()
    }

    fn elem_name<'a>(&'a self, target: &'a Handle) -> ExpandedName<'a> {
        target.name.expanded()
    }

    fn create_element(&self, name: QualName, _: Vec<Attribute>, flags: ElementFlags) -> Handle {
        Node::new(name, true, flags.mathml_annotation_xml_integration_point)
    }

    fn create_comment(&self, _text: StrTendril) -> Handle {
        Node::other()
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> Handle {
        Node::other()
    }

    fn append(&self, parent: &Handle, child: NodeOrText<Handle>) {
        if let NodeOrText::AppendNode(node) = child {
            detach(&node);
            *node.parent.borrow_mut() = Rc::downgrade(parent);
            parent.children.borrow_mut().push(node.clone());
            self.attached(&node);
        }
    }

    fn append_based_on_parent_node(
        &self,
        element: &Handle,
        prev_element: &Handle,
        child: NodeOrText<Handle>,
    ) {
        if element.parent.borrow().upgrade().is_some() {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {}

    fn get_template_contents(&self, target: &Handle) -> Handle {
        if let Some(contents) = target.contents.borrow().as_ref() {
            return contents.clone();
        }
        let contents = Node::other();
        *contents.parent.borrow_mut() = Rc::downgrade(target);
        *target.contents.borrow_mut() = Some(contents.clone());
        contents
    }

    fn same_node(&self, x: &Handle, y: &Handle) -> bool {
        Rc::ptr_eq(x, y)
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &Handle, new_node: NodeOrText<Handle>) {
        let NodeOrText::AppendNode(node) = new_node else {
            return;
        };
        let Some(parent) = sibling.parent.borrow().upgrade() else {
            return;
        };
        detach(&node);
        *node.parent.borrow_mut() = Rc::downgrade(&parent);
        {
            let mut children = parent.children.borrow_mut();
            let at = children
                .iter()
                .rposition(|c| Rc::ptr_eq(c, sibling))
                .unwrap_or(children.len());
            children.insert(at, node.clone());
        }
        self.attached(&node);
    }

    fn add_attrs_if_missing(&self, _target: &Handle, _attrs: Vec<Attribute>) {}

    fn remove_from_parent(&self, target: &Handle) {
        detach(target);
    }

    fn reparent_children(&self, node: &Handle, new_parent: &Handle) {
        let moved = std::mem::take(&mut *node.children.borrow_mut());
        for child in &moved {
            *child.parent.borrow_mut() = Rc::downgrade(new_parent);
        }
        new_parent.children.borrow_mut().extend(moved);
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &Handle) -> bool {
        handle.annotation_xml_html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn html_depth_ok(html: &str) -> bool {
        html_too_deep(html, |at| at).is_none()
    }

    #[test]
    fn the_limit_is_on_elements_nested_not_on_elements() {
        let nested = |tag: &str, n: usize| format!("{}x", format!("<{tag}>").repeat(n));
        assert!(html_depth_ok(&nested("div", MAX_DEPTH)));
        assert_eq!(
            html_too_deep(&nested("div", MAX_DEPTH + 1), |at| at),
            Some(TooDeep {
                offset: 5 * MAX_DEPTH
            }),
            "found at the first element too deep"
        );
        // Siblings, however many, and elements HTML closes by itself.
        assert!(html_depth_ok(&"<div>x</div>".repeat(10_000)));
        assert!(html_depth_ok(&nested("p", 10_000)));
        assert!(html_depth_ok(&nested("li", 10_000)));
        assert!(html_depth_ok(&"<div></span>".repeat(50)));
        assert!(!html_depth_ok(&"<div></span>".repeat(MAX_DEPTH + 1)));
        // A template's contents are inside it.
        assert!(!html_depth_ok(&nested("template", MAX_DEPTH + 1)));
        // Formatting elements reopened in each new block count where they are reopened.
        let reopened = "<div><b class=a1>x</div>".to_string()
            + &(2..=MAX_DEPTH + 2)
                .map(|i| format!("<div><b class=a{i}>x</div>"))
                .collect::<String>();
        assert!(!html_depth_ok(&reopened));
    }

    #[test]
    fn markdown_depth_counts_starts_and_ends() {
        fn parse(body: &str) -> Vec<(Event<'_>, Range<usize>)> {
            pulldown_cmark::Parser::new(body)
                .into_offset_iter()
                .collect()
        }
        // `> ` × n: n quotes, and a paragraph inside.
        assert!(markdown_too_deep(&parse(&format!("{}x", "> ".repeat(MAX_DEPTH - 1)))).is_none());
        let body = format!("{}x", ">".repeat(MAX_DEPTH + 5));
        assert_eq!(
            markdown_too_deep(&parse(&body)),
            Some(TooDeep { offset: MAX_DEPTH })
        );
        assert!(markdown_too_deep(&parse(&"- x\n".repeat(10_000))).is_none());
    }
}
