import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isPageChecks = (file: TestSpecification) => /\/pages-\d+\.spec\.ts$/.test(file.moduleId);

/**
 * The page checks (a spec file per width, each about a third of the suite's time) start first. In
 * the default order (on a clean clone, with no durations cached: the largest file first) these
 * four-line files would start last and run on alone after everything else had finished.
 */
export default class PageChecksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isPageChecks), ...sorted.filter((file) => !isPageChecks(file))];
  }
}
