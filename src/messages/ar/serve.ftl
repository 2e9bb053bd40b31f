# `sahel serve` في الطرفية، وإجاباته النصية للمتصفح (src/serve/mod.rs وsrc/serve/session.rs
# وsrc/serve/http.rs وsrc/serve/watch.rs).

## البدء والتشغيل

serve-no-site-folder = مجلد الموقع { $path } غير موجود
serve-no-config-file = ملف الإعدادات { $path } غير موجود
serve-cannot-create-output = تعذّر إنشاء مجلد الإخراج { $path }
serve-cannot-write-output = تعذّرت الكتابة في مجلد الإخراج { $path }
serve-cannot-listen = تعذّر الاستماع على 127.0.0.1:{ $port }
serve-cannot-handle-ctrl-c = تعذّر تثبيت معالج Ctrl-C
serve-cannot-watch-start = تعذّر تشغيل مراقب الملفات
serve-cannot-watch = تعذّرت مراقبة { $path }
serve-built = اكتمل البناء في { $ms } ملي ثانية
serve-rerendered = { PLURAL($count) ->
        [zero] لم تُعرض أي صفحة من جديد
        [one] أُعيد عرض صفحة واحدة
        [two] أُعيد عرض صفحتين
        [few] أُعيد عرض { $count } صفحات
        [many] أُعيد عرض { $count } صفحةً
       *[other] أُعيد عرض { $count } صفحة
    } في { $ms } ملي ثانية
serve-serving = الموقع متاح على { $url } (يوقفه Ctrl-C)
serve-editing = المحرّر متاح على { $url } (لهذا الجهاز وحده)
serve-editing-public = المحرّر متاح على { $url }، ولفريقك على { $public } عبر الخادم الوسيط
serve-public-url-without-edit = الخيار ‎--public-url خاص بالمحرّر: أضف ‎--edit (أو شغّل sahel edit).
serve-public-url-invalid = ليس ‎--public-url { $url } عنوانًا يستطيع الموظفون فتحه ({ $error }): اذكر البروتوكول واسم الخادم، مثل https://cms.example.com.
serve-stopped = توقّف الخادم.
# خاتمة تقرير الأخطاء في أثناء المعاينة (وخاتمة البناء تقول «ولم يُكتب شيء»).
serve-errors-found = { PLURAL($errors) ->
        [one] وُجد خطأ واحد
        [two] وُجد خطآن
        [few] وُجدت { $errors } أخطاء
        [many] وُجد { $errors } خطأً
       *[other] وُجد { $errors } خطأ
    }{ PLURAL($warnings) ->
        [zero] {""}
        [one] {" "}وتنبيه واحد
        [two] {" "}وتنبيهان
        [few] {" "}و{ $warnings } تنبيهات
        [many] {" "}و{ $warnings } تنبيهاً
       *[other] {" "}و{ $warnings } تنبيه
    }؛ وما زالت آخر صفحات سليمة معروضة.
serve-internal-error = خطأ داخلي في sahel (يُرجى الإبلاغ عنه): { $what }
serve-internal-error-help = ستُبنى الصفحات من جديد كلياً عند التغيير التالي

## الإجابات للمتصفح

serve-http-host = لا يجيب sahel serve إلا على 127.0.0.1:PORT وlocalhost:PORT
serve-http-too-large = جسم الطلب أكبر من المسموح
serve-http-too-slow = وصل جسم الطلب ببطء شديد
serve-http-method = لا يُجاب إلا عن طلبات GET وHEAD
serve-http-too-many-streams = صفحات كثيرة جداً تنتظر إعادة التحميل التلقائي؛ وستحاول هذه الصفحة من جديد لاحقاً
serve-http-lookup-failed = فشل البحث عن الملف
serve-http-cannot-read = تعذّرت قراءة الملف
serve-no-pages = لا صفحة هنا بعد: لم يُبنَ الموقع.
# اتجاه لغة القارئ، للصفحة السابقة: `ltr` أو `rtl`.
serve-direction = rtl
