import type { Photo as PhotoData } from '@/shared/page-data';

/**
 * A post's or service's photo: its smaller copies for the browser to choose from (`sizes`: how
 * wide it shows), its size (so nothing moves when it arrives) and its placeholder colour.
 * `priority`: the page's main image, fetched first and never lazily; any other loads only as
 * it nears the screen. The server and the client render the same markup.
 */
export function Photo({ photo, sizes, priority = false, className = '' }: { photo: PhotoData; sizes: string; priority?: boolean; className?: string }) {
  const classes = [photo.placeholder, className].filter(Boolean).join(' ');
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={photo.src}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        decoding="async"
        loading={priority ? undefined : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        className={classes || undefined}
      />
    </picture>
  );
}

/** How wide a photo shows in the post and service column (`max-w-3xl`): as the body's images. */
export const COLUMN_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/** How wide a card's photo shows in a grid of two columns (`max-w-6xl`) from 48rem. */
export const CARD_SIZES = '(min-width: 72rem) 34rem, (min-width: 48rem) calc(50vw - 2.75rem), calc(100vw - 2rem)';

/** How wide a service's photo shows on its page: the column beside the 20rem aside from 64rem. */
export const SERVICE_SIZES = '(min-width: 72rem) 48rem, (min-width: 64rem) calc(100vw - 24.5rem), calc(100vw - 2rem)';

/** How wide a service card's photo shows: two cards a row from 40rem, beside the section's text from 64rem. */
export const SERVICE_CARD_SIZES = '(min-width: 64rem) 17rem, (min-width: 40rem) calc(50vw - 2.5rem), calc(100vw - 2rem)';
