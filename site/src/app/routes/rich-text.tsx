import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSitePath } from '@/shared/languages';

/**
 * HTML rendered from Markdown and sanitised by the Rust build. Clicks on links inside it to
 * pages of this site navigate client-side.
 */
export function RichText({ id, html, className = '' }: { id?: string; html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !isSitePath(href)) return;
    event.preventDefault();
    navigate(href);
  };
  return <div id={id} className={`rich-text ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
