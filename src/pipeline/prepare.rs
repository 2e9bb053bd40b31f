//! Route data: every route's head and serialised page data, computed from the site model.

use rayon::prelude::*;

use crate::cards::CardSpec;
use crate::content::Site;
use crate::head::{Head, card_for, head_for, screen_for};
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
    pub(crate) head: Head,
    /// The route's data: sent to the renderer and written as `page-data.json`.
    pub json: String,
    /// The part of it the document inlines ([`RouteData::inline_json`]).
    pub inline: String,
    /// Its social card, when the site draws them.
    pub card: Option<CardSpec>,
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
        head: Some(head.clone()),
        site: SiteInfo::new(site, route.lang, year),
        screen,
        page: page_data(site, &route),
    };
    let json = data.json();
    let inline = data.inline_json();
    PreparedRoute {
        route,
        head,
        json,
        inline,
        card,
    }
}
