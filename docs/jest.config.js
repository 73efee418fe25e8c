const base = require('../jest.config.base.js');
const { withJose } = require('../jest.config.jose.js');

module.exports = withJose({
  ...base,
  roots: ['<rootDir>/test', '<rootDir>/samples'], // the tutorial's test sits in its project layout
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 60_000, // the deployment tests start Node workers, Bun, Deno and workerd
});
