# ملخص `sahel build` وتقدّمه، وما تطبعه الأوامر (src/build.rs وsrc/build/ وsrc/cmd/ وsrc/main.rs).

## ملخص البناء (build.rs)

build-summary = بنى sahel { PLURAL($routes) ->
        [zero] 0 مسار
        [one] مساراً واحداً
        [two] مسارين
        [few] { $routes } مسارات
        [many] { $routes } مساراً
       *[other] { $routes } مسار
    } (عُرض منها { $rendered }{ $templated }، وبقي { $reused } دون تغيير)، وكتب { PLURAL($files) ->
        [zero] 0 ملف
        [one] ملفاً واحداً
        [two] ملفين
        [few] { $files } ملفات
        [many] { $files } ملفاً
       *[other] { $files } ملف
    } بحجم { $size } ميبيبايت في { $out } خلال { $seconds } ثانية ({ $stages })
build-summary-templated = ، مُلئ { $count } منها من { PLURAL($templates) ->
        [one] قالب واحد
        [two] قالبين
        [few] { $templates } قوالب
        [many] { $templates } قالباً
       *[other] { $templates } قالب
    }
build-stage-time = { $stage } { $ms } ملي ثانية
# بين أزمنة المراحل.
build-list-separator = {"، "}
build-milliseconds = { $ms } ملي ثانية
build-stage-bundles = الحزم
build-stage-cards = البطاقات
build-stage-data = البيانات
build-stage-load = التحميل
build-stage-plan = التخطيط
build-stage-render = العرض
build-stage-reuse = إعادة الاستعمال
build-stage-snapshot = اللقطة
build-stage-workers = العمّال
build-stage-write = الكتابة
build-stage-other = { $name }

## مراحل البناء (build/stages.rs)

build-site-files-panicked = تعطّل الخيط الذي يكتب ملفات الموقع
build-cards-panicked = تعطّل الخيط الذي يرسم بطاقات المشاركة
build-cards-drawn = بطاقات مشاركة رُسمت: { $drawn }، وبطاقات لم تتغير فأُعيد استعمالها: { $reused } ({ $ms } ملي ثانية، بالتوازي مع العرض)
build-workers-panicked = تعطّل الخيط الذي يشغّل عمّال العرض
build-workers-from-snapshot = (بدأ العمّال من لقطة العامل)
build-secret-in-site = في الموقع المبني مفتاح سري، فلم يُنشر (عدد ما وُجد: { $count }):{"\u000A"}{ $list }
build-secret-in-site-help = لا يجوز أن يظهر في الموقع إلا المفتاح العام `anon`: احذف المفتاح السري من الملف الذي جاء منه (site.toml أو المحتوى أو القوالب)، وألغِه إن كان قد نُشر من قبل
build-snapshot-made = صُنعت لقطة العامل: { $path }
build-no-snapshot = لا لقطة للعامل: { $detail }
build-snapshot-panicked = لا لقطة للعامل: تعطّل الخيط الذي يصنعها
build-pages-rendered = صفحات عُرضت: { $rendered } (مُلئ منها { $filled } من قوالب عددها { $templates })، وصفحات لم تتغير فأُعيد استعمالها: { $reused }

## الأوامر (cmd/ وmain.rs)

cmd-error = خطأ: { $detail }
cmd-internal-error = توقّف sahel بسبب خطأ داخلي (علّة في sahel موصوفة أعلاه)؛ ولم يُكتب شيء. يُرجى الإبلاغ عنه مع المدخلات التي سببته.
cmd-today-not-a-date = القيمة `{ $value }` في { $var } ليست تاريخاً: اكتبها بالصيغة yyyy-mm-dd، مثل { $var }=2027-01-01، أو احذف المتغير ليُستعمل تاريخ اليوم
cmd-ctrl-c-not-handled = تنبيه: لن يحذف Ctrl-C ما بدأ البناء كتابته: { $detail }
cmd-created = أُنشئ { $path }
cmd-marked-pair = محدَّثة  { $pair }
cmd-marked = { PLURAL($count) ->
        [zero] لم تُسجَّل أي ترجمة على أنها محدَّثة.
        [one] سُجّلت ترجمة واحدة على أنها محدَّثة.
        [two] سُجّلت ترجمتان على أنهما محدَّثتان.
        [few] سُجّلت { $count } ترجمات على أنها محدَّثة.
        [many] سُجّلت { $count } ترجمةً على أنها محدَّثة.
       *[other] سُجّلت { $count } ترجمة على أنها محدَّثة.
    }
cmd-check-counts = { $lang }: { PLURAL($posts) ->
        [zero] لا مقالات
        [one] مقال واحد
        [two] مقالان
        [few] { $posts } مقالات
        [many] { $posts } مقالاً
       *[other] { $posts } مقال
    }، { PLURAL($services) ->
        [zero] ولا خدمات
        [one] وخدمة واحدة
        [two] وخدمتان
        [few] و{ $services } خدمات
        [many] و{ $services } خدمةً
       *[other] و{ $services } خدمة
    }، { PLURAL($faq) ->
        [zero] ولا أسئلة شائعة
        [one] وسؤال شائع واحد
        [two] وسؤالان شائعان
        [few] و{ $faq } أسئلة شائعة
        [many] و{ $faq } سؤالاً شائعاً
       *[other] و{ $faq } سؤال شائع
    }، { PLURAL($testimonials) ->
        [zero] ولا آراء عملاء
        [one] ورأي عميل واحد
        [two] ورأيا عميلين
        [few] و{ $testimonials } آراء عملاء
        [many] و{ $testimonials } رأياً لعملاء
       *[other] و{ $testimonials } رأي عميل
    }، { PLURAL($pages) ->
        [zero] ولا صفحات
        [one] وصفحة واحدة
        [two] وصفحتان
        [few] و{ $pages } صفحات
        [many] و{ $pages } صفحةً
       *[other] و{ $pages } صفحة
    }
cmd-check-deny-warnings = --deny-warnings: { PLURAL($count) ->
        [one] يُعدّ التنبيه خطأً؛ فأصلحه، أو اضبط مستوى قاعدته
        [two] يُعدّ التنبيهان خطأين؛ فأصلحهما، أو اضبط مستويات قواعدهما
        [few] تُعدّ التنبيهات الـ{ $count } أخطاءً؛ فأصلحها، أو اضبط مستويات قواعدها
        [many] تُعدّ التنبيهات الـ{ $count } أخطاءً؛ فأصلحها، أو اضبط مستويات قواعدها
       *[other] تُعدّ التنبيهات الـ{ $count } أخطاءً؛ فأصلحها، أو اضبط مستويات قواعدها
    } تحت [lint] في site.toml
cmd-check-valid = المحتوى سليم. { $counts }. { $translations }
