//! The screens' own texts, `content/<lang>/screens.yaml`: each screen's title and lead, the
//! breadcrumbs' names, and the words sahel writes itself in a language (`labels`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The screens' own strings (`screens.yaml`): the title and description of each screen, which
/// the head and the screen's title band show where no content file gives them, the blog list's
/// "Page 2 of 9", and the names breadcrumbs give the home page, the services list and the blog.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Screens {
    pub home: ScreenText,
    pub about: ScreenText,
    pub services: ScreenText,
    pub pricing: ScreenText,
    pub faq: ScreenText,
    pub blog: ScreenText,
    pub contact: ScreenText,
    pub privacy: ScreenText,
    pub terms: ScreenText,
    pub assistant_chat: ScreenText,
    pub search: ScreenText,
    pub not_found: ScreenText,
    /// "Page {{page}} of {{pages}}", for the blog list's later pages.
    pub blog_page: String,
    pub breadcrumbs: Breadcrumbs,
    /// What sahel itself writes in the language (cards, the assistant's index, JSON-LD). The
    /// shipped site's Arabic and English are built in; another language's `screens.yaml` must
    /// give them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Labels>,
    /// The title, lead and card label of each page kind of the site's own (`team`), by kind.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pages: BTreeMap<String, PageScreenText>,
}

/// The top of a page of the site's own kind, and how its social card names the kind.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PageScreenText {
    pub title: String,
    pub description: String,
    /// The card's label for the kind (default: the title).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

/// The words sahel writes in a language outside the content.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Labels {
    /// The city in the company's postal address (JSON-LD `addressLocality`).
    pub locality: String,
    /// How the social cards name each kind of page.
    pub card_kinds: CardKinds,
    /// The assistant's names for the parts of a service and of the pricing.
    pub assistant: AssistantLabels,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CardKinds {
    pub home: String,
    pub about: String,
    pub services: String,
    pub service: String,
    pub pricing: String,
    pub faq: String,
    pub blog: String,
    pub blog_post: String,
    pub contact: String,
    pub privacy: String,
    pub terms: String,
    pub assistant_chat: String,
    pub search: String,
    pub not_found: String,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AssistantLabels {
    pub timeline: String,
    pub services_offered: String,
    pub documents_required: String,
    pub notes: String,
    pub package_rules: String,
    pub includes: String,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ScreenText {
    pub title: String,
    pub description: String,
}

/// What breadcrumbs (visible and JSON-LD) call the pages above the current one.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Breadcrumbs {
    pub home: String,
    pub services: String,
    pub blog: String,
}
