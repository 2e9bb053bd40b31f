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

## التطابق بين اللغات: ما في لغة وينقص في أخرى (check.rs)

check-no-counterpart = ليس للملف { $file } نظير باللغة { $lang }
check-no-counterpart-help = أضف الملف { $file }
check-missing-folder = المجلد غير موجود أو فارغ: ليس في النسخة { $lang } أي عنصر (النوع: { $kind })، بينما في { $here } { PLURAL($n) ->
        [one] عنصر واحد
        [two] عنصران
        [few] { $n } عناصر
        [many] { $n } عنصراً
       *[other] { $n } عنصر
    }
check-missing-folder-help = انسخ { $here } إلى { $missing } وترجم ملفاته (لكل عنصر نسخة في كل لغة بالاسم نفسه)
check-missing-list = الملف غير موجود أو لا عناصر فيه، بينما في { $here } { PLURAL($n) ->
        [one] عنصر واحد
        [two] عنصران
        [few] { $n } عناصر
        [many] { $n } عنصراً
       *[other] { $n } عنصر
    } (النوع: { $kind })
check-missing-list-help = انسخ { $here } إلى { $missing } وترجمه (لكل عنصر نسخة في كل لغة بالمعرّف نفسه)
check-missing-file = لا نسخة باللغة { $lang } من { $kind } `{ $id }`: الملف { $missing } غير موجود
check-missing-file-help = لكل عنصر نسخة في كل لغة بالاسم نفسه: أضف { $missing } (أو احذف { $file })
check-missing-item = لا يضم الملف { $file } { $kind } `{ $id }`
check-missing-item-help = أضف إلى { $file } (نص النسخة { $lang }) عنصراً فيه { $key }: { $id }، أو احذفه من هنا

## المعرّفات وأسماء الروابط والأقسام (check.rs)

check-duplicate-id = القيمة `{ $id }` للمفتاح { $key } مكررة (أول ظهور لها في السطر { $line })
check-duplicate-id-help = يجب أن تكون كل قيمة للمفتاح { $key } في { $file } فريدة: غيّر إحدى القيمتين
check-duplicate-slug = اسم الرابط (slug) `{ $slug }` مكرر: يستعمله الملف { $file } من قبل
check-duplicate-slug-help = اسم رابط المقال هو اسم ملفه ({ $slug }.md): احذف السطر `slug:`، أو أعطِ المقال اسم ملف خاصاً به
check-slug-differs = اسم الرابط (slug) `{ $slug }` يخالف اسم الملف `{ $name }.md`
check-slug-differs-help = اسم الملف هو اسم الرابط: احذف السطر `slug:` أو غيّر اسم الملف
check-unknown-section = القسم `{ $section }` غير موجود
check-unknown-section-help = استعمل أحد معرّفات الأقسام في { $file }: { $anchors }

## مجموعات الموقع الخاصة (check/collections.rs)

check-collection-count = عدد العناصر في { $file }: { $count }، وفي نظيره باللغة { $lang }، { $other }: { $other_count }
check-collection-count-help = تسرد كل لغة العناصر نفسها بالترتيب نفسه
check-not-given = غير مذكور
check-collection-fact = العنصر { $item }: `{ $field }` هنا { $here }، وفي { $file } { $there }
check-collection-fact-help = `{ $field }` ليس نصاً يُترجَم بل معلومة ثابتة: أعطه القيمة نفسها في كل لغة

## أوصاف الصور وصور الصفحات (check/descriptions.rs وcheck/photos.rs)

check-image-no-description = ليس للصورة `{ $href }` وصف (نص بديل)
check-image-no-description-help = اكتب بين القوسين المعقوفين ما تعرضه الصورة، بلغة الصفحة: ![مكتبنا في الخليج التجاري](/media/office.jpg)
check-image-description-script = وصف الصورة `{ $href }` غير مكتوب باللغة { $lang }: `{ $alt }`
check-image-description-script-help = صِف الصورة بلغة الصفحة: فقارئ الشاشة يقرأ الوصف بصوت لغة الصفحة
check-photo-outside-media = الصورة `{ $src }` ليست ملفاً في content/{ $folder }/
check-photo-outside-media-help = ضع الصورة في content/{ $folder }/ واكتب مسارها بدءاً من جذر الموقع: src: /media/office.jpg
check-photo-not-a-photo = الملف `{ $src }` ليس صورة فوتوغرافية: صورة الصفحة ملف JPEG أو PNG أو WebP أو AVIF، تُنشر منه نسخ أصغر للهواتف
check-photo-not-a-photo-help = ضع هنا صورة فوتوغرافية؛ أما الرسم أو المستند فمكانه متن الصفحة، رابطاً أو صورة

## معلومات ثابتة في كل لغة: الأيقونات وأماكن التذييل والمدد (check/facts.rs)

check-footer-none = لا يوجد `footer:`
check-footer-value = `footer: { $n }`
check-days-none = لا يوجد `timelineDays:`
check-days-value = `timelineDays: {"{"} min: { $min }, max: { $max } {"}"}`
check-footer-taken = المكان `footer: { $n }` يشغله أيضاً الملف { $file }
check-footer-taken-help = لكل خدمة في التذييل مكان خاص بها: 1 للأولى، ثم 2، وهكذا
check-service-icon = الأيقونة `{ $icon }` تخالف أيقونة النسخة { $lang }، وهي `{ $other_icon }` ({ $file })
check-service-icon-help = تعرض الخدمة الأيقونة نفسها في اللغتين: اكتب قيمة `icon:` نفسها في الملفين
check-fact-differs = هنا { $here }، وفي النسخة { $lang } { $there } ({ $file })
check-days-differ-help = مدة الخدمة واحدة في اللغتين: اكتب قيمة `timelineDays:` نفسها في الملفين (أو احذفها منهما)
check-footer-differs-help = يسرد التذييل الخدمات نفسها بالترتيب نفسه في اللغتين: اكتب قيمة `footer:` نفسها في الملفين (أو احذفها منهما)
check-section-icon = أيقونة القسم `{ $section }`، وهي `{ $icon }`، تخالف أيقونة النسخة { $lang }، وهي `{ $other_icon }` ({ $file })
check-section-icon-help = يعرض القسم الأيقونة نفسها في اللغتين: اكتب قيمة `icon:` نفسها في الملفين

## ملفات الصفحات في كل لغة (check/page_files.rs)

check-page-file-differs = { $place }: { $what } (اللغة المصدر هي { $source }: { $file })
check-page-file-differs-help = يضم الملف { $file } في كل لغة العناصر والمعلومات الثابتة نفسها التي في النسخة { $source }، بكلمات اللغة { $lang }: أضف ما ينقص أو احذف ما يزيد، أو انسخ القيمة
check-page-file-item = العنصر { $n }
check-page-file-item-key = `{ $key }` في العنصر { $n }
check-page-file-key = `{ $key }`
check-page-file-count = عدد عناصره هنا { $count }، وفي المصدر { $source_count }
check-page-file-added = مذكور هنا وغير مذكور في المصدر
check-page-file-missing = غير مذكور هنا ومذكور في المصدر
check-page-file-value = قيمته هنا { $here }، وفي المصدر { $source }
check-page-file-type = نوع قيمته هنا غير نوعها في المصدر (نص أو قائمة أو قسم)

## روابط الصفحات وصورها (check/links.rs)

check-card-link-relative = رابط البطاقة `{ $href }` نسبي
check-card-link-relative-help = اكتبه بدءاً من جذر الموقع، مثل /{ $code }/{ $path }
check-footnote-link = هذه الحاشية رابط إلى `{ $href }`: لا حواشي في Markdown الموقع، فتعريفها (`[^...]: { $href }`) يجعل الإشارة إليها رابطاً
check-footnote-link-help = اكتب الملاحظة في النص نفسه (بعد الجملة أو بين قوسين)، واحذف الإشارة `[^...]` وتعريفها
check-relative-link-here = الرابط `{ $href }` نسبي: لا يؤدي إلى { $target } إلا حين يُقرأ في { $page } (أما خلاصة الموقع، أو عنوان الصفحة دون الشرطة المائلة الأخيرة، فيوجّهانه إلى مكان آخر)
check-relative-link-nowhere = الرابط `{ $href }` نسبي، ويؤدي من { $page } إلى { $target }، وهي صفحة غير موجودة
check-relative-link = الرابط `{ $href }` نسبي، فوجهته تتوقف على العنوان الذي يُقرأ فيه
check-relative-link-post-help = اربط بصفحة المقال بدءاً من جذر الموقع: { $post }
check-relative-link-root-help = اكتبه بدءاً من جذر الموقع: { $target }
check-relative-link-help = اكتبه بدءاً من جذر الموقع، مثل /{ $code }/services/ أو /{ $code }/blog/<slug>/
check-relative-image-from = الصورة `{ $href }` نسبية: يُبحث عنها من { $page } في { $target }، ولا ملف للموقع هناك، فلن تظهر
check-relative-image = الصورة `{ $href }` نسبية: يُبحث عنها بجوار الصفحة، ولا ملف للموقع هناك، فلن تظهر
check-relative-image-help = ضع الصورة في content/{ $folder }/ واكتب مسارها بدءاً من جذر الموقع، مثل { $example }، أو اكتب عنوانها الكامل (https://...)
check-link-backslash = يبدأ الرابط `{ $href }` بشرطة مائلة عكسية، فتقرؤه المتصفحات رابطاً إلى موقع آخر
check-link-backslash-help = اكتب روابط الموقع بشرطات مائلة عادية فقط، مثل /en/services/، وروابط المواقع الأخرى هكذا: https://...
check-link-no-language = لا يبدأ الرابط `{ $href }` ببادئة لغة
# $prefixes: بادئات اللغات موصولة بـ check-or (`/ar/ أو /en/`).
check-link-no-language-help = تبدأ روابط الموقع بالبادئة { $prefixes }، مثل /{ $code }{ $path }
check-or = { $first } أو { $second }
check-link-no-page = يشير الرابط `{ $href }` إلى صفحة غير موجودة
check-link-no-page-help = اربط بصفحة موجودة، مثل /{ $code }/services/ أو /{ $code }/blog/<slug>/؛ وتحقق من كتابة اسم الرابط (slug)
check-link-no-anchor = يشير الرابط `{ $href }` إلى `#{ $fragment }`، ولا يوجد عنوان فرعي بهذه المرساة في { $page }
check-link-no-anchor-closest = هل تقصد `#{ $closest }`؟ تُشتق مرساة العنوان من نصه، فتغيير نص العنوان يغيّرها
check-link-no-anchor-none = لا توجد في { $page } عناوين فرعية يُربط إليها: اربط إلى الصفحة نفسها
check-link-no-anchor-help = مراسي العناوين في الصفحة: { $anchors }
check-link-no-section = يشير الرابط `{ $href }` إلى قسم خدمات غير موجود
check-link-no-section-help = استعمل أحد هذه الأقسام: { $anchors }

## مواعيد المراجعة review_by (check/review.rs)

check-review-date = تاريخ المراجعة `{ $date }` في review_by ليس تاريخاً صحيحاً
check-review-date-help = اكتبه بالصيغة yyyy-mm-dd، مثل date: 2026-12-31
check-review-passage = المقطع `{ $phrase }` المذكور في review_by ليس في الملف: فقد أُعيدت صياغته أو حُذف
check-review-passage-help = انسخ عبارة من المقطع المرتبط بموعد كما هي مكتوبة في الملف الآن بالضبط، أو احذف الإدخال إن كان المقطع قد حُذف
check-review-due = حلّ موعد مراجعة المقطع `{ $phrase }` في { $date } (واليوم { $today })
check-review-due-help = تحقق من أنه ما زال صحيحاً وصحّحه إن لم يكن، ثم اجعل تاريخه في review_by (السطر { $line }) موعد المراجعة التالية، أو احذف الإدخال

## نصوص واجهة التطبيق (check/strings.rs)

check-strings-folder-outside = مجلد نصوص الواجهة هذا يشير إلى مكان خارج الموقع
check-strings-folder-outside-help = اجعل نصوص الواجهة لكل لغة في مجلد داخل الموقع (`[paths] strings`، وهو strings/<code>/ افتراضياً)، لا رابطاً إلى مكان آخر: فملفاته تُنشر في حزمة التطبيق
check-strings-file-link = ملف نصوص الواجهة هذا رابط إلى ملف في مكان آخر
check-strings-file-link-help = انسخ الملف نفسه إلى المجلد بدلاً من الرابط: فالملف الذي يشير إليه الرابط سيُنشر في حزمة التطبيق
check-string-used-missing = نص الواجهة `{ $key }` مستعمل هنا، لكنه غير موجود في نصوص الواجهة باللغة { $lang }
check-string-used-missing-help = أضف `{ $key }` إلى { $file } (وإلى نصوص الواجهة في كل لغة)، وإلا عرضت الصفحة المفتاح نفسه
check-strings-missing = نصوص الواجهة باللغة { $lang } غير موجودة: المجلد { $folder } غير موجود
# $model: مجلد نصوص، أو check-strings-another-language.
check-strings-missing-help = انسخ { $model } إلى { $folder } وترجم القيم، مع الإبقاء على المفاتيح وعلى كل {"{{"}placeholder{"}}"} كما هي (README.md، قسم "Adding a language")
check-strings-another-language = نصوص لغة أخرى
check-strings-file-missing = ملف نصوص الواجهة هذا غير موجود (مع أن { $other } موجود)
check-strings-file-missing-help = أضف { $file } بالمفاتيح نفسها، ونصوصه باللغة { $lang }
check-string-missing = نص الواجهة `{ $key }` غير موجود هنا (وهو موجود في نصوص الواجهة باللغة { $other })
check-string-missing-help = تعرض صفحات النسخة { $lang } النص باللغة { $other } حتى يُضاف: أضف `{ $key }` هنا باللغة { $lang } كما في { $file }، أو احذفه من كل اللغات
check-strings-cannot-read = تعذّرت قراءة { $file }: { $error }
check-strings-not-object = { $file } ليس كائن JSON
check-strings-not-object-help = نصوص الواجهة كائن JSON من أقسام ونصوص: {"{"}"nav": {"{"}"home": "Home"{"}"}{"}"}
check-strings-not-json = { $file } ليس JSON صالحاً: { $detail }
check-strings-not-json-help = أصلح JSON في هذا الموضع (فاصلة أو علامة تنصيص ناقصة، أو فاصلة زائدة في الآخر)

## تدقيق الاتجاه والطباعة (check/lint.rs وcheck/lint/app.rs)

check-lint-bidi-control = محرف التحكم في الاتجاه U+{ $code } ({ $name }) يغيّر اتجاه النص الذي يليه
check-lint-bidi-control-help = احذفه: يعزل sahel بنفسه الكلمات اللاتينية والأرقام في النص العربي؛ وللعزل يدوياً اكتب U+2066 قبل النص وU+2069 بعده
check-lint-stray-pdi = المحرف U+2069 (POP DIRECTIONAL ISOLATE) لا يُغلق أي عزل مفتوح
check-lint-stray-pdi-help = احذفه، أو اكتب U+2066 حيث يبدأ النص المكتوب من اليسار إلى اليمين
check-lint-unclosed-isolate = المحرف U+{ $code } ({ $name }) لا يُغلَق، فبقية النص معزولة معه
check-lint-unclosed-isolate-help = اكتب U+2069 (POP DIRECTIONAL ISOLATE) حيث ينتهي النص المعزول، في الفقرة أو القيمة نفسها
check-lint-split-run = تنسيق Markdown يقسم النص المكتوب من اليسار إلى اليمين `{ $text }`، فلا يمكن عزله قطعةً واحدة
check-lint-split-run-help = نسّقه كله أو اتركه كله بلا تنسيق (مثل **{ $text }**)، لتبقى أجزاؤه بترتيبها في النص العربي
check-lint-split-autolink-help = الرابط المكتوب هكذا <{ $url }> قطعة مستقلة لا يضمها أي تنسيق إلى النص المجاور: اجعل الكلمات نفسها هي الرابط، مثل [{ $words }]({ $url })، أو ضع كلمة عربية بينهما
check-lint-tatweel = التطويل (U+0640 ـ) يمدّ الكلمة `{ $word }`
check-lint-tatweel-help = اكتب `{ $fixed }`: لا يُبرَز النص العربي ولا تُضبط أسطره بمدّ الحروف (استعمل الخط العريض للإبراز)
check-lint-straight-quotes = علامتا تنصيص مستقيمتان حول `"{ $text }"` في نص عربي
check-lint-straight-quotes-help = اكتب علامتي التنصيص العربيتين: «{ $text }»
check-lint-straight-quote = علامة تنصيص مستقيمة `"` في نص عربي
check-lint-straight-quote-help = اكتب علامتي التنصيص العربيتين «…» (أو احذف العلامة الزائدة)
check-lint-digits-western = الأرقام الغربية (0-9)
check-lint-digits-arabic-indic = الأرقام الهندية (٠-٩)
check-lint-digits-extended = الأرقام الفارسية (۰-۹)
check-lint-mixed-digits = يخلط هذا الملف بين أنظمة الأرقام: { $here } هنا، و{ $main } منذ السطر { $line }
check-lint-mixed-digits-help = اكتب كل أرقام الملف بنظام واحد؛ ومحتوى الموقع يستعمل { $system }
check-lint-letter-spacing = تباعد الحروف
check-lint-justification = ضبط المحاذاة (justify)
check-lint-css = `{ $declaration }` يطبّق { $what } على النص العربي أيضاً، فيقطع الوصل بين حروفه
check-lint-css-help = اقصره على النص المكتوب من اليسار إلى اليمين: ضعه تحت `:lang(en)` أو `[dir="ltr"]` (المحدِّد `{ $selector }`)
check-lint-class = الصنف `{ $class }` يطبّق { $what } على النص العربي أيضاً، فيقطع الوصل بين حروفه
check-lint-class-help = اكتب `ltr:{ $utility }` ليقتصر أثره على الصفحات المكتوبة من اليسار إلى اليمين (الإنجليزية)
check-lint-interface-run = النص المكتوب من اليسار إلى اليمين `{ $text }` في أحد نصوص الواجهة العربية غير معزول، فقد تظهر أجزاؤه بترتيب معكوس
check-lint-interface-run-help = اكتبه هكذا: \u2066{ $text }\u2069 (نصوص الواجهة لا تُعزل تلقائياً)
