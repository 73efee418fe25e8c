const { withJose } = require('../../jest.config.jose.js');

module.exports = withJose();
