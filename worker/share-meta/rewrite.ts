/** What a shared link's preview shows; built by describe.ts, written into the page by `withShareMeta`. */
export type ShareMeta = {
  /** og:title and twitter:title. */
  title: string;
  /** The tab's <title>; null keeps the page's own. */
  pageTitle: string | null;
  /** og:description, twitter:description and the page's description; null keeps the page's own. */
  description: string | null;
  type: 'video.other' | 'profile' | 'website';
  /** Absolute URL of the poster or avatar; null when there is none. */
  image: string | null;
  /** The canonical address of the page (og:url). */
  url: string;
};

export const SITE_NAME = 'Reel';

/** The meta of a page with nothing to name: unknown, private, or not what its path says. */
export const genericMeta = (url: string): ShareMeta => ({
  title: SITE_NAME,
  pageTitle: null,
  description: null,
  type: 'website',
  image: null,
  url,
});

/** The tags a preview needs, in order; `og:`/`profile:` go in `property`, the rest in `name`. */
const metaTags = (meta: ShareMeta): Array<[key: string, content: string]> => {
  const tags: Array<[string, string | null]> = [
    ['og:site_name', SITE_NAME],
    ['og:type', meta.type],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ['og:image', meta.image],
    // A large card only pays off with a picture to show.
    ['twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
    ['twitter:image', meta.image],
  ];
  return tags.filter((tag): tag is [string, string] => tag[1] !== null);
};

const PLACEHOLDER = 'data-share-meta';

/**
 * The page with the preview's title and meta tags. Values reach the HTML only through
 * HTMLRewriter's `setAttribute`/`setInnerContent`, which escape them: a title with markup or
 * quotes stays text. The first pass appends empty, fixed `<meta>` placeholders to <head> (no
 * value in that string); the second fills each one's attributes.
 */
export const withShareMeta = (page: Response, meta: ShareMeta): Response => {
  const tags = metaTags(meta);
  const placeholders = new HTMLRewriter().on('head', {
    element: (head) => {
      head.append(`<meta ${PLACEHOLDER}>`.repeat(tags.length), { html: true });
    },
  });
  let next = 0;
  const values = new HTMLRewriter()
    .on('title', {
      element: (title) => {
        if (meta.pageTitle !== null) title.setInnerContent(meta.pageTitle);
      },
    })
    .on('meta[name="description"]', {
      element: (description) => {
        if (meta.description !== null) description.setAttribute('content', meta.description);
      },
    })
    .on(`meta[${PLACEHOLDER}]`, {
      element: (element) => {
        const tag = tags[next++];
        if (!tag) {
          element.remove();
          return;
        }
        const [key, content] = tag;
        element.removeAttribute(PLACEHOLDER);
        element.setAttribute(key.startsWith('twitter:') ? 'name' : 'property', key);
        element.setAttribute('content', content);
      },
    });
  const rewritten = values.transform(placeholders.transform(page));
  const headers = new Headers(rewritten.headers);
  // The body now differs per item and per edit: never answer it from a validator of the file.
  headers.delete('ETag');
  headers.delete('Content-Length');
  headers.set('Cache-Control', 'no-cache');
  return new Response(rewritten.body, { status: page.status, headers });
};
