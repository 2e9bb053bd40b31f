// The contract between the browser editor (`sahel serve --edit`, served at /_edit/) and sahel.
// Rust's side: src/serve/edit/. Every request carries the per-run token from
// <meta name="sahel-edit-token"> in the header `X-Sahel-Edit-Token`, and answers are JSON.
// `ui` (query parameter on every call) is the editor's language (`ar` or `en`): messages in the
// answers (diagnostics, refusals) are in it.

/** A language of the site's table. */
export interface Language {
  code: string;
  name: string; // in its own language ("العربية", "English")
  dir: 'rtl' | 'ltr';
  default: boolean;
}

/** A field's declaration, as sahel's page table says it (src/pages/fields.rs). */
export interface Field {
  type: 'text' | 'number' | 'date' | 'boolean' | 'enum' | 'list' | 'object' | 'markdown' | 'ref';
  required?: boolean;
  /** Least length (text, in characters), value (number) or count (list). */
  min?: number;
  max?: number;
  /** An enum's values. */
  values?: string[];
  /** A reference's target collection: `services` or `posts`. */
  to?: string;
  /** A list's items (default: text). */
  of?: Field;
  /** An object's fields. */
  fields?: Record<string, Field>;
  /** A yes-or-no field of a list's items that at most one item may set. */
  onlyOne?: boolean;
}

/**
 * How a collection's entries are written.
 * - markdown: one Markdown file per entry (front matter fields + the `markdown` field as body);
 * - files: one YAML file per entry (a mapping);
 * - list: one YAML file per language holding a list of items: the entry is the whole file;
 * - record: one YAML file per language holding one mapping: the entry is the whole file;
 * - strings: the interface strings, one JSON file per namespace and language;
 * - raw: a content file with no declaration (home.yaml, screens.yaml): edited as text.
 */
export type Form = 'markdown' | 'files' | 'list' | 'record' | 'strings' | 'raw';

/** A translation's state, as `sahel translations` computes it; `source` for the source language. */
export type TranslationState = 'fresh' | 'stale' | 'missing' | 'unrecorded' | 'source';

export interface EntrySummary {
  id: string;
  /** Per language code: the title (or the id when it has none), null where the file is missing. */
  titles: Record<string, string | null>;
  /** Per language code: the file, relative to the site folder, as it is or would be. */
  files: Record<string, string>;
  /** Per language code: the worst state of the entry's translation units in that language. */
  states: Record<string, TranslationState>;
  /** A post marked `draft: true` in any language. */
  draft: boolean;
}

export interface CollectionInfo {
  name: string; // posts, pages, services, pricing, faq, testimonials, a site's own, strings, files
  form: Form;
  /** Empty for `strings` and `raw`. For `list`, the fields of one item. */
  fields: Record<string, Field>;
  /** Whether entries can be added and deleted (markdown and files). */
  entries_can_change: boolean;
  entries: EntrySummary[];
}

export interface GitInfo {
  /** Whether the site folder is in a git repository and git runs. */
  available: boolean;
  /** Why not, in the editor's language. */
  reason: string | null;
  branch: string | null;
  /** Whether the branch has a remote to push to. */
  remote: boolean;
  /** The author from git's configuration, if any. */
  author: { name: string; email: string } | null;
}

/** GET /_edit/api/site */
export interface SiteInfo {
  languages: Language[];
  collections: CollectionInfo[];
  git: GitInfo;
  /** Entries ids each `ref` target offers: { services: [...ids], posts: [...slugs] }. */
  refs: Record<string, string[]>;
}

/** A file of an entry in one language. `text` and `version` are null when it does not exist. */
export interface EntryFile {
  path: string;
  text: string | null;
  /** An opaque version of the file on disk (a hash of its bytes); sent back on save. */
  version: string | null;
}

/** One translation unit of an entry (a post, an FAQ item, a service's field group). */
export interface Unit {
  key: string;
  source: string; // the source language's code
  states: Record<string, TranslationState>;
  /**
   * For a stale unit: a unified diff of the source's text from the version the translation was
   * marked against to now, when that version can be found (in git's history); else null.
   */
  source_diff: string | null;
}

/** GET /_edit/api/entry?collection=&id= */
export interface Entry {
  collection: string;
  id: string;
  files: Record<string, EntryFile>;
  units: Unit[];
}

/** A problem sahel found, at its place in a file. Lines and columns count from 1 (characters). */
export interface Diagnostic {
  lang: string;
  path: string;
  line: number | null;
  column: number | null;
  severity: 'error' | 'warning';
  message: string;
  help: string | null;
  rule: string | null;
  /** A replacement the lint offers, in characters from the start of the file. */
  fix: { from: number; to: number; insert: string } | null;
}

/**
 * POST /_edit/api/check — a draft checked as `check` would check it saved, and rendered.
 * Body: { collection, id, files: { [lang]: text }, preview: lang | null }.
 */
export interface CheckReply {
  diagnostics: Diagnostic[];
  /** Where the draft's page in the `preview` language can be seen (an iframe's src), when it
   * rendered; null when it had errors (keep the last good preview) or has no page. */
  preview: string | null;
}

/** POST /_edit/api/save — body: { collection, id, files: { [lang]: { text, version } } }.
 * `version` is what /entry gave (null for a new file). 200: SaveReply. 409: ConflictReply
 * (nothing written). 422: { diagnostics } (nothing written). */
export interface SaveReply {
  files: Record<string, EntryFile>;
}
export interface ConflictReply {
  /** Per language whose file changed on disk since it was opened: the file as it is now. */
  conflicts: Record<string, EntryFile>;
}

/** GET /_edit/api/template?collection=&id= — a new entry's files in every language, with the
 * placeholders `check` refuses until they are replaced. 409 when the id is taken. */
export type TemplateReply = Entry;

/** POST /_edit/api/delete — body: { collection, id, versions: { [lang]: version } }.
 * 200 { deleted: [paths] }; 409 { linked_from: [{ path, line }] } when another page links to it. */
export interface DeleteRefused {
  linked_from: { path: string; line: number | null }[];
}

/** POST /_edit/api/mark — body: { collection, id, lang }: the entry's units recorded as
 * translated into `lang`. 200: the Entry again. */

/** POST /_edit/api/media?name=photo.jpg — body: the file's bytes. 200: MediaReply; 422:
 * { message } (not a photo by its bytes, too large, a bomb...). */
export interface MediaReply {
  /** What a post or field writes to use it (`/media/photo.jpg`). */
  src: string;
  width: number | null;
  height: number | null;
}

/** GET /_edit/api/changes */
export interface Changes {
  git: GitInfo;
  files: { path: string; status: 'added' | 'modified' | 'deleted' | 'renamed' | 'untracked' }[];
  /** `git diff` of the working tree against HEAD, untracked files included. */
  diff: string;
}
/** POST /_edit/api/commit — body: { message, author: {name, email} | null }. 200 { commit }. */
/** POST /_edit/api/publish — 200 { pushed: true }; 409 { refused: true, message } when the
 * remote has commits this branch lacks (never forced). */
/** POST /_edit/api/pull — body: { author: {name, email} | null } (signs a merge commit when git's
 * config has no author). Brings the remote's commits in (merge, no force); 200 { ok: true };
 * 409 { message } on a conflict (nothing changed). */
