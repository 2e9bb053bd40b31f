//! Lists sahel's message catalogues (`src/messages/<code>/*.ftl`) for `src/messages.rs`,
//! which builds them into the binary: a language is a folder, found here.

use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/messages");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut entries = Vec::new();
    let mut langs: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().filter(|e| e.path().is_dir()).collect())
        .unwrap_or_default();
    langs.sort_by_key(|e| e.file_name());
    for lang in langs {
        println!("cargo:rerun-if-changed={}", lang.path().display());
        let mut files: Vec<_> = std::fs::read_dir(lang.path())
            .map(|d| d.flatten().collect())
            .unwrap_or_default();
        files.sort_by_key(|e| e.file_name());
        for file in files {
            let path = file.path();
            if path.extension().is_some_and(|e| e == "ftl") {
                println!("cargo:rerun-if-changed={}", path.display());
                entries.push(format!(
                    "({:?}, {:?}, include_str!({:?}))",
                    lang.file_name().to_string_lossy(),
                    file.file_name().to_string_lossy(),
                    path.display().to_string()
                ));
            }
        }
    }
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("messages.rs");
    let text = format!("&[\n    {}\n]\n", entries.join(",\n    "));
    if std::fs::write(&out, text).is_err() {
        println!("cargo:warning=cannot write {}", out.display());
    }
}
