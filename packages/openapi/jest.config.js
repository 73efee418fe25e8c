const base = require('../../jest.config.base.js');

// jose is published as ES modules only; ts-jest compiles it to CommonJS for jest's module system.
module.exports = {
  ...base,
  transform: {
    ...base.transform,
    '/node_modules/jose/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
};
