import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../../schema/auth';
import { sessionQueryOptions, withKnownSession } from '../../../web/lib/session';

/* `GET /api/auth/me` is asked once per page load, not once per component that wants the session
   (the live page's chat and player mounted after the top bar and asked a second time). */

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

/** A page's `fetch` whose session read answers `answer` ("nobody is signed in" unless given) and counts the reads. */
const stubSessionReads = (answer: SessionInfo | null = null) => {
  const fetch = vi.fn(async () => Response.json({ data: answer }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

/** Mounts one more component that reads the session and waits until it has an answer. */
const mountReader = async (client: QueryClient) => {
  const observer = new QueryObserver(client, sessionQueryOptions());
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  return unsubscribe;
};

describe('the session read', () => {
  it('is shared by the components that mount after the first answer on the same page', async () => {
    const fetch = stubSessionReads();
    const client = new QueryClient();
    await mountReader(client);
    await mountReader(client);
    await mountReader(client);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is asked again when the answer was saved on an earlier visit', async () => {
    const fetch = stubSessionReads();
    const client = new QueryClient();
    // As the persister restores it: someone was signed in when the device last asked.
    client.setQueryData(['auth', 'me'], { address: '0xabc', method: 'google' }, { updatedAt: 1 });
    await mountReader(client);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['auth', 'me'])).toBeNull();
  });

  it('is asked again after a change of session invalidates it', async () => {
    const fetch = stubSessionReads();
    const client = new QueryClient();
    await mountReader(client);
    await client.invalidateQueries({ queryKey: ['auth', 'me'] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('a tap that needs the session', () => {
  const signedIn: SessionInfo = { address: '0xabc', method: 'wallet', user: null };

  /** A page's `fetch` whose session read answers `answer` when `release` is called. */
  const stubSlowSessionRead = (answer: SessionInfo | null) => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = vi.fn(async () => {
      await answered;
      return Response.json({ data: answer });
    });
    vi.stubGlobal('fetch', fetch);
    return { fetch, release };
  };

  it('made before the first answer waits for it, so a signed-in user is not told to log in', async () => {
    const { release } = stubSlowSessionRead(signedIn);
    const client = new QueryClient();
    const then = vi.fn();
    withKnownSession(client, null, then);
    expect(then).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(then).toHaveBeenCalledWith(signedIn));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('made while a saved "signed out" is being asked again waits for the new answer', async () => {
    const { fetch, release } = stubSlowSessionRead(signedIn);
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], null, { updatedAt: 1 });
    void client.fetchQuery(sessionQueryOptions());
    const then = vi.fn();
    withKnownSession(client, null, then);
    release();
    await vi.waitFor(() => expect(then).toHaveBeenCalledWith(signedIn));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('made offline while the page restores is answered by the saved session, not held for the network', async () => {
    // The server still knows the session (a "signed out" answer would announce it as ended).
    const fetch = stubSessionReads(signedIn);
    onlineManager.setOnline(false);
    const client = new QueryClient();
    // As QueryClientProvider does: the client resumes paused reads when the network returns.
    client.mount();
    const then = vi.fn();
    // A page reloaded offline, tapped before the saved cache is back: the read waits for a network.
    withKnownSession(client, null, then);
    expect(then).not.toHaveBeenCalled();
    // The persister restores the session this device saved.
    client.setQueryData(['auth', 'me'], signedIn, { updatedAt: 1 });
    await vi.waitFor(() => expect(then).toHaveBeenCalledWith(signedIn));
    expect(fetch).not.toHaveBeenCalled();
    // The network's answer, when it comes, does not run the tap a second time.
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(client.getQueryState(['auth', 'me'])?.fetchStatus).toBe('idle'));
    expect(then).toHaveBeenCalledTimes(1);
    client.unmount();
  });

  it('made once nobody is signed in for sure answers at once, without asking again', () => {
    const fetch = stubSessionReads();
    const client = new QueryClient();
    client.setQueryData(['auth', 'me'], null);
    const then = vi.fn();
    withKnownSession(client, null, then);
    expect(then).toHaveBeenCalledWith(null);
    expect(fetch).not.toHaveBeenCalled();
  });
});
