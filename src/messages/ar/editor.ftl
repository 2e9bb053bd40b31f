## المحرّر في المتصفح (`sahel serve --edit`): ما ترفضه واجهته البرمجية.

edit-no-token = لم يصدر هذا الطلب عن صفحة المحرّر (رمزه مفقود أو غير صحيح). أعد تحميل المحرّر.
edit-bad-origin = صدر هذا الطلب عن موقع آخر، فرُفض.
edit-no-collection = لا توجد مجموعة باسم «{ $name }».
edit-no-entry = لا يوجد هنا مُدخل باسم «{ $id }».
edit-path-refused = لا يمكن تحرير هذا الملف من المتصفح: { $why }.
edit-bad-new-id = لا يصلح «{ $id }» عنوانًا لمُدخل جديد: استخدم حروفًا لاتينية صغيرة وأرقامًا وشرطات (مثل golden-visa-2027).
edit-id-taken = يوجد مُدخل بهذا العنوان من قبل ({ $path }). اختر عنوانًا آخر.
edit-no-language = ليس في الموقع لغة «{ $code }».
edit-too-large = الملف { $path } أكبر من أن يُحفظ من المتصفح.
edit-cannot-write = تعذّرت كتابة الملف: { $error }
edit-cannot-delete = لا يمكن حذف مُدخلات من هذا النوع من المحرّر.
edit-site-not-loaded = في الموقع أخطاء تمنع تحميله؛ أصلحها أولًا.
edit-upload-too-large = حجم الملف أكبر من { $mb } ميغابايت. أرسل صورة أصغر.
edit-upload-bad-name = لا يحمل اسم «{ $name }» نوع الملف (مثل ‎.jpg أو ‎.png).
