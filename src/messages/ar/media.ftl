# مجلد الوسائط: ما يجوز نشره منه، والروابط إليه، والصور ونسخها المصغّرة (src/media.rs وsrc/media/).

## ما يجوز نشره (media.rs وmedia/kind.rs)

media-allowed = صور JPEG (بامتداد .jpg أو .jpeg) وPNG وGIF وWebP وAVIF، ومستندات PDF، ورسوم SVG (بامتداد .svg، بلا نصوص برمجية ولا إشارات إلى ملفات أخرى)
media-kind-jpeg = صورة JPEG
media-kind-png = صورة PNG
media-kind-gif = صورة GIF
media-kind-webp = صورة WebP
media-kind-avif = صورة AVIF
media-kind-pdf = مستند PDF
media-kind-svg = صورة SVG
media-changed-after-check = تغيّر { $path } بعد فحصه، فلم يُنشر: أعد البناء

## سرد المجلد وفحصه (media/scan.rs)

media-link-target-resolved = { $written } (أي { $real })
media-link-target-unknown = مكان آخر
media-folder-link-out = مجلد الوسائط رابط إلى { $target } خارج مجلد المحتوى، وsahel لا ينشر إلا الملفات المحفوظة في { $folder }/
media-folder-link-out-help = اجعل { $folder } مجلداً حقيقياً وانسخ إليه الملفات التي تريد نشرها، بدلاً من ربطه بمجلد آخر
media-cannot-read = تعذّرت قراءته: { $detail }
media-folder-permissions-help = تحقّق من صلاحيات المجلد
media-link-loop-help = احذف هذا الرابط: فهو يعود إلى مجلد يحتويه
media-link-loop = رابطٌ يعود إلى مجلد يحتويه
media-permissions-help = تحقّق من صلاحيات الملف، أو انقله خارج مجلد الوسائط
media-permissions-or-remove-help = تحقّق من صلاحيات الملف، أو احذفه
media-file-link-out = ملف الوسائط هذا رابط إلى { $target } خارج { $folder }/، وsahel لا ينشر إلا الملفات المحفوظة في مجلد الوسائط (فالرابط قد ينشر ملفات الجهاز الذي يبني الموقع)
media-file-link-out-help = انسخ الملف إلى { $folder }/ بدلاً من الربط به، أو احذف الرابط
media-subfolder-link-out = هذا المجلد من مجلد الوسائط رابط إلى { $target } خارج { $folder }/، وsahel لا ينشر إلا الملفات المحفوظة في مجلد الوسائط (فالرابط قد ينشر ملفات الجهاز الذي يبني الموقع)
media-subfolder-link-out-help = انسخ المجلد إلى { $folder }/ بدلاً من الربط به، أو احذف الرابط
media-name-not-utf8 = اسم ملف الوسائط ليس نصاً سليماً بترميز UTF-8، فلا يستطيع أي رابط أن يشير إليه
media-name-not-utf8-help = أعد تسمية الملف (حروف أي لغة والأرقام و- و_ كلها مقبولة)
media-name-unicode-forms = لملف الوسائط هذا وللملف { $other } الاسم نفسه مكتوباً بصيغتين مختلفتين من يونيكود، فقد يشير العنوان /media/{ $name } إلى أيٍّ منهما
media-name-unicode-forms-help = أبقِ أحد الملفين، أو أعد تسمية أحدهما
media-name-case = لا يختلف اسم ملف الوسائط هذا عن اسم الملف { $other } إلا في حالة الأحرف (كبيرة أو صغيرة): يُبقي Windows وmacOS واحداً منهما، وتقدّم خوادم S3 وLinux كليهما
media-name-case-help = أبقِ أحد الملفين، أو أعد تسمية أحدهما بحيث يختلف الاسمان في أكثر من حالة الأحرف
media-variants-folder = المجلد `{ $folder }` من مجلد الوسائط هو المكان الذي ينشر فيه sahel النسخ المصغّرة من الصور
media-variants-folder-help = انقل الملف إلى مجلد آخر داخل content/media/
media-type-unnamed = محتوى الملف { $kind }، لكن اسمه لا ينتهي بـ .{ $extension }
media-type-extension = لا تُنشر ملفات .{ $extension } من مجلد الوسائط
media-type-no-extension = لا يُنشر من مجلد الوسائط ملف بلا امتداد
media-type-refused = { $what }. ولا يُنشر إلا هذه الأنواع: { $allowed }
media-type-heic-help = هذه صورة من iPhone بصيغة HEIC: صدّرها بصيغة JPEG (في تطبيق الصور على Mac: ملف › تصدير، أو في الهاتف: الإعدادات › الكاميرا › التنسيقات › الأكثر توافقاً)؛ وعندئذ ينشرها sahel بلا موقعها الجغرافي وفي نسخ بمقاسات تناسب الهواتف
media-type-refused-help = احذف الملف، أو حوّله إلى أحد هذه الأنواع: فالصفحة أو النص البرمجي أو ملف التنسيق في مجلد الوسائط يعمل على عنوان الموقع نفسه (ومكان الصفحات مجلد كل لغة في content/، مثل content/ar)
media-type-unknown = ليس من الأنواع التي ينشرها sahel
media-type-rename-help = أعد تسميته لينتهي بـ .{ $extension } (وهو ما يدل عليه محتواه)، أو صدّره من جديد ليكون { $kind }
media-type-export-help = صدّره من جديد ليكون { $kind }، أو احذفه
media-type-mismatch = اسم الملف ينتهي بـ .{ $extension }، لكن محتواه { $actual } وليس { $kind }: وقد يُستدرَج المتصفح إلى قراءته على أنه نوع آخر
media-secret = في ملف الوسائط هذا { $what }، فلم يُنشر الموقع
media-secret-at-line = في ملف الوسائط هذا { $what } (السطر { $line })، فلم يُنشر الموقع
media-secret-help = احذف المفتاح من الملف (وألغِه إن كان قد نُشر من قبل): لا يجوز أن يظهر في الموقع إلا المفتاح العام `anon`
media-not-utf8 = نص بغير ترميز UTF-8
media-svg-bytes = اسم الملف ينتهي بـ .svg، لكن محتواه { $actual } وليس صورة SVG
media-svg-rename-help = أعد تسميته لينتهي بـ .{ $extension }
media-svg-utf8-help = احفظ ملف SVG بترميز UTF-8، أو صدّره من جديد
media-svg-problem = { $problem }، فلم يُنشر ملف SVG
media-svg-more = وفي ملف SVG هذا { PLURAL($count) ->
        [one] مشكلة أخرى
        [two] مشكلتان أخريان
        [few] { $count } مشكلات أخرى
        [many] { $count } مشكلةً أخرى
       *[other] { $count } مشكلة أخرى
    } من الأنواع نفسها
media-svg-more-help = صدّر ملف SVG من جديد بصيغة SVG عادية بلا نصوص HTML، أو انشر صورة PNG بدلاً منه

## ما يمنع نشر ملف SVG (media/svg.rs)

media-svg-help-script = احذفه (فالصورة لا تحتاج إلى نص برمجي)، أو انشر بدلاً من الملف نسخة PNG أو WebP مصدَّرة من الرسم
media-svg-help-reference = ضمّن ما يشير إليه داخل الملف، أو صدّر ملف SVG من جديد مع تضمين الصور وتحويل الخطوط إلى مسارات
media-svg-help-element = صدّر ملف SVG من جديد بصيغة SVG عادية (مثل "Plain SVG" في Inkscape، أو عبر svgo)، أو انشر بدلاً منه نسخة PNG أو WebP
media-svg-entities = يعرّف <!DOCTYPE> في ملف SVG كيانات (جزء `[...]`)، وقد تتمدد بلا نهاية أو تخفي محتوى
media-svg-entities-help = احذف تعريف <!DOCTYPE ...> (فالمتصفحات لا تحتاج إليه)، أو صدّر ملف SVG من جديد بصيغة SVG عادية
media-svg-not-xml = ملف SVG ليس XML سليم البنية: { $detail }
media-svg-not-xml-help = صدّر ملف SVG من جديد من البرنامج الذي حُرّر فيه، أو افتحه في متصفح لترى الخطأ نفسه
media-svg-namespace = العنصر <svg> ليس في نطاق أسماء SVG ({ $namespace })، فلن ترسمه المتصفحات
media-svg-root = العنصر الجذر في الملف هو <{ $element }> وليس <svg>
media-svg-root-help = يبدأ ملف .svg بـ <svg xmlns="http://www.w3.org/2000/svg" ...>؛ صدّر الرسم من جديد بصيغة SVG
media-svg-processing-instruction = تعليمة المعالجة <?{ $target } ...?> قد تحمّل ملف تنسيق أو تحويلاً من ملف آخر
media-svg-script = عنصر <script>: ستعمل شيفرته على عنوان الموقع نفسه
media-svg-foreign-object = عنصر <foreignObject>: يضمّن في الرسم صفحة HTML (نماذج وإطارات ونصوصاً برمجية)
media-svg-animation = عنصر الحركة <{ $element }>: قد يحوّل رابطاً إلى نص برمجي بعد فحص الملف
media-svg-element = العنصر <{ $element }> ليس مما ينشره sahel في ملف SVG (لا يُنشر إلا الأشكال والنصوص والتدرجات والأنماط والأقنعة والمرشِّحات ومجموعاتها)
media-svg-style = في عنصر <style> { $what }
media-svg-foreign-namespace = العنصر <{ $element }> في نطاق الأسماء { $namespace } لا في نطاق SVG: وقد تشغّله المتصفحات على أنه HTML
media-svg-no-namespace = العنصر <{ $element }> ليس في أي نطاق أسماء، ولا في نطاق SVG: وقد تشغّله المتصفحات على أنه HTML
media-svg-event-handler = معالج الأحداث `{ $name }` على <{ $element }>: ستعمل شيفرته على عنوان الموقع نفسه
media-svg-attribute = في السمة `{ $name }` { $what }
media-svg-xml-base = السمة `xml:base` تجعل إشارات `#` في الملف تشير إلى ملف آخر
media-svg-xml-base-help = احذف السمة xml:base
media-svg-reference = الإشارة `{ $reference }` تشير إلى خارج هذا الملف: لا يجوز لملف SVG منشور أن يشير إلا إلى أجزائه (`#id`)، أو أن يضمّن صورة PNG أو JPEG أو GIF أو WebP أو AVIF على هيئة عنوان data:
media-svg-css-escape = رمز هروب CSS (`\`) قد يخفي إشارة إلى ملف آخر
media-svg-css-loads = استدعاء `{ $word }` الذي يحمّل ملفاً آخر أو يربط به
media-svg-css-url = إشارة `url({ $url })` إلى خارج هذا الملف: ولا يُنشر إلا `url(#id)` والصور النقطية المضمّنة
media-svg-encoding = يصرّح ملف SVG بالترميز `{ $encoding }`؛ ولا يُنشر إلا ما كان بترميز UTF-8
media-svg-encoding-help = احفظ الملف بترميز UTF-8 واكتب encoding="UTF-8" (أو لا تكتب ترميزاً) في سطره الأول

## الصور (media/photo.rs)

media-photo-damaged = الملف تالف أو ناقص: لا يمكن قراءة { $kind } فيه من أوله إلى آخره
media-photo-damaged-help = صدّر الصورة أو انسخها من جديد
media-photo-empty = الملف فارغ (0 بايت)
media-photo-empty-help = انسخ الصورة من جديد، أو احذف الملف
media-photo-too-large = أبعاد الصورة { $width } × { $height } بكسل ({ $megapixels } ميغابكسل): ستنفد ذاكرة الهاتف عند عرضها
media-photo-too-large-help = صدّرها بحجم أصغر ({ $megapixels } ميغابكسل على الأكثر؛ ويكفي الصفحةَ عرضُ 2000 بكسل)
media-photo-avif-metadata = يحمل ملف AVIF بيانات وصفية من نوع { $what }، وقد تكشف أين التُقطت الصورة وبأي جهاز (موقعها الجغرافي GPS)، ولا يستطيع sahel حذفها من ملف AVIF
media-photo-avif-metadata-help = صدّرها من جديد بلا بيانات وصفية، أو بصيغة JPEG أو PNG، وهما صيغتان ينشرهما sahel بلا بياناتهما الوصفية
media-photo-frame-outside = الإطار { $frame } أبعاده { $width } × { $height } بكسل عند الموضع ({ $left }، { $top })، فيخرج عن أبعاد الصورة نفسها { $screen_width } × { $screen_height } بكسل: وستكبّر المتصفحات الصورة إلى { $grown_width } × { $grown_height } بكسل ({ $megapixels } ميغابكسل) لتعرضه
media-photo-frame-outside-help = احفظ ملف { $format } من جديد بإطارات لا تتجاوز أبعاد شاشتها ({ $screen_width } × { $screen_height } بكسل)، كأن تصدّرها من جديد من البرنامج الذي صنعها
media-photo-too-many-frames = في الصورة المتحركة أكثر من { $max } إطار: سيتعثّر الهاتف في تشغيلها
media-photo-too-many-frames-help = قصّرها أو خفّض عدد إطاراتها في الثانية حتى لا تتجاوز { $max } إطار، أو انشر صورة ثابتة بدلاً منها
media-photo-animation-too-large = في الصورة المتحركة { PLURAL($frames) ->
        [zero] 0 إطار
        [one] إطار واحد
        [two] إطاران
        [few] { $frames } إطارات
        [many] { $frames } إطاراً
       *[other] { $frames } إطار
    } أو أكثر، أبعاد كل منها { $width } × { $height } بكسل، وهذا أكثر مما يقدر الهاتف على رسمه
media-photo-animation-too-large-help = صغّر أبعادها أو قصّرها: { $megapixels } ميغابكسل على الأكثر في مجموعها (عدد الإطارات × العرض × الارتفاع)، مثل 200 إطار بأبعاد 1280 × 720
media-photo-too-tall = أبعاد الصورة { $width } × { $height } بكسل: لا يمكن أن يتجاوز ارتفاع نسخها المصغّرة للهواتف { $max } بكسل، وحتى نسخة عرضها بكسل واحد ستكون أطول من ذلك
media-photo-too-tall-help = اقتصّ لقطة الشاشة إلى { $height } بكسل ارتفاعاً على الأكثر (أو قسّمها أجزاءً)، أو انشرها بعرض أكبر
media-photo-undecodable = بيانات الصورة تالفة: { $kind } لا تستطيع المتصفحات ولا sahel فكّ ترميزها ({ $detail })

## الروابط إلى المجلد (media/links.rs)

media-image-unicode-form = الصورة `{ $href }` تكتب اسم الملف بصيغة يونيكود غير صيغة اسمه في { $folder }، فلن تجده المتصفحات
media-link-unicode-form = الرابط `{ $href }` يكتب اسم الملف بصيغة يونيكود غير صيغة اسمه في { $folder }، فلن تجده المتصفحات
media-unicode-form-help = اكتب الاسم من جديد، أو انسخه من الملف: /media/{ $name }
media-missing-near-help = هل تقصد /media/{ $near }؟ وإلا فضع الملف في { $path }
media-missing-help = ضع الملف في { $path }، أو صحّح الاسم
media-image-missing = الصورة `{ $href }` تشير إلى ملف ليس في { $folder }
media-link-missing = الرابط `{ $href }` يشير إلى ملف ليس في { $folder }

## النسخ المصغّرة من الصور (media/variants.rs)

media-images-widths-count = عدد العروض في images.widths هو { $count }
media-images-widths-count-help = اذكر من 1 إلى 12 عرضاً بالبكسل، من الأضيق إلى الأعرض، مثل widths = [480, 960, 1440]
media-images-widths = القيم { $widths } في images.widths ليست عروضاً بين 16 و8192 بكسل مرتبة من الأضيق إلى الأعرض
media-images-widths-help = اذكر كل عرض مرة واحدة، بين 16 و8192 بكسل، من الأضيق إلى الأعرض، مثل widths = [480, 960, 1440]
media-images-out-of-range = القيمة { $value } للمفتاح images.{ $key } خارج النطاق المسموح
media-images-speed-help = اختر سرعة من 1 (بطيئة، وأصغر الملفات) إلى 10 (سريعة)، مثل avif_speed = 9
media-images-quality-help = اختر جودة من 1 إلى 100، مثل avif_quality = 55 وwebp_quality = 72
media-width-not-resized = عرض لم تُصغَّر الصورة إليه
media-cannot-make-copies = تعذّر صنع النسخ المصغّرة من { $path }
media-cannot-clean = تعذّر حذف البيانات الوصفية من { $path }: افحصه من جديد بالأمر `sahel check`
media-cache-is-link = { $path } رابط؛ احذفه ليتمكن sahel من حفظ النسخ المصغّرة من الصور فيه

## مستندات PDF (media/pdf_clean.rs)

media-pdf-unreadable = تعذّرت قراءة ملف PDF ({ $detail })، فلا يستطيع sahel حذف اسم مؤلفه ومسارات ملفاته وسائر خصائصه قبل نشره
media-pdf-unreadable-help = صدّر ملف PDF من جديد من البرنامج الذي صنعه (ملف › حفظ باسم › PDF، أو طباعة › حفظ بصيغة PDF)
media-pdf-locked = ملف PDF مقفل بكلمة مرور، فلا يستطيع sahel حذف اسم مؤلفه ومسارات ملفاته وسائر خصائصه قبل نشره
media-pdf-locked-help = صدّر ملف PDF بلا كلمة مرور: فالمستند المنشور متاح للجميع على أي حال
media-pdf-action = يحتوي ملف PDF على { $what }، وهو إجراء يُنفَّذ عند فتح الملف أو استعماله: وقد يشغّله قارئ PDF على جهاز الزائر
media-pdf-action-help = صدّر ملف PDF بلا نصوص برمجية ولا إجراءات (اطبعه إلى PDF، أو في Acrobat: ملف › حفظ بتنسيق آخر › PDF محسَّن، مع اختيار «تجاهل جميع إجراءات JavaScript»)
