import type { ViewContentType } from '../../../schema/views';

/** Why view tracking stops: the server rate-limited us, or it kept failing. */
export class ViewRateLimitedError extends Error {}

const SESSION_KEY = 'reel-view-session';

/** One id per browser tab, sent with every view (the spec's `sessionId`). */
export function viewSessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

async function send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (response.status === 429) throw new ViewRateLimitedError('View tracking rate limited');
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return response.json();
}

/** `POST /api/views/{type}/{id}`: starts a view and answers its id. */
export async function startView(type: ViewContentType, contentId: string, userId: string): Promise<string> {
  const json = (await send('POST', `/api/views/${type}/${contentId}`, {
    userId,
    sessionId: viewSessionId(),
    userAgent: navigator.userAgent.slice(0, 512),
  })) as { data?: { viewId?: unknown } };
  const viewId = json.data?.viewId;
  if (typeof viewId !== 'string') throw new Error('No viewId in the answer');
  return viewId;
}

/** `PUT /api/views/{viewId}`: the seconds watched so far and whether it ended. */
export async function updateView(viewId: string, watchDuration: number, isCompleted: boolean): Promise<void> {
  await send('PUT', `/api/views/${viewId}`, {
    watchDuration: Math.max(0, Math.round(watchDuration)),
    isCompleted,
    sessionId: viewSessionId(),
  });
}
