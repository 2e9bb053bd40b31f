import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionInfo, Diagnostic, Language } from '../api';
import { LanguagePane } from '../components/language-pane';
import { StatusProvider } from '../components/status';
import { I18nContext, makeI18n, type UiLang } from '../i18n';
import { stubLayout } from './fixtures';

const DECLARED: CollectionInfo = {
  name: 'things',
  form: 'markdown',
  entries_can_change: true,
  entries: [],
  fields: {
    title: { type: 'text', required: true, min: 3, max: 10 },
    subtitle: { type: 'text', required: true },
    count: { type: 'number', min: 1, max: 5 },
    date: { type: 'date', required: true },
    published: { type: 'boolean' },
    icon: { type: 'enum', values: ['house', 'plane'] },
    service: { type: 'ref', to: 'services' },
    tags: { type: 'list', min: 2, of: { type: 'text' } },
    plans: {
      type: 'list',
      of: { type: 'object', fields: { name: { type: 'text', required: true }, isPopular: { type: 'boolean', onlyOne: true } } },
    },
    image: { type: 'object', fields: { src: { type: 'text', required: true }, alt: { type: 'text', required: true } } },
    body: { type: 'markdown', required: true },
  },
};

const TEXT = `---
# kept as it is
title: "ab"
count: 9
date: 2025-03-10
published: true
icon: plane
service: visas-residency
tags:
  - one
plans:
  - name: Basic
    isPopular: true
  - name: ""
    isPopular: true
image:
  src: /media/office.jpg
  alt: "The office"
---

Body text.
`;

const EN: Language = { code: 'en', name: 'English', dir: 'ltr', default: false };
const REFS = { services: ['company-formation', 'visas-residency'] };

/** The file's text after the last change the form made. */
const sink = { text: '' };

function Harness({ ui, initial = TEXT, diagnostics = [] }: { ui: UiLang; initial?: string; diagnostics?: Diagnostic[] }) {
  const [text, setText] = useState(initial);
  return (
    <I18nContext.Provider value={makeI18n(ui)}>
      <StatusProvider>
        <LanguagePane
          language={EN}
          collection={DECLARED}
          file={{ path: 'content/en/things/x.md', text, base: initial, version: 'v1' }}
          refs={REFS}
          diagnostics={diagnostics}
          units={[]}
          source={null}
          hidden={false}
          onText={(next) => {
            sink.text = next;
            setText(next);
          }}
          onFocus={() => {}}
          onStartFrom={() => {}}
          onMark={() => {}}
          marking={false}
          onPhoto={() => {}}
          onBodyPhoto={() => {}}
          editorHandle={null}
        />
      </StatusProvider>
    </I18nContext.Provider>
  );
}

function messageOf(control: HTMLElement): string {
  const id = control.getAttribute('aria-describedby');
  expect(id, `${control.id} has a message`).toBeTruthy();
  return document.getElementById(id ?? '')?.textContent ?? '';
}

describe('the generated form', () => {
  beforeAll(stubLayout);
  afterEach(cleanup);

  it('renders a control for each field type of the declaration', () => {
    render(<Harness ui="en" />);
    const pane = screen.getByRole('region', { name: 'English' });
    expect(pane.getAttribute('dir')).toBe('ltr');
    expect(pane.getAttribute('lang')).toBe('en');
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('ab');
    expect((screen.getByLabelText(/^Count/) as HTMLInputElement).type).toBe('number');
    const date = screen.getByLabelText(/^Date/) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe('2025-03-10');
    expect((screen.getByLabelText('Published') as HTMLInputElement).checked).toBe(true);
    const icon = screen.getByLabelText('Icon') as HTMLSelectElement;
    expect(icon.value).toBe('plane');
    expect([...icon.options].map((o) => o.value)).toEqual(['', 'house', 'plane']);
    const service = screen.getByLabelText('Service') as HTMLSelectElement;
    expect([...service.options].map((o) => o.value)).toEqual(['', 'company-formation', 'visas-residency']);
    expect((screen.getByLabelText('Tags, row 1') as HTMLInputElement).value).toBe('one');
    const plans = screen.getByRole('group', { name: 'Plans' });
    expect(within(plans).getAllByRole('listitem').filter((li) => li.classList.contains('item-group'))).toHaveLength(2);
    const image = screen.getByRole('group', { name: 'Photo' });
    expect((within(image).getByLabelText(/Photo file/) as HTMLInputElement).value).toBe('/media/office.jpg');
    expect(within(image).getByRole('button', { name: /Choose a photo/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Text (English)' })).toBeTruthy();
  });

  it('validates at the field, in English', () => {
    render(<Harness ui="en" />);
    const title = screen.getByLabelText(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(title)).toContain('Write at least 3 characters.');
    expect(messageOf(screen.getByLabelText(/^Subtitle/))).toContain('This field is required.');
    expect(messageOf(screen.getByLabelText(/^Count/))).toContain('The largest allowed value is 5.');
    expect(messageOf(screen.getByRole('group', { name: 'Tags' }))).toContain('Add at least 2 items.');
    const popular = screen.getAllByLabelText('Most popular');
    expect(popular).toHaveLength(2);
    for (const p of popular) expect(messageOf(p)).toContain('Only one item may have “Most popular” turned on.');
    const names = screen.getAllByLabelText(/^Name/);
    expect(names[1]?.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(names[1] as HTMLElement)).toContain('This field is required.');
    expect(names[0]?.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(title, { target: { value: 'far too long a title' } });
    expect(messageOf(screen.getByLabelText(/^Title/))).toContain('Write at most 10 characters (20 now).');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Just right' } });
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBeNull();
  });

  it('validates at the field, in Arabic', () => {
    render(<Harness ui="ar" />);
    expect(messageOf(screen.getByLabelText(/^العنوان/))).toContain('اكتب 3 أحرف على الأقل.');
    expect(messageOf(screen.getAllByLabelText(/^الاسم/)[1] as HTMLElement)).toContain('هذا الحقل مطلوب.');
    expect(messageOf(screen.getByLabelText(/^Count/))).toContain('أكبر قيمة مسموح بها هي 5.');
    expect(messageOf(screen.getByRole('group', { name: 'Tags' }))).toContain('أضف عنصرين على الأقل.');
    for (const p of screen.getAllByLabelText('الأكثر طلبًا')) expect(messageOf(p)).toContain('لا يجوز تفعيل «الأكثر طلبًا» إلا في عنصر واحد.');
  });

  it('edits the file text in place, keeping the rest byte for byte', () => {
    render(<Harness ui="en" />);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Golden' } });
    expect(sink.text).toBe(TEXT.replace('title: "ab"', 'title: "Golden"'));
    fireEvent.click(screen.getByLabelText('Published'));
    expect(sink.text).toContain('published: false');
    fireEvent.change(screen.getByLabelText('Icon'), { target: { value: 'house' } });
    expect(sink.text).toContain('icon: house');
    fireEvent.click(screen.getByRole('button', { name: 'Add an item to “Tags”' }));
    fireEvent.change(screen.getByLabelText('Tags, row 2'), { target: { value: 'two' } });
    // A new item starts empty (written ""), and keeps its quotes.
    expect(sink.text).toContain('  - one\n  - "two"\n');
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Tags, row 2' }));
    expect(sink.text).toContain('  - "two"\n  - one\n');
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Tags, row 1' }));
    expect(sink.text).toContain('tags:\n  - one\nplans:');
    fireEvent.click(screen.getAllByLabelText('Most popular')[1] as HTMLElement);
    expect(screen.getAllByLabelText('Most popular')[0]?.getAttribute('aria-invalid')).toBeNull();
    expect(sink.text.startsWith('---\n# kept as it is\n')).toBe(true);
    expect(sink.text.endsWith('---\n\nBody text.\n')).toBe(true);
  });

  it('shows the server diagnostics at their field, and the body ones in the editor', () => {
    const diagnostics: Diagnostic[] = [
      { lang: 'en', path: 'content/en/things/x.md', line: 5, column: 7, severity: 'error', message: 'This date is in the future.', help: null, rule: null, fix: null },
      { lang: 'en', path: 'content/en/things/x.md', line: 23, column: 1, severity: 'warning', message: 'Mixed digits.', help: 'Use one kind.', rule: 'mixed-digits', fix: null },
      { lang: 'en', path: 'content/translations.toml', line: null, column: null, severity: 'warning', message: 'Somewhere else.', help: null, rule: null, fix: null },
    ];
    render(<Harness ui="en" diagnostics={diagnostics} />);
    expect(messageOf(screen.getByLabelText(/^Date/))).toContain('This date is in the future.');
    expect(within(screen.getByRole('group', { name: 'Problems found in this language' })).getByText('Somewhere else.')).toBeTruthy();
    act(() => {});
    expect(document.querySelector('.cm-lint-marker-warning')).toBeTruthy();
  });
});
