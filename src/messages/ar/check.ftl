# الفحوص على مستوى الموقع كله في `sahel check` (src/check.rs وsrc/check/).

## نص منسوخ لم يُترجَم (check/untranslated.rs)

check-untranslated-item = نص { $kind } `{ $id }` في النسخة { $lang } هو نص النسخة { $other } نفسه: لم يُترجَم بعد
check-untranslated-file = نص { $kind } هذا في النسخة { $lang } هو نص النسخة { $other } نفسه: لم يُترجَم بعد
check-untranslated-help = ترجمه إلى { $lang }؛ وإن كان النص صحيحاً كما هو، فاكتب `untranslated = "off"` تحت [lint] في site.toml
check-copied-language = لم تُترجَم { $lang } بعد: نصوصها الـ{ $count } هي نصوص { $other } نفسها، فسيعرض الموقع { $other } تحت /{ $code }/
check-copied-language-help = ترجم ملفات { $folder } (تذكر تنبيهات `untranslated` كل ملف منها، ويعرض `sahel serve` اللغة في أثناء ذلك)، أو اكتب `untranslated = "off"` تحت [lint] في site.toml لنشرها كما هي

## المسودات والنصوص المؤقتة (check/drafts.rs)

check-draft = هذا المقال مسودة (`draft: true`): لا ينشره `sahel build` بأي لغة حتى يُحذف هذا السطر
check-draft-twin = نسخة هذا المقال بلغة أخرى مسودة: لا ينشر `sahel build` المقال بأي لغة حتى تُنشر
check-draft-help = يعرضه `sahel serve` موسوماً بأنه مسودة؛ واحذف `draft: true` من ملف كل لغة حين يكتمل المقال
check-placeholder = ما زال النص المؤقت `{ $phrase }` في هذا المقال المنشور
check-placeholder-help = اكتب نص المقال نفسه مكانه، أو أبقِ `draft: true` في رأس الملف حتى يكتمل
