# قواعد فحص المفاتيح السرية (src/secrets/)، والمفاتيح التي تظهر في معنى ملف الوسائط لا في
# بايتاته: تدفقات PDF المضغوطة ونصوصه المرمّزة (src/media/pdf.rs).

## مفتاح سري لخدمة: `kind` أحد الأنواع أدناه، و`service` اسم علم يُكتب كما هو في كل لغة

secrets-rule = { $kind } لـ { $service }
secrets-kind-api-key = مفتاح API
secrets-kind-token = رمز وصول
secrets-kind-secret-key = مفتاح سري
secrets-kind-client-id = معرّف عميل
secrets-kind-client-secret = سرّ عميل
secrets-kind-key-id = معرّف مفتاح وصول
secrets-kind-access-key = مفتاح وصول
secrets-kind-ca-key = مفتاح شهادة Origin CA
secrets-kind-session = ملف تعريف ارتباط للجلسة
secrets-kind-shared-secret = سرّ مشترك
secrets-kind-connection-string = نص اتصال يحمل مفتاح الحساب
secrets-kind-password = كلمة مرور
secrets-kind-webhook-secret = سرّ توقيع Webhook
secrets-kind-signing-key = مفتاح توقيع
secrets-kind-insert-key = مفتاح إدراج
secrets-kind-license-key = مفتاح ترخيص
secrets-kind-credentials = بيانات دخول
secrets-kind-webhook-url = عنوان Webhook

## ملفات PDF في مجلد الوسائط

secrets-pdf-too-large = يتجاوز حجم ملف PDF هذا { $limit } ميغابايت حين يُفك ضغط محتواه (قنبلة ضغط، أو أكثر بكثير مما تحتاج إليه صفحة في موقع)، فلم يُنشر الموقع
secrets-pdf-too-large-help = صدّر ملف PDF من جديد دون مرفقات ودون صور غير مضغوطة (احفظه «للويب» أو «بحجم مخفَّض»)، أو قسّمه إلى ملفات أصغر
secrets-pdf-secret-page = في نص الصفحة { $page } من ملف PDF هذا { $what }، فلم يُنشر الموقع
secrets-pdf-secret-page-help = احذف المفتاح من الصفحة { $page } في المستند الذي صُنع منه ملف PDF، ثم صدّره من جديد، وألغِ المفتاح إن كان قد نُشر من قبل
secrets-pdf-secret = في محتوى ملف PDF هذا المضغوط أو المرمّز { $what } (في نصه أو خصائصه أو روابطه أو حقول نماذجه)، فلم يُنشر الموقع
secrets-pdf-secret-help = احذف المفتاح من المستند الذي صُنع منه ملف PDF (من نصه وخصائصه وروابطه وحقول نماذجه)، ثم صدّره من جديد دونه، وألغِ المفتاح إن كان قد نُشر من قبل
