// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatTime } from '@/shared/date-time';
import { translatorFor } from '@/i18n';
import { withThreeLanguages } from '@/__tests__/languages';

describe('formatTime', () => {
  it.each([
    ['en', '09:00', '9 AM'],
    ['en', '20:00', '8 PM'],
    ['en', '12:00', '12 PM'],
    ['en', '00:15', '12:15 AM'],
    ['en', '20:30', '8:30 PM'],
    ['ar', '09:00', '9 صباحاً'],
    ['ar', '20:00', '8 مساءً'],
    ['en', 'noon', 'noon'],
  ] as const)('%s %s is %s', (lang, time, expected) => {
    expect(formatTime(translatorFor(lang)!, time)).toBe(expected);
  });
});

describe('formatTime in a third language', () => {
  withThreeLanguages();

  it('writes the clock words of its strings, in its digits (Farsi: arabext)', () => {
    expect(formatTime(translatorFor('fa')!, '09:00')).toBe('۹ صبح');
    expect(formatTime(translatorFor('fa')!, '20:30')).toBe('۸:۳۰ بعدازظهر');
  });
});
