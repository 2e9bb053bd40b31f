import { useTranslation } from '@/i18n';

/** The loading spinner shown while a route's data or code loads. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
