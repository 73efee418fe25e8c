// Mutation testing of the router contract (its matching code, template parser, tokens, inline
// constraints, limits and ReDoS check) and the three adapters, one package per run: `npm run mutation`
// runs them in turn (MUTATE names the package). Not part of CI: it takes minutes. MUTATE_FILES narrows
// a run to some files of the package (a comma-separated list of globs under its src/).
const pkg = process.env.MUTATE ?? 'router-contract';
const dir = `packages/${pkg}`;
const CONTRACT_SOURCES = [
  'matching/**/*.ts',
  'path-template.ts',
  'tokens.ts',
  'inline-constraints.ts',
  'limits.ts',
  'token-safety/**/*.ts',
];
const globs =
  process.env.MUTATE_FILES?.split(',') ?? (pkg === 'router-contract' ? CONTRACT_SOURCES : ['**/*.ts']);
const sources = globs.map((glob) => `${dir}/src/${glob}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: `${dir}/jest.config.js`, enableFindRelatedTests: false },
  checkers: ['typescript'],
  tsconfigFile: `${dir}/tsconfig.test.json`,
  mutate: [...sources, '!**/index.ts'],
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
