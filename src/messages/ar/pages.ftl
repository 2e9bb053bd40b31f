# جدول الصفحات في التطبيق site/src/shared/pages.json، وشاشاته، وتعريفات مجموعاته (src/pages/).

## قراءة الجدول (pages/mod.rs)

pages-table-link = جدول الصفحات رابط رمزي (symlink) إلى ملف آخر، فلم يُقرأ
pages-table-link-help = أبقِ جدول الصفحات ملفاً مستقلاً داخل التطبيق: انسخه إليه بدلاً من الربط به
pages-cannot-read = تعذّرت قراءة جدول الصفحات: { $error }
pages-cannot-read-help = فيه يعرّف التطبيق أنواع صفحاته: انسخه من تطبيق sahel نفسه
pages-invalid = جدول الصفحات غير صالح: { $error }
pages-invalid-help = لكل مدخل في `pages` المفاتيح `paths` و`module` و`export` (و`collection` للنوع الخاص بالموقع)؛ وانظر README، قسم "Adding a page"

## أنواع الصفحات (pages/mod.rs)

pages-builtin-missing = نوع الصفحة `{ $name }` من أنواع sahel غير معرّف في الجدول
pages-builtin-missing-help = أضف `"{ $name }": {"{"} "paths": { $paths }, "module": ..., "export": ... {"}"}` إلى `pages`
pages-builtin-paths = مسارات نوع الصفحة `{ $name }` من أنواع sahel هي { $expected }، لا { $found }
pages-builtin-paths-help = تحتفظ أنواع sahel بمساراتها؛ فعرّف نوعاً خاصاً بك لمسار آخر
pages-builtin-collection = نوع الصفحة `{ $name }` من أنواع sahel لا يأخذ `collection`
pages-builtin-collection-help = احذف `collection`: يُعدّ sahel بيانات هذه الصفحة بنفسه
pages-kind-name = اسم نوع الصفحة `{ $name }` ليس بصيغة camelCase
pages-kind-name-help = سمّه بأحرف لاتينية وأرقام، مبتدئاً بحرف صغير: `team`، `caseStudies`
pages-module-name = وحدة الشاشة `{ $module }` لنوع الصفحة `{ $name }` ليست اسم ملف في { $dir }
pages-module-name-help = اكتب اسم الملف دون `.tsx`، بكلمات صغيرة الأحرف تصل بينها `-`، منتهياً بـ`-screen` أو `-screens`
pages-export-name = الشاشة `{ $export }` لنوع الصفحة `{ $name }` ليست اسم مكوّن
pages-export-name-help = اكتب اسم المكوّن الذي تصدّره الوحدة، منتهياً بـ`Route`: `TeamRoute`
pages-no-path = ليس لنوع الصفحة `{ $name }` أي مسار
pages-no-path-help = اكتب مساراً واحداً على الأقل بعد بادئة اللغة: `"paths": ["team"]`
pages-shared-path = نوعا الصفحة `{ $other }` و`{ $name }` يشتركان في المسار `{ $path }`
pages-shared-path-help = اجعل لكل نوع مساراً خاصاً به
pages-many-paths = عدد مسارات نوع الصفحة `{ $name }` هو { $count }
pages-many-paths-help = النوع الخاص بك يعرض صفحة واحدة لكل لغة، في مسار واحد
pages-shadowed = المسار `{ $path }` لنوع الصفحة `{ $name }` هو أيضاً صفحة من النوع `{ $other }` (`{ $pattern }`): ستحجب إحداهما الأخرى
pages-shadowed-help = اجعل للنوع مساراً لا يطابقه مسار نوع آخر ولا نمطه، كأن يكون له مقطع أول خاص به (`our-team` لا `services/team`)
pages-not-fixed = المسار `{ $path }` لنوع الصفحة `{ $name }` ليس مساراً ثابتاً
pages-not-fixed-help = النوع الخاص بك يعرض صفحة واحدة لكل لغة: اكتب كلمات بأحرف لاتينية صغيرة تصل بينها `-` (و`/`)، مثل `team` أو `about/team`
pages-no-collection = نوع الصفحة `{ $name }` ليس من أنواع sahel، ولا يذكر أي مجموعة
pages-no-collection-help = أضف `"collection": "<name>"` باسم أحد المداخل في `collections`، أو استعمل أحد أنواع sahel
pages-unknown-collection = نوع الصفحة `{ $name }` يذكر المجموعة `{ $collection }`، وهي غير معرّفة في `collections`
pages-unknown-collection-help = عرّفها في `collections` مع `file` و`fields`

## المجموعات (pages/mod.rs)

pages-collection-name = اسم المجموعة `{ $name }` ليس بصيغة camelCase
pages-identifier-help = اكتب الاسم بأحرف لاتينية وأرقام، مبتدئاً بحرف صغير
pages-unused-collection = لا يذكر أي نوع صفحة المجموعة `{ $name }`
pages-unused-collection-help = أضف نوع صفحة فيه `"collection": "..."`، أو احذف المجموعة
pages-collection-file = الملف `{ $file }` للمجموعة `{ $name }` لا يصلح اسماً لملف خاص بها
pages-collection-file-help = اكتب اسماً بأحرف صغيرة ينتهي بـ`.yaml` ولا يقرؤه sahel بنفسه (لا screens.yaml ولا home.yaml ولا faq.yaml...): `team.yaml`
pages-shared-file = المجموعتان `{ $other }` و`{ $name }` تقرآن الملف نفسه `{ $file }`
pages-shared-file-help = اجعل لكل مجموعة ملفاً خاصاً بها
pages-no-fields = المجموعة `{ $name }` لا تعرّف أي حقل
pages-no-fields-help = عرّف حقول عناصرها: `"fields": {"{"} "name": {"{"} "type": "text", "required": true {"}"} {"}"}`
pages-shipped-name = `{ $name }` من مجموعات sahel نفسه
pages-shipped-name-help = يعرّف sahel بنفسه مجموعات المقالات والصفحات والخدمات والأسعار والأسئلة الشائعة وآراء العملاء (posts وpages وservices وpricing وfaq وtestimonials): سمِّ مجموعتك اسماً آخر
pages-not-list = المجموعة `{ $name }` ليست قائمة YAML بسيطة
pages-not-list-help = المجموعة الخاصة بك قائمة YAML في ملف واحد لكل لغة: احذف `form` و`validators`
pages-collection-problem = المجموعة `{ $name }`: { $problem }
pages-field-name = اسم الحقل `{ $field }` في المجموعة `{ $name }` ليس بصيغة camelCase
pages-field-problem = الحقل `{ $field }` في المجموعة `{ $name }`: { $problem }
pages-settings-help = انظر README، قسم "Adding a page"، لتعرف إعدادات كل نوع

## ما في التعريف من خطأ (pages/fields.rs): `problem` أعلاه

pages-markdown-one = تعرّف مجموعة Markdown حقلاً واحداً من النوع `markdown`، هو نص الملف
pages-markdown-only = لا يكون الحقل `markdown` إلا في مجموعة Markdown
pages-no-validator = لا توجد قاعدة تحقق باسم `{ $name }`؛ وقواعد sahel هي: { $list }
pages-field-of-not-list = لا يكون `of` إلا لقائمة
pages-field-of-kind = عناصر القائمة نصوص أو أرقام أو تواريخ أو قيم محددة (enum) أو مراجع أو كائنات
pages-field-of-flags = لا يأخذ `of` في القائمة `required` ولا `onlyOne`
pages-field-items = عناصرها: { $problem }
pages-field-object-fields = يعرّف الكائن حقوله في `fields`
pages-field-fields-not-object = لا يكون `fields` إلا لكائن
pages-field-markdown-nested = `{ $name }`: نص Markdown حقل في المستوى الأعلى فقط
pages-field-nested = `{ $name }`: { $problem }
pages-field-nested-name = اسم الحقل `{ $name }` ليس اسماً يقرؤه التطبيق: اكتبه بأحرف لاتينية وأرقام و`_` (لا يبدأ برقم)، ولا تستعمل كلمة تحجزها لغة JavaScript (`class`، `constructor`، `__proto__`…)
pages-field-only-one = لا يكون `onlyOne` إلا لحقل قيمته نعم أو لا
pages-field-bounds-kind = لا ينطبق `min` و`max` إلا على حقول النص والرقم والقائمة
pages-field-min-max = `min` ({ $min }) أكبر من `max` ({ $max })
pages-field-whole = الطول أو العدد رقم صحيح يساوي 0 أو أكثر
pages-field-enum-values = يذكر الحقل enum قيمه في `values`
pages-field-enum-empty = لا تكون أي قيمة من قيم enum فارغة
pages-field-values = لا يكون `values` إلا لحقل enum
pages-field-ref-to = يذكر المرجع ما يشير إليه: `"to": "services"`
pages-field-ref-target = يشير إلى `{ $to }`؛ والمرجع يشير إلى `services` (معرّف خدمة) أو `posts` (معرّف مقال)
pages-field-to = لا يكون `to` إلا لمرجع

## الشاشات (pages/screens.rs)

pages-no-screen-file = ليس لنوع الصفحة `{ $name }` شاشة: الملف { $file } غير موجود
pages-no-screen-file-help = اكتب الشاشة في هذا الملف وصدّر منها `{ $export }`، أو صحّح `module`
pages-no-screen-export = ليس لنوع الصفحة `{ $name }` شاشة: لا يصدّر الملف { $file } المكوّن `{ $export }`
pages-no-screen-export-help = صدّره (`export function { $export }({"{"} data, lang {"}"}: ScreenProps)`)، أو صحّح `export`
pages-screen-unused = لا يعرض أي نوع صفحة الشاشة `{ $export }`
pages-screen-unused-help = عرّف لها نوعاً في { $table } (`"module": "{ $module }", "export": "{ $export }"`)، أو احذفها

## فحص أنواع الشاشات (pages/typecheck.rs وpages/typescript.rs): تبقى كلمات المترجم كما هي

pages-typecheck-failed = تعذّر فحص أنواع البيانات في الشاشات: { $error }
pages-typecheck-failed-help = شغّل `npm install` في مجلد التطبيق، ثم أعد تشغيل الأمر
pages-cannot-copy = تعذّر نسخ { $file }
pages-cannot-run = تعذّر تشغيل { $program }
pages-compiler-failed = فشل مترجم TypeScript: { $error }
pages-type-error = خطأ في الأنواع: { $detail }
pages-type-error-declaration-help = يعطي أحد التعريفات في جدول الصفحات (site/src/shared/pages.json) نوعاً يرفضه TypeScript: راجع أسماء حقوله
pages-type-error-screen-help = تقرأ الشاشة ما لا تعطيه تعريفات المجموعات (site/src/shared/pages.json، أو تعريفات sahel في content/README.md): عرّف الحقل، أو غيّر الشاشة
pages-types-link = الملف { $file } رابط رمزي (symlink)؛ احذفه ليتمكن sahel من كتابة الأنواع المولَّدة
