const base = require('./jest.config.base.js');

// jose is published as ES modules only. Unless jest can require() an ES module itself (Node 24.9+ with
// --experimental-vm-modules), ts-jest compiles jose to CommonJS for jest's module system; where jest
// can, it loads jose as it is, and a compiled copy would hide jose's named exports from that loader.
const [major, minor] = process.versions.node.split('.').map(Number);
const vmModules = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].includes(
  '--experimental-vm-modules',
);
const jestLoadsEsm = vmModules && (major > 24 || (major === 24 && minor >= 9));

/** The shared jest settings for a package that loads @framework/middleware (which imports jose). */
function withJose(config = base) {
  if (jestLoadsEsm) return config;
  return {
    ...config,
    transform: {
      ...config.transform,
      '/node_modules/jose/.+\\.js$': [
        'ts-jest',
        { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  };
}

module.exports = { withJose };
