// Mutation testing of the router contract's matching code and the three adapters, one package per run:
// `npm run mutation` runs them in turn (MUTATE names the package). Not part of CI: it takes minutes.
const pkg = process.env.MUTATE ?? 'router-contract';
const dir = `packages/${pkg}`;
const sources = pkg === 'router-contract' ? `${dir}/src/matching/**/*.ts` : `${dir}/src/**/*.ts`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: `${dir}/jest.config.js`, enableFindRelatedTests: false },
  checkers: ['typescript'],
  tsconfigFile: `${dir}/tsconfig.test.json`,
  mutate: [sources, '!**/index.ts'],
  ignorePatterns: ['bench', 'examples', 'reports', '.stryker-tmp*', 'packages/*/dist/**/*.d.ts'],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  incremental: true,
  incrementalFile: `reports/mutation/${pkg}.incremental.json`,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${pkg}.json` },
  tempDirName: `.stryker-tmp-${pkg}`,
  cleanTempDir: 'always',
};
