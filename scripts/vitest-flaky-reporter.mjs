// A Vitest reporter that writes the tests which passed only on a retry (CI retries once, as
// Playwright does) to VITEST_FLAKY_FILE, so `npm test` names them at the end instead of hiding them.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export default class FlakyReporter {
  onTestCaseResult(testCase) {
    const file = process.env.VITEST_FLAKY_FILE;
    const diagnostic = testCase.diagnostic();
    if (!file || !diagnostic?.flaky) return;
    appendFileSync(file, `${path.relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName} (passed on retry ${diagnostic.retryCount})\n`);
  }
}
