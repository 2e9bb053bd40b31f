import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link as RouterLink, MemoryRouter, StaticRouter, useLocation, useNavigationType } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { isAppPath, Link, LinkNavigation } from '@/shared/routing/link';

/** Shows where the router is and how it got there. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${useNavigationType()} ${location.pathname}${location.hash}`}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LinkNavigation>
        {ui}
        <Where />
      </LinkNavigation>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

/** Past the frame after a click: the app navigates once the tap has painted (`afterPaint`). */
const painted = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

describe('Link', () => {
  it('writes the same anchor as React Router, without its data-discover attribute', async () => {
    const props = { className: 'rounded', 'aria-label': 'الخدمات', rel: 'next' } as const;
    const ours = renderToStaticMarkup(
      <StaticRouter location="/ar/">
        <LinkNavigation>
          <Link to="/ar/services/#visas" {...props}>
            الخدمات
          </Link>
        </LinkNavigation>
      </StaticRouter>,
    );
    const theirs = renderToStaticMarkup(
      <StaticRouter location="/ar/">
        <RouterLink to="/ar/services/#visas" {...props}>
          الخدمات
        </RouterLink>
      </StaticRouter>,
    );
    expect(ours).toBe('<a class="rounded" aria-label="الخدمات" rel="next" href="/ar/services/#visas">الخدمات</a>');
    expect(theirs).toBe(ours.replace('>الخدمات</a>', ' data-discover="true">الخدمات</a>'));
  });

  it('navigates in the app on a plain left click, adding a history entry', async () => {
    renderAt('/en/', <Link to="/en/faq/">FAQ</Link>);
    const click = fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    await painted();
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(where()).toBe('PUSH /en/faq/');
  });

  it('replaces the history entry when the link is to the page already shown', async () => {
    renderAt('/ar/blog/', <Link to="/ar/blog/">المدونة</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'المدونة' }));
    await painted();
    expect(where()).toBe('REPLACE /ar/blog/');
  });

  it('knows the page shown whichever way its path is encoded', async () => {
    renderAt('/ar/blog/%D8%AA%D8%A3%D8%B4%D9%8A%D8%B1%D8%A9/', <Link to="/ar/blog/تأشيرة/">تأشيرة</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'تأشيرة' }));
    await painted();
    expect(where()).toMatch(/^REPLACE /);
    fireEvent.click(screen.getByRole('link', { name: 'تأشيرة' }));
    await painted();
    expect(where()).toMatch(/^REPLACE /);
  });

  it.each([
    ['a Ctrl click', { ctrlKey: true }],
    ['a Cmd click', { metaKey: true }],
    ['a Shift click', { shiftKey: true }],
    ['an Alt click', { altKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser (a new tab or window)', async (_, init) => {
    renderAt('/en/', <Link to="/en/faq/">FAQ</Link>);
    const click = fireEvent.click(screen.getByRole('link', { name: 'FAQ' }), init);
    await painted();
    expect(click).toBe(true);
    expect(where()).toBe('POP /en/');
  });

  it('navigates in the app when the target is this frame', async () => {
    renderAt(
      '/en/',
      <Link to="/en/faq/" target="_self">
        FAQ
      </Link>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'FAQ' }))).toBe(false);
    await painted();
    expect(where()).toBe('PUSH /en/faq/');
  });

  it('leaves a link with another target, or to another site, to the browser', async () => {
    renderAt(
      '/en/',
      <>
        <Link to="/en/faq/" target="_blank">
          new tab
        </Link>
        <Link to="//example.com/en/faq/">other host</Link>
        <Link to="/\\example.com/en/faq/">other host too</Link>
      </>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'new tab' }))).toBe(true);
    await painted();
    expect(fireEvent.click(screen.getByRole('link', { name: 'other host' }))).toBe(true);
    await painted();
    expect(fireEvent.click(screen.getByRole('link', { name: 'other host too' }))).toBe(true);
    await painted();
    expect(where()).toBe('POP /en/');
  });

  it("runs the caller's onClick first, which can cancel the navigation", async () => {
    const seen = vi.fn();
    renderAt(
      '/en/',
      <>
        <Link to="/en/faq/" onClick={seen}>
          FAQ
        </Link>
        <Link to="/en/blog/" onClick={(e) => e.preventDefault()}>
          Blog
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Blog' }));
    await painted();
    expect(where()).toBe('POP /en/');
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    await painted();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(where()).toBe('PUSH /en/faq/');
  });

  it('keeps Arabic and encoded paths and the fragment as written', async () => {
    renderAt('/ar/', <Link to="/ar/services/#تأشيرات">تأشيرات</Link>);
    const link = screen.getByRole('link', { name: 'تأشيرات' });
    expect(link.getAttribute('href')).toBe('/ar/services/#تأشيرات');
    fireEvent.click(link);
    await painted();
    expect(where()).toBe('PUSH /ar/services/#تأشيرات');
  });
});

describe('isAppPath', () => {
  it.each([
    ['/ar/', true],
    ['/en/blog/post/?q=1#top', true],
    ['//evil.example/ar/', false],
    ['/\\evil.example/ar/', false],
    ['https://example.com/', false],
    ['mailto:info@example.com', false],
    ['ar/', false],
    ['', false],
  ])('%s → %s', (to, expected) => {
    expect(isAppPath(to)).toBe(expected);
  });
});
