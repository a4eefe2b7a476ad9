import type { Video } from '../../schema/content';

type PosterImageProps = {
  video: Pick<Video, 'thumbnail' | 'thumbnails' | 'width' | 'height'>;
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
 * the width it shows; a video without them shows its one poster (`thumbnail`).
 */
export function PosterImage({ video, sizes, priority = false, className }: PosterImageProps) {
  const srcSet = video.thumbnails.map((size) => `${size.url} ${size.width}w`).join(', ');
  // The frame's own proportions reserve the space before the picture arrives.
  const known = video.width > 0 && video.height > 0;
  return (
    <img
      className={className}
      src={video.thumbnail || undefined}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={known ? video.width : undefined}
      height={known ? video.height : undefined}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
