import { useTranslation } from 'react-i18next';
import type { FaqItem } from '@/shared/page-data';
import { PageTitle } from './page-title';

export function FaqScreen({ faq }: { faq: FaqItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('meta.faq.title')} lead={t('meta.faq.description')} />
      <div className="mx-auto max-w-3xl space-y-3 px-4 py-10">
        {faq.map((item) => (
          <details key={item.id} id={item.id} className="rounded-lg border border-slate-200 p-4 open:bg-slate-50">
            <summary className="cursor-pointer font-semibold text-slate-900">{item.question}</summary>
            <p className="mt-3 leading-relaxed text-slate-800">{item.answer}</p>
          </details>
        ))}
      </div>
    </>
  );
}
