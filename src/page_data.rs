//! The data each route is rendered from: `{path, head, site, page}`. It is serialised once per
//! route, sent to the React renderer, inlined into the document for hydration, and written as
//! `page-data.json` for client navigation. `site/src/shared/page-data.ts` is its TypeScript twin.

use serde::Serialize;

use crate::config::SiteConfig;
use crate::content::{
    BlogPost, FaqItem, GovIcon, Home, LongPage, Pricing, Service, ServiceContent, ServiceSection,
    Site, Testimonial,
};
use crate::head::{Head, MetaStrings, blog_page_label};
use crate::lang::{Lang, iso_date};
use crate::routes::{Route, RouteKind, blog_page_kind, blog_page_posts, blog_pages, route_path};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RouteData<'a> {
    pub(crate) path: &'a str,
    pub(crate) lang: Lang,
    pub(crate) head: Head,
    pub(crate) site: SiteInfo<'a>,
    pub(crate) page: PageData<'a>,
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
    /// Service id → title, for the footer's main services.
    service_titles: std::collections::BTreeMap<&'a str, &'a str>,
    backend: Option<BackendInfo<'a>>,
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
            service_titles: site
                .lang(lang)
                .services
                .iter()
                .map(|s| (s.id.as_str(), s.title.as_str()))
                .collect(),
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
}

impl<'a> PostSummary<'a> {
    /// The post as a page of `lang` shows it: the date is formatted here, where it leaves Rust.
    fn new(p: &'a BlogPost, lang: Lang) -> Self {
        PostSummary {
            slug: &p.slug,
            title: &p.title,
            author: &p.author,
            date: iso_date(p.date),
            date_display: lang.format_date(p.date),
            excerpt: &p.excerpt,
        }
    }
}

/// An about, privacy or terms page, as its screen shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LongPageView<'a> {
    name: &'a str,
    title: &'a str,
    description: &'a str,
    html: &'a str,
}

impl<'a> From<&'a LongPage> for LongPageView<'a> {
    fn from(p: &'a LongPage) -> Self {
        LongPageView {
            name: &p.name,
            title: &p.title,
            description: &p.description,
            html: &p.html,
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
    is_package: bool,
    content: &'a ServiceContent,
}

impl<'a> From<&'a Service> for ServiceView<'a> {
    fn from(s: &'a Service) -> Self {
        ServiceView {
            id: &s.id,
            title: &s.title,
            summary: &s.summary,
            section: &s.section,
            gov_icons: &s.gov_icons,
            is_package: s.is_package,
            content: &s.content,
        }
    }
}

/// A whole post, as the blog post screen shows it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PostView<'a> {
    #[serde(flatten)]
    summary: PostSummary<'a>,
    /// Sanitised HTML of the body.
    html: &'a str,
}

/// A service without its long content, for lists.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ServiceSummary<'a> {
    id: &'a str,
    title: &'a str,
    summary: &'a str,
    section: &'a str,
    gov_icons: &'a [crate::content::GovIcon],
    is_package: bool,
    timeline: &'a str,
}

impl<'a> From<&'a Service> for ServiceSummary<'a> {
    fn from(s: &'a Service) -> Self {
        ServiceSummary {
            id: &s.id,
            title: &s.title,
            summary: &s.summary,
            section: &s.section,
            gov_icons: &s.gov_icons,
            is_package: s.is_package,
            timeline: &s.content.timeline,
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub(crate) enum PageData<'a> {
    #[serde(rename_all = "camelCase")]
    Home {
        home: Option<&'a Home>,
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
    NotFound,
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
    meta: &MetaStrings,
    lang: crate::lang::Lang,
    page: usize,
) -> PageData<'a> {
    let pages = blog_pages(site, lang);
    let path = |n: usize| route_path(lang, &blog_page_kind(n));
    PageData::Blog {
        posts: blog_page_posts(site, lang, page)
            .iter()
            .map(|p| PostSummary::new(p, lang))
            .collect(),
        pagination: Pagination {
            label: blog_page_label(meta, page, pages),
            prev: (page > 1).then(|| path(page - 1)),
            next: (page < pages).then(|| path(page + 1)),
        },
    }
}

/// Number of posts the home page shows.
const HOME_POSTS: usize = 3;

/// The page data of a route.
pub(crate) fn page_data<'a>(site: &'a Site, meta: &MetaStrings, route: &Route) -> PageData<'a> {
    let c = site.lang(route.lang);
    match &route.kind {
        RouteKind::Home | RouteKind::HomeAlias => PageData::Home {
            home: c.home.as_ref(),
            testimonials: &c.testimonials,
            latest_posts: c
                .posts
                .iter()
                .take(HOME_POSTS)
                .map(|p| PostSummary::new(p, route.lang))
                .collect(),
        },
        RouteKind::About => PageData::About {
            page: c.pages.get("about").map(Into::into),
        },
        RouteKind::Services => PageData::Services {
            sections: &c.sections,
            services: c.services.iter().map(Into::into).collect(),
        },
        // The route table lists existing services and posts only; for any other, the 404
        // screen rather than a panic.
        RouteKind::Service(id) => match c.services.iter().find(|s| &s.id == id) {
            Some(service) => PageData::Service {
                service: service.into(),
            },
            None => PageData::NotFound,
        },
        RouteKind::Pricing => PageData::Pricing {
            pricing: c.pricing.as_ref(),
        },
        RouteKind::Faq => PageData::Faq { faq: &c.faq },
        RouteKind::Blog => blog_page(site, meta, route.lang, 1),
        RouteKind::BlogPage(n) => blog_page(site, meta, route.lang, *n),
        RouteKind::BlogPost(slug) => match c.post(slug) {
            Some(post) => PageData::BlogPost {
                post: PostView {
                    summary: PostSummary::new(post, route.lang),
                    html: &post.html,
                },
            },
            None => PageData::NotFound,
        },
        RouteKind::Contact => PageData::Contact,
        RouteKind::Privacy => PageData::Privacy {
            page: c.pages.get("privacy").map(Into::into),
        },
        RouteKind::Terms => PageData::Terms {
            page: c.pages.get("terms").map(Into::into),
        },
        RouteKind::AssistantChat => PageData::AssistantChat,
        RouteKind::NotFound => PageData::NotFound,
    }
}
