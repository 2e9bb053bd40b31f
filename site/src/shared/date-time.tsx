// Dates and times as visitors see them. Dates arrive formatted by the build (`dateDisplay`, from
// the language table's `date_format`); the opening hours' times are formatted here.
import { localDigits } from './languages';
import type { Lang } from './page-data';

/** A language's strings, for a 12-hour clock reading: `time.am` and `time.pm` (a `Translator`). */
export interface ClockWords {
  lang: Lang;
  t: (key: 'time.am' | 'time.pm', values: { time: string; isolate: false }) => string;
}

/**
 * A 24-hour `HH:MM` time as people read it, in the language of `words` (its `time.am`/`time.pm`,
 * `{{time}} AM`, and its digits): `09:00` → "9 AM" / "9 صباحاً", `20:30` → "8:30 PM" / "8:30
 * مساءً". Written by hand rather than with Intl's time format, so the server and the browser agree.
 */
export function formatTime(words: ClockWords, time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2]!;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const clock = minutes === '00' ? String(hour12) : `${hour12}:${minutes}`;
  const morning = hours < 12;
  // The digits are not isolated (`i18n/isolate.ts`): the time is written into other strings (the
  // footer's hours, which isolate it there; the handoff's WhatsApp text, which must not carry them).
  return words.t(morning ? 'time.am' : 'time.pm', { time: localDigits(words.lang, clock), isolate: false });
}

/** A date shown to visitors: `display` as the build wrote it, `date` (ISO 8601) for machines. */
export function DateText({ date, display }: { date: string; display: string }) {
  return <time dateTime={date}>{display}</time>;
}
