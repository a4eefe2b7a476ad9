import type { ChildProcess } from 'node:child_process';

/** Resolves once `url` answers /api/health; throws when `child` exits first or after `timeoutMs`. */
export const waitForHealth = async (url: string, child: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The worker process exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The worker did not answer ${url}/api/health within ${timeoutMs} ms`);
};
