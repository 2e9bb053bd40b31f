import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { render } from '@testing-library/react';
import { Phone } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { lean } from '@/shared/ui/lean-icon';

const LeanPhone = lean(Phone);
const REPEATED = ['xmlns', 'fill', 'stroke', 'stroke-linecap', 'stroke-linejoin'];

describe('lean', () => {
  it('leaves out the attributes the stylesheet gives every icon, and keeps the rest', () => {
    const html = renderToStaticMarkup(<LeanPhone className="size-5" aria-hidden="true" />);
    for (const name of REPEATED) expect(html).not.toContain(` ${name}=`);
    expect(html).toContain('class="lucide lucide-phone size-5"');
    expect(html).toContain('viewBox="0 0 24 24"');
    expect(html).toContain('<path d="M13.832 16.568');
    // Lucide's own icon, for comparison, writes all five.
    const plain = renderToStaticMarkup(<Phone />);
    for (const name of REPEATED) expect(plain).toContain(` ${name}=`);
  });

  it('writes a colour as an inline stroke, which the stylesheet cannot override', () => {
    const html = renderToStaticMarkup(<LeanPhone color="#b91c1c" style={{ opacity: 0.5 }} />);
    expect(html).toContain('style="stroke:#b91c1c;opacity:0.5"');
    expect(html).not.toContain(' stroke=');
  });

  it('forwards its ref to the svg element and keeps a name for React DevTools', () => {
    const ref = createRef<SVGSVGElement>();
    render(<LeanPhone ref={ref} />);
    expect(ref.current?.tagName.toLowerCase()).toBe('svg');
    expect(LeanPhone.displayName).toBe(Phone.displayName);
  });
});
