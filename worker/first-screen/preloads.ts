import * as z from 'zod/mini';

/** Where the build writes each page chunk's preload list (vite.config.ts, `writeRoutePreloads`). */
export const ROUTE_PRELOADS_PATH = '/route-preloads.json';

/**
 * A page chunk's name (its file name without the hash) -> that chunk's file and every file it
 * imports, beyond the shell the page's HTML loads anyway. Only our build's own asset paths pass, so
 * each can go into an attribute as it is.
 */
const RoutePreloadsSchema = z.record(
  z.string(),
  z.array(z.string().check(z.regex(/^\/assets\/[\w.-]+\.js$/, 'not a built chunk'))),
);
type RoutePreloads = z.infer<typeof RoutePreloadsSchema>;

let read: Promise<RoutePreloads> | undefined;

/**
 * The build's preload lists, read from the assets once per isolate (a deploy starts new isolates).
 * A failed read is not kept: this request goes without preloads and the next one reads again.
 */
export const routePreloads = (assets: Fetcher, origin: string): Promise<RoutePreloads> => {
  read ??= assets.fetch(new URL(ROUTE_PRELOADS_PATH, origin)).then(async (response) => {
    if (!response.ok) throw new Error(`${ROUTE_PRELOADS_PATH} answered ${response.status}`);
    return RoutePreloadsSchema.parse(await response.json());
  });
  return read.catch(() => {
    read = undefined;
    return {};
  });
};

/** The files of `chunks` (page chunk names), each once, in order. */
export const preloadFiles = (preloads: RoutePreloads, chunks: readonly string[]): string[] => [
  ...new Set(chunks.flatMap((chunk) => preloads[chunk] ?? [])),
];

/**
 * The page with a `<link rel="modulepreload">` for each file at the end of its <head>. The browser's
 * preload scanner fetches them as the page loads (the entry chunk itself waits for the first
 * screen's picture, web/boot.ts), instead of the app asking for them once its entry has run and its
 * router has picked the route; and Vite's preload helper, which finds them in the document, no
 * longer appends a link for each one in the task that loads the route (issue 20: total blocking
 * time). At low priority: on a slow phone network they would otherwise share the
 * line with the first screen's main picture (Lighthouse's LCP went from 1.8 to 3.0-3.4 s at the
 * default priority, and to 1.0-1.5 s at low).
 */
export const withModulePreloads = (page: Response, files: readonly string[]): Response => {
  if (files.length === 0) return page;
  const links = files
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`)
    .join('');
  return new HTMLRewriter()
    .on('head', {
      element: (head) => {
        head.append(links, { html: true });
      },
    })
    .transform(page);
};
