import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { DocumentChecklist } from '@/features/service-tools/document-checklist';
import { checklistKey, loadTicks } from '@/features/service-tools/checklist-storage';
import { translatorFor } from '@/i18n';
import { contactState } from '@/shared/handoff/runtime';
import { LanguageProvider } from '@/shared/language/language-provider';
import { PageDataProvider } from '@/shared/page-data/page-data-provider';
import { renderWithApp, routeData } from '@/__tests__/test-utils';
import type { Service } from '@/shared/page-data';

const clock = translatorFor('en')!;
const DOCS = ['Trade licence copy', 'Passport copy of the owner', 'جواز السفر «الأصل»'];
const checklist = (lang: 'en' | 'ar' = 'en') => (
  <DocumentChecklist title="Requirements" documents={DOCS} lang={lang} serviceId="tax" icon={<svg />} />
);
const SERVICE: Service = {
  id: 'tax',
  title: 'Tax registration',
  summary: '',
  section: 'tax-finance',
  govIcons: ['FTA'],
  icon: 'calculator',
  isPackage: false,
  content: { description: '', servicesOffered: [], requirements: DOCS, timeline: '2-7 working days', timelineDays: { min: 2, max: 7 }, notes: [] },
};

describe('the document checklist', () => {
  beforeEach(() => window.localStorage.clear());

  it('is a plain list on the server (and without JavaScript): every document, no checkbox, no control', () => {
    for (const lang of ['en', 'ar'] as const) {
      const path = `/${lang}/services/tax/`;
      const html = renderToString(
        <MemoryRouter initialEntries={[path]}>
          <PageDataProvider initial={routeData(path)}>
            <LanguageProvider>{checklist(lang)}</LanguageProvider>
          </PageDataProvider>
        </MemoryRouter>,
      );
      expect(html.match(/<li/g)).toHaveLength(DOCS.length);
      for (const doc of DOCS) expect(html).toContain(doc);
      expect(html).not.toContain('checkbox');
      expect(html).not.toContain('<button');
    }
  });

  it('keeps ticks per service across a remount (a reload), and clears them', async () => {
    const first = renderWithApp(checklist(), { path: '/en/services/tax/' });
    const box = await screen.findByRole('checkbox', { name: 'Trade licence copy' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('checkbox', { name: 'جواز السفر «الأصل»' }));
    expect(screen.getByText('2 of 3 ready')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(checklistKey('en', 'tax')) ?? 'null')).toEqual(['Trade licence copy', 'جواز السفر «الأصل»']);
    first.unmount();

    renderWithApp(checklist(), { path: '/en/services/tax/' });
    expect(await screen.findByRole('checkbox', { name: 'Trade licence copy' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Passport copy of the owner' })).toHaveProperty('checked', false);
    // Another service, or the other language, keeps its own ticks.
    expect(loadTicks(checklistKey('en', 'visa'), DOCS).size).toBe(0);
    expect(loadTicks(checklistKey('ar', 'tax'), DOCS).size).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear ticks' }));
    expect(screen.getAllByRole('checkbox').every((c) => !(c as HTMLInputElement).checked)).toBe(true);
    expect(window.localStorage.getItem(checklistKey('en', 'tax'))).toBeNull();
    expect((screen.getByRole('button', { name: 'Clear ticks' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores damaged storage and ticks of documents the content no longer lists', async () => {
    window.localStorage.setItem(checklistKey('en', 'tax'), '{"not":"a list"');
    renderWithApp(checklist(), { path: '/en/services/tax/' });
    expect(await screen.findByText('0 of 3 ready')).toBeTruthy();
    window.localStorage.setItem(checklistKey('en', 'tax'), JSON.stringify(['Old wording', 'Trade licence copy']));
    expect([...loadTicks(checklistKey('en', 'tax'), DOCS)]).toEqual(['Trade licence copy']);
  });

  it('gives the WhatsApp message the documents ticked and missing', async () => {
    renderWithApp(checklist(), { path: '/en/services/tax/', page: { kind: 'service', service: SERVICE } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Passport copy of the owner' }));
    const data = { ...routeData('/en/services/tax/', { kind: 'service', service: SERVICE }), screen: { title: 'Tax registration', description: '', crumbs: [] } };
    // 10:00 in Dubai: open, so no out-of-hours line. (The ticks reach the handoff once its code has loaded.)
    await waitFor(() => expect(contactState(data, clock, {}, new Date('2026-11-25T06:00:00Z')).message).toContain('1 of 3'));
    const { message, open } = contactState(data, clock, {}, new Date('2026-11-25T06:00:00Z'));
    expect(open).toBe(true);
    expect(message).toBe(
      'Hello, I\'m reading about your service “Tax registration”.\n\nDocuments I have (1 of 3):\n• Passport copy of the owner\n\nDocuments still missing:\n• Trade licence copy\n• جواز السفر «الأصل»\n\nCould you help me get started?',
    );
    const closed = contactState(data, clock, {}, new Date('2026-11-25T17:00:00Z'));
    expect(closed.note).toBe('Closed now · we reply from 9 AM');
    expect(closed.message).toMatch(/I know you're closed now, so a reply when you open at 9 AM is perfectly fine\.$/);
  });
});
