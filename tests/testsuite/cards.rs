//! Social cards (`src/cards/`): the glyphs of every Arabic title of the shipped content (and of
//! generated awkward ones) are those `hb-shape` (HarfBuzz, Debian's `libharfbuzz-bin`) gives
//! for the same font file; lines wrap inside the card in the right visual order; cards are
//! 1200×630 PNGs of at most 300 KB, byte-identical when drawn again; a warm build draws none;
//! the sample cards in `docs/cards/` are what sahel draws (`SAHEL_UPDATE_CARDS=1` rewrites them).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use sahel::cards::fonts::Faces;
use sahel::cards::layout::{Block, Run};
use sahel::cards::{
    CardSpec, FontData, FontId, HEIGHT, TITLE_WIDTH, WIDTH, card_layout, draw_card,
};
use sahel::lang::Lang;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fonts() -> &'static FontData {
    static FONTS: OnceLock<FontData> = OnceLock::new();
    FONTS.get_or_init(|| {
        FontData::load_families(root(), &[sahel::cards::fonts::Family::Vazirmatn])
            .expect("the fonts under node_modules/@fontsource")
    })
}

fn faces() -> Faces<'static> {
    fonts().faces().unwrap()
}

fn spec(lang: Lang, title: &str) -> CardSpec {
    let (kind, brand) = if lang == Lang::ar() {
        ("مقال", "نهج لخدمات الأعمال")
    } else {
        ("Article", "Nahj Business Services")
    };
    CardSpec {
        lang,
        title: title.into(),
        kind: kind.into(),
        brand: brand.into(),
        host: "www.nahj-services.ae".into(),
        photo: None,
    }
}

/// The card of every route of the shipped site.
fn shipped_cards() -> Vec<CardSpec> {
    let source = sahel::pipeline::Source {
        root: root().to_path_buf(),
        config: None,
        base_url: None,
    };
    let site = source.load_site().expect("the shipped site loads");
    let mut cards: Vec<CardSpec> = sahel::pipeline::prepare_routes(&site, 2026)
        .into_iter()
        .filter_map(|p| p.card)
        .collect();
    cards.dedup_by_key(|c| c.id());
    cards
}

const AR_LONG: &str = "دليل شامل لتجديد الإقامة الذهبية وتأشيرات المستثمرين ورواد الأعمال والمواهب \
    المتميزة في دولة الإمارات العربية المتحدة، مع قائمة المستندات المطلوبة والرسوم الحكومية المحدثة \
    لعام 2026 وخطوات التقديم لدى الهيئة الاتحادية للهوية والجنسية والجمارك وأمن المنافذ";

/// Titles chosen to break things: Latin words, digits of both systems, isolates, diacritics,
/// punctuation at run edges, emoji, a line separator pasted from Word, a very long title, a
/// URL with no break opportunity.
fn awkward_arabic_titles() -> Vec<String> {
    let mut titles: Vec<String> = [
        "تجديد الإقامة الذهبية لعام 2026 عبر ICP وGDRFA",
        "ضريبة القيمة المضافة (VAT) بنسبة 5%: ما الجديد؟",
        "خصم ١٥٪ على باقة Pro حتى ٣١ ديسمبر",
        "اتصل بنا على \u{2066}+971 4 555 0100\u{2069} من الاثنين إلى الأحد",
        "مُقَدِّمَةٌ في تأسيسِ الشركاتِ",
        "«نهج» — شريكك في دبي",
        "✅ خدمات المندوب PRO في 24 ساعة",
        "سطر أول\u{2028}وسطر ثانٍ بعد فاصل أسطر",
        "رخصة تجارية من DET (دائرة الاقتصاد والسياحة) بـ 12,500 درهم",
        "موقعنا: https://www.nahj-services.ae/ar/services/golden-visa/",
        AR_LONG,
    ]
    .map(String::from)
    .to_vec();
    // Generated: Arabic words with Latin words and numbers mixed in, from a fixed seed.
    let words = [
        "الإقامة",
        "الذهبية",
        "Dubai",
        "2026",
        "تأشيرة",
        "Emirates ID",
        "١٢٣",
        "للمستثمرين",
        "(DLD)",
        "إيجاري",
        "AED 1,500",
        "شركة",
        "«نهج»",
        "e-mail",
        "؟",
    ];
    let mut seed: u64 = 0x5eed;
    for _ in 0..40 {
        let mut title = Vec::new();
        for _ in 0..(3 + seed % 9) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            title.push(words[(seed >> 33) as usize % words.len()]);
        }
        titles.push(title.join(" "));
    }
    titles
}

fn runs_of(block: &Block) -> impl Iterator<Item = &Run> {
    block.lines.iter().flat_map(|l| l.runs.iter())
}

/// `hb-shape`'s glyphs for each text, one process per font and direction.
fn hb_shape(font: FontId, rtl: bool, language: &str, texts: &[&str]) -> Vec<Vec<[i64; 6]>> {
    let dir = tempfile::tempdir().unwrap();
    let font_file = dir.path().join("font.ttf");
    std::fs::write(&font_file, fonts().bytes(font).unwrap()).unwrap();
    let text_file = dir.path().join("texts.txt");
    std::fs::write(&text_file, texts.join("\n") + "\n").unwrap();
    let out = Command::new("hb-shape")
        .arg(format!("--direction={}", if rtl { "rtl" } else { "ltr" }))
        .arg(format!(
            "--script={}",
            if font.is_arabic() { "Arab" } else { "Latn" }
        ))
        .arg(format!("--language={language}"))
        .args([
            "--output-format=json",
            "--no-glyph-names",
            "--utf8-clusters",
        ])
        .arg(format!("--text-file={}", text_file.display()))
        .arg(&font_file)
        .output()
        .expect(
            "hb-shape runs (Debian: apt-get install -y --no-install-recommends libharfbuzz-bin)",
        );
    assert!(
        out.status.success(),
        "hb-shape: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Vec<[i64; 6]>> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let glyphs: Vec<serde_json::Value> = serde_json::from_str(line).unwrap();
            glyphs
                .iter()
                .map(|g| ["g", "cl", "ax", "ay", "dx", "dy"].map(|k| g[k].as_i64().unwrap()))
                .collect()
        })
        .collect();
    assert_eq!(lines.len(), texts.len());
    lines
}

/// Every run of these cards (title, kind, brand, address) shaped by rustybuzz equals
/// hb-shape's output; returns the number of runs compared.
fn compare_with_harfbuzz(cards: &[CardSpec]) -> usize {
    let faces = faces();
    let layouts: Vec<_> = cards.iter().map(|c| card_layout(&faces, c)).collect();
    let mut groups: BTreeMap<(FontId, bool, &str), Vec<&Run>> = BTreeMap::new();
    for layout in &layouts {
        for block in [&layout.title, &layout.kind, &layout.brand, &layout.host] {
            for run in runs_of(block) {
                groups
                    .entry((run.font, run.rtl, run.language))
                    .or_default()
                    .push(run);
            }
        }
    }
    let mut compared = 0;
    for ((font, rtl, language), runs) in groups {
        let texts: Vec<&str> = runs.iter().map(|r| r.text.as_str()).collect();
        let expected = hb_shape(font, rtl, language, &texts);
        for (run, hb) in runs.iter().zip(expected) {
            let ours: Vec<[i64; 6]> =
                run.glyphs
                    .iter()
                    .map(|g| {
                        [g.id, g.cluster].map(i64::from).into_iter().chain(
                            [g.x_advance, g.y_advance, g.x_offset, g.y_offset].map(i64::from),
                        )
                    })
                    .map(|it| it.collect::<Vec<_>>().try_into().unwrap())
                    .collect();
            assert_eq!(
                ours, hb,
                "glyphs of {:?} ({font:?}, rtl {rtl}): rustybuzz (left) differs from hb-shape (right); [id, cluster, x_advance, y_advance, x_offset, y_offset]",
                run.text
            );
            compared += 1;
        }
    }
    compared
}

#[test]
fn every_arabic_title_of_the_shipped_content_is_shaped_as_harfbuzz_shapes_it() {
    let cards: Vec<CardSpec> = shipped_cards()
        .into_iter()
        .filter(|c| c.lang == Lang::ar())
        .collect();
    assert!(cards.len() >= 20, "only {} Arabic cards", cards.len());
    let runs = compare_with_harfbuzz(&cards);
    println!(
        "{} Arabic cards, {runs} runs: glyph ids, clusters, advances and offsets equal hb-shape's",
        cards.len()
    );
    assert!(runs > cards.len());
}

#[test]
fn awkward_titles_are_shaped_as_harfbuzz_shapes_them() {
    let mut cards: Vec<CardSpec> = awkward_arabic_titles()
        .iter()
        .map(|t| spec(Lang::ar(), t))
        .collect();
    cards.extend(
        [
            "Why «نهج»? The Nahj (نهج) way, in 3 steps",
            "Café façade: 1,500 AED — naïve fees",
        ]
        .map(|t| spec(Lang::en(), t)),
    );
    cards.extend(shipped_cards().into_iter().filter(|c| c.lang == Lang::en()));
    let runs = compare_with_harfbuzz(&cards);
    println!(
        "{} cards with awkward titles, {runs} runs equal hb-shape's",
        cards.len()
    );
}

/// Farsi from the language table of the three-language fixture (Vazirmatn, right to left).
fn farsi() -> Lang {
    let mut specs: Vec<sahel::lang::LangSpec> =
        serde_json::from_str(sahel::lang::DEFAULT_TABLE).unwrap();
    let mut fa = specs[0].clone();
    fa.code = "fa".into();
    fa.name = "فارسی".into();
    fa.locale = "fa-IR".into();
    fa.digits = sahel::lang::Digits::Arabext;
    fa.font = "vazirmatn".into();
    fa.card_font = "vazirmatn".into();
    fa.og_locale = "fa_IR".into();
    fa.default = false;
    fa.x_default = false;
    specs.push(fa);
    sahel::lang::Languages::new(&specs)
        .unwrap()
        .get("fa")
        .unwrap()
}

#[test]
fn farsi_cards_are_drawn_in_vazirmatn_and_shaped_as_harfbuzz_shapes_them() {
    let fa = farsi();
    let titles = [
        "ویزای طلایی ۲۰۲۶ برای سرمایه‌گذاران",
        "تمدید Emirates ID در ۳ روز کاری",
        "ثبت شرکت در دبی (DED) و مجوز تجاری",
        "گواهی عدم سوءپیشینه؛ پژوهش، گچ و ژاله؟",
        "قیمت بسته‌های PRO: AED 1,500 در ماه",
    ];
    let cards: Vec<CardSpec> = titles
        .iter()
        .map(|t| CardSpec {
            lang: fa,
            title: (*t).into(),
            kind: "مقاله".into(),
            brand: "شرکت آزمایشی".into(),
            host: "fixture.example".into(),
            photo: None,
        })
        .collect();
    let faces = faces();
    for card in &cards {
        let layout = card_layout(&faces, card);
        for run in runs_of(&layout.title).filter(|r| {
            r.text
                .chars()
                .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
        }) {
            assert_eq!(
                run.font.family,
                sahel::cards::fonts::Family::Vazirmatn,
                "{:?}",
                run.text
            );
            // Persian digits alone are a left-to-right run (a number), in the same font.
            if run.text.chars().any(sahel::content::bidi::is_arabic_letter) {
                assert!(run.rtl, "{:?}", run.text);
            }
            assert!(
                run.glyphs.iter().all(|g| g.id != 0),
                "no missing glyph in {:?}",
                run.text
            );
        }
    }
    let runs = compare_with_harfbuzz(&cards);
    assert!(runs > cards.len(), "{runs} runs");
    let png = draw_card(&faces, &cards[0]).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn a_mixed_title_reads_right_to_left_with_its_latin_and_numbers_left_to_right() {
    let faces = faces();
    let layout = card_layout(&faces, &spec(Lang::ar(), "تجديد لعام 2026 عبر ICP الآن"));
    assert_eq!(layout.title.lines.len(), 1);
    let runs = &layout.title.lines[0].runs;
    let texts: Vec<&str> = runs
        .iter()
        .map(|r| r.text.trim())
        .filter(|t| !t.is_empty())
        .collect();
    // Visual order, left to right: the last word first, the first words last.
    assert_eq!(
        texts,
        ["الآن", "ICP", "عبر", "2026", "تجديد لعام"],
        "{runs:#?}"
    );
    for run in runs.iter().filter(|r| !r.text.trim().is_empty()) {
        assert_eq!(run.rtl, run.font.is_arabic(), "{run:?}");
        let clusters: Vec<u32> = run.glyphs.iter().map(|g| g.cluster).collect();
        let mut sorted = clusters.clone();
        sorted.sort_unstable();
        if run.rtl {
            sorted.reverse();
        }
        assert_eq!(
            clusters, sorted,
            "glyphs of {:?} out of visual order",
            run.text
        );
    }
    // Joined letters: «تجديد» shaped as initial, medial and final forms, not isolated ones.
    let arabic = runs.iter().find(|r| r.text.contains("تجديد")).unwrap().font;
    let word = sahel::cards::layout::shape(&faces, arabic, "تجديد", true, "ar");
    let isolated: Vec<u32> = "تجديد"
        .chars()
        .map(|c| sahel::cards::layout::shape(&faces, arabic, &c.to_string(), true, "ar")[0].id)
        .rev()
        .collect();
    let joined: Vec<u32> = word.iter().map(|g| g.id).collect();
    assert_ne!(joined, isolated, "the letters of «تجديد» are not joined");
}

#[test]
fn long_arabic_titles_wrap_inside_the_card() {
    let faces = faces();
    let very_long = [AR_LONG; 4].join(" ");
    let unbreakable = format!(
        "https://www.nahj-services.ae/{}",
        "ar-services-golden-visa-".repeat(12)
    );
    for title in [AR_LONG, very_long.as_str(), unbreakable.as_str()] {
        let layout = card_layout(&faces, &spec(Lang::ar(), title));
        let block = &layout.title;
        assert!(block.lines.len() > 1, "{title:?} on one line");
        for line in &block.lines {
            assert!(
                line.width <= TITLE_WIDTH,
                "line {:?} is {} px wide, the card allows {TITLE_WIDTH}",
                line.text,
                line.width
            );
            let run_sum: f32 = line.runs.iter().map(|r| r.width).sum();
            assert!((run_sum - line.width).abs() < 0.01);
        }
        assert!(
            block.lines.len() as f32 * block.line_height <= 540.0 - 262.0,
            "{} lines of {} px overflow the title's area",
            block.lines.len(),
            block.line_height
        );
        // Nothing dropped: the lines hold the whole title, in order.
        let joined: String = block
            .lines
            .iter()
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let normalised = sahel::cards::layout::normalise(title);
        assert_eq!(joined.replace(' ', ""), normalised.replace(' ', ""));
    }
    // The shipped long title wraps at a size that stays readable.
    let layout = card_layout(&faces, &spec(Lang::ar(), AR_LONG));
    assert!(layout.title.size >= 36.0, "size {}", layout.title.size);
}

fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    let be = |b: &[u8]| u32::from_be_bytes(b.try_into().unwrap());
    (be(&png[16..20]), be(&png[20..24]))
}

#[test]
fn cards_are_1200_by_630_under_300_kb_and_deterministic() {
    let faces = faces();
    let mut specs = vec![
        spec(Lang::ar(), AR_LONG),
        spec(Lang::ar(), &[AR_LONG; 4].join(" ")),
        spec(
            Lang::en(),
            &"The UAE Golden Visa: a practical guide for investors ".repeat(8),
        ),
    ];
    specs.extend(shipped_cards());
    let mut largest = 0;
    for s in &specs {
        let png = draw_card(&faces, s).unwrap();
        assert_eq!(png_size(&png), (WIDTH, HEIGHT));
        assert!(
            png.len() <= 300 * 1024,
            "{} bytes for {:?}",
            png.len(),
            s.title
        );
        largest = largest.max(png.len());
        assert_eq!(
            png,
            draw_card(&faces, s).unwrap(),
            "two drawings of {:?} differ",
            s.title
        );
    }
    // Another thread, another set of faces: the same bytes.
    let first = specs[0].clone();
    let again = std::thread::spawn(move || draw_card(&fonts().faces().unwrap(), &first).unwrap())
        .join()
        .unwrap();
    assert_eq!(again, draw_card(&faces, &specs[0]).unwrap());
    println!("{} cards, largest {} KB", specs.len(), largest / 1024);
}

/// The sample cards a person looks at (`docs/cards/`) are exactly what sahel draws.
#[test]
fn sample_cards_in_docs_are_current() {
    let faces = faces();
    let samples = [
        (
            "ar-article.png",
            "الإقامة الذهبية في الإمارات: دليل عملي للمستثمرين وأصحاب الكفاءات وعائلاتهم",
        ),
        (
            "ar-mixed.png",
            "لماذا تحتاج شركتك إلى خدمات المندوب (PRO) في الإمارات عام 2026؟",
        ),
        (
            "en-article.png",
            "The UAE Golden Visa: a practical guide for investors, professionals and families",
        ),
    ];
    for (name, title) in samples {
        let lang = if name.starts_with("ar") {
            Lang::ar()
        } else {
            Lang::en()
        };
        let png = draw_card(&faces, &spec(lang, title)).unwrap();
        let path: PathBuf = root().join("docs/cards").join(name);
        if std::env::var_os("SAHEL_UPDATE_CARDS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &png).unwrap();
        }
        let saved = std::fs::read(&path).unwrap_or_default();
        assert!(
            saved == png,
            "{} is not what sahel draws now: look at the new card, then run SAHEL_UPDATE_CARDS=1 cargo test --test testsuite cards::",
            path.display()
        );
    }
}

use crate::common::BUILD_LOCK;

#[test]
fn a_warm_build_draws_no_card_and_every_page_names_its_card() {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("dist");
    let mut opts = sahel::build::BuildOptions::new(root().join("tests/fixtures/basic"));
    opts.out = Some(out.clone());
    opts.verbosity = sahel::build::Verbosity::Quiet;
    let cold = sahel::build::build_site(&opts).unwrap();
    assert!(cold.cards_drawn > 0);
    assert_eq!(cold.cards_reused, 0);
    let warm = sahel::build::build_site(&opts).unwrap();
    assert_eq!(warm.cards_drawn, 0, "a warm build drew cards");
    assert_eq!(warm.cards_reused, cold.cards_drawn);

    // Each page's og:image is a card of the build; the blog list's pages share one.
    let mut images = BTreeMap::new();
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.unwrap();
        let rel = entry
            .path()
            .strip_prefix(&out)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        // The root's redirect page has no head of its own.
        if entry.file_name() != "index.html" || rel == "index.html" {
            continue;
        }
        let html = std::fs::read_to_string(entry.path()).unwrap();
        let image = html
            .split("<meta property=\"og:image\" content=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("no og:image in {}", entry.path().display()));
        let path = image.strip_prefix("https://fixture.example/").unwrap();
        let png = std::fs::read(out.join(path)).unwrap();
        assert_eq!(png_size(&png), (WIDTH, HEIGHT));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
        assert!(html.contains(&format!(
            "<meta name=\"twitter:image\" content=\"{image}\">"
        )));
        images.insert(rel, image.to_string());
    }
    let blog = &images["en/blog/index.html"];
    for (page, image) in &images {
        if page.starts_with("en/blog/page/") {
            assert_eq!(image, blog, "{page} has a card of its own");
        }
    }
    assert_ne!(images["en/blog/index.html"], images["ar/blog/index.html"]);
}

#[test]
fn cards_can_be_turned_off() {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    common::copy_dir(&root().join("tests/fixtures/basic"), &site);
    let toml = std::fs::read_to_string(site.join("site.toml")).unwrap();
    let toml = toml.replace("\"../../..", &format!("\"{}", root().display()));
    std::fs::write(
        site.join("site.toml"),
        format!("{toml}\n[cards]\nenabled = false\n"),
    )
    .unwrap();
    let mut opts = sahel::build::BuildOptions::new(&site);
    opts.out = Some(tmp.path().join("dist"));
    opts.verbosity = sahel::build::Verbosity::Quiet;
    let report = sahel::build::build_site(&opts).unwrap();
    assert_eq!(report.cards_drawn + report.cards_reused, 0);
    let html = std::fs::read_to_string(tmp.path().join("dist/en/index.html")).unwrap();
    assert!(!html.contains("og:image"));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
    assert!(!tmp.path().join("dist/cards").exists());

    // A misspelt key is an error, as everywhere in site.toml.
    std::fs::write(
        site.join("site.toml"),
        format!("{toml}\n[cards]\nenable = false\n"),
    )
    .unwrap();
    let err = sahel::build::build_site(&opts).unwrap_err().to_string();
    assert!(err.contains("enable"), "{err}");
}

/// What a card costs to draw (run with `--release --ignored --nocapture`).
#[test]
#[ignore = "a measurement, not a check"]
fn card_cost() {
    let faces = faces();
    let specs = shipped_cards();
    let rounds = 5;
    let n = (rounds * specs.len()) as f64;
    let t = std::time::Instant::now();
    let mut bytes = 0;
    for _ in 0..rounds {
        for s in &specs {
            bytes += draw_card(&faces, s).unwrap().len();
        }
    }
    let draw = t.elapsed().as_secs_f64() * 1000.0 / n;
    let t = std::time::Instant::now();
    for _ in 0..rounds {
        for s in &specs {
            std::hint::black_box(card_layout(&faces, s));
        }
    }
    let layout = t.elapsed().as_secs_f64() * 1000.0 / n;
    println!(
        "{n} cards: {draw:.2} ms per card, of which layout {layout:.2} ms; {} KB on average",
        bytes as f64 / n / 1024.0
    );
}

/// The entries of the app's `.cache/<kind>` whose note (`note_of(entry)`) names `out`.
fn caches_naming(
    kind: &str,
    out: &Path,
    note_of: impl Fn(&Path) -> Option<std::path::PathBuf>,
) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(root().join(".cache").join(kind)) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|entry| {
            note_of(entry)
                .and_then(|note| std::fs::read_to_string(note).ok())
                .is_some_and(|named| Path::new(&named) == out)
        })
        .collect()
}

/// The card caches (`.cache/cards/<hash>/`) whose `output` note names `out`.
fn card_caches_of(out: &Path) -> Vec<std::path::PathBuf> {
    caches_naming("cards", out, |dir| Some(dir.join("output")))
}

/// The render caches (`.cache/render/<hash>.json`) whose note (`<hash>.output`) names `out`.
fn render_caches_of(out: &Path) -> Vec<std::path::PathBuf> {
    let notes = |p: &Path| {
        p.extension()
            .is_some_and(|e| e == "output")
            .then(|| p.to_path_buf())
    };
    caches_naming("render", out, notes)
        .into_iter()
        .map(|note| note.with_extension("json"))
        .collect()
}

/// Card and render caches both live in the app's `.cache`, one per output folder.
#[test]
fn the_caches_of_an_output_folder_that_is_gone_are_removed() {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let build = |out: &Path| {
        let mut opts = sahel::build::BuildOptions::new(root().join("tests/fixtures/basic"));
        opts.out = Some(out.to_path_buf());
        opts.verbosity = sahel::build::Verbosity::Quiet;
        sahel::build::build_site(&opts).unwrap();
    };
    let gone = tempfile::tempdir().unwrap();
    let gone_out = std::path::absolute(gone.path().join("dist")).unwrap();
    build(&gone_out);
    let kept = tempfile::tempdir().unwrap();
    let kept_out = std::path::absolute(kept.path().join("dist")).unwrap();
    build(&kept_out);
    let gone_cache = card_caches_of(&gone_out);
    assert_eq!(
        gone_cache.len(),
        1,
        "one cache names {}",
        gone_out.display()
    );
    assert!(std::fs::read_dir(&gone_cache[0]).unwrap().count() > 1);
    let gone_render = render_caches_of(&gone_out);
    assert_eq!(
        gone_render.len(),
        1,
        "one render cache names {}",
        gone_out.display()
    );
    assert!(
        gone_render[0].is_file(),
        "{} missing",
        gone_render[0].display()
    );

    // The output folder alone removed (its parent stays: a first build there would make its
    // staging folder in it): the cache stays.
    std::fs::remove_dir_all(&gone_out).unwrap();
    build(&kept_out);
    assert!(
        gone_cache[0].is_dir(),
        "a cache was removed while its folder's parent exists"
    );
    assert!(
        gone_render[0].is_file(),
        "a render cache was removed while its folder's parent exists"
    );

    // The whole temporary folder gone: the next build of another output removes its cache,
    // and keeps its own.
    drop(gone);
    build(&kept_out);
    assert!(
        !gone_cache[0].exists(),
        "the cache of a deleted output folder is still there"
    );
    assert_eq!(card_caches_of(&kept_out).len(), 1);
    assert!(kept_out.join("cards").read_dir().unwrap().count() > 0);
    assert!(
        !gone_render[0].exists() && !gone_render[0].with_extension("output").exists(),
        "the render cache of a deleted output folder is still there"
    );
    let kept_render = render_caches_of(&kept_out);
    assert_eq!(kept_render.len(), 1);
    assert!(kept_render[0].is_file());
}

/// The relative luminance of an sRGB colour (WCAG 2).
fn luminance(c: &[u8]) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

#[test]
fn a_photo_card_keeps_its_title_readable_over_any_photo() {
    let dir = tempfile::tempdir().unwrap();
    let faces = faces();
    for (name, colour) in [
        ("white", [255u8, 255, 255]),
        ("red", [230, 20, 20]),
        ("black", [0, 0, 0]),
    ] {
        // A phone photo in portrait: the card takes its middle.
        let image = image::RgbImage::from_pixel(900, 1600, image::Rgb(colour));
        let path = dir.path().join(format!("{name}.png"));
        image.save(&path).unwrap();
        let hash = blake3::hash(&std::fs::read(&path).unwrap())
            .to_hex()
            .to_string();
        for lang in [Lang::ar(), Lang::en()] {
            let mut card = spec(
                lang,
                if lang == Lang::ar() {
                    "الإقامة الذهبية في الإمارات: دليل عملي"
                } else {
                    "The UAE Golden Visa: a practical guide"
                },
            );
            card.photo = Some(sahel::cards::CardPhoto {
                source: path.clone(),
                hash: hash.clone(),
            });
            assert!(card.path().ends_with(".jpg"), "{}", card.path());
            let bytes = draw_card(&faces, &card).unwrap();
            assert_eq!(
                bytes,
                draw_card(&faces, &card).unwrap(),
                "drawn twice, the same bytes"
            );
            assert!(bytes.len() < 300 * 1024, "{name}: {} bytes", bytes.len());
            let drawn = image::load_from_memory(&bytes).unwrap().into_rgb8();
            assert_eq!((drawn.width(), drawn.height()), (WIDTH, HEIGHT));
            // Under the title (rows 262 to 540) the card is dark enough for white text at 4.5:1
            // wherever no glyph is drawn: sampled along the margins, where no text goes.
            for y in (270..530).step_by(10) {
                for x in [20, WIDTH - 20] {
                    let l = luminance(&drawn.get_pixel(x, y).0);
                    let contrast = 1.05 / (l + 0.05);
                    assert!(
                        contrast >= 4.5,
                        "{name} {lang:?}: contrast {contrast:.2} at ({x}, {y})"
                    );
                }
            }
            // The title is drawn in white: many near-white pixels in its rows.
            let white = (262..540)
                .flat_map(|y| (80..WIDTH - 80).map(move |x| (x, y)))
                .filter(|&(x, y)| drawn.get_pixel(x, y).0.iter().all(|&c| c > 235))
                .count();
            assert!(
                white > 2_000,
                "{name} {lang:?}: {white} white pixels in the title"
            );
            // The photo shows through the scrim: a red photo tints the card red.
            let corner = drawn.get_pixel(WIDTH / 2, 40).0;
            if name == "red" {
                assert!(corner[0] > corner[1] + 30, "{corner:?}");
            }
        }
    }
    // A photo that changed after it was checked is not drawn.
    let mut card = spec(Lang::en(), "Changed");
    card.photo = Some(sahel::cards::CardPhoto {
        source: dir.path().join("white.png"),
        hash: "0".repeat(64),
    });
    let error = draw_card(&faces, &card).unwrap_err().to_string();
    assert!(error.contains("changed after it was checked"), "{error}");
}
