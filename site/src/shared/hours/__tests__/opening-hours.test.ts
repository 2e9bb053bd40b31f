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
