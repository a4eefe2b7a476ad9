import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which Vitest hands out files. Its own order runs the projects by name, which put the
 * worker project, most of the suite's CPU, after everything else: on 2 cores it started 43-48 s
 * into the run and ended it alone. Here the fault and room projects go first, because their longest
 * files mostly wait (an idle connection's 50 s of pauses, a shard left to hibernate) and should start
 * at once; the worker project follows, and the quick unit tests fill in at the end. Within a project
 * Vitest's order stands (longest, or largest, first).
 */
const PROJECT_ORDER = ['fault', 'party', 'worker', 'party-storage', 'unit'];

const rank = (spec: TestSpecification) => {
  const index = PROJECT_ORDER.indexOf(spec.project.name);
  return index === -1 ? PROJECT_ORDER.length : index;
};

export default class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: each project keeps the order the base sequencer gave it.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
