import { describe, expect, it } from 'vitest';
import { TimelineBar } from '@/features/service-tools/timeline-bar';
import { renderWithApp } from '@/__tests__/test-utils';

/** The sentence screen readers get instead of the drawing. */
function label(lang: 'ar' | 'en', min: number, max: number): string {
  const { container, unmount } = renderWithApp(<TimelineBar min={min} max={max} />, { path: `/${lang}/services/tax/` });
  const text = container.querySelector('[data-timeline-bar] .sr-only')?.textContent ?? '';
  unmount();
  return text;
}

describe("the timeline bar's sentence", () => {
  it('counts working days in Arabic with the form each number takes (one, two, 3-10, 11-99, 100)', () => {
    expect(label('ar', 1, 1)).toBe('تستغرق عادةً يوم عمل واحداً');
    expect(label('ar', 2, 2)).toBe('تستغرق عادةً يومَي عمل');
    expect(label('ar', 3, 3)).toBe('تستغرق عادةً 3 أيام عمل');
    expect(label('ar', 1, 2)).toBe('تستغرق عادةً يوم عمل أو يومين');
    expect(label('ar', 2, 7)).toBe('تستغرق عادةً من 2 إلى 7 أيام عمل');
    expect(label('ar', 2, 10)).toBe('تستغرق عادةً من 2 إلى 10 أيام عمل');
    expect(label('ar', 5, 15)).toBe('تستغرق عادةً من 5 إلى 15 يوم عمل');
    expect(label('ar', 30, 100)).toBe('تستغرق عادةً من 30 إلى 100 يوم عمل');
  });

  it('counts working days in English, singular for one', () => {
    expect(label('en', 1, 1)).toBe('Usually 1 working day');
    expect(label('en', 3, 3)).toBe('Usually 3 working days');
    expect(label('en', 2, 7)).toBe('Usually 2 to 7 working days');
  });
});
