/**
 * What Vitest's and Playwright's JSON reports say about a run: how many tests passed, failed or did
 * not run, and which failed with the first line of their error. `npm test` prints the failures last,
 * under the apps' logs, so the tail of a CI log names them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { z } from 'zod';

export type Failure = { test: string; error: string };
export type RunCounts = { passed: number; failed: number; notRun: number; failures: Failure[] };

const firstLine = (message: string | undefined) =>
  // Error messages carry terminal colours; a log file or CI page shows them as noise.
  stripVTControlCharacters(message ?? '')
    .trim()
    .split('\n')[0] ?? '';

const VitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  testResults: z.array(
    z.object({
      name: z.string(),
      // A file that failed to load has no assertions, only a message.
      message: z.string().optional(),
      status: z.string(),
      assertionResults: z.array(
        z.object({
          fullName: z.string(),
          status: z.string(),
          failureMessages: z.array(z.string()).nullish(),
        }),
      ),
    }),
  ),
});

const vitestCounts = (report: z.infer<typeof VitestReport>, root: string): RunCounts => {
  const failures = report.testResults.flatMap((file): Failure[] => {
    const where = file.name.replace(`${root}/`, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [{ test: where, error: firstLine(file.message) }];
    return failed.map((test) => ({
      test: `${where} › ${test.fullName}`,
      error: firstLine(test.failureMessages?.[0]),
    }));
  });
  return {
    passed: report.numPassedTests,
    failed: Math.max(report.numFailedTests, failures.length),
    notRun: 0,
    failures,
  };
};

type PlaywrightSuite = {
  specs: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { errors: { message?: string }[] }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
const PlaywrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    specs: z.array(
      z.object({
        title: z.string(),
        file: z.string(),
        line: z.number(),
        tests: z.array(
          z.object({
            status: z.string(),
            results: z.array(z.object({ errors: z.array(z.object({ message: z.string().optional() })) })),
          }),
        ),
      }),
    ),
    suites: z.array(PlaywrightSuiteSchema).optional(),
  }),
);
const PlaywrightReport = z.object({
  // The test folder, absolute: spec files are named relative to it.
  config: z.object({ rootDir: z.string() }),
  suites: z.array(PlaywrightSuiteSchema),
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
});

const playwrightFailures = (suites: PlaywrightSuite[], folder: string): Failure[] =>
  suites.flatMap((suite) => [
    ...suite.specs.flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => ({
          test: `${path.join(folder, spec.file)}:${spec.line} › ${spec.title}`,
          error: firstLine(test.results.at(-1)?.errors[0]?.message),
        })),
    ),
    ...playwrightFailures(suite.suites ?? [], folder),
  ]);

const playwrightCounts = (report: z.infer<typeof PlaywrightReport>, root: string): RunCounts => ({
  passed: report.stats.expected + report.stats.flaky,
  failed: report.stats.unexpected,
  notRun: report.stats.skipped,
  failures: playwrightFailures(report.suites, path.relative(root, report.config.rootDir)),
});

/** No report, or one we cannot read, means the runner itself failed: one failure, named so. */
const read = (file: string, parse: (json: unknown) => RunCounts): RunCounts => {
  try {
    return parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    const why = error instanceof Error ? firstLine(error.message) : String(error);
    return {
      passed: 0,
      failed: 1,
      notRun: 0,
      failures: [{ test: file, error: `no readable report: ${why}` }],
    };
  }
};

export const readVitestReport = (file: string, root = process.cwd()) =>
  read(file, (json) => vitestCounts(VitestReport.parse(json), root));

export const readPlaywrightReport = (file: string, root = process.cwd()) =>
  read(file, (json) => playwrightCounts(PlaywrightReport.parse(json), root));
