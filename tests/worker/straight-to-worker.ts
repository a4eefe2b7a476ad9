import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import type { Transport } from './session';

/**
 * Calls go straight into the worker's fetch handler in this isolate: the same handler, runtime, D1
 * and bindings as `SELF`, without its plumbing. `SELF.fetch` gets slower with every call one test
 * file has made (cloudflare/workers-sdk#15446; measured here: 4 ms a call for the first 200, 130 ms
 * after 800), which turned the rate-limit bursts into minutes. Background work (`waitUntil`) goes
 * on after the answer, as it does behind `SELF`.
 */
export const straightToWorker: Transport = async (url, init) => {
  const ctx = createExecutionContext();
  // A request made here has no edge properties (`cf`), as with SELF.
  const request = new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, env, ctx);
  void waitOnExecutionContext(ctx);
  return response;
};
