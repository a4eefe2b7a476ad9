import { describe, expect, it } from 'vitest';
import { runtimeLineFilter } from '../../scripts/lib/runtime-output';

/** What workerd 1.20260426 wrote when the e2e test cancelled a download in the middle of the file. */
const HANG_UP = [
  'workerd/server/server.c++:5351: error: kj::getCaughtExceptionAsKj() = kj/async-io-unix.c++:186: disconnected: ::write(fd, buffer.begin(), buffer.size()): Broken pipe',
  'stack: /work/main/node_modules/@cloudflare/workerd-linux-64/bin/workerd@51faac1 /work/main/node_modules/@cloudflare/workerd-linux-64/bin/workerd@51fb771',
];

const kept = (lines: string[]) => lines.filter(runtimeLineFilter());

describe('runtime output filter', () => {
  it("drops workerd's report of a client that hung up, with its stack", () => {
    expect(kept(['before', ...HANG_UP, 'after'])).toEqual(['before', 'after']);
  });

  it('keeps errors that are not a hang-up, and their stacks', () => {
    const failure = [
      'workerd/server/server.c++:5351: error: kj::getCaughtExceptionAsKj() = kj/compat/http.c++:2400: failed: invalid header',
      'stack: /work/main/node_modules/@cloudflare/workerd-linux-64/bin/workerd@51faac1',
    ];
    expect(kept(failure)).toEqual(failure);
  });

  it("keeps a stack line that does not follow a hang-up, and the worker's own lines", () => {
    const lines = ['stack: of something else', '{"level":"error","msg":"request","status":500}'];
    expect(kept([...HANG_UP, ...lines])).toEqual(lines);
  });
});
