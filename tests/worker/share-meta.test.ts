import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { insertUser, insertVideo } from '../factories/content';
import { prepareSession, streamer } from '../factories/live';

const BASE = 'http://reel.test';

/** What a crawler reads from a shared page: its title, meta tags by property/name, script count. */
type PageMeta = { title: string; meta: Map<string, string>; scripts: number };

/** Undoes the entity escaping of an attribute or text, so values compare with what was stored. */
const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Reads the page's head the way a link-preview crawler does (an HTML parser, not a regex). */
const readMeta = async (html: string): Promise<PageMeta> => {
  const page: PageMeta = { title: '', meta: new Map(), scripts: 0 };
  await new HTMLRewriter()
    .on('title', {
      text: (chunk) => {
        page.title += chunk.text;
      },
    })
    .on('meta', {
      element: (meta) => {
        const key = meta.getAttribute('property') ?? meta.getAttribute('name');
        const content = meta.getAttribute('content');
        if (key && content !== null) page.meta.set(key, decode(content));
      },
    })
    // The app's scripts; an inert JSON block (the first screen's data, worker/first-screen/) runs nothing.
    .on('script:not([type="application/json"])', { element: () => void page.scripts++ })
    .transform(new Response(html))
    .text();
  return { ...page, title: decode(page.title) };
};

const share = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Accept: 'text/html' } });
  const html = await response.text();
  return { response, html, page: await readMeta(html) };
};

const fullNameOf = async (userId: string) =>
  (
    await env.DB.prepare('SELECT full_name FROM users WHERE id = ?1')
      .bind(userId)
      .first<{ full_name: string }>()
  )?.full_name;

describe('shared links preview (Open Graph and Twitter meta)', () => {
  it('names a public video with its title, absolute poster and creator', async () => {
    const creator = await insertUser(env.DB);
    const video = await insertVideo(env.DB, creator.id, { type: 'video', title: 'Sunset over the bay' });
    const { response, page } = await share(`/v/${video.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.meta.get('og:title')).toBe('Sunset over the bay');
    expect(page.meta.get('twitter:title')).toBe('Sunset over the bay');
    expect(page.title).toContain('Sunset over the bay');
    expect(page.meta.get('og:image')).toMatch(/^http:\/\/reel\.test\/media\/thumbs\/\d+\.jpg$/);
    expect(page.meta.get('twitter:image')).toBe(page.meta.get('og:image'));
    expect(page.meta.get('twitter:card')).toBe('summary_large_image');
    expect(page.meta.get('og:type')).toBe('video.other');
    expect(page.meta.get('og:site_name')).toBe('Reel');
    expect(page.meta.get('og:url')).toBe(`http://reel.test/v/${video.id}`);
    expect(page.meta.get('og:description')).toBe(`by ${await fullNameOf(creator.id)}`);
  });

  it('keeps the app: its scripts, the page CSP (not the API lock-down) and no long cache', async () => {
    const creator = await insertUser(env.DB);
    const video = await insertVideo(env.DB, creator.id, { type: 'short', title: 'A short one' });
    const plain = await readMeta(await (await env.ASSETS.fetch(`${BASE}/`)).text());
    const { response, page } = await share(`/s/${video.id}`);
    expect(page.meta.get('og:title')).toBe('A short one');
    expect(page.scripts).toBe(plain.scripts);
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(response.headers.get('Content-Security-Policy')).not.toContain('sandbox');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('ETag')).toBeNull();
  });

  it('escapes a title with markup and quotes instead of injecting it', async () => {
    const creator = await insertUser(env.DB);
    const title = `<script>alert("x")</script> "quoted" & 'single'`;
    const video = await insertVideo(env.DB, creator.id, { type: 'video', title });
    const { html, page } = await share(`/v/${video.id}`);
    const plain = await readMeta(await (await env.ASSETS.fetch(`${BASE}/`)).text());
    expect(page.meta.get('og:title')).toBe(title);
    expect(page.meta.get('twitter:title')).toBe(title);
    expect(page.title).toContain(title);
    expect(page.scripts).toBe(plain.scripts);
    // Markup stays text: no new element, quotes cannot close the attribute, <title> holds entities.
    expect(html).toContain('&quot;quoted&quot;');
    expect(html).toContain('<title>&lt;script&gt;alert(');
  });

  it('shows generic meta for a private video, and never its title', async () => {
    const creator = await insertUser(env.DB);
    const video = await insertVideo(env.DB, creator.id, {
      type: 'video',
      title: 'Secret draft',
      isPublic: false,
    });
    const { response, html, page } = await share(`/v/${video.id}`);
    expect(response.status).toBe(200);
    expect(html).not.toContain('Secret draft');
    expect(page.meta.get('og:site_name')).toBe('Reel');
    expect(page.meta.get('og:image')).toBeUndefined();
    expect(page.meta.get('twitter:card')).toBe('summary');
  });

  it('shows generic meta for an unknown id and for a video opened as a short', async () => {
    const creator = await insertUser(env.DB);
    const video = await insertVideo(env.DB, creator.id, { type: 'video', title: 'Only a long one' });
    for (const path of [`/v/${crypto.randomUUID()}`, `/s/${video.id}`, '/u/nobody_here_at_all']) {
      const { response, html, page } = await share(path);
      expect(response.status, path).toBe(200);
      expect(html, path).not.toContain('Only a long one');
      expect(page.meta.get('og:site_name'), path).toBe('Reel');
      expect(page.meta.get('og:title'), path).toBe('Reel');
    }
  });

  it('gives a deeper path the plain page and leaves every other path to its routes', async () => {
    const deeper = await share('/v/some/deeper/path');
    expect(deeper.response.status).toBe(200);
    expect(deeper.page.meta.get('og:title')).toBe('Reel');
    for (const path of ['/api/nope', '/api/videos/upload', '/relayer/s/x']) {
      const response = await SELF.fetch(`${BASE}${path}`);
      expect(response.headers.get('Content-Type'), path).toMatch(/^application\/json/);
    }
  });

  it('names a profile by display name and @username with its avatar', async () => {
    const user = await insertUser(env.DB);
    const { page } = await share(`/u/${user.username}`);
    const fullName = await fullNameOf(user.id);
    expect(page.meta.get('og:title')).toBe(`${fullName} (@${user.username})`);
    expect(page.meta.get('og:type')).toBe('profile');
    expect(page.meta.get('og:image')).toMatch(/^http:\/\/reel\.test\/media\/avatars\/\d+\.svg$/);
    expect(page.meta.get('og:description')).toBe('A creator who makes things.');
  });

  it('names a live stream by its session title and streamer', async () => {
    const live = await streamer();
    await prepareSession(live, live.key.id, { title: 'Ranked grind to Radiant' });
    const { page } = await share(`/live/${live.user.username}`);
    expect(page.meta.get('og:title')).toBe('Ranked grind to Radiant');
    expect(page.meta.get('og:description')).toBe(`by ${live.user.fullName}`);
    expect(page.meta.get('og:type')).toBe('video.other');
    expect(page.meta.get('og:url')).toBe(`http://reel.test/live/${live.user.username}`);
  });
});
