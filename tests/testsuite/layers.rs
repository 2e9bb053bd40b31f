//! The top-level modules of `src/` form layers: no import cycle between them.
//!
//! A top-level module is `src/<name>.rs` or `src/<name>/`. Every `crate::<name>` reference in
//! its files (`use crate::x`, `use crate::{x, y::z}`, `crate::x::f(...)`) is an edge to `<name>`;
//! code under `#[cfg(test)]` (an item, a `mod tests { ... }`, or a `mod tests;` and its files)
//! is left out, since tests may use anything. Comments and string literals are blanked first.
//! The test fails naming each cycle's modules in order, with where each edge is made.
//! `ARCHITECTURE.md` ("Module layers") lists the layers and the graph, which this test checks too.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::string_slice
)] // test code

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// module → imported module → the first place (file:line) the import is made.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

#[test]
fn no_import_cycle_between_top_level_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    let cycles = cycles(&graph);
    if !cycles.is_empty() {
        let mut message = String::from("import cycles between top-level modules of src/:\n");
        for cycle in &cycles {
            message.push_str(&format!("\n  {}\n", cycle.join(" → ")));
            for pair in cycle.windows(2) {
                message.push_str(&format!(
                    "    {} → {}: {}\n",
                    pair[0], pair[1], graph[&pair[0]][&pair[1]]
                ));
            }
        }
        panic!("{message}");
    }
}

/// `ARCHITECTURE.md`'s module graph lists each module's imports as this test finds them, and
/// nothing else.
#[test]
fn architecture_lists_the_module_graph() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let graph = module_graph(&root.join("src"));
    let doc = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let expected: BTreeSet<String> = graph
        .iter()
        .map(|(module, imports)| {
            let imports: Vec<&str> = imports.keys().map(String::as_str).collect();
            if imports.is_empty() {
                format!("- `{module}`: nothing")
            } else {
                format!("- `{module}`: {}", imports.join(", "))
            }
        })
        .collect();
    // An entry wrapped at 100 columns goes on in lines indented by two spaces.
    let mut entries: Vec<String> = Vec::new();
    for line in layers_section(&doc).lines() {
        match (line.strip_prefix("  "), entries.last_mut()) {
            (Some(more), Some(entry)) if entry.starts_with("- `") && !more.starts_with(' ') => {
                entry.push(' ');
                entry.push_str(more.trim());
            }
            _ => entries.push(line.to_string()),
        }
    }
    let listed: BTreeSet<String> = entries
        .into_iter()
        .filter(|l| l.starts_with("- `"))
        .collect();
    let missing: Vec<&String> = expected.difference(&listed).collect();
    let stale: Vec<&String> = listed.difference(&expected).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "ARCHITECTURE.md's module graph should have these lines:\n{}\nand not these:\n{}",
        missing
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        stale
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

/// The section "Module layers" of `ARCHITECTURE.md`.
fn layers_section(doc: &str) -> &str {
    doc.split("\n## Module layers\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("ARCHITECTURE.md has a section \"Module layers\"")
}

/// `ARCHITECTURE.md`'s numbered list of layers names every module once, each after all the
/// modules it imports.
#[test]
fn architecture_lists_the_layers_bottom_to_top() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let graph = module_graph(&root.join("src"));
    let doc = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let order: Vec<&str> = layers_section(&doc)
        .lines()
        .filter_map(|l| l.split_once(". `"))
        .filter(|(n, _)| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
        .filter_map(|(_, rest)| rest.split_once('`').map(|(name, _)| name))
        .collect();
    let listed: BTreeSet<&str> = order.iter().copied().collect();
    let modules: BTreeSet<&str> = graph.keys().map(String::as_str).collect();
    assert_eq!(listed, modules, "the layers should list each module");
    assert_eq!(
        listed.len(),
        order.len(),
        "a module listed twice: {order:?}"
    );
    let mut below = BTreeSet::new();
    let mut wrong = Vec::new();
    for module in &order {
        for import in graph[*module].keys() {
            if !below.contains(import.as_str()) {
                wrong.push(format!("{module} imports {import}, listed above it"));
            }
        }
        below.insert(*module);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The cycle finder itself, on a small graph.
#[test]
fn finds_cycles_in_order() {
    let mut graph = Graph::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "e")] {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), String::new());
        graph.entry(to.to_string()).or_default();
    }
    assert_eq!(cycles(&graph), vec![vec!["a", "b", "c", "a"]]);
    let code = blank(
        "use crate::{a, b::{c, d}};\n// crate::x\nlet s = \"crate::y\";\n\
         #[cfg(test)]\nmod tests { use crate::z; }\nfn f<'a>(c: char) { crate::w::g('{'); }\n",
    );
    let (refs, test_mods) = references(&code);
    let names: Vec<&str> = refs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "b", "w"]);
    assert!(test_mods.is_empty());
    let (_, test_mods) = references(&blank("#[cfg(test)]\nmod tests;\n"));
    assert_eq!(test_mods, ["tests"]);
}

/// Every top-level module with the modules it refers to (itself left out).
fn module_graph(src: &Path) -> Graph {
    let mut modules = BTreeMap::new();
    for entry in fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() || path.extension().is_some_and(|e| e == "rs") {
            // `main.rs` and its `cmd/` are the binary, a crate of their own over the library.
            if name == "lib" || name == "main" || name == "cmd" {
                continue;
            }
            modules.entry(name).or_insert_with(Vec::new).push(path);
        }
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    let mut graph = Graph::new();
    for (name, paths) in &modules {
        let imports = graph.entry(name.clone()).or_default();
        let mut files = Vec::new();
        let root = if paths.iter().any(|p| p.is_file()) {
            src.join(format!("{name}.rs"))
        } else {
            src.join(name).join("mod.rs")
        };
        collect(&root, &src.join(name), &mut files);
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            let (refs, _) = references(&blank(&text));
            for (target, offset) in refs {
                if &target == name || !names.contains(&target) {
                    continue;
                }
                let line = text[..offset].matches('\n').count() + 1;
                let place = format!(
                    "{}:{line}",
                    file.strip_prefix(src.parent().unwrap()).unwrap().display()
                );
                imports.entry(target).or_insert(place);
            }
        }
    }
    graph
}

/// `file` and the files of the modules it declares outside `#[cfg(test)]`, whose folder is `dir`.
fn collect(file: &Path, dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(text) = fs::read_to_string(file) else {
        return;
    };
    files.push(file.to_path_buf());
    let code = blank(&text);
    let (_, test_mods) = references(&code);
    for child in declared_mods(&code) {
        if test_mods.contains(&child) {
            continue;
        }
        let flat = dir.join(format!("{child}.rs"));
        if flat.is_file() {
            collect(&flat, &dir.join(&child), files);
        } else {
            collect(&dir.join(&child).join("mod.rs"), &dir.join(&child), files);
        }
    }
}

/// The names of `mod name;` declarations (files of the module).
fn declared_mods(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while let Some(found) = code[i..].find("mod ") {
        let start = i + found;
        i = start + 4;
        if start > 0 && is_ident(bytes[start - 1]) {
            continue;
        }
        let (name, end) = ident(code, i);
        if !name.is_empty() && code[end..].trim_start().starts_with(';') {
            names.push(name);
        }
    }
    names
}

/// `code` with comments, string and char literals replaced by spaces (newlines kept).
fn blank(code: &str) -> String {
    let b = code.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let wipe = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = code[i..].find('\n').map_or(b.len(), |e| i + e);
            wipe(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = i;
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            wipe(&mut out, i, j);
            i = j;
        } else if (rest.starts_with(b"r\"") || rest.starts_with(b"r#") || rest.starts_with(b"br"))
            && (i == 0 || !is_ident(b[i - 1]))
        {
            let start = i;
            let mut j = i + if rest[0] == b'b' { 2 } else { 1 };
            let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
            j += hashes;
            if b.get(j) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            j += 1;
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            let end = (j + close.len()).min(b.len());
            wipe(&mut out, start, end);
            i = end;
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            wipe(&mut out, i, (j + 1).min(b.len()));
            i = j + 1;
        } else if rest[0] == b'\'' {
            // A char literal ('x', '\n', '\u{..}', a multi-byte char) or a lifetime ('a).
            let close = if rest.get(1) == Some(&b'\\') {
                rest.iter().skip(2).position(|&c| c == b'\'').map(|p| p + 2)
            } else {
                let len = code[i + 1..].chars().next().map_or(1, char::len_utf8);
                (rest.get(1 + len) == Some(&b'\'')).then_some(1 + len)
            };
            match close {
                Some(c) => {
                    wipe(&mut out, i, i + c + 1);
                    i += c + 1;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    // Only ASCII bytes were replaced by spaces, or whole characters inside literals.
    String::from_utf8_lossy(&out).into_owned()
}

/// The `crate::<name>` references of blanked code outside `#[cfg(test)]` items (name and byte
/// offset), and the names of `#[cfg(test)] mod name;` declarations.
fn references(code: &str) -> (Vec<(String, usize)>, Vec<String>) {
    let b = code.as_bytes();
    let mut refs = Vec::new();
    let mut test_mods = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let rest = &code[i..];
        if rest.starts_with("#[cfg(test)]") {
            // Skip the attributes, then the item: up to its `;` or its matching `}`.
            let mut j = i + "#[cfg(test)]".len();
            loop {
                j += code[j..].len() - code[j..].trim_start().len();
                if code[j..].starts_with("#[") {
                    j += code[j..].find(']').unwrap() + 1;
                } else {
                    break;
                }
            }
            let item = &code[j..];
            let is_use = item.starts_with("use ") || item.starts_with("pub use ");
            let mut depth = 0;
            let mut k = j;
            while k < b.len() {
                match b[k] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 && !is_use {
                            break;
                        }
                    }
                    b';' if depth == 0 => break,
                    _ => {}
                }
                k += 1;
            }
            let declared = declared_mods(&code[j..=k.min(b.len() - 1)]);
            test_mods.extend(declared);
            i = k + 1;
        } else if rest.starts_with("crate::") && (i == 0 || !is_ident(b[i - 1]) && b[i - 1] != b'$')
        {
            let j = i + "crate::".len();
            if code[j..].starts_with('{') {
                // A group: the first name of each top-level entry.
                let mut depth = 0;
                let mut k = j;
                let mut expect_name = true;
                while k < b.len() {
                    match b[k] {
                        b'{' => {
                            depth += 1;
                            k += 1;
                        }
                        b'}' => {
                            depth -= 1;
                            k += 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        b',' if depth == 1 => {
                            expect_name = true;
                            k += 1;
                        }
                        c if depth == 1 && expect_name && is_ident(c) => {
                            let (name, end) = ident(code, k);
                            refs.push((name, k));
                            expect_name = false;
                            k = end;
                        }
                        _ => k += 1,
                    }
                }
                i = k;
            } else {
                let (name, end) = ident(code, j);
                refs.push((name, i));
                i = end;
            }
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    (refs, test_mods)
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The identifier at `at` (after any spaces) and where it ends.
fn ident(code: &str, at: usize) -> (String, usize) {
    let start = at + (code[at..].len() - code[at..].trim_start().len());
    let len = code[start..].bytes().take_while(|&c| is_ident(c)).count();
    (code[start..start + len].to_string(), start + len)
}

/// Cycles covering every module that lies on one: for each strongly connected component of
/// more than one module, the shortest cycle through its first module (by name) not yet on a
/// cycle found, until each of its modules is on one. Each runs from a module back to it.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let reaches = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flat_map(|i| i.keys()) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reaches(m))).collect();
    let mut covered = BTreeSet::new();
    let mut found = Vec::new();
    for module in graph.keys() {
        if covered.contains(module) || !reach[module].contains(module) {
            continue;
        }
        let component: BTreeSet<String> = reach[module]
            .iter()
            .filter(|m| reach[*m].contains(module))
            .cloned()
            .collect();
        if component.len() < 2 {
            continue;
        }
        let cycle = shortest_cycle(graph, module, &component);
        covered.extend(cycle.iter().cloned());
        found.push(cycle);
    }
    found
}

/// The shortest cycle from `start` back to it inside `component` (breadth-first).
fn shortest_cycle(graph: &Graph, start: &str, component: &BTreeSet<String>) -> Vec<String> {
    let mut prev: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.to_string()]);
    while let Some(m) = queue.pop_front() {
        for next in graph[&m].keys().filter(|n| component.contains(*n)) {
            if next == start {
                let mut cycle = vec![start.to_string(), m.clone()];
                let mut at = m.clone();
                while at != start {
                    at = prev[&at].clone();
                    cycle.push(at.clone());
                }
                cycle.reverse();
                return cycle;
            }
            if !prev.contains_key(next) {
                prev.insert(next.clone(), m.clone());
                queue.push_back(next.clone());
            }
        }
    }
    unreachable!("{start} is in a cycle of its component")
}
