# إعدادات الموقع في site.toml (src/config.rs وsrc/config/)، وجدول اللغات فيها (src/lang.rs).
# القيم المقتبسة من الملف تصل مُقنَّعة: لا يظهر مفتاح سري في أي رسالة.

## قراءة الملف (config.rs): تبقى رسالة محلّل TOML كما هي في `detail`

config-toml = في إعدادات الموقع خطأ: { $detail }
config-help-unknown-field = راجع الكتابة؛ فالمفاتيح المقبولة مذكورة بعد `expected`. وانظر README.md، قسم "Site config"
config-help-missing-field = أضف المفتاح؛ وفي README.md، قسم "Site config"، مثال كامل
config-help-shape = انظر README.md، قسم "Site config"، لتعرف الشكل المطلوب
config-cannot-read = تعذّرت قراءة إعدادات الموقع: { $error }
config-cannot-read-help = شغّل الأمر من مجلد الموقع، أو مرّر --root <folder> (أو --config <file>)

## النصوص المكتوبة بكل لغة (config.rs)

config-per-lang-unknown = في `{ $key }` نص باللغة `{ $code }`، وهي ليست من لغات الموقع ({ $codes })
config-per-lang-unknown-help = احذفه، أو أضف اللغة إلى جدول [[languages]]
config-per-lang-missing = ليس في `{ $key }` نص باللغة `{ $code }`
config-per-lang-missing-help = اكتبه بكل لغات الموقع: { $key } = {"{"} { $pairs } {"}"}
config-source-unknown = اللغة `{ $code }` في translations.source ليست من لغات الموقع ({ $codes })
config-source-unknown-help = اذكر إحدى لغات الجدول، أو احذف المفتاح (فتكون اللغة الافتراضية هي اللغة المصدر)

## جدول اللغات [[languages]] (lang.rs وconfig.rs)

config-language-table = جدول اللغات: { $problem }
config-language-table-help = يذكر README.md، في قسم "Adding a language"، كل مفاتيح المدخل في [[languages]]
config-languages-empty = جدول اللغات فارغ: عرّف لغة واحدة على الأقل بـ[[languages]]
config-languages-empty-short = جدول اللغات فارغ
config-language-twice = اللغة `{ $code }` معرّفة مرتين
config-language-fallback = اللغة البديلة `{ $fallback }` للغة `{ $code }` ليست لغة أخرى من الجدول
config-language-none-marked = لا لغة معلَّمة بـ`{ $key } = true`: علّم لغة واحدة فقط
config-language-many-marked = عدد اللغات المعلَّمة بـ`{ $key } = true` هو { $count }: علّم لغة واحدة فقط
config-language-code = `{ $code }` ليس رمز لغة يستطيع sahel استعماله: اكتب وسم BCP 47 مثل `ar` أو `fa` أو `zh-Hans` (رمز اللغة بأحرف صغيرة، ثم أحرف وأرقام وشَرطات)
config-language-name = ليس للغة `{ $code }` المفتاح `name`
config-language-font = تطلب اللغة `{ $code }` خط الصفحات `{ $font }`، وهو ليس من خطوط التطبيق: استعمل أحد هذه الخطوط: { $fonts }
config-language-card-font = تطلب اللغة `{ $code }` خط البطاقات `{ $font }`: استعمل أحد هذه الخطوط: { $fonts }
config-date-format-unclosed = في `date_format` للغة `{ $code }` علامة `{"{"}` لا تقابلها `{"}"}`
config-date-format-field = في `date_format` للغة `{ $code }` الحقل `{"{"}{ $name }{"}"}`: استعمل {"{"}year{"}"} أو {"{"}month{"}"} أو {"{"}month2{"}"} أو {"{"}day{"}"} أو {"{"}day2{"}"} أو {"{"}month_name{"}"}
config-date-format-months = يستعمل `date_format` للغة `{ $code }` الحقل {"{"}month_name{"}"}، فيجب أن تذكر `months` أسماء الأشهر الاثني عشر (المذكور منها { $count })
config-language-locale = تحتاج اللغة `{ $code }` إلى `locale` و`og_locale`

## فحص القيم (config/validate.rs وconfig/redaction.rs)

config-secret = في إعدادات الموقع مفتاح سري: { $what }
config-secret-help = احذفه: فكل ما في الإعدادات قد يُنشر في الصفحات، والملف محفوظ في سجل المستودع، فألغِ المفتاح أيضاً. لا مكان هنا إلا للمفتاح العام `anon` (backend.anon_key)
config-control-character = في `{ $key }` محرف التحكم غير المرئي U+{ $code }، ولا يمكن عرضه في أي صفحة أو خلاصة
config-control-character-help = أعد كتابة القيمة، أو احذف المحرف (يأتي عادةً مع نص منسوخ من برنامج آخر)
config-base-url-not-absolute = قيمة base_url `{ $url }` ليست عنوان http(s) كاملاً
config-base-url-not-origin = قيمة base_url `{ $url }` ليست أصلاً مجرداً (origin): فيها { $what }
config-base-url-query = استعلام (`?`)
config-base-url-fragment = معرّف جزء (`#`)
config-base-url-user = اسم مستخدم (`@`)
config-base-url-char = المحرف U+{ $code }
config-base-url-help = اكتب أصل الموقع الذي يُنشر عليه، مثل base_url = "https://www.example.ae"
config-base-url-flag-help = مرّر أصل الموقع الذي يُنشر عليه، مثل --base-url https://staging.example.ae
config-whatsapp = قيمة company.whatsapp `{ $value }` ليست رقم هاتف بالصيغة الدولية
config-whatsapp-help = اكتب رمز الدولة والرقم بالأرقام الغربية، مثل whatsapp = "+971 50 555 0100" (لا يُبقي رابط wa.me إلا الأرقام)
config-hours = قيمة hours.{ $key } `{ $value }` ليست وقتاً بنظام 24 ساعة
config-hours-help = اكتبه بالصيغة HH:MM، مثل "09:00" أو "20:00"
config-per-page = قيمة blog.per_page ({ $n }) خارج المدى المسموح به
config-per-page-help = اكتب عدد المقالات في كل صفحة من القائمة، من 1 إلى 1000، مثل per_page = 12
config-backend-incomplete = يحتاج القسم [backend] إلى `url` و`anon_key` معاً
config-backend-incomplete-help = اضبطهما كليهما، أو احذف القسم [backend] ليعمل الموقع دون خادم خلفي
config-anon-secret = قيمة backend.anon_key مفتاح سري (service_role / sb_secret_): يتجاوز أمان مستوى الصفوف، ولو نُشر في الصفحات لمكّن أي أحد من قراءة كل رسائل التواصل أو حذفها
config-anon-secret-help = استعمل المفتاح العام بدلاً منه: رمز `anon` JWT أو المفتاح `sb_publishable_...` من إعدادات API في المشروع؛ وألغِ المفتاح السري إن كان قد نُشر يوماً
config-anon-jwt-role = قيمة backend.anon_key رمز JWT ليست قيمة `role` فيه `anon`
config-anon-jwt-role-help = استعمل رمز `anon` JWT العام أو المفتاح `sb_publishable_...` من إعدادات API في المشروع
config-anon-unknown = قيمة backend.anon_key ليست رمز JWT دوره `anon` ولا مفتاح `sb_publishable_`
config-anon-unknown-help = انسخ المفتاح العام `anon` (رمز JWT يبدأ بـ`eyJ`) أو المفتاح `sb_publishable_...` من إعدادات API في المشروع
config-backend-url-not-absolute = قيمة backend.{ $key } `{ $url }` ليست عنوان https:// كاملاً
config-backend-url-not-absolute-help = اكتب عنوان https:// كاملاً، مثل "https://<project>.supabase.co"
config-backend-url-credentials = في قيمة backend.{ $key } `{ $url }` اسم مستخدم أو كلمة مرور، وستنشرهما كل صفحة
config-backend-url-credentials-help = احذف الجزء `user:password@`: يصل المتصفح إلى الخادم الخلفي بالمفتاح العام anon وحده. ولا يجوز أن تكون كلمة مرور قاعدة البيانات في إعدادات الموقع أبداً: ألغِها إن كان هذا الملف قد حُفظ في المستودع يوماً
config-backend-url-http = قيمة backend.{ $key } `{ $url }` عنوان http:// غير مشفّر: ستعبر رسائل الزوار والمفتاح الشبكة دون تشفير
config-backend-url-http-help = استعمل عنوان https:// للخادم الخلفي (لا يُسمح بـhttp:// إلا لـlocalhost أو 127.0.0.1، للتطوير المحلي)
config-backend-url-scheme = قيمة backend.{ $key } `{ $url }` عنوان { $scheme }://، وليست عنوان https:// للخادم الخلفي
config-backend-url-scheme-help = اكتب عنوان https:// للخادم الخلفي، مثل "https://<project>.supabase.co"؛ ولا مكان لعنوان قاعدة بيانات في إعدادات الموقع
config-backend-name = قيمة backend.{ $key } `{ $value }` ليست اسماً صالحاً
config-backend-name-help = استعمل الأحرف والأرقام و`_` و`-` فقط، مثل "contact_messages"
config-backend-http-local = قيمة backend.{ $key } `{ $url }` عنوان http:// غير مشفّر، ولا يُسمح به إلا لخادم خلفي على هذا الجهاز
config-backend-http-local-help = استعمل عنوان https:// للخادم الخلفي قبل نشر الموقع
