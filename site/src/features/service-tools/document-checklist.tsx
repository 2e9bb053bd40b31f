import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { Lang } from '@/shared/page-data';
import { whenIdle } from '@/shared/idle';
import { loadOnce } from '@/shared/load-once';
import { Button } from '@/shared/ui/button';
import { checklistKey, documentStatus, loadTicks, saveTicks } from './checklist-storage';
import './strings';

// The handoff's code is loaded the way the contact actions load it (dynamically): a static
// import from this chunk changes how Rolldown cuts the entry. One promise for every
// publication, so they land in the order they were made: with an import per effect, a tick made
// while the chunk was still loading was published before the previous effect's cleanup (which
// withdraws the ticks), and the message lost them on a slow network. Loaded once the browser is
// idle after hydration, as the contact actions' (`useContactHandoff`), which read the ticks.
const idle = () => new Promise<void>((resolve) => void whenIdle(() => resolve()));
const loadRuntime = loadOnce(() => idle().then(() => import('@/shared/handoff/runtime')));

/**
 * The service's requirements as a checklist. The server (and a browser without JavaScript)
 * shows the plain list; once hydrated, each document becomes a labelled checkbox, the ticks are
 * read from and saved to localStorage, and the progress, "clear" and "print" controls appear in
 * space the list reserved for them. The ticks also go to the WhatsApp handoff's message.
 */
export function DocumentChecklist({ title, documents, lang, serviceId, icon }: { title: string; documents: string[]; lang: Lang; serviceId: string; icon: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  const key = checklistKey(lang, serviceId);
  const [ticked, setTicked] = useState<Set<string> | null>(null);

  useEffect(() => setTicked(loadTicks(key, documents)), [key, documents]);
  useEffect(() => {
    if (!ticked) return;
    const runtime = loadRuntime();
    void runtime.then((m) => m.publishDocuments(lang, serviceId, documentStatus(documents, ticked)));
    return () => void runtime.then((m) => m.publishDocuments(lang, serviceId, null));
  }, [lang, serviceId, documents, ticked]);

  if (documents.length === 0) return null;
  const update = (next: Set<string>) => {
    setTicked(next);
    saveTicks(key, documents, next);
  };
  const toggle = (document: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(document);
    else next.delete(document);
    update(next);
  };

  return (
    <section className="mt-10" aria-labelledby={headingId} data-checklist>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">{title}</h2>
      {/* The hint's and the controls' space is reserved from the start (two lines of hint on
          phones, one from sm up; one row of controls), so nothing moves when they appear. */}
      <p className="mt-1 min-h-10 text-sm leading-5 text-slate-600 sm:min-h-5 print:hidden">{ticked ? t('serviceTools.checklistHint') : null}</p>
      <ul className="mt-2 space-y-3">
        {documents.map((document, index) =>
          ticked ? (
            <li key={document}>
              <label className="flex cursor-pointer gap-3 leading-relaxed text-slate-700">
                <input
                  type="checkbox"
                  name={`document-${index}`}
                  className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-700"
                  checked={ticked.has(document)}
                  onChange={(event) => toggle(document, event.target.checked)}
                />
                <span>{document}</span>
              </label>
            </li>
          ) : (
            <li key={document} className="flex gap-3 leading-relaxed text-slate-700">
              <span className="mt-1 shrink-0 [&_svg]:size-5" aria-hidden="true">{icon}</span>
              <span>{document}</span>
            </li>
          ),
        )}
      </ul>
      <div className="mt-4 flex min-h-11 flex-wrap items-center gap-2 print:hidden">
        {ticked ? (
          <>
            <span className="me-auto text-sm font-semibold text-brand-800" aria-live="polite" data-checklist-progress>
              {t('serviceTools.progress', { count: ticked.size, total: documents.length })}
            </span>
            <Button variant="outline" size="sm" className="h-11 px-3" onClick={() => update(new Set())} disabled={ticked.size === 0}>
              {t('serviceTools.clear')}
            </Button>
            <Button variant="outline" size="sm" className="h-11 px-3" onClick={() => window.print()}>
              {t('serviceTools.print')}
            </Button>
          </>
        ) : null}
      </div>
    </section>
  );
}
