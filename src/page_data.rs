//! The data each route is rendered from: `{path, lang, head, site, screen, page}`. It is
//! serialised once per route: without the head for the React renderer (no screen reads it), with
//! it spliced back in for `page-data.json` (client navigation,
//! [`crate::pipeline::PreparedRoute::page_data_json`]), and without the head and a post's body
//! for the document's inlined data.
//! `site/src/shared/page-data.ts` is its TypeScript twin.

use crate::media::PhotoView;
use serde::Serialize;

use crate::config::SiteConfig;
use crate::content::{
    BlogPost, FaqItem, GovIcon, Hero, Home, Icon, LangContent, LongPage, Pricing, Screens, Service,
    ServiceContent, ServiceSection, Site, Testimonial, ValuePoint,
};
use crate::head::{Head, Screen, blog_page_label};
use crate::lang::{Lang, iso_date};
use crate::routes::{Route, RouteKind, blog_page_kind, blog_page_posts, blog_pages, route_path};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RouteData<'a> {
    pub(crate) path: &'a str,
    pub(crate) lang: Lang,
    /// Left out of the data inlined in the document, whose head already holds these tags.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<Head>,
    pub(crate) site: SiteInfo<'a>,
    /// The top of the screen: its title, lead and breadcrumbs, as the head has them.
    pub screen: Screen,
    pub(crate) page: PageData<'a>,
}

impl RouteData<'_> {
    /// The data as JSON, with whatever fields are set (the head is left out when `None`).
    pub fn json(&self) -> String {
        to_json(self)
    }

    /// The data inlined in the document for hydration: without what the document already
    /// carries, the head (its tags are in `<head>`) and a post's body (in the markup). The
    /// client puts both back before it hydrates. (A post's page carried its body three times.)
    pub fn inline_json(&mut self) -> String {
        // The fields are taken out for the call and put back, so both forms come from one
        // definition of the data.
        let head = self.head.take();
        let html = match &mut self.page {
            PageData::BlogPost { post } => post.html.take(),
            _ => None,
        };
        let json = to_json(self);
        self.head = head;
        if let PageData::BlogPost { post } = &mut self.page {
            post.html = html;
        }
        json
    }
}

pub(crate) fn to_json<T: Serialize>(value: &T) -> String {
    // Invariant: route data is structs, strings, numbers and string-keyed maps, which
    // serde_json always serialises.
    #[allow(clippy::expect_used)]
    serde_json::to_string(value).expect("route data serialises")
}

/// Company facts the chrome shows on every page.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SiteInfo<'a> {
    company_name: &'a str,
    phone: &'a str,
    /// Digits only, for `wa.me/<number>`.
    whatsapp: String,
    email: &'a str,
    address: &'a str,
    hours: HoursInfo<'a>,
    /// The year of the build, for the copyright line.
    year: i32,
    /// How many services the site offers.
    pub service_count: usize,
    /// The footer's main services, in order (`footer:` in their files).
    pub footer_services: Vec<FooterService<'a>>,
    backend: Option<BackendInfo<'a>>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FooterService<'a> {
    pub id: &'a str,
    pub title: &'a str,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct HoursInfo<'a> {
    opens: &'a str,
    closes: &'a str,
    days: &'a str,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct BackendInfo<'a> {
    url: &'a str,
    anon_key: &'a str,
    contact_table: &'a str,
    assistant_function: Option<&'a str>,
    /// Where the form posts without JavaScript.
    form_endpoint: Option<&'a str>,
}

impl<'a> SiteInfo<'a> {
    pub(crate) fn new(site: &'a Site, lang: Lang, year: i32) -> Self {
        let config: &'a SiteConfig = &site.config;
        SiteInfo {
            company_name: config.company.name.get(lang),
            phone: &config.company.phone,
            whatsapp: config
                .company
                .whatsapp
                .chars()
                .filter(char::is_ascii_digit)
                .collect(),
            email: &config.company.email,
            address: config.company.address.get(lang),
            hours: HoursInfo {
                opens: &config.hours.opens,
                closes: &config.hours.closes,
                days: config.hours.days.get(lang),
            },
            year,
            service_count: site.lang(lang).services.len(),
            footer_services: footer_services(site.lang(lang)),
            backend: config.backend.as_ref().map(|b| BackendInfo {
                url: &b.url,
                anon_key: &b.anon_key,
                contact_table: &b.contact_table,
                assistant_function: b.assistant_function.as_deref(),
                form_endpoint: b.form_endpoint.as_deref(),
            }),
        }
    }
}

/// The services marked `footer:`, by that number (then id).
fn footer_services(c: &LangContent) -> Vec<FooterService<'_>> {
    let mut marked: Vec<(u16, &Service)> = c
        .services
        .iter()
        .filter_map(|s| s.footer.as_ref().map(|n| (**n, s)))
        .collect();
    marked.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)));
    marked
        .into_iter()
        .map(|(_, s)| FooterService {
            id: &s.id,
            title: &s.title,
        })
        .collect()
}

/// A blog post without its body, for lists.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostSummary<'a> {
    slug: &'a str,
    title: &'a str,
    author: &'a str,
    /// `yyyy-mm-dd`, for `<time datetime>`.
    date: String,
    /// The date as visitors of the page's language read it.
    date_display: String,
    excerpt: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<PhotoView>,
    /// A draft, which only `serve` shows (marked so); absent for a published post.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    draft: bool,
}

impl<'a> PostSummary<'a> {
    /// The post as a page of `lang` shows it: the date is formatted here, where it leaves Rust.
    fn new(site: &Site, p: &'a BlogPost, lang: Lang) -> Self {
        PostSummary {
            slug: &p.slug,
            title: &p.title,
            author: &p.author,
            date: iso_date(p.date),
            date_display: lang.format_date(p.date),
            excerpt: &p.excerpt,
            image: photo(site, p.image.as_ref()),
            draft: p.draft,
        }
    }
}

/// A post's or service's photo, as its screens show it.
fn photo(site: &Site, photo: Option<&crate::content::Photo>) -> Option<PhotoView> {
    let p = photo?;
    site.media.photo(&p.src, &p.alt)
}

/// An about, privacy or terms page, as its screen shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LongPageView<'a> {
    name: &'a str,
    title: &'a str,
    description: &'a str,
    html: std::borrow::Cow<'a, str>,
}

impl<'a> LongPageView<'a> {
    /// The page, its images given their size ([`crate::media::Media::sized_images`]).
    fn new(site: &'a Site, p: &'a LongPage) -> Self {
        LongPageView {
            name: &p.name,
            title: &p.title,
            description: &p.description,
            html: site.media.sized_images(&p.html),
        }
    }
}

/// A whole service, as its page shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ServiceView<'a> {
    id: &'a str,
    title: &'a str,
    summary: &'a str,
    section: &'a str,
    gov_icons: &'a [GovIcon],
    pub icon: Icon,
    is_package: bool,
    content: &'a ServiceContent,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<PhotoView>,
}

impl<'a> ServiceView<'a> {
    pub(crate) fn new(site: &Site, s: &'a Service) -> Self {
        ServiceView {
            id: &s.id,
            title: &s.title,
            summary: &s.summary,
            section: &s.section,
            gov_icons: &s.gov_icons,
            icon: *s.icon,
            is_package: s.is_package,
            content: &s.content,
            image: photo(site, s.image.as_ref()),
        }
    }
}

/// A whole post, as the blog post screen shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostView<'a> {
    #[serde(flatten)]
    summary: PostSummary<'a>,
    /// Sanitised HTML of the body. Left out of the data inlined in the document
    /// ([`RouteData::inline_json`]): the body is in the markup the client hydrates, which reads
    /// it back from there (`site/src/shared/page-data/inline.ts`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<std::borrow::Cow<'a, str>>,
}

/// A service without its long content, for lists.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ServiceSummary<'a> {
    id: &'a str,
    title: &'a str,
    summary: &'a str,
    section: &'a str,
    pub gov_icons: &'a [GovIcon],
    pub icon: Icon,
    is_package: bool,
    timeline: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<PhotoView>,
}

impl<'a> ServiceSummary<'a> {
    pub(crate) fn new(site: &Site, s: &'a Service) -> Self {
        ServiceSummary {
            id: &s.id,
            title: &s.title,
            summary: &s.summary,
            section: &s.section,
            gov_icons: &s.gov_icons,
            icon: *s.icon,
            is_package: s.is_package,
            timeline: &s.content.timeline,
            image: photo(site, s.image.as_ref()),
        }
    }
}

/// The home page's content, each card with the icon of what it links to.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomeView<'a> {
    pub hero: &'a Hero,
    pub value_points: &'a [ValuePoint],
    pub cards: Vec<HomeCardView<'a>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomeCardView<'a> {
    pub title: &'a str,
    pub text: &'a str,
    pub link: &'a str,
    /// The icon of the service or services-list section it links to; else `landmark`.
    pub icon: Icon,
}

impl<'a> HomeView<'a> {
    fn new(site: &'a Site, lang: Lang, home: &'a Home) -> Self {
        HomeView {
            hero: &home.hero,
            value_points: &home.value_points,
            cards: home
                .cards
                .iter()
                .map(|card| HomeCardView {
                    title: &card.title,
                    text: &card.text,
                    link: &card.link,
                    icon: link_icon(site, lang, &card.link).unwrap_or(Icon::Landmark),
                })
                .collect(),
        }
    }
}

/// The icon of the service (`/en/services/<id>/`) or section (`/ar/services/#<anchor>`) a
/// link points to, in the link's language (else `lang`'s).
fn link_icon(site: &Site, lang: Lang, link: &str) -> Option<Icon> {
    let mut parts = link.trim_start_matches('/').splitn(3, '/');
    let lang = parts
        .next()
        .and_then(|c| site.language_table().get(c))
        .unwrap_or(lang);
    let c = site.lang(lang);
    if parts.next()? != "services" {
        return None;
    }
    let rest = parts.next().unwrap_or_default();
    match rest.split_once('#') {
        Some(("", anchor)) => c
            .sections
            .iter()
            .find(|s| *s.anchor == anchor)
            .map(|s| *s.icon),
        Some(_) => None,
        None => {
            let id = rest.trim_end_matches('/');
            c.services.iter().find(|s| s.id == id).map(|s| *s.icon)
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub(crate) enum PageData<'a> {
    #[serde(rename_all = "camelCase")]
    Home {
        home: Option<HomeView<'a>>,
        testimonials: &'a [Testimonial],
        latest_posts: Vec<PostSummary<'a>>,
    },
    About {
        page: Option<LongPageView<'a>>,
    },
    Services {
        sections: &'a [ServiceSection],
        services: Vec<ServiceSummary<'a>>,
    },
    Service {
        service: ServiceView<'a>,
    },
    Pricing {
        pricing: Option<&'a Pricing>,
    },
    Faq {
        faq: &'a [FaqItem],
    },
    Blog {
        posts: Vec<PostSummary<'a>>,
        pagination: Pagination,
    },
    BlogPost {
        post: PostView<'a>,
    },
    Contact,
    Privacy {
        page: Option<LongPageView<'a>>,
    },
    Terms {
        page: Option<LongPageView<'a>>,
    },
    AssistantChat,
    Search,
    NotFound,
    /// A page of a kind of the site's own: `{"kind": "team", "items": [...]}`.
    #[serde(untagged)]
    Own(OwnPageData<'a>),
}

/// The data of a page of the site's own kind: its collection's items, every declared field
/// present ([`crate::content::collection`]).
#[derive(Debug, Serialize)]
pub(crate) struct OwnPageData<'a> {
    kind: &'a str,
    items: &'a [serde_json::Value],
}

/// Where a blog list page sits among the others: "Page 2 of 9" (as the head title says it), and
/// the newer (`prev`) and older (`next`) pages. Only strings, so list pages share one shape
/// ([`crate::template`]).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pagination {
    label: String,
    prev: Option<String>,
    next: Option<String>,
}

fn blog_page<'a>(
    site: &'a Site,
    screens: &Screens,
    lang: crate::lang::Lang,
    page: usize,
) -> PageData<'a> {
    let pages = blog_pages(site, lang);
    let path = |n: usize| route_path(lang, &blog_page_kind(n));
    PageData::Blog {
        posts: blog_page_posts(site, lang, page)
            .iter()
            .map(|p| PostSummary::new(site, p, lang))
            .collect(),
        pagination: Pagination {
            label: blog_page_label(screens, lang, page, pages),
            prev: (page > 1).then(|| path(page - 1)),
            next: (page < pages).then(|| path(page + 1)),
        },
    }
}

/// Number of posts the home page shows.
pub(crate) const HOME_POSTS: usize = 3;

/// The page data of a route.
pub fn page_data<'a>(site: &'a Site, route: &Route) -> PageData<'a> {
    let c = site.lang(route.lang);
    match &route.kind {
        RouteKind::Home | RouteKind::HomeAlias => PageData::Home {
            home: c.home.as_ref().map(|h| HomeView::new(site, route.lang, h)),
            testimonials: &c.testimonials,
            latest_posts: c
                .posts
                .iter()
                .take(HOME_POSTS)
                .map(|p| PostSummary::new(site, p, route.lang))
                .collect(),
        },
        RouteKind::About => PageData::About {
            page: c.pages.get("about").map(|p| LongPageView::new(site, p)),
        },
        RouteKind::Services => PageData::Services {
            sections: &c.sections,
            services: c
                .services
                .iter()
                .map(|s| ServiceSummary::new(site, s))
                .collect(),
        },
        // The route table lists existing services and posts only; for any other, the 404
        // screen rather than a panic.
        RouteKind::Service(id) => match c.services.iter().find(|s| &s.id == id) {
            Some(service) => PageData::Service {
                service: ServiceView::new(site, service),
            },
            None => PageData::NotFound,
        },
        RouteKind::Pricing => PageData::Pricing {
            pricing: c.pricing.as_ref(),
        },
        RouteKind::Faq => PageData::Faq { faq: &c.faq },
        RouteKind::Blog => blog_page(site, c.screens(route.lang), route.lang, 1),
        RouteKind::BlogPage(n) => blog_page(site, c.screens(route.lang), route.lang, *n),
        RouteKind::BlogPost(slug) => match c.post(slug) {
            Some(post) => PageData::BlogPost {
                post: PostView {
                    summary: PostSummary::new(site, post, route.lang),
                    html: Some(
                        site.media
                            .sized_images_below(&post.html, post.image.is_some()),
                    ),
                },
            },
            None => PageData::NotFound,
        },
        RouteKind::Contact => PageData::Contact,
        RouteKind::Privacy => PageData::Privacy {
            page: c.pages.get("privacy").map(|p| LongPageView::new(site, p)),
        },
        RouteKind::Terms => PageData::Terms {
            page: c.pages.get("terms").map(|p| LongPageView::new(site, p)),
        },
        RouteKind::AssistantChat => PageData::AssistantChat,
        RouteKind::Search => PageData::Search,
        RouteKind::NotFound => PageData::NotFound,
        RouteKind::Page(p) => match site
            .pages
            .own_kinds()
            .find(|(name, _, _)| *name == p.name)
            .and_then(|(name, kind, _)| {
                Some((name, c.collections.get(kind.collection.as_deref()?)?))
            }) {
            Some((kind, items)) => PageData::Own(OwnPageData { kind, items }),
            None => PageData::NotFound,
        },
    }
}
