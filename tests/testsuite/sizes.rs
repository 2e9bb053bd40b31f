//! No source file holds more than 500 lines of code, tests apart (issue 35): a file past it
//! does more than one thing. Lines of code are the lines that are neither blank nor only a
//! comment (`//`, `///`, `//!`, or inside `/* ... */`); a Rust file's `#[cfg(test)]` module, test
//! files and folders (`__tests__`, `*.test.ts(x)`, `tests/`) do not count.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use std::path::Path;

const LIMIT: usize = 500;

/// The lines of code of a source text.
fn code_lines(text: &str, rust: bool) -> usize {
    let mut count = 0;
    let mut in_block = false;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        // A Rust file's tests: the `#[cfg(test)]` module to the end of the file.
        if rust
            && t == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|n| n.trim_start().starts_with("mod "))
        {
            break;
        }
        if in_block {
            if t.contains("*/") {
                in_block = false;
            }
            continue;
        }
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        if t.starts_with("/*") {
            in_block = !t.contains("*/");
            continue;
        }
        count += 1;
    }
    count
}

fn over_limit(root: &Path, dirs: &[&str], exts: &[&str]) -> Vec<String> {
    let mut over = Vec::new();
    for dir in dirs {
        for entry in walkdir::WalkDir::new(root.join(dir)).sort_by_file_name() {
            let entry = entry.unwrap();
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy();
            let is_source = exts.iter().any(|e| name.ends_with(e));
            let is_test = path.components().any(|c| c.as_os_str() == "__tests__")
                || name.contains(".test.")
                || name.ends_with(".d.ts");
            if !entry.file_type().is_file() || !is_source || is_test {
                continue;
            }
            let text = std::fs::read_to_string(path).unwrap();
            let n = code_lines(&text, name.ends_with(".rs"));
            if n > LIMIT {
                over.push(format!(
                    "{} ({n} lines of code)",
                    path.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    over
}

#[test]
fn no_source_file_is_over_500_lines_of_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut over = over_limit(root, &["src"], &[".rs"]);
    over.extend(over_limit(
        root,
        &["site/src", "site/vite-plugins"],
        &[".ts", ".tsx", ".mjs", ".cjs"],
    ));
    assert!(
        over.is_empty(),
        "over {LIMIT} lines of code (split them by what they do):\n  {}",
        over.join("\n  ")
    );
}

#[test]
fn lines_of_code_leave_out_blanks_comments_and_tests() {
    let rust = "//! doc\nfn a() {}\n\n/// doc\n/* block\n still */\nfn b() {}\n#[cfg(test)]\nmod tests {\n    fn c() {}\n}\n";
    assert_eq!(code_lines(rust, true), 2);
    let ts = "// c\nconst a = 1;\n/**\n * doc\n */\nexport function b() {}\n";
    assert_eq!(code_lines(ts, false), 2);
    // `#[cfg(test)]` on an item other than a module is code.
    assert_eq!(code_lines("#[cfg(test)]\nfn helper() {}\n", true), 2);
}
