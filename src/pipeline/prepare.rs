//! Route data: every route's head and serialised page data, computed from the site model.

use rayon::prelude::*;

use crate::cards::CardSpec;
use crate::content::Site;
use crate::head::{card_for, head_for, screen_for};
use crate::output::ShellHead;
use crate::page_data::{RouteData, SiteInfo, page_data};
use crate::routes::{Route, route_table};

/// The copyright year: from `SOURCE_DATE_EPOCH` when set (reproducible builds), else today.
pub(crate) fn build_year() -> i32 {
    std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .and_then(|t| time::OffsetDateTime::from_unix_timestamp(t).ok())
        .unwrap_or_else(time::OffsetDateTime::now_utc)
        .year()
}

/// A route with its serialised data, ready to render.
pub struct PreparedRoute {
    pub route: Route,
    /// The head, written as the document shell writes it.
    pub(crate) head: ShellHead,
    /// The route's data without its head: what the renderer gets. No screen reads the head
    /// (the document shell writes it, and the client applies it after navigating), and it was
    /// a quarter of a post's data and most of its strings, which every route's slotting
    /// ([`crate::template`]) parsed and the workers read again.
    pub render_json: String,
    /// The head as JSON, and where it goes in `render_json` to make `page-data.json`
    /// ([`PreparedRoute::page_data_json`]).
    head_json: String,
    head_at: usize,
    /// The part of it the document inlines ([`RouteData::inline_json`]).
    pub inline: String,
    /// Its social card, when the site draws them.
    pub card: Option<CardSpec>,
    /// A hash of the route's data (`render_json` and the head's JSON): what the render cache
    /// compares, so that it needs nothing else of the route once its page is written.
    pub(crate) data_hash: blake3::Hash,
}

impl PreparedRoute {
    /// The route's whole data, head included, as `page-data.json` holds it for client
    /// navigation: byte for byte what serialising it with its head gives.
    pub fn page_data_json(&self) -> String {
        let (before, after) = self.render_json.split_at(self.head_at);
        let mut json = String::with_capacity(self.render_json.len() + self.head_json.len() + 8);
        json.push_str(before);
        json.push_str(",\"head\":");
        json.push_str(&self.head_json);
        json.push_str(after);
        json
    }
}

/// Where the head goes in route data serialised without it: before `"site"`, the field that
/// follows it in [`RouteData`]. The fields before it are the path and the language, whose JSON
/// cannot hold `,"site":` (a quote inside a JSON string is escaped).
fn head_position(render_json: &str) -> usize {
    render_json
        .find(",\"site\":")
        .unwrap_or(render_json.len().saturating_sub(1))
}

/// Every route of the site with its data.
pub fn prepare_routes(site: &Site, year: i32) -> Vec<PreparedRoute> {
    route_table(site)
        .into_par_iter()
        .map(|route| prepare_route(site, year, route))
        .collect()
}

/// One route with its head and serialised data.
pub fn prepare_route(site: &Site, year: i32, route: Route) -> PreparedRoute {
    let screen = screen_for(site, &route);
    let head = head_for(site, &screen, &route);
    let card = card_for(site, &screen, &route);
    let mut data = RouteData {
        path: &route.path,
        lang: route.lang,
        head: None,
        site: SiteInfo::new(site, route.lang, year),
        screen,
        page: page_data(site, &route),
    };
    let render_json = data.json();
    let head_at = head_position(&render_json);
    let head_json = crate::page_data::to_json(&head);
    let inline = data.inline_json();
    let mut hasher = blake3::Hasher::new();
    hasher.update(render_json.as_bytes());
    hasher.update(&[0]);
    hasher.update(head_json.as_bytes());
    PreparedRoute {
        route,
        head: ShellHead::new(&head),
        render_json,
        head_json,
        head_at,
        inline,
        card,
        data_hash: hasher.finalize(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_data_is_the_route_data_with_its_head() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/basic");
        let site = crate::check::load_site(&root).expect("the basic fixture loads");
        let routes = route_table(&site);
        assert!(routes.len() > 20);
        for route in routes {
            let p = prepare_route(&site, 2026, route.clone());
            // Serialised the plain way, head and all.
            let whole = RouteData {
                path: &route.path,
                lang: route.lang,
                head: Some(head_for(&site, &screen_for(&site, &route), &route)),
                site: SiteInfo::new(&site, route.lang, 2026),
                screen: screen_for(&site, &route),
                page: page_data(&site, &route),
            }
            .json();
            assert_eq!(p.page_data_json(), whole, "{}", route.path);
            assert!(!p.render_json.contains("\"head\":"), "{}", route.path);
            let data: serde_json::Value = serde_json::from_str(&p.render_json).unwrap();
            assert_eq!(data["path"], route.path.as_str());
        }
    }

    #[test]
    fn the_head_goes_before_the_site_whatever_the_path_holds() {
        for path in [
            "/ar/",
            "/en/blog/a\",\"site\":\"x/",
            "/ar/\u{2028}\u{202E}/",
        ] {
            let head =
                serde_json::json!({"lang": "en", "tags": [{"tag": "title", "text": ",\"site\":"}]});
            let render =
                serde_json::json!({"path": path, "lang": "en", "site": {"a": 1}, "page": {}});
            let with = serde_json::json!({"path": path, "lang": "en", "head": head, "site": {"a": 1}, "page": {}});
            let render = serde_json::to_string(&render).unwrap();
            let at = head_position(&render);
            let (before, after) = render.split_at(at);
            let spliced = format!("{before},\"head\":{head}{after}");
            assert_eq!(spliced, serde_json::to_string(&with).unwrap(), "{path}");
        }
    }
}
