// Whether the company is open now, in Dubai, whatever the visitor's own time zone: the
// browser's clock read as Dubai wall time, compared with `[hours]` from site.toml (`HH:MM`, every
// day of the week, as the site's `days` say). Only ever called in the browser after hydration:
// the server never renders a time.

/** The company's time zone. */
export const COMPANY_TIME_ZONE = 'Asia/Dubai';

/**
 * Gulf Standard Time, Asia/Dubai's offset from UTC all year: the UAE keeps no daylight saving
 * time. Reading the clock through `Intl.DateTimeFormat` with `timeZone` gave the same minutes but
 * loaded the browser's time-zone data on every page, a 85 ms task on a throttled phone
 * (Lighthouse), for one addition.
 */
export const DUBAI_UTC_OFFSET_MINUTES = 4 * 60;

/** Minutes since midnight in Dubai at `now` (0–1439). */
export function minutesInDubai(now: Date): number {
  const utc = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (utc + DUBAI_UTC_OFFSET_MINUTES) % (24 * 60);
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
