// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isOpenAt, minutesInDubai, parseClockTime } from '@/shared/hours/opening-hours';

const HOURS = { opens: '09:00', closes: '20:00' };
/** An instant given as Dubai wall time (UTC+4, no daylight saving). */
const dubai = (time: string, day = '2026-11-25') => new Date(`${day}T${time}:00+04:00`);

describe('opening hours, in Dubai time', () => {
  it.each([
    ['08:59', false],
    ['09:00', true],
    ['19:59', true],
    ['20:00', false],
    ['00:00', false],
    ['23:59', false],
  ])('at %s Dubai time the office is open: %s', (time, open) => {
    expect(isOpenAt(HOURS, dubai(time))).toBe(open);
  });

  it('reads the instant in Dubai whatever the machine’s time zone', () => {
    // 05:00 UTC is 09:00 in Dubai, 00:00 in New York: the same instant, whatever TZ runs the test.
    expect(minutesInDubai(new Date('2026-11-25T05:00:00Z'))).toBe(9 * 60);
    expect(minutesInDubai(new Date('2026-11-25T15:59:00Z'))).toBe(19 * 60 + 59);
    // Midnight in Dubai is 20:00 UTC the day before.
    expect(minutesInDubai(new Date('2026-11-24T20:00:00Z'))).toBe(0);
  });

  it('agrees with the time-zone database for Asia/Dubai through two years (no daylight saving)', () => {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2028, 0, 1);
    let checked = 0;
    // Every 97 minutes: every minute of the day comes round, in every month.
    for (let t = start; t < end; t += 97 * 60_000) {
      const parts = clock.formatToParts(new Date(t));
      const hour = Number(parts.find((p) => p.type === 'hour')?.value) % 24;
      const minute = Number(parts.find((p) => p.type === 'minute')?.value);
      expect(minutesInDubai(new Date(t)), new Date(t).toISOString()).toBe(hour * 60 + minute);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('handles hours past midnight and hours it cannot read', () => {
    const night = { opens: '22:00', closes: '02:00' };
    expect(isOpenAt(night, dubai('23:30'))).toBe(true);
    expect(isOpenAt(night, dubai('01:59'))).toBe(true);
    expect(isOpenAt(night, dubai('02:00'))).toBe(false);
    expect(isOpenAt(night, dubai('12:00'))).toBe(false);
    // Unreadable hours never tell a visitor "closed".
    expect(isOpenAt({ opens: 'nine', closes: '20:00' }, dubai('03:00'))).toBe(true);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime(' 9:30 ')).toBe(570);
  });
});
