/** Waiting helpers of the room tests, which watch real sockets and files change over time. */

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done()` holds, or fails after `timeoutMs` with what `describe()` says. */
export const until = async (done: () => boolean, describe: () => string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${describe()}`);
    await pause(50);
  }
};
