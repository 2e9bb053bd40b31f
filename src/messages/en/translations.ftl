# `sahel translations`, `sahel translations mark` and the translations' line of `sahel check`
# (src/translations/).

## Stale translations, as `check` reports them (translations/mod.rs)

translations-stale-item = the { $lang } { $kind } `{ $id }` may be out of date: its { $source } source, { $place }, changed after the translation was marked fresh
translations-stale-file = this { $lang } { $kind } may be out of date: its { $source } source, { $place }, changed after the translation was marked fresh
translations-stale-help = bring this translation up to date with { $file }, then run `sahel translations mark { $target }` (run only the command if the change needs no translation, such as a typo fix)

## Counts of translations in each state (the table's states: fresh, stale, missing, unrecorded)

translations-count-fresh = { $n } fresh
translations-count-stale = { $n } stale
translations-count-missing = { $n } missing
translations-count-unrecorded = { $n } unrecorded
translations-count-untranslated = { $n } untranslated
# Two items of a list: a list of three is (a, b), c.
translations-list-comma = { $first }, { $second }
translations-list-semicolon = { $first }; { $second }

## The line `check` prints: `Translations: English 53 fresh, 2 unrecorded.`

translations-check = Translations: { $languages }.
# A site of one language: nothing is translated.
translations-check-none = Translations: .
translations-check-language = { $lang } { $counts }
translations-check-unrecorded = `sahel translations` lists the unrecorded ones.

## `sahel translations`: the table's notes and the lines under it (translations/table.rs)

translations-note-missing = no { $lang } version in { $file }
translations-note-stale = { $source } changed: update { $translation }
translations-note-unrecorded = never marked: sahel translations mark { $target }
translations-table-summary = { $pairs } pairs: { $counts } (record: { $record }).
translations-table-mark-hint = After updating a translation, record it: sahel translations mark <file> (or --all).

## `sahel translations mark` (translations/mark.rs)

translations-unknown-source = `{ $code }` is not a language of the site: use one of { $codes }
translations-unknown-target = `{ $code }` is not a language translations are made into: use one of { $codes }
translations-no-target = no translated file or item by this name
translations-no-target-help = name a content file (content/en/blog/<slug>.md, content/ar/faq.yaml) or an item (content/en/faq.yaml#<id>); `sahel translations` lists every pair
translations-mark-absent = `{ $key }` has no { $lang } version to mark
translations-mark-absent-help = add the missing file or item first, then mark the pair

## The record, content/translations.toml, and the files read (translations/record.rs, translations/units.rs)

translations-cannot-read = cannot read the file: { $error }
translations-cannot-read-yaml = cannot read the file as YAML: { $error }
translations-cannot-read-yaml-help = run the command again; `sahel check` shows what is wrong with the file
# $detail: the TOML reader's own words.
translations-record-toml = { $detail }
translations-record-toml-help = this file is written by sahel: write it again with `sahel translations mark --all` once every translation is up to date (or restore it from version control)
translations-record-hash = the hash recorded for `{ $key }` is not one sahel writes
translations-record-hash-help = mark the pair again: sahel translations mark { $target }
translations-record-cannot-serialize = cannot write the record
translations-cannot-write-in = cannot write in { $dir }
translations-cannot-write = cannot write { $file }
