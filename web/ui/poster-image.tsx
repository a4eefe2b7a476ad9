import type { Video } from '../../schema/content';

type PosterImageProps = {
  video: Pick<Video, 'thumbnail' | 'thumbnails'>;
  /** How wide the card shows the picture (the `sizes` attribute), so the browser picks a width. */
  sizes: string;
  /**
   * The one card on a page likely to be its largest paint: fetched first and never lazily; every
   * other poster waits until it nears the screen.
   */
  priority?: boolean;
  className?: string;
};

/**
 * A card's poster: the frame's card widths (schema/posters.ts) in `srcset`, so a phone downloads
 * the width it shows; a video without them shows its one poster (`thumbnail`). The card's box sets
 * the picture's size (aspect-ratio), so it needs no width and height of its own.
 */
export function PosterImage({ video, sizes, priority, className }: PosterImageProps) {
  return (
    <img
      className={className}
      src={video.thumbnail}
      srcSet={video.thumbnails.map((size) => `${size.url} ${size.width}w`).join()}
      sizes={sizes}
      alt=""
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
