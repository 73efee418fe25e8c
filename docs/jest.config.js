const base = require('../jest.config.base.js');

module.exports = {
  ...base,
  roots: ['<rootDir>/test', '<rootDir>/samples'], // the tutorial's test sits in its project layout
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // jose is published as ES modules only; ts-jest compiles it to CommonJS for jest's module system.
    '/node_modules/jose/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  testTimeout: 60_000, // the deployment tests start Node workers, Bun, Deno and workerd
};
