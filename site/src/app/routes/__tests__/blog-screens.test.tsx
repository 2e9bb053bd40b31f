import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/__tests__/test-utils';
import { BlogScreen } from '@/app/routes/blog-screens';
import type { Pagination, PostSummary, Screen } from '@/shared/page-data';

const POSTS: PostSummary[] = [
  { slug: 'golden-visa-guide', title: 'The golden visa', author: 'Nahj', date: '2025-09-08', dateDisplay: 'September 8, 2025', excerpt: 'Who qualifies.' },
];

const FIRST: Screen = { title: 'Blog', description: 'Guides.', crumbs: [{ label: 'Home', path: '/en/' }] };

function renderList(pagination: Pagination, path = '/en/blog/', top: Screen = FIRST) {
  const page = { kind: 'blog' as const, posts: POSTS, pagination };
  return renderWithApp(<BlogScreen screen={top} posts={POSTS} pagination={pagination} lang="en" />, { path, page });
}

describe('BlogScreen pager', () => {
  it('is absent when every post fits on one page', () => {
    renderList({ label: 'Page 1 of 1', prev: null, next: null });
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blog');
  });

  it('links the older page from the first, and says where it is', () => {
    renderList({ label: 'Page 1 of 3', prev: null, next: '/en/blog/page/2/' });
    const pager = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    expect(screen.getByRole('link', { name: 'Older posts' }).getAttribute('href')).toBe('/en/blog/page/2/');
    expect(screen.queryByRole('link', { name: 'Newer posts' })).toBeNull();
  });

  it('shows the title and breadcrumbs the page data gives a later page, and links both ways', () => {
    const later: Screen = {
      title: 'Blog – Page 2 of 3',
      description: 'Guides.',
      crumbs: [
        { label: 'Home', path: '/en/' },
        { label: 'Blog', path: '/en/blog/' },
      ],
    };
    renderList({ label: 'Page 2 of 3', prev: '/en/blog/', next: '/en/blog/page/3/' }, '/en/blog/page/2/', later);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blog – Page 2 of 3');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect([...trail.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/en/'],
      ['Blog', '/en/blog/'],
    ]);
    expect(trail.querySelector('[aria-current="page"]')?.textContent).toBe('Blog – Page 2 of 3');
    expect(screen.getByRole('link', { name: 'Newer posts' }).getAttribute('rel')).toBe('prev');
    expect(screen.getByRole('link', { name: 'Older posts' }).getAttribute('href')).toBe('/en/blog/page/3/');
  });
});
