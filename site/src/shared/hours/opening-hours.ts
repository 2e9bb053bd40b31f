// Whether the company is open now, in Dubai, whatever the visitor's own time zone: the
// browser's clock read as Asia/Dubai wall time (Intl), compared with `[hours]` from site.toml
// (`HH:MM`, every day of the week, as the site's `days` say). Only ever called in the browser
// after hydration: the server never renders a time.

/** The company's time zone. */
export const COMPANY_TIME_ZONE = 'Asia/Dubai';

let dubaiClock: Intl.DateTimeFormat | undefined;

/** Minutes since midnight in Dubai at `now` (0–1439). */
export function minutesInDubai(now: Date): number {
  dubaiClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: COMPANY_TIME_ZONE, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  let hours = 0;
  let minutes = 0;
  for (const part of dubaiClock.formatToParts(now)) {
    if (part.type === 'hour') hours = Number(part.value) % 24;
    if (part.type === 'minute') minutes = Number(part.value);
  }
  return hours * 60 + minutes;
}

/** `09:30` → 570; anything else → null. */
export function parseClockTime(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * Open from `opens` (included) to `closes` (excluded): 09:00–20:00 is open at 09:00 and 19:59,
 * closed at 08:59 and 20:00. A closing time before the opening time runs past midnight. Hours
 * that cannot be read count as open, so no visitor is told a wrong "closed".
 */
export function isOpenAt(hours: { opens: string; closes: string }, now: Date): boolean {
  const opens = parseClockTime(hours.opens);
  const closes = parseClockTime(hours.closes);
  if (opens === null || closes === null || opens === closes) return true;
  const minute = minutesInDubai(now);
  return opens < closes ? minute >= opens && minute < closes : minute >= opens || minute < closes;
}
