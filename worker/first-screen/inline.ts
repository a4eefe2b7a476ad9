import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../schema/first-screen';

/** A page's first screen: its static HTML (already escaped) and the API answers it was drawn from. */
export type FirstScreen = { markup: string; data: FirstScreenData };

/**
 * JSON that stays inert inside `<script>`: `<` written as `\u003c`, so no text in the data (a title
 * holding `</script>` or `<!--`) can end the element or start markup; U+2028/2029 escaped as well.
 */
export const inertJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page with its first screen: the static markup inside `#root` (React's first render replaces
 * it) and the answers in a `<script type="application/json">`, which no browser runs, so the strict
 * CSP (no inline scripts) still holds. Nothing is added when there is nothing to show.
 */
export const withFirstScreen = (page: Response, screen: FirstScreen | null): Response => {
  if (!screen) return page;
  const rewritten = new HTMLRewriter()
    .on('div#root', {
      element: (root) => {
        root.setInnerContent(screen.markup, { html: true });
        root.after(
          `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${inertJson(screen.data)}</script>`,
          { html: true },
        );
      },
    })
    .transform(page);
  const headers = new Headers(rewritten.headers);
  // The body is this moment's data: never revalidated against the static file's validators.
  headers.delete('ETag');
  headers.delete('Content-Length');
  headers.set('Cache-Control', 'no-cache');
  return new Response(rewritten.body, { status: page.status, headers });
};
