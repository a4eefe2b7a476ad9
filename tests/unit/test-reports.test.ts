import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from '../../scripts/lib/test-reports';

const folder = mkdtempSync(path.join(tmpdir(), 'reel-reports-'));
const report = (name: string, json: unknown) => {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
};

describe("npm test's reading of the runners' reports", () => {
  it("names a failed Vitest test by file and full name, with its error's first line, colours stripped", () => {
    const file = report('vitest.json', {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/tests/worker/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a times out',
              status: 'failed',
              failureMessages: [
                '\u001b[31mTestTimeoutError: Test timed out in 5000ms.\u001b[39m\n    at a.test.ts:3',
              ],
            },
          ],
        },
        // A file that could not load: no assertions, only the file's message.
        {
          name: '/repo/tests/unit/b.test.ts',
          status: 'failed',
          message: 'SyntaxError: nope',
          assertionResults: [],
        },
      ],
    });
    expect(readVitestReport(file, '/repo')).toEqual({
      passed: 3,
      failed: 2,
      notRun: 0,
      failures: [
        {
          test: 'tests/worker/a.test.ts › a times out',
          error: 'TestTimeoutError: Test timed out in 5000ms.',
        },
        { test: 'tests/unit/b.test.ts', error: 'SyntaxError: nope' },
      ],
    });
  });

  it('names a failed e2e test by its path from the project, line and title, in nested suites too, and counts skipped ones', () => {
    const spec = (title: string, status: string, message?: string) => ({
      title,
      file: 'studio.spec.ts',
      line: 136,
      tests: [{ status, results: [{ errors: message ? [{ message }] : [] }] }],
    });
    const file = report('playwright.json', {
      config: { rootDir: '/repo/tests/e2e' },
      suites: [
        {
          specs: [spec('uploads', 'expected')],
          suites: [
            {
              specs: [
                spec('resumes', 'unexpected', 'Error: expect(locator).toContainText(expected) failed\nmore'),
              ],
            },
          ],
        },
      ],
      stats: { expected: 167, unexpected: 1, flaky: 1, skipped: 5 },
    });
    expect(readPlaywrightReport(file, '/repo')).toEqual({
      passed: 168,
      failed: 1,
      notRun: 5,
      failures: [
        {
          test: 'tests/e2e/studio.spec.ts:136 › resumes',
          error: 'Error: expect(locator).toContainText(expected) failed',
        },
      ],
    });
  });

  it('counts a missing report as one failure that says so', () => {
    const missing = path.join(folder, 'none.json');
    const read = readPlaywrightReport(missing);
    expect(read).toMatchObject({ passed: 0, failed: 1, notRun: 0 });
    expect(read.failures[0]?.error).toMatch(/^no readable report: ENOENT/);
  });
});
