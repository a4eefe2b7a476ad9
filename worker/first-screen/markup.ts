import { html } from 'hono/html';
import { CARD_POSTER_SIZES, LIMITS } from '../../schema/constants';
import type { Video } from '../../schema/content';
import type { LiveSession } from '../../schema/live-session';
import type { UserProfile } from '../../schema/user';

/*
 * The static first screens. They reuse the app's class names (web/styles, loaded by the page's
 * render-blocking stylesheet), so they look like the app's first frame at every width, and carry
 * only what paints first: pictures and titles, no counts or controls. React's first render replaces
 * them whole. Every value goes in through hono/html's `html`, which escapes it.
 */

type Markup = ReturnType<typeof html>;

/** The top bar as the first frame shows it: the logo, the rest arrives with the app. */
const topBar = html`<header class="top-bar"><a href="/" class="logo" aria-label="Reel home"
><svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false"
><rect x="2" y="2" width="60" height="60" rx="14" fill="var(--accent)" /><path d="M25 18v28l21-14z" fill="#fff"
/></svg><span class="logo-text">Reel</span></a></header>`;

/** The shared layout around a page's first screen (accounts §2): top bar, then the page. */
const layout = (page: Markup) =>
  html`<div class="app" data-first-screen>${topBar}<div class="app-body"><main id="main" class="main">${page}</main></div></div>`;

/**
 * How a first-screen picture loads: the topmost one is likely the largest thing on the screen, so it
 * is fetched first; the first of each section is on screen or close; the rest wait until they near
 * the viewport.
 */
type Load = 'first' | 'soon' | 'lazy';

const loading = (load: Load) =>
  load === 'first' ? html`fetchpriority="high"` : load === 'lazy' ? html`loading="lazy"` : '';

const picture = (src: string, load: Load) =>
  html`<img src="${src}" alt="" ${loading(load)} decoding="async" />`;

/** A card's poster at the widths it has (schema/posters.ts), as the app's PosterImage draws it. */
const poster = (video: Video, sizes: string, load: Load, className = '') =>
  html`<img class="${className}" src="${video.thumbnail}" srcset="${video.thumbnails
    .map((size) => `${size.url} ${size.width}w`)
    .join()}" sizes="${sizes}" alt="" ${loading(load)} decoding="async" />`;

/** A round user picture at its shown size, as the app's Avatar draws it. */
const avatar = (src: string, size: number, load: Load) =>
  html`<img class="avatar" src="${src}" alt="" width="${size}" height="${size}" ${loading(load)} />`;

const section = (title: string, grid: string, cards: Markup[]) =>
  html`<section class="home-section"><h2 class="section-title">${title}</h2><div class="grid ${grid}">${cards}</div></section>`;

const liveCard = (live: LiveSession, load: Load) => {
  const { stream_sessions: session, stream_keys: streamKey, users: user } = live;
  // The encoder's still frame (issue 20) covers the avatar; until one exists, the avatar shows.
  const still = streamKey.posterUrl
    ? html`<img class="live-card-still" src="${streamKey.posterUrl}" alt="" width="640" height="360" ${loading(load)} decoding="async" />`
    : '';
  return html`<a class="card live-card" href="/live/${encodeURIComponent(user.username)}"
><div class="live-card-media">${avatar(user.avatar, 64, still ? 'soon' : load)}${still}<span class="live-badge">LIVE</span></div
><div class="card-body"><h3 class="card-title">${session.title || 'No title'}</h3><p class="card-meta">@${user.username}</p
><p class="card-meta">${user.category}${user.subCategory ? ` · ${user.subCategory}` : ''}</p></div></a>`;
};

const shortCard = (short: Video, load: Load) =>
  html`<a class="card short-card" href="/s/${encodeURIComponent(short.id)}"
>${poster(short, CARD_POSTER_SIZES.short, load, 'short-card-poster')}<div class="short-card-overlay"><p class="short-card-title">${short.title}</p
><span class="short-card-creator">${avatar(short.creatorAvatar, 24, 'lazy')}<span>@${short.creator}</span></span></div></a>`;

const videoCard = (video: Video, load: Load) =>
  html`<a class="card video-card" href="/v/${encodeURIComponent(video.id)}"
><div class="video-card-media">${poster(video, CARD_POSTER_SIZES.video, load)}</div
><div class="card-body"><h3 class="card-title">${video.title}</h3></div></a>`;

/** Home (content §2.1): the live cards on air, then the latest shorts and videos as home shows them. */
export const homeMarkup = (home: { live: LiveSession[]; shorts: Video[]; videos: Video[] }) => {
  const onAir = home.live
    .filter((live) => live.stream_sessions.status === 'live')
    .slice(0, LIMITS.homeLiveCards);
  const shorts = home.shorts.slice(0, LIMITS.homeShorts);
  const videos = home.videos.slice(0, LIMITS.homeVideos);
  // The topmost section's first picture goes first; which section that is depends on what exists.
  const firstIs = onAir.length > 0 ? 'live' : shorts.length > 0 ? 'short' : 'video';
  const load = (kind: typeof firstIs, index: number): Load =>
    index > 0 ? 'lazy' : kind === firstIs ? 'first' : 'soon';
  return layout(
    html`<div class="page home"><h1 class="visually-hidden">Reel</h1>${[
      onAir.length > 0
        ? section(
            'Live channels',
            'grid-live',
            onAir.map((live, index) => liveCard(live, load('live', index))),
          )
        : '',
      shorts.length > 0
        ? section(
            'Latest Shorts',
            'grid-short',
            shorts.map((short, index) => shortCard(short, load('short', index))),
          )
        : '',
      videos.length > 0
        ? section(
            'Latest Videos',
            'grid-video',
            videos.map((video, index) => videoCard(video, load('video', index))),
          )
        : '',
    ]}</div>`,
  );
};

/** The shorts feed (content §2.2): the first short's poster where it plays, its title and creator. */
export const reelMarkup = (short: Video) =>
  layout(
    // The poster the feed's <video> shows (a poster attribute takes no srcset): the same picture,
    // so the app's first frame repaints nothing larger.
    html`<div class="first-screen-reel">${picture(short.thumbnail, 'first')}<div
class="first-screen-reel-caption"><h1>${short.title}</h1><p>@${short.creator}</p></div></div>`,
  );

/** The watch page (content §2.4) before its player: the poster where the video plays, and the title. */
export const videoMarkup = (video: Video) =>
  layout(
    html`<div class="page watch-page"><div class="watch-player first-screen-poster">${picture(video.thumbnail, 'first')}</div
><h1 class="watch-title">${video.title}</h1><p class="muted">@${video.creator}</p></div>`,
  );

/**
 * A live page (live §2) while its stream is on air: the stream's still frame where the player will
 * play, the session's title and the streamer; offline, the streamer's name only.
 */
export const liveMarkup = (user: UserProfile, live: LiveSession | undefined) =>
  layout(
    html`<div class="page live-page"><div class="first-screen-poster">${
      live?.stream_keys.posterUrl ? picture(live.stream_keys.posterUrl, 'first') : ''
    }</div><h1 class="watch-title">${live?.stream_sessions.title || user.fullName || `@${user.username}`}</h1
><p class="muted">@${user.username}</p></div>`,
  );

/** A profile (content §2.7) before its data-heavy parts: banner, avatar and names. */
export const profileMarkup = (user: UserProfile) =>
  layout(
    html`<div class="page profile-page"><div class="first-screen-profile"><div class="first-screen-banner">${
      user.banner ? picture(user.banner, 'first') : ''
    }</div><div class="first-screen-identity">${avatar(user.avatar, 96, user.banner ? 'soon' : 'first')}<div><h1>${
      user.fullName || `@${user.username}`
    }</h1><p class="muted">@${user.username}</p></div></div></div></div>`,
  );

/** Renders a template to the string HTMLRewriter inserts. */
export const renderMarkup = async (markup: Markup): Promise<string> => (await markup).toString();
