//! schema.org data for each page: the company, breadcrumbs, the FAQ, a service, a post.

use serde_json::{Value, json};

use super::Screen;
use crate::content::Site;
use crate::lang::{Lang, iso_date};
use crate::routes::{Route, RouteKind, route_url};

/// The company as schema.org sees it.
fn local_business(site: &Site, lang: Lang) -> Value {
    let c = &site.config.company;
    json!({
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        "@id": format!("{}/#organization", site.config.origin()),
        "name": c.name.get(lang),
        "url": route_url(site, lang, &RouteKind::Home),
        "telephone": c.phone,
        "email": c.email,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": c.address.get(lang),
            "addressLocality": site.lang(lang).labels(lang).locality,
            "addressCountry": "AE"
        },
        "openingHours": format!("Mo-Su {}-{}", site.config.hours.opens, site.config.hours.closes),
        "openingHoursSpecification": [{
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
            "opens": site.config.hours.opens,
            "closes": site.config.hours.closes
        }],
        "areaServed": "AE",
        "inLanguage": lang.code()
    })
}

/// The trail of `screen` and the page itself.
fn breadcrumbs(site: &Site, route: &Route, screen: &Screen) -> Value {
    let origin = site.config.origin();
    let items = screen
        .crumbs
        .iter()
        .map(|c| (c.label.as_str(), format!("{origin}{}", c.path)))
        .chain([(
            screen.title.as_str(),
            route_url(site, route.lang, &route.kind),
        )]);
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items.enumerate().map(|(i, (name, item))| json!({
            "@type": "ListItem", "position": i + 1, "name": name, "item": item
        })).collect::<Vec<_>>()
    })
}

/// The JSON-LD blocks of a route, whose screen shows `screen` (its title without the company
/// name, and the breadcrumb trail above it).
/// Gives the last item of `out` its photo (`image`: the published photo's absolute URL, without
/// its metadata, and its description), if it has one.
fn with_image(out: &mut [Value], site: &Site, photo: Option<&crate::content::Photo>) {
    if let (Some(Value::Object(item)), Some(photo)) = (out.last_mut(), photo) {
        item.insert(
            "image".into(),
            json!({
                "@type": "ImageObject",
                "url": format!(
                    "{}{}",
                    site.config.origin(),
                    crate::media::url_path(&photo.src.value)
                ),
                "caption": photo.alt,
            }),
        );
    }
}

pub(super) fn json_ld(site: &Site, route: &Route, screen: &Screen) -> Vec<Value> {
    let lang = route.lang;
    let c = site.lang(lang);
    let mut out = Vec::new();
    match &route.kind {
        RouteKind::Home | RouteKind::HomeAlias => out.push(local_business(site, lang)),
        RouteKind::NotFound => {}
        kind => {
            out.push(breadcrumbs(site, route, screen));
            match kind {
                RouteKind::Contact => out.push(local_business(site, lang)),
                RouteKind::Faq => out.push(json!({
                    "@context": "https://schema.org",
                    "@type": "FAQPage",
                    "inLanguage": lang.code(),
                    "mainEntity": c.faq.iter().map(|f| json!({
                        "@type": "Question",
                        "name": f.question,
                        "acceptedAnswer": { "@type": "Answer", "text": f.answer }
                    })).collect::<Vec<_>>()
                })),
                RouteKind::Service(id) => {
                    if let Some(s) = c.services.iter().find(|s| &s.id == id) {
                        out.push(json!({
                            "@context": "https://schema.org",
                            "@type": "Service",
                            "name": s.title,
                            "description": s.summary,
                            "url": route_url(site, lang, kind),
                            "areaServed": "AE",
                            "inLanguage": lang.code(),
                            "provider": { "@id": format!("{}/#organization", site.config.origin()), "@type": "LocalBusiness", "name": site.config.company.name.get(lang) }
                        }));
                        with_image(&mut out, site, s.image.as_ref());
                    }
                }
                RouteKind::BlogPost(slug) => {
                    if let Some(p) = c.post(slug) {
                        out.push(json!({
                            "@context": "https://schema.org",
                            "@type": "BlogPosting",
                            "headline": p.title,
                            "description": p.excerpt,
                            "datePublished": iso_date(p.date),
                            "dateModified": iso_date(p.date),
                            "inLanguage": lang.code(),
                            "author": { "@type": "Organization", "name": p.author },
                            "publisher": { "@type": "Organization", "name": site.config.company.name.get(lang) },
                            "mainEntityOfPage": route_url(site, lang, kind),
                            "url": route_url(site, lang, kind)
                        }));
                        with_image(&mut out, site, p.image.as_ref());
                    }
                }
                _ => {}
            }
        }
    }
    out
}
