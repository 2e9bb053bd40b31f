//! Route data: every route's head and serialised page data, computed from the site model
//! and the screens' strings.

use std::path::Path;

use anyhow::Context;
use rayon::prelude::*;

use crate::build::BuildError;
use crate::content::Site;
use crate::diagnostics::Diagnostic;
use crate::head::{Head, MetaStrings, head_for};
use crate::lang::Lang;
use crate::page_data::{RouteData, SiteInfo, page_data};
use crate::routes::{Route, route_table};

/// Reads the `meta` strings of both languages from the app's interface strings.
pub fn load_meta(app: &Path) -> Result<[MetaStrings; 2], BuildError> {
    let read = |lang: Lang| -> Result<MetaStrings, BuildError> {
        let file = app.join(format!("site/src/i18n/{}/common.json", lang.code()));
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        #[derive(serde::Deserialize)]
        struct Nav {
            home: String,
            services: String,
            blog: String,
        }
        #[derive(serde::Deserialize)]
        struct Common {
            meta: MetaStrings,
            nav: Nav,
        }
        let common: Common = serde_json::from_str(&text).map_err(|e| {
            Diagnostic::new(&file, format!("the interface strings are not valid: {e}"))
                .at(e.line(), e.column())
                .with_source(text.as_str())
                .help("every screen needs meta.<screen>.title and .description")
        })?;
        let mut meta = common.meta;
        meta.breadcrumbs = [common.nav.home, common.nav.services, common.nav.blog];
        Ok(meta)
    };
    Ok([read(Lang::Ar)?, read(Lang::En)?])
}

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
    pub json: String,
}

/// Every route of the site with its data.
pub fn prepare_routes(site: &Site, meta: &[MetaStrings; 2], year: i32) -> Vec<PreparedRoute> {
    route_table(site)
        .into_par_iter()
        .map(|route| prepare_route(site, meta, year, route))
        .collect()
}

/// One route with its head and serialised data.
pub(crate) fn prepare_route(
    site: &Site,
    meta: &[MetaStrings; 2],
    year: i32,
    route: Route,
) -> PreparedRoute {
    let [ar, en] = meta;
    let meta = match route.lang {
        Lang::Ar => ar,
        Lang::En => en,
    };
    let head = head_for(site, meta, &route);
    let data = RouteData {
        path: &route.path,
        lang: route.lang,
        head: head.clone(),
        site: SiteInfo::new(site, route.lang, year),
        page: page_data(site, meta, &route),
    };
    // Invariant: route data is structs, strings, numbers and string-keyed maps, which
    // serde_json always serialises.
    #[allow(clippy::expect_used)]
    let json = serde_json::to_string(&data).expect("route data serialises");
    PreparedRoute { route, head, json }
}
