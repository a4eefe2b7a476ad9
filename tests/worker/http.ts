import { SELF } from 'cloudflare:test';

/** Calls the worker like a browser would and answers the status and parsed JSON body. */
export const getJson = async (path: string, init?: RequestInit) => {
  const response = await SELF.fetch(`http://reel.test${path}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
};
