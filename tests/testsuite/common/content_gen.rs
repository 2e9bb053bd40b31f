//! Generated content files for the property tests: each kind of file under `content/<lang>/`
//! (posts, long pages, services, home, service sections, pricing, FAQ, testimonials) and
//! `site.toml`, as a spec holding the values and the way each is written, and the file text.
//! A spec's text is always valid; the values the parser returns must equal the spec's.

#![allow(dead_code)] // each test file uses part of this module

use proptest::prelude::*;

use super::text_gen::{
    FileForm, Links, YamlStyle, date, file_form, markdown_body, slug, toml_string, value_text,
    yaml_string, yaml_style,
};

/// A string and how it is written.
#[derive(Debug, Clone)]
pub struct Styled(pub String, pub YamlStyle);

/// A text value pages can show (no control character but tab, LF and CR; no noncharacter),
/// and how it is written.
pub fn styled() -> BoxedStrategy<Styled> {
    (value_text(), yaml_style())
        .prop_map(|(s, st)| Styled(renderable(&s), st))
        .boxed()
}

/// `s` without the characters no page may carry (`sahel::content::is_unrenderable`).
pub fn renderable(s: &str) -> String {
    s.chars()
        .filter(|&c| !sahel::content::is_unrenderable(c))
        .collect()
}

/// A YAML document, written in block style.
#[derive(Debug, Clone)]
pub enum Y {
    Str(Styled),
    /// A scalar written as it is (a date, a number, an identifier).
    Raw(String),
    Seq(Vec<Y>, bool),
    Map(Vec<(String, Y)>),
}

impl Y {
    pub fn s(v: &Styled) -> Y {
        Y::Str(v.clone())
    }

    /// Text of this value after `key:` at column `indent`, starting with the separator
    /// (a space for a scalar, a newline for a block collection).
    fn value(&self, indent: usize) -> String {
        match self {
            Y::Str(Styled(s, style)) => format!(" {}", yaml_string(s, *style, indent)),
            Y::Raw(s) => format!(" {s}"),
            Y::Seq(items, true) if items.iter().all(Y::flowable) => {
                // A block scalar cannot stand in a flow sequence.
                let parts: Vec<String> = items
                    .iter()
                    .map(|i| match i {
                        Y::Str(Styled(s, YamlStyle::Literal)) => {
                            Y::Str(Styled(s.clone(), YamlStyle::Raw)).value(indent + 2)
                        }
                        other => other.value(indent + 2),
                    })
                    .collect();
                format!(" [{} ]", parts.join(","))
            }
            Y::Seq(items, _) if items.is_empty() => " []".to_string(),
            Y::Seq(items, _) => {
                let mut out = String::new();
                for item in items {
                    out.push('\n');
                    out.push_str(&" ".repeat(indent));
                    out.push('-');
                    match item {
                        Y::Map(entries) if !entries.is_empty() => {
                            out.push(' ');
                            out.push_str(&map_text(entries, indent + 2, true));
                        }
                        other => out.push_str(&other.value(indent + 2)),
                    }
                }
                out
            }
            Y::Map(entries) if entries.is_empty() => " {}".to_string(),
            Y::Map(entries) => format!("\n{}", map_text(entries, indent + 2, false)),
        }
    }

    fn flowable(&self) -> bool {
        matches!(self, Y::Str(_) | Y::Raw(_))
    }

    /// The whole document.
    pub fn document(&self) -> String {
        match self {
            Y::Map(entries) => format!("{}\n", map_text(entries, 0, false)),
            Y::Seq(items, _) => {
                let text = self.value(0);
                let text = text.strip_prefix('\n').unwrap_or(&text).to_string();
                if items.is_empty() {
                    "[]\n".to_string()
                } else {
                    format!("{text}\n")
                }
            }
            other => format!("{}\n", other.value(0).trim_start()),
        }
    }
}

/// Block mapping entries at column `indent`; the first line's indentation is already written
/// when `first_inline` (a map inside a sequence item).
fn map_text(entries: &[(String, Y)], indent: usize, first_inline: bool) -> String {
    let mut out = String::new();
    for (i, (key, value)) in entries.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if i > 0 || !first_inline {
            out.push_str(&" ".repeat(indent));
        }
        out.push_str(key);
        out.push(':');
        out.push_str(&value.value(indent));
    }
    out
}

/// Entries in a random order.
fn shuffled(entries: Vec<(String, Y)>) -> BoxedStrategy<Vec<(String, Y)>> {
    Just(entries).prop_shuffle().boxed()
}

fn key(k: &str, v: Y) -> (String, Y) {
    (k.to_string(), v)
}

fn texts(v: &[Styled], flow: bool) -> Y {
    Y::Seq(v.iter().map(Y::s).collect(), flow)
}

// ---------------------------------------------------------------------------------------------
// Posts and long pages

#[derive(Debug, Clone)]
pub struct PostSpec {
    pub title: Styled,
    pub author: Styled,
    pub excerpt: Styled,
    pub date: String,
    pub quoted_date: bool,
    /// Repeat the file name as `slug:`.
    pub slug_key: bool,
    pub body: String,
    pub order: Vec<usize>,
    pub comments: bool,
    pub form: FileForm,
}

impl PostSpec {
    /// The file's text for the post `slug`.
    pub fn text(&self, slug: &str) -> String {
        let date = if self.quoted_date {
            format!("\"{}\"", self.date)
        } else {
            self.date.clone()
        };
        let mut entries = vec![
            key("title", Y::s(&self.title)),
            key("author", Y::s(&self.author)),
            key("date", Y::Raw(date)),
            key("excerpt", Y::s(&self.excerpt)),
        ];
        if self.slug_key {
            entries.push(key("slug", Y::Raw(slug.to_string())));
        }
        let entries: Vec<(String, Y)> = self
            .order
            .iter()
            .filter_map(|&i| entries.get(i).cloned())
            .chain(entries.iter().skip(self.order.len()).cloned())
            .collect();
        let mut fm = map_text(&entries, 0, false);
        if self.comments {
            fm = format!("# تعليق: {slug}\n{fm}\n# نهاية");
        }
        self.form.apply(&format!("---\n{fm}\n---\n{}", self.body))
    }
}

pub fn post_spec(links: Links) -> BoxedStrategy<PostSpec> {
    (
        (styled(), styled(), styled()),
        (date(), any::<bool>(), any::<bool>()),
        markdown_body(links),
        Just((0..5usize).collect::<Vec<_>>()).prop_shuffle(),
        any::<bool>(),
        file_form(),
    )
        .prop_map(
            |(
                (title, author, excerpt),
                (date, quoted_date, slug_key),
                body,
                order,
                comments,
                form,
            )| {
                PostSpec {
                    title,
                    author,
                    excerpt,
                    date,
                    quoted_date,
                    slug_key,
                    body,
                    order,
                    comments,
                    form,
                }
            },
        )
        .boxed()
}

#[derive(Debug, Clone)]
pub struct PageSpec {
    pub title: Styled,
    pub description: Styled,
    pub body: String,
    pub swap: bool,
    pub form: FileForm,
}

impl PageSpec {
    pub fn text(&self) -> String {
        let mut entries = vec![
            key("title", Y::s(&self.title)),
            key("description", Y::s(&self.description)),
        ];
        if self.swap {
            entries.reverse();
        }
        self.form.apply(&format!(
            "---\n{}\n---\n{}",
            map_text(&entries, 0, false),
            self.body
        ))
    }
}

pub fn page_spec(links: Links) -> BoxedStrategy<PageSpec> {
    (
        styled(),
        styled(),
        markdown_body(links),
        any::<bool>(),
        file_form(),
    )
        .prop_map(|(title, description, body, swap, form)| PageSpec {
            title,
            description,
            body,
            swap,
            form,
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// YAML kinds

pub const GOV_ICONS: &[&str] = &[
    "DED",
    "MOHRE",
    "GDRFA",
    "ICP",
    "MOFAIC",
    "FTA",
    "DHA",
    "DLD",
    "DubaiPolice",
    "MOI",
];

/// The names `icon:` accepts.
pub fn icon_names() -> Vec<String> {
    sahel::content::Icon::ALL
        .iter()
        .filter_map(|i| serde_json::to_value(i).ok()?.as_str().map(String::from))
        .collect()
}

#[derive(Debug, Clone)]
pub struct ServiceSpec {
    pub title: Styled,
    pub summary: Styled,
    pub section: String,
    pub gov_icons: Vec<&'static str>,
    pub icon: String,
    pub footer: Option<u16>,
    pub is_package: Option<bool>,
    pub description: Styled,
    pub offered: Vec<Styled>,
    pub requirements: Vec<Styled>,
    pub timeline: Styled,
    pub notes: Option<Vec<Styled>>,
    pub flow: bool,
    pub order: Vec<(String, Y)>,
    pub form: FileForm,
}

impl ServiceSpec {
    pub fn text(&self) -> String {
        self.form.apply(&Y::Map(self.order.clone()).document())
    }

    /// This service with the icon and footer place of `other` (the two languages agree).
    pub fn agreeing_with(mut self, other: &ServiceSpec) -> ServiceSpec {
        self.icon = other.icon.clone();
        self.footer = other.footer;
        self.order.retain(|(k, _)| k != "icon" && k != "footer");
        self.order.extend(
            other
                .order
                .iter()
                .filter(|(k, _)| k == "icon" || k == "footer")
                .cloned(),
        );
        self
    }
}

pub fn service_spec(section: &'static str) -> BoxedStrategy<ServiceSpec> {
    let list = || proptest::collection::vec(styled(), 0..5);
    (
        (styled(), styled(), styled(), styled()),
        (
            proptest::sample::subsequence(GOV_ICONS, 1..=GOV_ICONS.len()),
            proptest::sample::select(icon_names()),
            proptest::option::of(any::<u16>()),
        ),
        proptest::option::of(any::<bool>()),
        (list(), list(), proptest::option::of(list())),
        any::<bool>(),
        file_form(),
    )
        .prop_flat_map(
            move |(
                (title, summary, description, timeline),
                (gov_icons, icon, footer),
                is_package,
                (offered, requirements, notes),
                flow,
                form,
            )| {
                let mut content = vec![
                    key("description", Y::s(&description)),
                    key("servicesOffered", texts(&offered, flow)),
                    key("requirements", texts(&requirements, !flow)),
                    key("timeline", Y::s(&timeline)),
                ];
                if let Some(n) = &notes {
                    content.push(key("notes", texts(n, flow)));
                }
                let mut top = vec![
                    key("title", Y::s(&title)),
                    key("summary", Y::s(&summary)),
                    key("section", Y::Raw(section.to_string())),
                    key(
                        "govIcons",
                        Y::Seq(
                            gov_icons.iter().map(|g| Y::Raw(g.to_string())).collect(),
                            flow,
                        ),
                    ),
                    key("icon", Y::Raw(icon.clone())),
                ];
                if let Some(n) = footer {
                    top.push(key("footer", Y::Raw(n.to_string())));
                }
                if let Some(p) = is_package {
                    top.push(key("isPackage", Y::Raw(p.to_string())));
                }
                let spec = ServiceSpec {
                    title,
                    summary,
                    section: section.to_string(),
                    gov_icons,
                    icon,
                    footer,
                    is_package,
                    description,
                    offered,
                    requirements,
                    timeline,
                    notes,
                    flow,
                    order: vec![],
                    form,
                };
                (shuffled(content), shuffled(top)).prop_map(move |(content, mut top)| {
                    let mut spec = spec.clone();
                    top.push(key("content", Y::Map(content)));
                    spec.order = top;
                    spec
                })
            },
        )
        .boxed()
}

#[derive(Debug, Clone)]
pub struct HomeSpec {
    pub hero: [Styled; 4],
    pub value_points: Vec<(Styled, Styled)>,
    /// title, text, link, and whether the link is quoted.
    pub cards: Vec<(Styled, Styled, String, bool)>,
    pub form: FileForm,
}

impl HomeSpec {
    /// This home page with as many value points and cards as `other` (its words and links its
    /// own): every language's home page holds the same items.
    pub fn agreeing_with(mut self, other: &HomeSpec) -> HomeSpec {
        fn same_len<T: Clone>(mine: &mut Vec<T>, theirs: &[T]) {
            mine.truncate(theirs.len());
            while mine.len() < theirs.len() {
                let next = mine
                    .last()
                    .cloned()
                    .or_else(|| theirs.get(mine.len()).cloned());
                match next {
                    Some(item) => mine.push(item),
                    None => break,
                }
            }
        }
        same_len(&mut self.value_points, &other.value_points);
        let links: Vec<String> = self.cards.iter().map(|c| c.2.clone()).collect();
        same_len(&mut self.cards, &other.cards);
        // A card taken from the other language keeps a link of this one's, if it had any.
        if let Some(link) = links.first() {
            for card in self.cards.iter_mut().skip(links.len()) {
                card.2 = link.clone();
            }
        }
        self
    }

    pub fn text(&self) -> String {
        let hero = Y::Map(vec![
            key("title", Y::s(&self.hero[0])),
            key("subtitle", Y::s(&self.hero[1])),
            key("primaryCta", Y::s(&self.hero[2])),
            key("secondaryCta", Y::s(&self.hero[3])),
        ]);
        let points = Y::Seq(
            self.value_points
                .iter()
                .map(|(t, x)| Y::Map(vec![key("title", Y::s(t)), key("text", Y::s(x))]))
                .collect(),
            false,
        );
        let cards = Y::Seq(
            self.cards
                .iter()
                .map(|(t, x, link, quoted)| {
                    let link = if *quoted {
                        Y::Str(Styled(link.clone(), YamlStyle::Raw))
                    } else {
                        Y::Raw(link.clone())
                    };
                    Y::Map(vec![
                        key("title", Y::s(t)),
                        key("text", Y::s(x)),
                        key("link", link),
                    ])
                })
                .collect(),
            false,
        );
        self.form.apply(
            &Y::Map(vec![
                key("hero", hero),
                key("valuePoints", points),
                key("cards", cards),
            ])
            .document(),
        )
    }
}

/// A home page whose cards link to `links` (site paths, written as they are).
pub fn home_spec(links: &'static [&'static str]) -> BoxedStrategy<HomeSpec> {
    (
        [styled(), styled(), styled(), styled()],
        proptest::collection::vec((styled(), styled()), 0..4),
        proptest::collection::vec(
            (
                styled(),
                styled(),
                proptest::sample::select(links),
                any::<bool>(),
            ),
            0..4,
        ),
        file_form(),
    )
        .prop_map(|(hero, value_points, cards, form)| HomeSpec {
            hero,
            value_points,
            cards: cards
                .into_iter()
                .map(|(t, x, l, q)| (t, x, l.to_string(), q))
                .collect(),
            form,
        })
        .boxed()
}

/// A list of items with an id key and text keys (FAQ, testimonials, sections).
#[derive(Debug, Clone)]
pub struct ListSpec {
    /// Each item: its id and its text values, in the order of `keys`.
    pub items: Vec<(String, Vec<Styled>, Option<u8>)>,
    pub id_key: &'static str,
    pub keys: &'static [&'static str],
    /// Keys every item has with the same value, written as it is (a section's `icon`).
    pub raw: Vec<(&'static str, String)>,
    pub form: FileForm,
}

impl ListSpec {
    /// Every item also has `key: value`.
    pub fn with_raw(mut self, key: &'static str, value: &str) -> ListSpec {
        self.raw.push((key, value.to_string()));
        self
    }

    pub fn text(&self) -> String {
        let items = self
            .items
            .iter()
            .map(|(id, values, rating)| {
                let mut entries = vec![key(self.id_key, Y::Raw(id.clone()))];
                entries.extend(self.keys.iter().zip(values).map(|(k, v)| key(k, Y::s(v))));
                entries.extend(self.raw.iter().map(|(k, v)| key(k, Y::Raw(v.clone()))));
                if let Some(r) = rating {
                    entries.push(key("rating", Y::Raw(r.to_string())));
                }
                Y::Map(entries)
            })
            .collect();
        self.form.apply(&Y::Seq(items, false).document())
    }
}

/// `ids` items with text values under `keys`; with `ratings`, each has a rating from it.
pub fn list_spec(
    ids: Vec<String>,
    id_key: &'static str,
    keys: &'static [&'static str],
    ratings: Option<std::ops::RangeInclusive<u8>>,
) -> BoxedStrategy<ListSpec> {
    let n = ids.len();
    let item_values = proptest::collection::vec(styled(), keys.len());
    let ratings = match ratings {
        Some(r) => proptest::collection::vec(r.prop_map(Some), n).boxed(),
        None => Just(vec![None; n]).boxed(),
    };
    (
        proptest::collection::vec(item_values, n),
        ratings,
        file_form(),
    )
        .prop_map(move |(values, ratings, form)| ListSpec {
            items: ids
                .iter()
                .cloned()
                .zip(values)
                .zip(ratings)
                .map(|((id, v), r)| (id, v, r))
                .collect(),
            id_key,
            keys,
            raw: vec![],
            form,
        })
        .boxed()
}

/// Distinct slug-like ids.
pub fn ids(max: usize) -> BoxedStrategy<Vec<String>> {
    proptest::collection::btree_set(slug(), 0..=max)
        .prop_map(|s| s.into_iter().collect())
        .boxed()
}

/// A plan: id; name, price, period, description; isPopular; features.
pub type PlanSpec = (String, [Styled; 4], Option<bool>, Vec<Styled>);

#[derive(Debug, Clone)]
pub struct PricingSpec {
    pub plans: Vec<PlanSpec>,
    pub rules: Option<Vec<Styled>>,
    pub form: FileForm,
}

impl PricingSpec {
    pub fn text(&self) -> String {
        let plans = self
            .plans
            .iter()
            .map(
                |(id, [name, price, period, description], popular, features)| {
                    let mut e = vec![
                        key("id", Y::Raw(id.clone())),
                        key("name", Y::s(name)),
                        key("price", Y::s(price)),
                        key("period", Y::s(period)),
                        key("description", Y::s(description)),
                    ];
                    if let Some(p) = popular {
                        e.push(key("isPopular", Y::Raw(p.to_string())));
                    }
                    e.push(key("features", texts(features, false)));
                    Y::Map(e)
                },
            )
            .collect();
        let mut top = vec![key("plans", Y::Seq(plans, false))];
        if let Some(r) = &self.rules {
            top.push(key("rules", texts(r, false)));
        }
        self.form.apply(&Y::Map(top).document())
    }
}

pub fn pricing_spec(ids: Vec<String>) -> BoxedStrategy<PricingSpec> {
    let n = ids.len();
    let plan = (
        [styled(), styled(), styled(), styled()],
        proptest::option::of(any::<bool>()),
        proptest::collection::vec(styled(), 0..4),
    );
    (
        proptest::collection::vec(plan, n),
        proptest::option::of(proptest::collection::vec(styled(), 0..3)),
        file_form(),
    )
        .prop_map(move |(plans, rules, form)| {
            // At most one plan is the popular one (`onlyOne` in sahel's declaration): a second
            // `isPopular: true` is written `false`.
            let mut seen_popular = false;
            PricingSpec {
                plans: ids
                    .iter()
                    .cloned()
                    .zip(plans)
                    .map(|(id, (texts, mut popular, features))| {
                        if popular == Some(true) {
                            if seen_popular {
                                popular = Some(false);
                            }
                            seen_popular = true;
                        }
                        (id, texts, popular, features)
                    })
                    .collect(),
                rules,
                form,
            }
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// site.toml

#[derive(Debug, Clone)]
pub struct ConfigSpec {
    pub name: [String; 2],
    pub phone: String,
    pub whatsapp: String,
    pub email: String,
    pub address: [String; 2],
    pub opens: String,
    pub closes: String,
    pub days: [String; 2],
    pub literal: bool,
    pub inline_tables: bool,
    pub per_page: Option<usize>,
    pub comments: bool,
    pub form: FileForm,
}

impl ConfigSpec {
    pub fn text(&self, base_url: &str, extra: &str) -> String {
        let s = |v: &str| toml_string(v, self.literal);
        let pair = |k: &str, v: &[String; 2]| {
            if self.inline_tables {
                format!("{k} = {{ ar = {}, en = {} }}\n", s(&v[0]), s(&v[1]))
            } else {
                format!("{k}.ar = {}\n{k}.en = {}\n", s(&v[0]), s(&v[1]))
            }
        };
        let comment = if self.comments {
            "# تعليق \u{200F}\n"
        } else {
            ""
        };
        let mut t = format!(
            "{comment}base_url = {}\n\n[company]\n",
            toml_string(base_url, false)
        );
        t += &pair("name", &self.name);
        t += &format!(
            "phone = {}\nwhatsapp = {}\nemail = {}\n",
            s(&self.phone),
            s(&self.whatsapp),
            s(&self.email)
        );
        t += &pair("address", &self.address);
        t += &format!(
            "{comment}\n[hours]\nopens = {}\ncloses = {}\n",
            s(&self.opens),
            s(&self.closes)
        );
        t += &pair("days", &self.days);
        if let Some(n) = self.per_page {
            t += &format!("\n[blog]\nper_page = {n}\n");
        }
        t += extra;
        self.form.apply(&t)
    }
}

pub fn hh_mm() -> BoxedStrategy<String> {
    (0..24u8, 0..60u8)
        .prop_map(|(h, m)| format!("{h:02}:{m:02}"))
        .boxed()
}

/// A config whose text values pages can show.
pub fn config_spec() -> BoxedStrategy<ConfigSpec> {
    let text = || value_text().prop_map(|s| renderable(&s));
    (
        (
            [text(), text()],
            text(),
            // A number the wa.me link can use: Western digits, 7 to 15 of them.
            "\\+?[1-9][0-9]{2}( ?[0-9]{2,4}){2,3}",
            text(),
        ),
        ([text(), text()], hh_mm(), hh_mm(), [text(), text()]),
        (
            any::<bool>(),
            any::<bool>(),
            proptest::option::of(1..=1000usize),
            any::<bool>(),
        ),
        file_form(),
    )
        .prop_map(
            |(
                (name, phone, whatsapp, email),
                (address, opens, closes, days),
                (literal, inline_tables, per_page, comments),
                form,
            )| ConfigSpec {
                name,
                phone,
                whatsapp,
                email,
                address,
                opens,
                closes,
                days,
                literal,
                inline_tables,
                per_page,
                comments,
                form,
            },
        )
        .boxed()
}
