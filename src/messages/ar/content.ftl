# ملفات المحتوى: قراءتها (src/content/)، ومطابقتها لتعريف مجموعتها، والأمر `sahel new post` (src/scaffold.rs).

## YAML (content/yaml.rs): تبقى رسالة المحلّل كما هي في `detail`

content-yaml = تعذّرت قراءة الملف: { $detail }
content-yaml-help-duplicate = لا يتكرر المفتاح في العنصر الواحد: احذف أحد المفتاحين أو غيّر اسمه
content-yaml-help-unknown-field = راجع كتابة المفتاح في content/README.md؛ فالمفاتيح تفرّق بين الأحرف الكبيرة والصغيرة
content-yaml-help-missing-field = أضف المفتاح الناقص؛ وتجد المفاتيح كلها في content/README.md
content-yaml-help-unknown-variant = استعمل إحدى القيم المذكورة بعد `expected`
content-yaml-help-expected-string = قيمة هذا المفتاح نص: اكتبه في سطر واحد بين علامتَي تنصيص مزدوجتين (")
content-yaml-help-number = قيمة هذا المفتاح عدد صحيح
content-yaml-help-syntax = صحّح صياغة YAML: أزِح الأسطر بالمسافات لا بالجدولة، وضع بين علامتَي تنصيص كل نص فيه `:` أو `#`
content-yaml-help-type = نوع قيمة هذا المفتاح غير صحيح (نص أو قائمة أو رقم)؛ قارنه بما في content/README.md
content-quote-unclosed = في هذا النص علامة تنصيص مفتوحة ({ $quote }) لم تُغلق
content-quote-unclosed-help = أنهِ النص بالعلامة { $quote } في السطر نفسه؛ وإن احتجت إلى { $quote } داخل النص فاكتبها { $escape }
content-control-character = في `{ $key }` محرف التحكم U+{ $code }، ولا يمكن عرضه في الصفحات ولا في الخلاصات
content-control-character-help = احذفه؛ وهو محرف غير مرئي، فأعد كتابة النص المحيط به إن لم يُظهره محررك

## قراءة مجلد المحتوى (content/load.rs)

content-folder-missing = مجلد المحتوى غير موجود
content-folder-missing-help = أنشئ فيه مجلداً لكل لغة ({ $folders })، أو اضبط content تحت [paths] في site.toml
content-lang-folder-missing = مجلد المحتوى للغة { $code } غير موجود
content-lang-folder-missing-help = أنشئ المجلد { $folder }
content-file-name-not-utf8 = اسم الملف ليس نصاً صالحاً بترميز UTF-8
content-file-name-not-utf8-help = غيّر اسم الملف: اسم ملف المقال هو معرّفه في الرابط (slug)، كلمات بأحرف لاتينية صغيرة تصل بينها `-`
content-cannot-read = تعذّرت القراءة: { $error }
content-collection-file-missing = ليس في محتوى اللغة { $code } الملف { $file }
content-collection-file-missing-help = نوع الصفحة `{ $kind }` يعرض المجموعة `{ $name }`: اكتب عناصرها في هذا الملف قائمةً بصيغة YAML، أو احذف هذا النوع من جدول الصفحات
content-screens-no-page = ليس في screens.yaml المفتاح `pages.{ $kind }`: عنوان نوع الصفحة `{ $kind }` ومقدمتها
content-screens-no-page-help = أضف `pages:` وتحته `{ $kind }: {"{"} title: ..., description: ... {"}"}` (ومعه `card:`، اسم النوع في بطاقة المشاركة، إن لم يكن هو العنوان)
content-no-screens = ليس في محتوى اللغة { $code } الملف screens.yaml
content-no-screens-help = في sahel نصوص شاشات مدمجة للعربية والإنجليزية فقط: انسخ content/en/screens.yaml إلى هنا وترجمه، ومعه `labels`
content-no-labels = ليس في screens.yaml القسم `labels`
content-no-labels-help = في sahel تسميات مدمجة للعربية والإنجليزية فقط: انسخ القسم `labels` من content/en/screens.yaml إلى هنا وترجمه
content-ref-not-service = العنصر { $n }: قيمة `{ $field }` هي `{ $id }`، وليست معرّف خدمة بهذه اللغة
content-ref-not-post = العنصر { $n }: قيمة `{ $field }` هي `{ $id }`، وليست معرّف مقال (slug) بهذه اللغة
content-ref-help = استعمل اسم أحد الملفات في content/<lang>/{ $to }/ دون امتداده
content-not-content-file = هذا الملف ليس من أي نوع من أنواع المحتوى
content-not-content-file-help = يذكر content/README.md مكان كل نوع من المحتوى (blog/*.md، pages/*.md، services/*.yaml، screens.yaml، home.yaml، ...)؛ انقل الملف أو احذفه
content-cannot-read-file = تعذّرت قراءة الملف: { $error }
content-secret-key = في هذا الملف مفتاح سري ({ $what })، وسيُنشر مع الموقع
content-secret-key-help = احذفه من الملف، وألغِه إن كان قد نُشر أو حُفظ في المستودع يوماً: لا يجوز أن يظهر في الموقع إلا المفتاح العام `anon`
content-not-utf8 = الملف ليس نصاً بترميز UTF-8 (البايت 0x{ $byte })
content-not-utf8-help = احفظ الملف بترميز UTF-8 (في أغلب المحررات: Save with encoding ثم UTF-8)

## المقالات والصفحات والخدمات والشاشات (content/parse.rs)

content-front-matter-missing = لا يبدأ الملف برأس الملف (front matter)
content-front-matter-missing-help = ابدأ الملف بسطر فيه `---`، ثم مفاتيح YAML (title، ...)، ثم سطر آخر فيه `---`
content-front-matter-unclosed = لم يُغلق رأس الملف
content-front-matter-unclosed-help = أضف سطراً فيه `---` بعد آخر مفتاح في رأس الملف، قبل نص Markdown
content-date-invalid = `{ $date }` ليس تاريخاً صحيحاً
content-date-invalid-help = اكتب التاريخ بالصيغة yyyy-mm-dd، مثل 2025-03-10
content-too-deep = يتجاوز تداخل هذا العنصر الحد الأقصى، وهو { $max }
content-too-deep-help = أقصى تداخل للعناصر بعضها داخل بعض في نص الملف { $max } (وسوم HTML واقتباسات `>` والقوائم معاً): أغلق كل عنصر تفتحه (`<div>` … `</div>`) أو بسّط البنية
content-timeline-order = في `timelineDays` القيمة `min: { $min }` أكبر من `max: { $max }`
content-timeline-order-help = اكتب المدة الأقصر في `min` والأطول في `max` (ومتساويتين إن كانت المدة رقماً واحداً)
content-timeline-mismatch = عدد أيام العمل في `timelineDays` من { $min } إلى { $max }، لكن نص `timeline` («{ $timeline }») لا يذكر { $missing }
content-timeline-missing-one = { $n }
content-timeline-missing-two = { $first } ولا { $second }
content-timeline-mismatch-help = اجعل `min` و`max` الرقمين المذكورين في نص `timeline`، أو صحّح النص
content-placeholder-unknown = في `blogPage` متغيّر غير معروف: `{"{{"}{ $name }{"}}"}`
content-placeholder-unknown-help = اكتب `{"{{"}page{"}}"}` مكان رقم الصفحة و`{"{{"}pages{"}}"}` مكان عدد الصفحات، مثل "الصفحة {"{{"}page{"}}"} من {"{{"}pages{"}}"}"
content-slug-invalid = اسم الملف `{ $slug }` لا يصلح معرّفاً في الرابط (slug)
content-slug-invalid-help = غيّر اسم الملف إلى كلمات بأحرف لاتينية صغيرة تصل بينها `-`، مثل golden-visa-guide

## مطابقة الملف لتعريف مجموعته (content/collection.rs)

# مكان القيمة: `at` و`owner` في الرسائل التالية.
content-place-item = العنصر { $n }
content-place-key = `{ $path }`
content-place-item-key = `{ $path }` في العنصر { $n }
content-place-file = الملف
content-place-front-matter = رأس الملف

# نوع القيمة المكتوبة: `found` و`expected`.
content-node-empty = قيمة فارغة
content-node-bool = قيمة true أو false
content-node-number = رقم
content-node-text = نص
content-node-list = قائمة
content-node-keys = مجموعة مفاتيح

content-not-a-list = { $file }: { $found }، والمطلوب قائمة عناصر
content-not-a-list-help = { $file } قائمة عناصر، يبدأ كل عنصر منها بـ`- ` وفيه حقول المجموعة `{ $name }`: { $fields }
content-not-keys = { $owner }: { $found }، والمطلوب مجموعة مفاتيح
content-not-keys-help = اكتب حقوله أسطراً بصيغة `key: value`: { $fields }
content-unknown-field = في { $owner } حقل `{ $key }` ليس من حقول المجموعة `{ $name }`
content-unknown-field-meant = هل تقصد `{ $name }`؟ المفاتيح تفرّق بين الأحرف الكبيرة والصغيرة
content-unknown-field-own = حقوله هي: { $fields }؛ عرّف `{ $key }` في جدول الصفحات أو احذفه
content-unknown-field-shipped = حقوله هي: { $fields }؛ راجع كتابة المفتاح في content/README.md (المفاتيح تفرّق بين الأحرف الكبيرة والصغيرة)
content-field-missing = ليس في { $owner } الحقل `{ $field }`، وهو مطلوب في المجموعة `{ $name }`
content-field-missing-help = أضف إليه `{ $field }:` ({ $kind })
content-field-is = قيمة `{ $field }`: { $kind }
content-only-one = ضُبط `{ $field }` في { $count } من عناصر القائمة (أولها في السطر { $line })؛ ولا يجوز ذلك إلا في عنصر واحد
content-only-one-key = ضُبط `{ $field }` في { $count } من عناصر `{ $path }` (أولها في السطر { $line })؛ ولا يجوز ذلك إلا في عنصر واحد
content-only-one-help = أبقِ `{ $field }: true` في عنصر واحد فقط ({ $kind })

# مشكلة القيمة: `problem` في `content-value-problem`.
content-value-problem = { $at }: { $problem }
content-problem-unrenderable = فيه المحرف U+{ $code }، ولا يمكن عرضه في أي صفحة
content-problem-not = { $found }، والمطلوب { $expected }
content-problem-is = { $found }، وهذا لا يصلح هنا
content-problem-empty = القيمة فارغة
content-problem-date = `{ $value }` ليس تاريخاً بالصيغة yyyy-mm-dd
content-problem-enum = القيمة `{ $value }` ليست من القيم المسموح بها
content-problem-count-below = عدد العناصر { $n }، وهو أقل من الحد الأدنى { $min }
content-problem-count-above = عدد العناصر { $n }، وهو أكثر من الحد الأقصى { $max }
content-problem-length-below = عدد الحروف { $n }، وهو أقل من الحد الأدنى { $min }
content-problem-length-above = عدد الحروف { $n }، وهو أكثر من الحد الأقصى { $max }
content-problem-value-below = القيمة { $n }، وهي أقل من الحد الأدنى { $min }
content-problem-value-above = القيمة { $n }، وهي أكثر من الحد الأقصى { $max }

# ما يطلبه تعريف الحقل: `kind` في رسائل الحل.
content-kind-text-not-blank = نص غير فارغ
content-kind-text = نص{ $bounds }
content-kind-number = رقم{ $bounds }
content-kind-boolean = true أو false
content-kind-date = تاريخ بالصيغة yyyy-mm-dd (2025-03-10)
content-kind-texts = قائمة نصوص{ $bounds }
content-kind-list = قائمة{ $bounds }، كل عنصر فيها { $item }
content-kind-enum = إحدى القيم: { $values }
content-kind-ref = معرّف أحد العناصر في { $to }
content-kind-ref-items = معرّف أحد العناصر
content-kind-object = مجموعة مفاتيح: { $keys }
content-bounds-none = {""}
content-bounds-range = ، من { $min } إلى { $max }
content-bounds-min = ، لا يقل عن { $min }
content-bounds-max = ، لا يزيد على { $max }
content-bounds-chars-range = ، عدد حروفه من { $min } إلى { $max }
content-bounds-chars-min = ، عدد حروفه { $min } على الأقل
content-bounds-chars-max = ، عدد حروفه { $max } على الأكثر
content-bounds-items-range = ، عدد عناصرها من { $min } إلى { $max }
content-bounds-items-min = ، عدد عناصرها { $min } على الأقل
content-bounds-items-max = ، عدد عناصرها { $max } على الأكثر

## الأمر `sahel new post` (scaffold.rs)

scaffold-unknown-lang = اللغة `{ $code }` في --lang ليست من لغات الموقع: استعمل إحدى هذه اللغات: { $codes } (جدول [[languages]] في site.toml)
scaffold-no-slug = تعذّر اشتقاق معرّف الرابط (slug) من العنوان `{ $title }`؛ فاكتبه بالخيار --slug، مثل --slug golden-visa-guide
scaffold-bad-slug = `{ $slug }` لا يصلح معرّفاً في الرابط (slug): استعمل كلمات بأحرف لاتينية صغيرة تصل بينها `-`
scaffold-exists = الملف { $file } موجود من قبل؛ ولم يُكتب شيء. اختر عنواناً آخر أو قيمة أخرى لـ--slug
