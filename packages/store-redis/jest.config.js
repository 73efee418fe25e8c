// The middleware's settings: @framework/middleware loads jose, published as ES modules only, which
// ts-jest compiles to CommonJS for jest. <rootDir> stays this package's folder.
module.exports = require('../middleware/jest.config.js');
