import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID, firstScreenPaths } from '../../schema/first-screen';
import { insertUser, insertVideo } from '../factories/content';
import { prepareSession, streamer } from '../factories/live';

const BASE = 'http://reel.test';

/** What a browser gets before any script runs: the text in #root and the inlined answers. */
type FirstScreenPage = {
  rootText: string;
  images: string[];
  data: Record<string, unknown> | null;
  scripts: number;
};

/** Reads a page the way a browser would before running scripts (an HTML parser, not a regex). */
const openPage = async (path: string): Promise<FirstScreenPage & { response: Response }> => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Accept: 'text/html' } });
  const page: FirstScreenPage = { rootText: '', images: [], data: null, scripts: 0 };
  let json = '';
  let inRoot = false;
  await new HTMLRewriter()
    .on('div#root', {
      element: (root) => {
        inRoot = true;
        root.onEndTag(() => {
          inRoot = false;
        });
      },
      text: (chunk) => {
        if (inRoot) page.rootText += chunk.text;
      },
    })
    .on('div#root img', {
      element: (img) => {
        page.images.push(
          `${img.getAttribute('src')}${img.getAttribute('fetchpriority') === 'high' ? ' high' : ''}`,
        );
      },
    })
    .on('script', { element: () => void page.scripts++ })
    .on(`script#${FIRST_SCREEN_ELEMENT_ID}`, {
      text: (chunk) => {
        json += chunk.text;
      },
    })
    .transform(response.clone())
    .text();
  return { ...page, data: json ? (JSON.parse(json) as Record<string, unknown>) : null, response };
};

/** The `data` the API itself answers for `path`, as the app would read it. */
const apiData = async (path: string) =>
  ((await (await SELF.fetch(`${BASE}${path}`)).json()) as { data: unknown }).data;

describe('first screen (issue 20): the page paints before the app runs', () => {
  it('answers home with its cards drawn and the feeds inlined exactly as the API answers them', async () => {
    const creator = await insertUser(env.DB);
    await insertVideo(env.DB, creator.id, { type: 'video', title: 'First screen long video' });
    await insertVideo(env.DB, creator.id, { type: 'short', title: 'First screen short' });
    const page = await openPage('/');

    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('Cache-Control')).toBe('no-cache');
    expect(page.rootText).toContain('Latest Videos');
    expect(page.rootText).toContain('First screen long video');
    expect(page.rootText).toContain('First screen short');
    // Exactly one picture is fetched first: the topmost.
    expect(page.images.filter((image) => image.endsWith(' high'))).toHaveLength(1);
    for (const path of [
      firstScreenPaths.latestVideos(),
      firstScreenPaths.latestShorts(),
      firstScreenPaths.activeSessions(),
      firstScreenPaths.topCreators(),
    ]) {
      expect(page.data?.[path], path).toEqual(await apiData(path));
    }
  });

  it('keeps a title with markup as text in the cards and inert inside the inlined answers', async () => {
    const creator = await insertUser(env.DB);
    const title = `</script><script>alert("x")</script><!-- & 'q'`;
    const video = await insertVideo(env.DB, creator.id, { type: 'video', title });
    const page = await openPage(`/v/${video.id}`);

    expect(page.rootText).toContain('&lt;/script&gt;&lt;script&gt;alert');
    // One script more than the app's page: the inert JSON, which still holds the title verbatim.
    const shell = await (await env.ASSETS.fetch(`${BASE}/`)).text();
    const shellScripts = shell.match(/<script\b/g)?.length ?? 0;
    expect(page.scripts).toBe(shellScripts + 1);
    const inlined = page.data?.[firstScreenPaths.video(video.id)] as { title: string };
    expect(inlined.title).toBe(title);
  });

  it('draws a public video and a profile, and nothing of a private video or an unknown one', async () => {
    const creator = await insertUser(env.DB);
    const shown = await insertVideo(env.DB, creator.id, { type: 'video', title: 'Everyone may watch' });
    const hidden = await insertVideo(env.DB, creator.id, {
      type: 'video',
      title: 'Owner only',
      isPublic: false,
    });

    const watch = await openPage(`/v/${shown.id}`);
    expect(watch.rootText).toContain('Everyone may watch');
    expect(watch.images.some((image) => image.endsWith(' high'))).toBe(true);

    const secret = await openPage(`/v/${hidden.id}`);
    expect(secret.response.status).toBe(200);
    expect(secret.data).toBeNull();
    expect(await secret.response.text()).not.toContain('Owner only');

    expect((await openPage('/v/no-such-video')).data).toBeNull();

    const profile = await openPage(`/u/${creator.username}`);
    expect(profile.rootText).toContain(`@${creator.username}`);
    expect(profile.data?.[firstScreenPaths.profile(creator.username)]).toEqual(
      await apiData(firstScreenPaths.profile(creator.username)),
    );
  });

  it('draws /reels with its first short, inlining the feed page the app reads first', async () => {
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short', title: 'Newest short on reels' });
    const page = await openPage('/reels');
    expect(page.rootText).toContain('Newest short on reels');
    expect(page.images.filter((image) => image.endsWith(' high'))).toHaveLength(1);
    const inlined = page.data?.[firstScreenPaths.latestShorts()] as { items: { id: string }[] };
    expect(inlined.items[0]?.id).toBe(short.id);
  });

  it("draws a streamer's live page from their key and profile, the same answers the page reads", async () => {
    const live = await streamer();
    const page = await openPage(`/live/${live.user.username}`);
    expect(page.rootText).toContain(`@${live.user.username}`);
    for (const path of [
      firstScreenPaths.streamKeyByUsername(live.user.username),
      firstScreenPaths.profile(live.user.username),
    ]) {
      expect(page.data?.[path], path).toEqual(await apiData(path));
    }
    // The secret stream key is the owner's alone: a visitor's answer never carries it.
    expect(JSON.stringify(page.data)).not.toContain(live.key.key);
    // No current session: nothing inlined for it (its read answers 404, which the app reads itself).
    expect(page.data).not.toHaveProperty([firstScreenPaths.currentSession(live.key.id)]);
  });

  it("preloads each shared page's route code from its HTML at low priority, every link a chunk the assets serve", async () => {
    const creator = await insertUser(env.DB);
    const video = await insertVideo(env.DB, creator.id, { title: 'Preloaded page' });
    const preloadsOf = async (path: string) => {
      const links: { href: string; priority: string | null }[] = [];
      await new HTMLRewriter()
        .on('head link[rel="modulepreload"]', {
          element: (link) =>
            void links.push({
              href: link.getAttribute('href') ?? '',
              priority: link.getAttribute('fetchpriority'),
            }),
        })
        .transform(await SELF.fetch(`${BASE}${path}`, { headers: { Accept: 'text/html' } }))
        .text();
      return links;
    };
    const shell = (await preloadsOf('/')).map((link) => link.href);
    for (const [path, page] of [
      [`/v/${video.id}`, 'video-page'],
      [`/u/${creator.username}`, 'profile-page'],
      ['/reels', 'reels-with-pet-panel'],
      [`/live/${creator.username}`, 'live-page'],
    ] as const) {
      const links = (await preloadsOf(path)).filter((link) => !shell.includes(link.href));
      const added = links.map((link) => link.href);
      expect(
        added.some((href) => href.startsWith(`/assets/${page}-`)),
        path,
      ).toBe(true);
      expect(
        added.some((href) => href.startsWith('/assets/route-queries-')),
        path,
      ).toBe(true);
      // Low, or they share a phone's slow line with the main picture (Lighthouse's LCP 1.8 -> 3.0-3.4 s).
      expect(
        links.filter((link) => link.priority !== 'low'),
        path,
      ).toEqual([]);
      for (const href of added) {
        const asset = await env.ASSETS.fetch(`${BASE}${href}`);
        expect(asset.status, href).toBe(200);
        expect(asset.headers.get('content-type'), href).toContain('javascript');
        await asset.body?.cancel();
      }
    }
  });

  it("inlines a live page's current session, the page's next read, when the key has one", async () => {
    const live = await streamer();
    const session = await prepareSession(live, live.key.id, { title: 'Inlined session' });
    const page = await openPage(`/live/${live.user.username}`);
    const path = firstScreenPaths.currentSession(live.key.id);
    expect(page.data?.[path]).toEqual(await apiData(path));
    expect(page.data?.[path]).toMatchObject({
      stream_sessions: { id: session.id, title: 'Inlined session' },
    });
    expect(JSON.stringify(page.data)).not.toContain(live.key.key);
  });
});
