# كلمات sahel نفسه: إطار كل تقرير، وأسماء اللغات، وطبقة المعاينة في المتصفح.
# معرّف الرسالة واحد في مجلد كل لغة؛ و`{ $name }` قيمة يعطيها sahel.

## خاتمة التقرير

report-errors-found = { PLURAL($errors) ->
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
    }؛ ولم يُكتب شيء.
report-warnings-only = { PLURAL($warnings) ->
        [one] تنبيه واحد
        [two] تنبيهان
        [few] { $warnings } تنبيهات
        [many] { $warnings } تنبيهاً
       *[other] { $warnings } تنبيه
    } (لا توقف التنبيهات شيئاً؛ ويفشل عليها الأمر `sahel check --deny-warnings`، ويضبط القسم `[lint]` في site.toml مستوى كل قاعدة).

## عناوين التقرير

label-help = الحل
label-here = هنا
label-warning = تنبيه

## أسماء اللغات كما تذكرها الرسائل

language-ar = العربية
language-en = الإنجليزية
language-fa = الفارسية
language-ur = الأردية
language-ru = الروسية
language-zh = الصينية
language-hi = الهندية
language-fr = الفرنسية
language-de = الألمانية
language-es = الإسبانية
language-tr = التركية
language-ps = البشتوية
language-bn = البنغالية
language-ml = المالايالامية
language-ta = التاميلية
language-tl = الفلبينية
language-fil = الفلبينية

## طبقة المعاينة في المتصفح (sahel serve)

overlay-errors = { PLURAL($count) ->
        [one] خطأ واحد في المحتوى
        [two] خطآن في المحتوى
        [few] { $count } أخطاء في المحتوى
        [many] { $count } خطأً في المحتوى
       *[other] { $count } خطأ في المحتوى
    }
overlay-errors-lead = آخر نسخة سليمة من الصفحة تحت هذه الطبقة، وتختفي الطبقة حين يُصلَح الملف.
overlay-errors-label = أخطاء المحتوى
overlay-warnings = { PLURAL($count) ->
        [one] تنبيه واحد في المحتوى
        [two] تنبيهان في المحتوى
        [few] { $count } تنبيهات في المحتوى
        [many] { $count } تنبيهاً في المحتوى
       *[other] { $count } تنبيه في المحتوى
    } (بُنيت الصفحة؛ أصلحها حين تستطيع)
overlay-warnings-label = تنبيهات المحتوى
overlay-dismiss = إخفاء

## أنواع المحتوى كما تذكرها الرسائل (قيم `kind`)، معرَّفةً

kind-blog-post = المقال
kind-service = الخدمة
kind-page = الصفحة
kind-faq-item = السؤال الشائع
kind-testimonial = رأي العميل
kind-plan = الباقة
kind-services-section = قسم الخدمات
kind-package-rules = قائمة شروط الباقات
kind-home-file = ملف الصفحة الرئيسية
kind-screens-file = ملف نصوص الشاشات
kind-collection = المجموعة
kind-item = العنصر
