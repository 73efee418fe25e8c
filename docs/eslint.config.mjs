import root from '../eslint.config.mjs';

export default [
  ...root,
  // A module worker is a default export: that is what workerd and Cloudflare load.
  { files: ['samples/deploy/worker.ts'], rules: { 'no-restricted-syntax': 'off' } },
];
