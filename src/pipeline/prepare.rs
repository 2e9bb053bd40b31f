//! Route data: every route's head and serialised page data, computed from the site model.

use rayon::prelude::*;

use crate::content::Site;
use crate::head::{Head, head_for, screen_for};
use crate::page_data::{RouteData, SiteInfo, page_data};
use crate::routes::{Route, route_table};

/// The copyright year: from `SOURCE_DATE_EPOCH` when set (reproducible builds), else today.
pub fn build_year() -> i32 {
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
    pub head: Head,
    pub json: String,
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
    let data = RouteData {
        path: &route.path,
        lang: route.lang,
        head: head.clone(),
        site: SiteInfo::new(site, route.lang, year),
        screen,
        page: page_data(site, &route),
    };
    // Invariant: route data is structs, strings, numbers and string-keyed maps, which
    // serde_json always serialises.
    #[allow(clippy::expect_used)]
    let json = serde_json::to_string(&data).expect("route data serialises");
    PreparedRoute { route, head, json }
}
