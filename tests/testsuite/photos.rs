//! Photos of posts and services (`image: {src, alt}`): where they show (the page, the lists'
//! cards, JSON-LD), with their copies, size and placeholder colour; and what `check` says about
//! a photo that is missing, elsewhere, not a photo, or not described.

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use std::path::{Path, PathBuf};

use crate::common::{self, BUILD_LOCK};
use sahel::build::{BuildOptions, Verbosity, build_site};
use sahel::check::{check_site, load_site};

/// A photo of 1,200 × 800 pixels: the top half one colour, the bottom another, so its mean
/// colour is known (rgb(100, 60, 20) to within JPEG's rounding).
fn photo() -> Vec<u8> {
    let image = image::RgbImage::from_fn(1200, 800, |_, y| {
        if y < 400 {
            image::Rgb([160, 80, 0])
        } else {
            image::Rgb([40, 40, 40])
        }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

/// A copy of the basic fixture whose first post and service have `image`, in both languages.
fn site_with_photos(alt_ar: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    std::fs::write(media.join("مكتب دبي.jpg"), photo()).unwrap();
    std::fs::write(
        media.join("plan.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>",
    )
    .unwrap();
    for (lang, alt) in [("ar", alt_ar), ("en", "Our office in Dubai")] {
        set_image(&root, lang, "/media/مكتب دبي.jpg", alt);
    }
    (tmp, root)
}

/// Gives `lang`'s first post (front matter) and service (a YAML key) the photo `src`.
fn set_image(root: &Path, lang: &str, src: &str, alt: &str) {
    let image = format!("image:\n  src: \"{src}\"\n  alt: \"{alt}\"\n");
    let post = root.join(format!("content/{lang}/blog/first-post.md"));
    let text = std::fs::read_to_string(&post).unwrap();
    let text = text
        .split_once("image:\n")
        .map_or(text.clone(), |(head, rest)| {
            format!("{head}{}", rest.splitn(3, '\n').nth(2).unwrap_or_default())
        });
    std::fs::write(&post, format!("---\n{image}{}", &text[4..])).unwrap();
    let service = root.join(format!("content/{lang}/services/company-formation.yaml"));
    let text = std::fs::read_to_string(&service).unwrap();
    let text = text
        .split_once("image:\n")
        .map_or(text.clone(), |(head, _)| head.to_string());
    std::fs::write(&service, format!("{text}{image}")).unwrap();
}

fn build(root: &Path, out: &Path) {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut opts = BuildOptions::new(root);
    opts.out = Some(out.to_path_buf());
    opts.verbosity = Verbosity::Quiet;
    build_site(&opts).expect("a site with photos builds");
}

/// What `check` finds, one line each: `file:line: severity: message`.
fn check(root: &Path) -> String {
    let found = match load_site(root) {
        Err(d) => d,
        Ok(site) => check_site(&site),
    };
    found
        .0
        .iter()
        .map(|d| {
            format!(
                "{}:{}: {:?}: {}\n",
                d.file.display(),
                d.position.map_or(0, |(line, _)| line),
                d.severity,
                d.message
            )
        })
        .collect()
}

#[test]
fn a_post_and_a_service_show_their_photo_with_its_copies_size_and_colour() {
    let (tmp, root) = site_with_photos("مكتبنا في دبي");
    let out = tmp.path().join("dist");
    build(&root, &out);
    let read = |page: &str| std::fs::read_to_string(out.join(page).join("index.html")).unwrap();
    let post = read("ar/blog/first-post");
    // The hero: a <picture> of AVIF and WebP copies at the widths under the photo's (480 and
    // 960) and its own (1200), with its size, first in priority, not lazy.
    let hero = &post[post.find("<picture>").expect("the post shows its photo")..];
    let hero = &hero[..hero.find("</picture>").unwrap()];
    assert!(hero.contains("type=\"image/avif\""), "{hero}");
    assert!(hero.contains("type=\"image/webp\""), "{hero}");
    assert!(hero.contains("-480.avif 480w, /media/_v/"), "{hero}");
    assert!(hero.contains("-960.avif 960w, /media/_v/"), "{hero}");
    assert!(hero.contains("-1200.avif 1200w\""), "{hero}");
    assert!(
        !hero.contains("1440w"),
        "no copy is wider than the photo: {hero}"
    );
    // A browser that reads neither AVIF nor WebP gets the JPEG copy at the widest width, not
    // the photo itself.
    let fallback = hero
        .split("<img src=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(
        fallback.starts_with("/media/_v/") && fallback.ends_with("-1200.jpg"),
        "{hero}"
    );
    let jpeg = std::fs::read(out.join(&fallback[1..])).unwrap();
    assert_eq!(image::load_from_memory(&jpeg).unwrap().width(), 1200);
    assert!(hero.contains("width=\"1200\" height=\"800\""), "{hero}");
    assert!(hero.contains("fetchPriority=\"high\""), "{hero}");
    assert!(!hero.contains("loading="), "the hero is not lazy: {hero}");
    // Its placeholder: the mean colour, rgb(100, 60, 20), in 16 levels (6, 4, 1).
    assert!(hero.contains("class=\"ph phr-6 phg-4 phb-1 "), "{hero}");
    assert!(hero.contains("alt=\"مكتبنا في دبي\""), "{hero}");
    // JSON-LD names it, by its absolute URL.
    assert!(
        post.contains("\"image\":{\"@type\":\"ImageObject\",\"url\":\"https://fixture.example/media/%D9%85%D9%83%D8%AA%D8%A8%20%D8%AF%D8%A8%D9%8A.jpg\",\"caption\":\"مكتبنا في دبي\"}"),
        "{post}"
    );
    // The blog list's card shows it lazily, as does the services list; the service's page
    // first.
    for (page, priority) in [
        ("ar/blog", false),
        ("en/blog", false),
        ("ar/services", false),
        ("en/services/company-formation", true),
    ] {
        let html = read(page);
        let at = html
            .find("<picture>")
            .unwrap_or_else(|| panic!("{page} shows no photo"));
        let picture = &html[at..at + html[at..].find("</picture>").unwrap()];
        assert!(
            picture.contains("class=\"ph phr-6 phg-4 phb-1"),
            "{page}: {picture}"
        );
        assert_eq!(
            picture.contains("loading=\"lazy\""),
            !priority,
            "{page}: {picture}"
        );
        assert_eq!(
            picture.contains("fetchPriority=\"high\""),
            priority,
            "{page}: {picture}"
        );
    }
    // The copies are published readable by a server running as another user.
    use std::os::unix::fs::PermissionsExt;
    let copies: Vec<_> = std::fs::read_dir(out.join("media/_v"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(
        copies.len(),
        7,
        "3 widths × 2 formats, and the JPEG fallback"
    );
    for copy in copies {
        assert_eq!(copy.metadata().unwrap().permissions().mode() & 0o777, 0o644);
    }
    // The colour is kept with the copies, and a second build writes the same bytes.
    let cached: Vec<String> = std::fs::read_dir(root.join(".cache/media"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".colour"))
        .collect();
    assert_eq!(cached.len(), 1, "{cached:?}");
    let before = common::files_of(&out);
    build(&root, &out);
    assert_eq!(common::files_of(&out), before);
}

#[test]
fn a_photo_that_is_missing_elsewhere_or_not_a_photo_is_an_error_at_its_line() {
    let (_tmp, root) = site_with_photos("مكتبنا في دبي");
    assert_eq!(check(&root), "", "the site with photos is valid");
    set_image(&root, "ar", "/media/مكتب.jpg", "مكتبنا");
    set_image(&root, "en", "https://example.org/office.jpg", "Our office");
    let said = check(&root);
    assert!(
        said.contains("content/ar/blog/first-post.md:3: Error: the image `/media/مكتب.jpg`"),
        "{said}"
    );
    assert!(
        said.contains("the image `/media/مكتب.jpg` names a file that is not in content/media/"),
        "{said}"
    );
    assert!(
        said.contains("content/ar/services/company-formation.yaml:"),
        "{said}"
    );
    assert!(
        said.contains("the image `https://example.org/office.jpg` is not a file of content/media/"),
        "{said}"
    );
    set_image(&root, "ar", "/media/plan.svg", "مخطط");
    let said = check(&root);
    assert!(
        said.contains("the image `/media/plan.svg` is not a photo"),
        "{said}"
    );
}

#[test]
fn a_photo_must_be_described_in_the_pages_language() {
    // An alt of invisible characters only is none.
    let (_tmp, root) = site_with_photos("\u{2066}\u{2069}");
    assert_eq!(
        check(&root),
        "content/ar/blog/first-post.md:4: Error: `image.alt` is empty\n\
         content/ar/services/company-formation.yaml:16: Error: `image.alt` is empty\n"
    );
    let (_tmp, root) = site_with_photos("Our office");
    let said = check(&root);
    assert!(
        said.contains("the description of the image `/media/مكتب دبي.jpg` is not written in Arabic: `Our office`"),
        "{said}"
    );
    assert!(
        said.contains("first-post.md:3: Warning: the description"),
        "{said}"
    );
}
