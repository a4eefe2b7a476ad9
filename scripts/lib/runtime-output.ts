import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/**
 * workerd logs, as an error with a native stack, every client connection that ended in an
 * exception (its HTTP listener in server.c++: `KJ_LOG(ERROR, kj::getCaughtExceptionAsKj())`). When
 * the exception is DISCONNECTED the client hung up while workerd still had an answer to write: a
 * download cancelled mid-file (tests/e2e/offline-downloads.spec.ts "Cancel in the middle of a save"),
 * a video element dropping a range request, an encoder that never reads our answer. workerd writes
 * `::write(...): Broken pipe` and its stack, which a newcomer takes for a crash (issue 21); nothing
 * of ours failed, and the worker had already answered.
 */
const CLIENT_HUNG_UP = /: error: kj::getCaughtExceptionAsKj\(\) = kj\/[\w.+-]+:\d+: disconnected: /;

/**
 * Which of workerd's output lines to pass on: all but a client's hang-up (`CLIENT_HUNG_UP`) and the
 * `stack:` line workerd writes right after it. Answers a filter to call with each line in order.
 */
export const runtimeLineFilter = () => {
  let afterHangUp = false;
  return (line: string): boolean => {
    const hangUp = CLIENT_HUNG_UP.test(line);
    const drop = hangUp || (afterHangUp && line.startsWith('stack: '));
    afterHangUp = hangUp;
    return !drop;
  };
};

/** Copies a runtime's output to `to` line by line, without the lines `runtimeLineFilter` drops. */
export const pipeRuntimeOutput = (from: Readable, to: Writable) => {
  const keep = runtimeLineFilter();
  createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    if (keep(line)) to.write(`${line}\n`);
  });
};
