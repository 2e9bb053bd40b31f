// The editor's own words, in Arabic and English: every string of the interface is in both
// dictionaries (the type of `ar` is the keys of `en`, so a missing one fails `tsc`). A message is
// a string with {placeholders}, or a set of plural forms chosen by Intl.PluralRules for `count`.
import { createContext, useContext } from 'react';

export type UiLang = 'ar' | 'en';
export const UI_LANGS: readonly UiLang[] = ['ar', 'en'];

type Plural = { zero?: string; one: string; two?: string; few?: string; many?: string; other: string };
type Message = string | Plural;

const en = {
  'app.title': 'Site editor',
  'app.skip': 'Skip to the content',
  'nav.home': 'Content',
  'nav.changes': 'Changes and publishing',
  'nav.main': 'Main',
  'header.uiLanguage': 'Editor language',
  'loading': 'Loading…',
  'error.load': 'Could not load: {message}',
  'error.network': 'Could not reach sahel. Is “sahel serve --edit” still running?',
  'error.status': 'sahel answered with an error ({status}): {message}',
  'retry': 'Try again',
  'cancel': 'Cancel',
  'close': 'Close',

  'home.heading': 'Content',
  'home.intro': 'Choose an entry to edit it in every language of the site.',
  'home.search': 'Search titles',
  'home.searchHelp': 'In any language; accents and Arabic diacritics do not matter.',
  'home.needsTranslating': 'Only entries that need translating',
  'home.entries': { one: '{count} entry', other: '{count} entries' },
  'home.shown': 'Showing {shown} of {total}',
  'home.noMatch': 'No entry matches.',
  'home.empty': 'This collection has no entries yet.',
  'home.new': 'New',
  'home.newIn': 'New entry in “{collection}”',
  'home.hasDraft': 'Unsaved changes',
  'home.postDraft': 'Not published (draft)',
  'home.entry': 'Entry',
  'home.missingTitle': '(no title)',

  'state.fresh': 'Up to date',
  'state.stale': 'Out of date',
  'state.missing': 'Missing',
  'state.unrecorded': 'Not recorded',
  'state.source': 'Source',
  'state.label': '{language}: {state}',

  'entry.back': 'All content',
  'entry.save': 'Save',
  'entry.saving': 'Saving…',
  'entry.saved': 'Saved.',
  'entry.nothingToSave': 'There are no changes to save.',
  'entry.unsaved': 'Unsaved changes',
  'entry.allSaved': 'All changes saved',
  'entry.delete': 'Delete',
  'entry.deleteTitle': 'Delete “{id}”?',
  'entry.deleteText': 'Its file will be deleted in every language:',
  'entry.deleteConfirm': 'Delete permanently',
  'entry.deleting': 'Deleting…',
  'entry.deleted': '“{id}” was deleted.',
  'entry.linkedFrom': 'It cannot be deleted: other pages link to it. Remove these links first, then try again.',
  'entry.linkAt': 'line {line}',
  'entry.draftRestored': 'Your unsaved changes from {time} were restored.',
  'entry.discardDraft': 'Discard the draft',
  'entry.discardConfirm': 'Discard your unsaved changes in every language?',
  'entry.draftDiscarded': 'The draft was discarded.',
  'entry.missingFile': 'This entry has no {language} version yet.',
  'entry.startFrom': 'Start from the {language} text',
  'entry.problems': 'Problems found in this language',
  'entry.line': 'Line {line}',
  'entry.checking': 'Checking…',
  'entry.checked': 'Checked: {errors}, {warnings}.',
  'entry.errors': { zero: 'no errors', one: '{count} error', other: '{count} errors' },
  'entry.warnings': { zero: 'no warnings', one: '{count} warning', other: '{count} warnings' },
  'entry.checkFailed': 'The check could not run: {message}',
  'entry.invalid': 'Not saved: fix the problems marked in the form. Your changes are kept.',
  'entry.newBadge': 'New, not saved yet',
  'entry.languages': 'Languages',
  'entry.textEditor': 'Contents of {file}',
  'entry.rawHelp': 'This file is edited as text. Keep its structure: indentation and quotes matter.',
  'entry.help': 'Help: {help}',
  'entry.leave': 'You have unsaved changes. They are kept as a draft in this browser.',

  'preview.heading': 'Preview',
  'preview.frame': 'Preview of the page in {language}',
  'preview.none': 'The preview appears once the draft has been checked.',
  'preview.noPage': 'This entry has no page of its own to preview.',
  'preview.stale': 'The draft has errors: this is the last preview without errors.',
  'preview.hide': 'Hide the preview',
  'preview.show': 'Show the preview',

  'field.add': 'Add',
  'field.addItem': 'Add an item to “{field}”',
  'field.remove': 'Remove',
  'field.removeItem': 'Remove item {n}',
  'field.moveUp': 'Move up',
  'field.moveDown': 'Move down',
  'field.item': 'Item {n}',
  'field.row': '{field}, row {n}',
  'field.none': '— None —',
  'field.required': '(required)',
  'field.noItems': 'No items yet.',

  'valid.required': 'This field is required.',
  'valid.minLength': { one: 'Write at least {min} character.', other: 'Write at least {min} characters.' },
  'valid.maxLength': { one: 'Write at most {max} character.', other: 'Write at most {max} characters ({now} now).' },
  'valid.min': 'The smallest allowed value is {min}.',
  'valid.max': 'The largest allowed value is {max}.',
  'valid.minCount': { one: 'Add at least {min} item.', other: 'Add at least {min} items.' },
  'valid.maxCount': { one: 'Keep at most {max} item.', other: 'Keep at most {max} items.' },
  'valid.enum': 'Choose one of the listed values.',
  'valid.onlyOne': 'Only one item may have “{field}” turned on.',
  'valid.number': 'Enter a number.',
  'valid.date': 'Enter a date.',
  'valid.ref': 'Choose one of the existing entries.',

  'body.label': 'Text',
  'body.toolbar': 'Text tools',
  'lint.applyFix': 'Apply fix',

  'photo.choose': 'Choose a photo…',
  'photo.insert': 'Insert a photo',
  'photo.drop': 'or drop a photo here',
  'photo.uploading': 'Uploading the photo…',
  'photo.refused': 'The photo was not accepted: {message}',
  'photo.altTitle': 'Describe the photo',
  'photo.altHelp': 'Say what the photo shows, in each language, for readers who cannot see it.',
  'photo.altIn': 'Description in {language}',
  'photo.use': 'Use the photo',
  'photo.done': 'The photo was added in every language.',
  'photo.current': 'Current photo:',

  'units.heading': 'Translation',
  'units.fresh': 'The translation is up to date.',
  'units.stale': 'The source changed after this was translated. Update the translation, then mark it as translated.',
  'units.missing': 'Not translated yet.',
  'units.unrecorded': 'Translated, but not recorded as translated.',
  'units.diff': 'What changed in the source:',
  'units.noDiff': 'The earlier version of the source cannot be shown.',
  'units.mark': 'Mark as translated',
  'units.marked': 'Marked as translated into {language}.',

  'conflict.heading': 'Someone else changed this entry while you were editing',
  'conflict.intro': 'Nothing was saved. For each language, choose the version to keep.',
  'conflict.theirs': 'On disk now (theirs)',
  'conflict.yours': 'Your version',
  'conflict.keepMine': 'Keep mine',
  'conflict.takeTheirs': 'Take theirs',
  'conflict.deleted': 'The file was deleted on disk.',
  'conflict.took': 'The {language} version on disk replaced your draft.',

  'new.heading': 'New entry in “{collection}”',
  'new.idLabel': 'Name in the address (slug)',
  'new.idHelp': 'Lowercase English letters, digits and hyphens, for example golden-visa-guide. It becomes part of the page address.',
  'new.create': 'Create',
  'new.creating': 'Creating…',
  'new.idInvalid': 'Use lowercase English letters (a–z), digits and single hyphens only, with no hyphen at the start or end.',
  'new.idTaken': 'An entry with this name already exists.',
  'new.notAllowed': 'Entries cannot be added to this collection.',
  'new.unknownCollection': 'There is no collection “{collection}”.',

  'changes.heading': 'Changes and publishing',
  'changes.refresh': 'Refresh',
  'changes.noGit': 'Committing and publishing are not available: {reason}',
  'changes.savingWorks': 'Saving still works: your changes are written to the site’s files.',
  'changes.branch': 'Branch: {branch}',
  'changes.noRemote': 'This branch has no remote to publish to.',
  'changes.none': 'No changes since the last commit.',
  'changes.files': { one: '{count} changed file', other: '{count} changed files' },
  'changes.diff': 'Differences',
  'changes.message': 'Describe your changes',
  'changes.messageHelp': 'One line that says what changed and why, for example “Update golden visa prices”.',
  'changes.author': 'Author',
  'changes.authorName': 'Name',
  'changes.authorEmail': 'Email',
  'changes.commit': 'Commit',
  'changes.committing': 'Committing…',
  'changes.committed': 'Committed ({commit}).',
  'changes.publish': 'Publish',
  'changes.publishing': 'Publishing…',
  'changes.published': 'Published.',
  'changes.refused': 'Publishing was refused: someone else has published changes that are not here yet. Nothing was overwritten.',
  'changes.pull': 'Bring in their changes',
  'changes.pulling': 'Bringing in their changes…',
  'changes.pulled': 'Their changes were brought in. Publishing again…',
  'changes.pullFailed': 'Their changes could not be brought in: {message}',
  'changes.messageRequired': 'Describe your changes first.',
  'changes.authorRequired': 'Enter your name and email first.',
  'status.added': 'Added',
  'status.modified': 'Changed',
  'status.deleted': 'Deleted',
  'status.renamed': 'Renamed',
  'status.untracked': 'New',
} satisfies Record<string, Message>;

export type Key = keyof typeof en;

const ar: Record<Key, Message> = {
  'app.title': 'محرّر الموقع',
  'app.skip': 'انتقل إلى المحتوى',
  'nav.home': 'المحتوى',
  'nav.changes': 'التغييرات والنشر',
  'nav.main': 'التنقل الرئيسي',
  'header.uiLanguage': 'لغة المحرّر',
  'loading': 'جارٍ التحميل…',
  'error.load': 'تعذّر التحميل: {message}',
  'error.network': 'تعذّر الاتصال بـ sahel. هل ما زال الأمر «sahel serve --edit» قيد التشغيل؟',
  'error.status': 'ردّ sahel بخطأ ({status}): {message}',
  'retry': 'أعد المحاولة',
  'cancel': 'إلغاء',
  'close': 'إغلاق',

  'home.heading': 'المحتوى',
  'home.intro': 'اختر عنصرًا لتحريره بجميع لغات الموقع.',
  'home.search': 'البحث في العناوين',
  'home.searchHelp': 'بأي لغة؛ ولا يؤثر التشكيل ولا أشكال الألف.',
  'home.needsTranslating': 'العناصر التي تحتاج إلى ترجمة فقط',
  'home.entries': { zero: 'لا عناصر', one: 'عنصر واحد', two: 'عنصران', few: '{count} عناصر', many: '{count} عنصرًا', other: '{count} عنصر' },
  'home.shown': 'يُعرض {shown} من {total}',
  'home.noMatch': 'لا يوجد عنصر مطابق.',
  'home.empty': 'لا توجد عناصر في هذه المجموعة بعد.',
  'home.new': 'جديد',
  'home.newIn': 'عنصر جديد في «{collection}»',
  'home.hasDraft': 'تغييرات غير محفوظة',
  'home.postDraft': 'غير منشور (مسودة)',
  'home.entry': 'العنصر',
  'home.missingTitle': '(بلا عنوان)',

  'state.fresh': 'محدَّثة',
  'state.stale': 'متأخرة عن المصدر',
  'state.missing': 'غير موجودة',
  'state.unrecorded': 'غير مسجَّلة',
  'state.source': 'المصدر',
  'state.label': '{language}: {state}',

  'entry.back': 'كل المحتوى',
  'entry.save': 'حفظ',
  'entry.saving': 'جارٍ الحفظ…',
  'entry.saved': 'تم الحفظ.',
  'entry.nothingToSave': 'لا توجد تغييرات لحفظها.',
  'entry.unsaved': 'تغييرات غير محفوظة',
  'entry.allSaved': 'حُفظت كل التغييرات',
  'entry.delete': 'حذف',
  'entry.deleteTitle': 'هل تريد حذف «{id}»؟',
  'entry.deleteText': 'سيُحذف ملفه بجميع اللغات:',
  'entry.deleteConfirm': 'احذف نهائيًا',
  'entry.deleting': 'جارٍ الحذف…',
  'entry.deleted': 'حُذف «{id}».',
  'entry.linkedFrom': 'لا يمكن حذفه لأن صفحات أخرى ترتبط به. احذف هذه الروابط أولًا، ثم أعد المحاولة.',
  'entry.linkAt': 'السطر {line}',
  'entry.draftRestored': 'استُعيدت تغييراتك غير المحفوظة من {time}.',
  'entry.discardDraft': 'تجاهل المسودة',
  'entry.discardConfirm': 'هل تريد تجاهل تغييراتك غير المحفوظة بجميع اللغات؟',
  'entry.draftDiscarded': 'تم تجاهل المسودة.',
  'entry.missingFile': 'لم تُنشأ نسخة «{language}» من هذا العنصر بعد.',
  'entry.startFrom': 'ابدأ من نص «{language}»',
  'entry.problems': 'مشكلات في هذه اللغة',
  'entry.line': 'السطر {line}',
  'entry.checking': 'جارٍ التحقق…',
  'entry.checked': 'نتيجة التحقق: {errors}، {warnings}.',
  'entry.errors': { zero: 'لا أخطاء', one: 'خطأ واحد', two: 'خطآن', few: '{count} أخطاء', many: '{count} خطأً', other: '{count} خطأ' },
  'entry.warnings': { zero: 'لا تنبيهات', one: 'تنبيه واحد', two: 'تنبيهان', few: '{count} تنبيهات', many: '{count} تنبيهًا', other: '{count} تنبيه' },
  'entry.checkFailed': 'تعذّر إجراء التحقق: {message}',
  'entry.invalid': 'لم يُحفظ شيء: صحّح المشكلات المشار إليها في النموذج. تغييراتك محفوظة في المسودة.',
  'entry.newBadge': 'جديد، لم يُحفظ بعد',
  'entry.languages': 'اللغات',
  'entry.textEditor': 'محتوى الملف {file}',
  'entry.rawHelp': 'يُحرَّر هذا الملف نصًّا. حافظ على بنيته، فالمسافات البادئة وعلامات التنصيص مهمة.',
  'entry.help': 'للإصلاح: {help}',
  'entry.leave': 'لديك تغييرات غير محفوظة، وهي محفوظة مسودةً في هذا المتصفح.',

  'preview.heading': 'المعاينة',
  'preview.frame': 'معاينة الصفحة («{language}»)',
  'preview.none': 'تظهر المعاينة بعد التحقق من المسودة.',
  'preview.noPage': 'ليست لهذا العنصر صفحة خاصة به لمعاينتها.',
  'preview.stale': 'في المسودة أخطاء، لذا تُعرض آخر معاينة سليمة.',
  'preview.hide': 'إخفاء المعاينة',
  'preview.show': 'إظهار المعاينة',

  'field.add': 'إضافة',
  'field.addItem': 'أضف عنصرًا إلى «{field}»',
  'field.remove': 'إزالة',
  'field.removeItem': 'أزل العنصر {n}',
  'field.moveUp': 'انقل إلى الأعلى',
  'field.moveDown': 'انقل إلى الأسفل',
  'field.item': 'العنصر {n}',
  'field.row': '{field}، السطر {n}',
  'field.none': '— لا شيء —',
  'field.required': '(مطلوب)',
  'field.noItems': 'لا توجد عناصر بعد.',

  'valid.required': 'هذا الحقل مطلوب.',
  'valid.minLength': { one: 'اكتب حرفًا واحدًا على الأقل.', two: 'اكتب حرفين على الأقل.', few: 'اكتب {min} أحرف على الأقل.', many: 'اكتب {min} حرفًا على الأقل.', other: 'اكتب {min} حرف على الأقل.' },
  'valid.maxLength': { one: 'اكتب حرفًا واحدًا على الأكثر.', two: 'اكتب حرفين على الأكثر.', few: 'اكتب {max} أحرف على الأكثر (عددها الآن {now}).', many: 'اكتب {max} حرفًا على الأكثر (عددها الآن {now}).', other: 'اكتب {max} حرف على الأكثر (عددها الآن {now}).' },
  'valid.min': 'أصغر قيمة مسموح بها هي {min}.',
  'valid.max': 'أكبر قيمة مسموح بها هي {max}.',
  'valid.minCount': { one: 'أضف عنصرًا واحدًا على الأقل.', two: 'أضف عنصرين على الأقل.', few: 'أضف {min} عناصر على الأقل.', many: 'أضف {min} عنصرًا على الأقل.', other: 'أضف {min} عنصر على الأقل.' },
  'valid.maxCount': { one: 'أبقِ عنصرًا واحدًا على الأكثر.', two: 'أبقِ عنصرين على الأكثر.', few: 'أبقِ {max} عناصر على الأكثر.', many: 'أبقِ {max} عنصرًا على الأكثر.', other: 'أبقِ {max} عنصر على الأكثر.' },
  'valid.enum': 'اختر إحدى القيم المدرجة.',
  'valid.onlyOne': 'لا يجوز تفعيل «{field}» إلا في عنصر واحد.',
  'valid.number': 'أدخل رقمًا.',
  'valid.date': 'أدخل تاريخًا.',
  'valid.ref': 'اختر أحد العناصر الموجودة.',

  'body.label': 'النص',
  'body.toolbar': 'أدوات النص',
  'lint.applyFix': 'طبّق الإصلاح',

  'photo.choose': 'اختر صورة…',
  'photo.insert': 'أدرج صورة',
  'photo.drop': 'أو أفلت الصورة هنا',
  'photo.uploading': 'جارٍ رفع الصورة…',
  'photo.refused': 'لم تُقبل الصورة: {message}',
  'photo.altTitle': 'صِف الصورة',
  'photo.altHelp': 'اكتب ما تُظهره الصورة بكل لغة، للقرّاء الذين لا يستطيعون رؤيتها.',
  'photo.altIn': 'الوصف («{language}»)',
  'photo.use': 'استخدم الصورة',
  'photo.done': 'أُضيفت الصورة بجميع اللغات.',
  'photo.current': 'الصورة الحالية:',

  'units.heading': 'الترجمة',
  'units.fresh': 'الترجمة محدَّثة.',
  'units.stale': 'تغيّر المصدر بعد ترجمة هذا الجزء. حدّث الترجمة، ثم علّمها بأنها مترجَمة.',
  'units.missing': 'لم يُترجَم بعد.',
  'units.unrecorded': 'مترجَم، لكنه غير مسجَّل بأنه مترجَم.',
  'units.diff': 'ما تغيّر في المصدر:',
  'units.noDiff': 'لا يمكن عرض النسخة السابقة من المصدر.',
  'units.mark': 'علّمه بأنه مترجَم',
  'units.marked': 'سُجّلت ترجمة «{language}» بأنها محدَّثة.',

  'conflict.heading': 'عدّل شخص آخر هذا العنصر أثناء تحريرك له',
  'conflict.intro': 'لم يُحفظ شيء. اختر لكل لغة النسخة التي تريد الإبقاء عليها.',
  'conflict.theirs': 'النسخة الموجودة الآن على القرص (نسختهم)',
  'conflict.yours': 'نسختك',
  'conflict.keepMine': 'أبقِ نسختي',
  'conflict.takeTheirs': 'خذ نسختهم',
  'conflict.deleted': 'حُذف الملف من القرص.',
  'conflict.took': 'حلّت نسخة «{language}» الموجودة على القرص محلّ مسودتك.',

  'new.heading': 'عنصر جديد في «{collection}»',
  'new.idLabel': 'الاسم في العنوان (المعرّف)',
  'new.idHelp': 'أحرف إنجليزية صغيرة وأرقام وشرطات، مثل golden-visa-guide. يصبح جزءًا من عنوان الصفحة.',
  'new.create': 'إنشاء',
  'new.creating': 'جارٍ الإنشاء…',
  'new.idInvalid': 'استخدم الأحرف الإنجليزية الصغيرة (a–z) والأرقام وشرطات مفردة فقط، من دون شرطة في البداية أو النهاية.',
  'new.idTaken': 'يوجد عنصر بهذا الاسم بالفعل.',
  'new.notAllowed': 'لا يمكن إضافة عناصر إلى هذه المجموعة.',
  'new.unknownCollection': 'لا توجد مجموعة باسم «{collection}».',

  'changes.heading': 'التغييرات والنشر',
  'changes.refresh': 'تحديث',
  'changes.noGit': 'الاعتماد والنشر غير متاحين: {reason}',
  'changes.savingWorks': 'ما زال الحفظ يعمل: تُكتب تغييراتك في ملفات الموقع.',
  'changes.branch': 'الفرع: {branch}',
  'changes.noRemote': 'ليس لهذا الفرع مستودع بعيد للنشر إليه.',
  'changes.none': 'لا تغييرات منذ آخر اعتماد.',
  'changes.files': { zero: 'لا ملفات متغيّرة', one: 'ملف واحد متغيّر', two: 'ملفان متغيّران', few: '{count} ملفات متغيّرة', many: '{count} ملفًا متغيّرًا', other: '{count} ملف متغيّر' },
  'changes.diff': 'الفروق',
  'changes.message': 'صِف تغييراتك',
  'changes.messageHelp': 'سطر واحد يذكر ما تغيّر وسببه، مثل «تحديث أسعار الإقامة الذهبية».',
  'changes.author': 'الكاتب',
  'changes.authorName': 'الاسم',
  'changes.authorEmail': 'البريد الإلكتروني',
  'changes.commit': 'اعتماد التغييرات',
  'changes.committing': 'جارٍ الاعتماد…',
  'changes.committed': 'اعتُمدت التغييرات ({commit}).',
  'changes.publish': 'نشر',
  'changes.publishing': 'جارٍ النشر…',
  'changes.published': 'تم النشر.',
  'changes.refused': 'رُفض النشر: نشر شخص آخر تغييرات غير موجودة هنا بعد. لم يُستبدل شيء.',
  'changes.pull': 'اجلب تغييراتهم',
  'changes.pulling': 'جارٍ جلب تغييراتهم…',
  'changes.pulled': 'جُلبت تغييراتهم. تجري إعادة النشر…',
  'changes.pullFailed': 'تعذّر جلب تغييراتهم: {message}',
  'changes.messageRequired': 'صِف تغييراتك أولًا.',
  'changes.authorRequired': 'أدخل اسمك وبريدك الإلكتروني أولًا.',
  'status.added': 'مُضاف',
  'status.modified': 'معدَّل',
  'status.deleted': 'محذوف',
  'status.renamed': 'أُعيدت تسميته',
  'status.untracked': 'جديد',
};

const DICTS: Record<UiLang, Record<Key, Message>> = { ar, en };

export function numberLocale(lang: UiLang): string {
  // The site writes Arabic with Western digits (site.toml: digits = "latn"); so does the editor.
  return lang === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE';
}

export function formatNumber(lang: UiLang, n: number): string {
  return new Intl.NumberFormat(numberLocale(lang)).format(n);
}

export function formatTime(lang: UiLang, ms: number): string {
  return new Intl.DateTimeFormat(numberLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

export type Vars = Record<string, string | number>;

export function translate(lang: UiLang, key: Key, vars: Vars = {}): string {
  const msg = DICTS[lang][key];
  let text: string;
  if (typeof msg === 'string') {
    text = msg;
  } else {
    const count = typeof vars.count === 'number' ? vars.count : 0;
    const rule = new Intl.PluralRules(lang).select(count) as keyof Plural;
    text = (count === 0 ? msg.zero : undefined) ?? msg[rule] ?? msg.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return typeof v === 'number' ? formatNumber(lang, v) : v;
  });
}

/** Every key of both dictionaries (the tests hold them equal). */
export function dictionaryKeys(lang: UiLang): string[] {
  return Object.keys(DICTS[lang]);
}

export interface I18n {
  lang: UiLang;
  dir: 'rtl' | 'ltr';
  /** The attributes of an element of the editor's own words inside a pane of another language. */
  ui: { lang: UiLang; dir: 'rtl' | 'ltr' };
  t: (key: Key, vars?: Vars) => string;
  n: (value: number) => string;
}

export function makeI18n(lang: UiLang): I18n {
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    ui: { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' },
    t: (key, vars) => translate(lang, key, vars),
    n: (value) => formatNumber(lang, value),
  };
}

export const I18nContext = createContext<I18n>(makeI18n('en'));

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export const UI_LANG_KEY = 'sahel-edit:ui-lang';

/** The editor's language: the one chosen before (localStorage), else the site's default when the
 * editor speaks it, else English. */
export function initialUiLang(siteDefault: string | null): UiLang {
  try {
    const kept = localStorage.getItem(UI_LANG_KEY);
    if (kept === 'ar' || kept === 'en') return kept;
  } catch {
    // storage may be unavailable (private mode): fall through
  }
  if (siteDefault === 'ar' || siteDefault === 'en') return siteDefault;
  return 'en';
}

export function keepUiLang(lang: UiLang): void {
  try {
    localStorage.setItem(UI_LANG_KEY, lang);
  } catch {
    // not kept: the choice lasts for this visit
  }
}
