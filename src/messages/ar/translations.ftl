# الأمران `sahel translations` و`sahel translations mark`، وسطر الترجمات في `sahel check`
# (src/translations/).

## الترجمات المتأخرة عن أصلها كما يذكرها `check` (translations/mod.rs)

translations-stale-item = قد تكون النسخة { $lang } من { $kind } `{ $id }` متأخرة عن أصلها: فقد تغيّر الأصل باللغة { $source } ({ $place }) بعد أن سُجّلت الترجمة محدَّثة
translations-stale-file = قد تكون هذه النسخة { $lang } من { $kind } متأخرة عن أصلها: فقد تغيّر الأصل باللغة { $source } ({ $place }) بعد أن سُجّلت الترجمة محدَّثة
translations-stale-help = حدّث هذه الترجمة وفق { $file }، ثم شغّل `sahel translations mark { $target }` (ويكفي تشغيل الأمر وحده إن كان التغيير لا يحتاج إلى ترجمة، كتصحيح خطأ إملائي)

## أعداد الترجمات في كل حالة (حالات الجدول: fresh وstale وmissing وunrecorded)

translations-count-fresh = محدَّثة: { $n }
translations-count-stale = متأخرة عن أصلها: { $n }
translations-count-missing = ناقصة: { $n }
translations-count-unrecorded = غير مسجَّلة: { $n }
translations-count-untranslated = غير مترجَمة: { $n }
# عنصران من قائمة: القائمة من ثلاثة هي (أ، ب)، ج.
translations-list-comma = { $first }، { $second }
translations-list-semicolon = { $first }؛ { $second }

## السطر الذي يطبعه `check`

translations-check = الترجمات: { $languages }.
# موقع بلغة واحدة: لا ترجمات فيه.
translations-check-none = الترجمات: لا شيء.
translations-check-language = { $lang } ({ $counts })
translations-check-unrecorded = ويسرد الأمر `sahel translations` الترجمات غير المسجَّلة.

## الأمر `sahel translations`: ملاحظات الجدول والأسطر تحته (translations/table.rs)

translations-note-missing = لا نسخة باللغة { $lang } في { $file }
translations-note-stale = تغيّر { $source }: حدّث { $translation }
translations-note-unrecorded = لم تُسجَّل قط: sahel translations mark { $target }
translations-table-summary = أزواج الترجمة: { $pairs } ({ $counts })؛ السجل: { $record }.
translations-table-mark-hint = بعد تحديث أي ترجمة، سجّلها: sahel translations mark <file> (أو --all).

## الأمر `sahel translations mark` (translations/mark.rs)

translations-unknown-source = `{ $code }` ليست من لغات الموقع: استعمل إحدى هذه: { $codes }
translations-unknown-target = `{ $code }` ليست لغة تُترجَم إليها النصوص: استعمل إحدى هذه: { $codes }
translations-no-target = لا ملف ولا عنصر مترجَم بهذا الاسم
translations-no-target-help = اذكر ملف محتوى (content/en/blog/<slug>.md أو content/ar/faq.yaml) أو عنصراً (content/en/faq.yaml#<id>)؛ ويسرد الأمر `sahel translations` كل الأزواج
translations-mark-absent = لا نسخة باللغة { $lang } من `{ $key }` لتُسجَّل
translations-mark-absent-help = أضف الملف أو العنصر الناقص أولاً، ثم سجّل الزوج

## سجل الترجمات content/translations.toml والملفات المقروءة (translations/record.rs وtranslations/units.rs)

translations-cannot-read = تعذّرت قراءة الملف: { $error }
translations-cannot-read-yaml = تعذّرت قراءة الملف بصيغة YAML: { $error }
translations-cannot-read-yaml-help = شغّل الأمر مرة أخرى؛ وسيبيّن `sahel check` ما الخطأ في الملف
# $detail: كلمات قارئ TOML نفسه.
translations-record-toml = تعذّرت قراءة سجل الترجمات: { $detail }
translations-record-toml-help = يكتب sahel هذا الملف بنفسه: اكتبه من جديد بالأمر `sahel translations mark --all` متى صارت كل الترجمات محدَّثة (أو استعِده من نظام إدارة الإصدارات)
translations-record-hash = البصمة المسجَّلة لـ`{ $key }` ليست مما يكتبه sahel
translations-record-hash-help = سجّل الزوج من جديد: sahel translations mark { $target }
translations-record-cannot-serialize = تعذّرت كتابة السجل
translations-cannot-write-in = تعذّرت الكتابة في { $dir }
translations-cannot-write = تعذّرت كتابة { $file }
