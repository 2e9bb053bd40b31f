//! The guide's code blocks and links are true: README.md, ARCHITECTURE.md, every `docs/*.md` and
//! the content guides (`content/README*.md`).
//!
//! - a ```toml block parses; unless its first line names another file (`# content/x.toml`),
//!   it is a piece of `site.toml`, laid over the basic fixture's config and read by sahel,
//!   which must not find a key it does not accept (values may be placeholders);
//! - a ```yaml block parses as YAML, a ```json block as JSON, and a ```markdown block's front
//!   matter as YAML;
//! - a ```sql block is `docs/contact-messages.sql`, exactly;
//! - in ```sh and ```console blocks, every `sahel ...` (or `cargo run [--release] -- ...`)
//!   names a real command and real flags, as `sahel <command> --help` lists them;
//! - every relative link `[text](path#anchor)` leads to a file that exists and, into a
//!   Markdown file, to one of its headings.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{project, read_text, sahel_command};

/// The documents checked, relative to the project.
fn documents() -> Vec<PathBuf> {
    let root = project();
    let mut docs = vec![
        PathBuf::from("README.md"),
        PathBuf::from("ARCHITECTURE.md"),
        PathBuf::from("content/README.md"),
    ];
    if root.join("content/README.ar.md").is_file() {
        docs.push(PathBuf::from("content/README.ar.md"));
    }
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| p.strip_prefix(root).unwrap().to_path_buf())
        .collect();
    guide.sort();
    docs.extend(guide);
    docs
}

/// A fenced code block: its info string (`toml`), its text (unindented) and its first line.
struct Block {
    lang: String,
    text: String,
    line: usize,
}

/// The fenced blocks of a Markdown text (``` fences, indented or not).
fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String, usize, Vec<&str>)> = None;
    for (i, line) in doc.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        match &mut open {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some((indent, info.trim().to_string(), i + 1, Vec::new()));
                }
            }
            Some((fence_indent, lang, start, lines)) => {
                if trimmed == "```" {
                    let text = lines
                        .iter()
                        .map(|l| {
                            let cut = l.len() - l.trim_start().len();
                            &l[cut.min(*fence_indent)..]
                        })
                        .collect::<Vec<_>>()
                        .join("\n");
                    out.push(Block {
                        lang: std::mem::take(lang),
                        text,
                        line: *start,
                    });
                    open = None;
                } else {
                    lines.push(line);
                }
            }
        }
    }
    assert!(open.is_none(), "a code block is not closed");
    out
}

/// Every block of every document, with the document's name.
fn all_blocks() -> Vec<(PathBuf, Block)> {
    documents()
        .into_iter()
        .flat_map(|doc| {
            let text = read_text(project().join(&doc));
            blocks(&text)
                .into_iter()
                .map(move |b| (doc.clone(), b))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn place(doc: &Path, block: &Block) -> String {
    format!("{}:{} (```{})", doc.display(), block.line, block.lang)
}

/// `over` with `piece` laid on it: tables merged key by key, anything else replaced.
fn merge(over: &mut toml::Table, piece: toml::Table) {
    for (key, value) in piece {
        match (over.get_mut(&key), value) {
            (Some(toml::Value::Table(mine)), toml::Value::Table(theirs)) => merge(mine, theirs),
            (_, value) => {
                over.insert(key, value);
            }
        }
    }
}

#[test]
fn toml_blocks_parse_and_name_only_keys_sahel_accepts() {
    let fixture: toml::Table =
        toml::from_str(&read_text(project().join("tests/fixtures/basic/site.toml"))).unwrap();
    let mut problems = Vec::new();
    let mut checked = 0;
    for (doc, block) in all_blocks().iter().filter(|(_, b)| b.lang == "toml") {
        checked += 1;
        let piece: toml::Table = match toml::from_str(&block.text) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: not TOML: {e}", place(doc, block)));
                continue;
            }
        };
        // `# content/translations.toml` on its first line: another file, which parsing is all.
        let other_file = block
            .text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .and_then(|l| l.split_whitespace().next())
            .is_some_and(|f| f.ends_with(".toml") && !f.ends_with("site.toml"));
        if other_file {
            continue;
        }
        let mut config = fixture.clone();
        merge(&mut config, piece);
        let text = toml::to_string(&config).unwrap();
        if let Err(d) = sahel::config::SiteConfig::parse(&text, Path::new("site.toml")) {
            // Placeholder values may fail their checks; a key sahel does not know may not.
            if d.message.contains("unknown field") || d.message.contains("unknown variant") {
                problems.push(format!("{}: {}", place(doc, block), d.message));
            }
        }
    }
    assert!(checked > 0, "no ```toml block found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn yaml_json_and_front_matter_blocks_parse() {
    let mut problems = Vec::new();
    for (doc, block) in all_blocks() {
        let result = match block.lang.as_str() {
            "yaml" => serde_saphyr::from_str::<serde_json::Value>(&block.text)
                .map(drop)
                .map_err(|e| e.to_string()),
            "json" => serde_json::from_str::<serde_json::Value>(&block.text)
                .map(drop)
                .map_err(|e| e.to_string()),
            "markdown" => match front_matter(&block.text) {
                Some(yaml) => serde_saphyr::from_str::<serde_json::Value>(yaml)
                    .map(drop)
                    .map_err(|e| e.to_string()),
                None => Ok(()),
            },
            _ => Ok(()),
        };
        if let Err(e) = result {
            problems.push(format!("{}: {e}", place(&doc, &block)));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The YAML between a Markdown text's opening `---` and the next.
fn front_matter(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---")?;
    Some(&rest[..end])
}

#[test]
fn sql_blocks_quote_the_contact_table_exactly() {
    let sql = read_text(project().join("docs/contact-messages.sql"));
    let mut found = 0;
    let mut problems = Vec::new();
    for (doc, block) in all_blocks().iter().filter(|(_, b)| b.lang == "sql") {
        found += 1;
        if block.text.trim_end() != sql.trim_end() {
            let line = block
                .text
                .lines()
                .zip(sql.lines())
                .position(|(a, b)| a != b)
                .map_or_else(|| "its length".to_string(), |i| format!("line {}", i + 1));
            problems.push(format!(
                "{}: differs from docs/contact-messages.sql at {line}",
                place(doc, block)
            ));
        }
    }
    assert!(found > 0, "no document quotes docs/contact-messages.sql");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What `sahel <path> --help` lists: its flags and its subcommands.
#[derive(Default)]
struct Help {
    flags: BTreeSet<String>,
    commands: BTreeSet<String>,
}

fn help(path: &[String]) -> Help {
    let out = sahel_command().args(path).arg("--help").output().unwrap();
    assert!(
        out.status.success(),
        "`sahel {} --help` failed: {}",
        path.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut help = Help::default();
    let mut section = "";
    for line in text.lines() {
        if !line.starts_with(' ') {
            section = line.trim_end_matches(':');
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match section {
            "Options" => {
                for w in words
                    .iter()
                    .take_while(|w| w.starts_with('-') || w.starts_with('<'))
                {
                    let w = w.trim_end_matches(',');
                    if w.starts_with('-') {
                        help.flags.insert(w.to_string());
                    }
                }
            }
            // A command's first line starts two spaces in; its description's next lines
            // further.
            "Commands" if line.starts_with("  ") && !line.starts_with("   ") => {
                if let Some(w) = words.first() {
                    help.commands.insert((*w).to_string());
                }
            }
            _ => {}
        }
    }
    help
}

/// The arguments of each `sahel` run a shell line makes (`sahel ...`, `target/release/sahel
/// ...`, `cargo run [--release] -- ...`), with a synopsis's brackets left in.
fn sahel_runs(line: &str) -> Vec<Vec<String>> {
    let line = line.trim_start();
    let line = line.strip_prefix("$ ").unwrap_or(line);
    // A comment: `#` after a space (`faq.yaml#id` is a word).
    let line = match line.find(" #") {
        Some(i) => &line[..i],
        None if line.starts_with('#') => "",
        None => line,
    };
    let words = shell_words(line);
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    for (i, w) in words.iter().enumerate() {
        let next_is_command = words
            .get(i + 1)
            .is_some_and(|n| !n.starts_with('-') && !n.starts_with('['));
        if w == "&&" || w == "||" || w == ";" || (w == "|" && next_is_command) {
            segments.push(Vec::new());
        } else {
            segments.last_mut().unwrap().push(w.clone());
        }
    }
    let mut runs = Vec::new();
    for segment in segments {
        // Environment assignments before the command.
        let words: Vec<&String> = segment
            .iter()
            .skip_while(|w| {
                w.split_once('=').is_some_and(|(k, _)| {
                    !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                })
            })
            .collect();
        let Some(first) = words.first() else { continue };
        let args: Vec<String> = if first.as_str() == "sahel" || first.ends_with("/sahel") {
            words[1..].iter().map(|w| (*w).clone()).collect()
        } else if first.as_str() == "cargo" && words.get(1).is_some_and(|w| *w == "run") {
            match words.iter().position(|w| *w == "--") {
                Some(i) => words[i + 1..].iter().map(|w| (*w).clone()).collect(),
                None => continue,
            }
        } else {
            continue;
        };
        runs.push(args);
    }
    runs
}

/// A shell line's words, with single and double quotes joined and removed.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// `sahel <path> --help`, run once per path.
fn help_of<'a>(helps: &'a mut BTreeMap<Vec<String>, Help>, path: &[String]) -> &'a Help {
    helps.entry(path.to_vec()).or_insert_with(|| help(path))
}

/// What is wrong with one `sahel` run's arguments, if anything.
fn check_run(args: &[String], helps: &mut BTreeMap<Vec<String>, Help>) -> Option<String> {
    // The subcommands, as deep as they go (`translations mark`, `new post`).
    let mut path: Vec<String> = Vec::new();
    let mut rest = args;
    while let Some(word) = rest.first() {
        let commands = &help_of(helps, &path).commands;
        if commands.is_empty() || word.starts_with('-') || word.starts_with('[') {
            break;
        }
        if !commands.contains(word) {
            let known: Vec<&String> = commands.iter().filter(|c| *c != "help").collect();
            return Some(format!(
                "`sahel {}` has no command `{word}` (it has {known:?})",
                path.join(" ")
            ));
        }
        path.push(word.clone());
        rest = &rest[1..];
    }
    let flags = &help_of(helps, &path).flags;
    for word in rest {
        let flag = word
            .trim_start_matches(['[', '('])
            .trim_end_matches(['.', ']', ')', ',']);
        let flag = flag.split_once('=').map_or(flag, |(f, _)| f);
        let is_flag = flag.starts_with("--") && flag.len() > 2
            || flag.len() == 2 && flag.starts_with('-') && flag != "--";
        if is_flag && !flags.contains(flag) {
            return Some(format!(
                "`sahel {}` has no option `{flag}` (it has {flags:?})",
                path.join(" ")
            ));
        }
    }
    None
}

#[test]
fn shell_lines_run_real_commands_with_real_options() {
    let mut helps = BTreeMap::new();
    let mut problems = Vec::new();
    let mut runs = 0;
    for (doc, block) in all_blocks() {
        if block.lang != "sh" && block.lang != "console" {
            continue;
        }
        for (i, line) in logical_lines(&block.text) {
            for args in sahel_runs(&line) {
                runs += 1;
                if let Some(problem) = check_run(&args, &mut helps) {
                    problems.push(format!(
                        "{}:{}: {problem}",
                        doc.display(),
                        block.line + 1 + i
                    ));
                }
            }
        }
    }
    assert!(runs > 0, "no `sahel` command found in a ```sh block");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A shell block's lines, each continued line (ending in `\`) joined to the next, with the
/// index of its first line.
fn logical_lines(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut continued = false;
    for (i, line) in text.lines().enumerate() {
        let (body, continues) = match line.trim_end().strip_suffix('\\') {
            Some(body) => (body, true),
            None => (line, false),
        };
        match out.last_mut() {
            Some((_, joined)) if continued => {
                joined.push(' ');
                joined.push_str(body.trim_start());
            }
            _ => out.push((i, body.to_string())),
        }
        continued = continues;
    }
    out
}

/// A document's text outside code: fenced blocks blanked, inline code spans removed.
fn prose(doc: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if !fenced {
            let mut in_code = false;
            for c in line.chars() {
                if c == '`' {
                    in_code = !in_code;
                } else if !in_code {
                    out.push(c);
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The anchors GitHub gives a Markdown document's headings.
fn anchors(doc: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    }
    out
}

#[test]
fn relative_links_lead_to_files_and_headings_that_exist() {
    let root = project();
    let link = regex::Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let mut problems = Vec::new();
    for doc in documents() {
        let text = read_text(root.join(&doc));
        let dir = doc.parent().unwrap_or(Path::new(""));
        for (i, line) in prose(&text).lines().enumerate() {
            for c in link.captures_iter(line) {
                let target = &c[1];
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
                let path = if file.is_empty() {
                    root.join(&doc)
                } else {
                    root.join(dir).join(file)
                };
                let at = format!("{}:{}: `{target}`", doc.display(), i + 1);
                if !path.exists() {
                    problems.push(format!("{at}: no such file"));
                } else if !anchor.is_empty()
                    && path.extension().is_some_and(|e| e == "md")
                    && !anchors(&read_text(&path)).contains(anchor)
                {
                    problems.push(format!("{at}: no heading `#{anchor}` there"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checks themselves, on small texts.
#[test]
fn the_checks_see_what_they_should() {
    let b = blocks("a\n  ```toml\n  x = 1\n   y = 2\n  ```\n```sh\nsahel build\n```\n");
    assert_eq!(b.len(), 2);
    assert_eq!(
        (b[0].lang.as_str(), b[0].text.as_str()),
        ("toml", "x = 1\n y = 2")
    );
    assert_eq!(
        sahel_runs("$ SAHEL_LANG=ar sahel check --lang ar  # in Arabic"),
        vec![vec!["check", "--lang", "ar"]]
    );
    assert_eq!(
        sahel_runs("cargo run --release -- build && sahel translations mark 'en/faq.yaml#x'"),
        vec![vec!["build"], vec!["translations", "mark", "en/faq.yaml#x"]]
    );
    assert_eq!(
        sahel_runs("sahel build [--quiet | --verbose]"),
        vec![vec!["build", "[--quiet", "|", "--verbose]"]]
    );
    assert_eq!(
        logical_lines("sahel build \\\n  --quiet\nsahel check"),
        vec![
            (0, "sahel build  --quiet".to_string()),
            (2, "sahel check".to_string())
        ]
    );
    let mut helps = BTreeMap::new();
    let run = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    assert!(check_run(&run("build --quiet -j 2 --out=dist"), &mut helps).is_none());
    assert!(check_run(&run("build [--quiet | --verbose]"), &mut helps).is_none());
    assert!(check_run(&run("translations mark --lang fa x.md"), &mut helps).is_none());
    assert!(check_run(&run("build --fast"), &mut helps).is_some());
    assert!(check_run(&run("publish"), &mut helps).is_some());
    assert!(check_run(&run("new page x"), &mut helps).is_some());
    assert!(check_run(&run("translations --all"), &mut helps).is_some());
    let a = anchors("# Title\n## The `[backend]` section\n## Title\n```\n# no\n```\n");
    assert_eq!(
        a,
        BTreeSet::from(["title", "the-backend-section", "title-1"].map(String::from))
    );
    assert_eq!(
        prose("a `[x](y)` [z](w)\n```\n[q](r)\n```\n"),
        "a  [z](w)\n\n\n\n"
    );
}
