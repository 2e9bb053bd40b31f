# كتابة الإخراج: الملفات والمجلدات، وحماية مجلد الإخراج، والحزم، وعمّال العرض، والقوالب،
# وبطاقات المشاركة، والبحث عن المفاتيح السرية (src/output.rs وsrc/output/ وsrc/assets.rs
# وsrc/ssr/ وsrc/template/ وsrc/cards/ وsrc/pipeline/ وsrc/seo.rs وsrc/secrets.rs).

## الملفات والمجلدات

output-cannot-read = تعذّرت قراءة { $path }
output-cannot-write = تعذّرت كتابة { $path }
output-cannot-write-in = تعذّرت الكتابة في { $path }
output-cannot-create = تعذّر إنشاء { $path }
output-cannot-empty = تعذّر إفراغ { $path }
output-cannot-open = تعذّر فتح { $path }
output-cannot-lock = تعذّر قفل { $path }
output-cannot-run = تعذّر تشغيل { $path }
output-cannot-copy = تعذّر نسخ { $from } إلى { $to }
output-cannot-copy-one = تعذّر نسخ { $path }
output-missing = { $path } غير موجود
# رسالة، وتحتها في سطر مستقل طريقة الحل.
output-with-help = { $message }{"\u000A  "}الحل: { $help }

## القوالب وملفات الموقع (output.rs وseo.rs وpipeline/)

output-no-templates-folder = مجلد القوالب { $path } غير موجود؛ اضبط templates تحت [paths] في site.toml
output-template-error = القالب { $name }: { $detail }
output-wrote-types = كُتب { $path } من جدول الصفحات
output-cannot-write-types = تنبيه: تعذّرت كتابة { $path }: { $detail }
output-page-written-already = كُتبت صفحته من قبل
output-route-failed = المسار { $route }: { $detail }
output-routes-failed = { PLURAL($count) ->
        [one] تعذّر عرض مسار واحد
        [two] تعذّر عرض مسارين
        [few] تعذّر عرض { $count } مسارات
        [many] تعذّر عرض { $count } مساراً
       *[other] تعذّر عرض { $count } مسار
    }، وبقي الإخراج السابق كما كان:{"\u000A"}{ $failures }

## حماية مجلد الإخراج (output/guard.rs وoutput/owner.rs)

output-folder-site = مجلد الموقع
output-folder-content = مجلد المحتوى
output-folder-templates = مجلد القوالب
output-folder-app = مجلد التطبيق
output-folder-app-source = مجلد مصدر التطبيق
output-target-is-protected = لن يُكتب الموقع في { $target }: فهو { $folder } ({ $path })، وسيحذفه البناء
output-target-holds-protected = لن يُكتب الموقع في { $target }: ففيه { $folder } ({ $path })، وسيحذفه البناء
output-target-protected-help = اختر مجلد إخراج خاصاً بالموقع، مثل --out dist (أو مرّر --force لاستبداله على أي حال)
output-target-is-file = لن يُكتب الموقع في { $target }: فهو ملف لا مجلد
output-target-is-file-help = اختر مجلد إخراج آخر بالخيار --out (أو مرّر --force لاستبداله)
output-cannot-read-output = تعذّرت قراءة مجلد الإخراج { $path }
output-refuse-replace = لن يُستبدل { $path }: { $why }
output-interrupted = قُطع البناء: لم يتغير مجلد الإخراج السابق
output-cannot-create-staging = تعذّر إنشاء مجلد التحضير في { $path }
output-cannot-move-aside = تعذّر نقل { $path } السابق جانباً
output-cannot-move-in = تعذّر نقل الإخراج الجديد إلى { $path } (هل يكتب فيه بناء آخر في الوقت نفسه؟)
output-cannot-remove-old = تعذّر حذف الإخراج السابق { $path }
output-and-more = و{ $count } غيرها
output-force-hint = مرّر --force إن كان يجوز حذف كل ما فيه
output-choose-empty-help = اختر مجلداً فارغاً أو جديداً بالخيار --out، أو { $force }
output-move-out-help = انقلها خارج المجلد (مكان الملفات التي تريد نشرها content/media/)، أو { $force }
output-not-written-by-sahel = المجلد ليس فارغاً ولم يكتبه sahel (ليس فيه الملف { $marker })، فالبناء سيحذف ما فيه: { $entries }
output-marker-unreadable = الملف { $marker } فيه ليس مما كتبه sahel، فلا يُعرف ما كتبه sahel فيه، والبناء سيحذف ما فيه: { $entries }
output-older-foreign = فيه عناصر لا يكتبها البناء في إصدار سابق من sahel، والبناء سيحذفها: { $entries }
output-marker-elsewhere = الملف { $marker } فيه كُتب لمجلد آخر (نُسخ أو نُقل إلى هنا مع ملفات بناء)، فلا يثبت أن sahel كتب هذا المجلد
output-marker-elsewhere-foreign = الملف { $marker } فيه كُتب لمجلد آخر (نُسخ أو نُقل إلى هنا مع ملفات بناء)، فلا يثبت أن sahel كتب هذا المجلد؛ والبناء سيحذف عناصر لم يكتبها sahel: { $entries }
output-marker-elsewhere-help = ابنِ الموقع في مجلد خاص به وانسخ الناتج إلى حيث يُنشر، أو { $force }
output-foreign = فيه عناصر لم يكتبها sahel، والبناء سيحذفها: { $entries }
output-waiting-for-lock = في انتظار انتهاء بناء آخر (أو `sahel serve`) يكتب في { $path }...
output-serve-running = هناك `sahel serve` آخر يكتب في { $path }
output-serve-running-help = أوقفه (Ctrl-C)، أو اختر مجلداً آخر بالخيار --out
output-serve-writing = لن يُستبدل { $path }: فالأمر `sahel serve` يكتب فيه، وسيواصل كتابة صفحاته (مع نص أداة التطوير البرمجي) في الإخراج الجديد
output-serve-writing-help = أوقف `sahel serve` (Ctrl-C) ثم أعد البناء، أو ابنِ الموقع في مجلد آخر بالخيار --out
output-leftover-removed = حُذف { $path }، وقد تركه بناء أُوقف قسراً
output-leftover-not-removed = تنبيه: تعذّر حذف { $path }، وقد تركه بناء أُوقف قسراً: { $detail }

## حزم React (assets.rs)

output-vite-manifest-invalid = الملف manifest.json الذي كتبه Vite غير صالح
output-vite-manifest-no-entry = ليس في بيان Vite المدخل `{ $entry }`
output-no-app-folder = مجلد التطبيق { $path } غير موجود
output-not-an-app = ليس في { $path } الملف package.json والمجلد site/ (تطبيق React)؛ اضبط app تحت [paths] في site.toml
output-building-bundles = يبني Vite حزم React (تغيّر site/)...
output-vite-failed = فشل Vite ({ $status }):
output-vite-panicked = تعطّل الخيط الذي يشغّل Vite
output-client-build-failed = فشل بناء حزمة المتصفح
output-server-build-failed = فشل بناء حزمة الخادم
output-vite-no-manifest = لم يكتب Vite ملف البيان
output-installing-npm = تثبيت اعتماديات npm (في التشغيل الأول فقط)...
output-cannot-run-npm = تعذّر تشغيل npm؛ ثبّت Node.js بإصدار 20.19 أو أحدث مع npm
output-npm-failed = لم يستطع npm تثبيت الاعتماديات ({ $status })؛ انظر رسائله أعلاه

## عمّال العرض (ssr/)

output-render-threw = أطلق React خطأً في أثناء عرض { $url }: { $message }
output-render-crashed = توقّف عامل العرض الخاص بـ { $url } ({ $reason })؛ وأُعيد تشغيله
output-render-timed-out = استغرق عرض { $url } أكثر من { $timeout }؛ وأُعيد تشغيل العامل
output-render-start = تعذّر تشغيل عامل العرض: { $reason }
output-seconds = { PLURAL($n) ->
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $n } ثوانٍ
        [many] { $n } ثانيةً
       *[other] { $n } ثانية
    }
output-milliseconds = { $n } ملي ثانية
output-worker-start-panicked = تعطّل الخيط الذي يشغّله
output-pool-empty = ليس في المجموعة أي عامل
output-worker-no-stdin = ليس للعامل مدخل قياسي (stdin)
output-worker-no-stdout = ليس للعامل مخرج قياسي (stdout)
output-worker-unexpected-message = رسالة أولى غير متوقعة: { $line }
output-worker-no-status = بلا حالة خروج
output-worker-exited = خرج العامل قبل أن يصبح جاهزاً ({ $status })؛ انظر الرسائل أعلاه
output-worker-url = تعذّر إرسال العنوان: { $detail }
output-worker-input-closed = مدخله مغلق
output-worker-cannot-write = تعذّرت الكتابة إليه: { $detail }
output-worker-cannot-read = تعذّرت القراءة منه: { $detail }
output-worker-not-json = أرسل رسالة ليست JSON: { $detail }
output-worker-wrong-reply = أجاب عن الطلب { $answered } بدلاً من { $asked }
output-worker-not-utf8 = أرسل صفحة ليست بترميز UTF-8: { $detail }
output-worker-empty-answer = أرسل إجابة فارغة
output-worker-reply-size = إجابة حجمها { $bytes } بايت
output-spawner-not-running = الخيط الذي يشغّل العمّال لا يعمل
output-spawner-stopped = توقّف الخيط الذي يشغّل العمّال
output-no-snapshot-place = لا مكان للقطة العامل
output-script-failed = فشل { $script } ({ $status }): { $detail }

## قوالب أشكال البيانات (template/)

output-no-route = لا يوجد المسار { $n }
output-verbose-shapes = الأشكال
output-verbose-shapes-time = { $ms } ملي ثانية  (وُزّع { $routes } من المسارات على { $shapes } من الأشكال)
output-verbose-react-time = { $ms } ملي ثانية  ({ $routes } من المسارات، و{ $templates } من القوالب)
output-verbose-templates = القوالب
output-verbose-templates-time = { $ms } ملي ثانية  (مُلئ { $routes } من المسارات، أغلبها في أثناء عرض React؛ و{ $after } ملي ثانية بعده)
output-template-not-used = لم يُستعمل قالب { $url } ({ $count } من المسارات)، { $why }؛ فستُعرض واحداً واحداً
output-template-not-rendered = لم يُعرض
output-template-differs = لا يعيد إنتاج { $url } { $difference }
output-template-route-failed = تعذّر عرض { $url } كاملاً
output-template-difference = عند البايت { $at }: يعطي القالب { $template }، ويعطي React { $react }
output-shape-stalled = لم يُعرض: تجاوز عرض { $first }، من شكل البيانات نفسه، الوقت المسموح، فيفشل باقي الشكل دون انتظار
output-template-malformed = العلامة عند البايت { $at } لا يليها رقم ثم نهايتها
output-template-encoded = رُمّزت علامة بترميز النسبة المئوية (بُني عنوان من نص موزّع): { $excerpt }
output-template-unknown = العلامة { $n } بلا قيمة (عدد القيم { $values })
output-template-raw = قيمة `{ $key }` مكتوبة بلا تهريب (dangerouslySetInnerHTML)، ولا يجوز ذلك إلا لـ { $keys }: { $excerpt }
output-template-unsafe = قيمة `{ $key }` تقع { $place }، حيث قد يختلف ملؤها عمّا يكتبه React أو لا يكون آمناً: { $excerpt }
output-place-inside = داخل <{ $tag }>
output-place-comment = داخل تعليق أو تعريف
output-place-tag = داخل وسم، خارج أي قيمة سمة
output-place-unescaped = بلا تهريب داخل وسم أو تعليق
output-place-url-start = في بداية العنوان في <{ $tag } { $name }> (يحظر React هناك عناوين javascript:)
output-place-url-list = في <{ $tag } { $name }>، وهي قائمة عناوين
output-place-style = في <{ $tag } style> (CSS)
output-place-code = في <{ $tag } { $name }> (شيفرة أو مستند)

## بطاقات المشاركة (cards/)

output-card-photo-changed = تغيّر { $path } بعد فحصه: أعد البناء
output-cannot-draw-card = تعذّر رسم بطاقة { $path }
output-card-allocate = تعذّر حجز ذاكرة البطاقة
output-card-mark-path = مسار شعار العلامة: { $detail }
output-card-font-missing = تعذّرت قراءة { $path }، وهو خط تُرسم به بطاقات المشاركة: شغّل `npm install` في { $app }، أو أوقف البطاقات بكتابة `[cards] enabled = false` في site.toml
output-card-font-decode = تعذّر فك ترميز الخط { $path }: { $detail }
output-card-font-parse = تعذّرت قراءة الخط { $path }

## المفاتيح السرية (secrets.rs): ما وُجد، مع أحرفه الأولى

output-secret-found = { $what } ({ $shown })
output-secret-supabase-secret-key = مفتاح سري لـ Supabase
output-secret-supabase-access-token = رمز وصول لـ Supabase
output-secret-stripe-secret-key = مفتاح سري لـ Stripe
output-secret-github-token = رمز وصول لـ GitHub
output-secret-github-fine-grained-token = رمز وصول دقيق الصلاحيات لـ GitHub
output-secret-aws-access-key-id = معرّف مفتاح وصول لـ AWS
output-secret-aws-secret-access-key = مفتاح وصول سري لـ AWS
output-secret-slack-token = رمز وصول لـ Slack
output-secret-slack-app-token = رمز تطبيق لـ Slack
output-secret-slack-webhook-url = عنوان Webhook لـ Slack
output-secret-google-api-key = مفتاح API لـ Google
output-secret-anthropic-api-key = مفتاح API لـ Anthropic
output-secret-openai-api-key = مفتاح API لـ OpenAI
output-secret-private-key = مفتاح خاص
output-secret-database-url = عنوان قاعدة بيانات فيه كلمة مرور
output-secret-key = مفتاح سري
output-secret-service-role-jwt = رمز JWT بالدور service_role
output-secret-jwt-role = رمز JWT بالدور `{ $role }`
output-secret-rules-broken = لا شيء: تعذّر تجميع أنماط البحث عن المفاتيح السرية
