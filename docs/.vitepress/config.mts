import { defineConfig } from 'vitepress';

const repository = 'https://github.com/framework-js/framework';

export default defineConfig({
  title: '@framework',
  description:
    'A router-agnostic middleware application library for TypeScript, on Node and every fetch runtime',
  // api/ is the typedoc output of `npm run docs`; samples/ and test/ are pulled into pages as code.
  srcExclude: ['api/**', 'samples/**', 'test/**', 'README.md'],
  // Dead links fail the build (VitePress's default). Links to the package READMEs and the rest of the
  // repository are absolute GitHub URLs, which VitePress does not check; nothing is ignored here.
  ignoreDeadLinks: false,
  cleanUrls: true,
  themeConfig: {
    nav: [
      { text: 'Tutorial', link: '/guide/tutorial' },
      { text: 'Recipes', link: '/recipes/crud' },
      { text: 'Moving here', link: '/migrate/from-express-fastify-hono' },
      { text: 'GitHub', link: repository },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Five-minute tutorial', link: '/guide/tutorial' },
          { text: 'Choosing a router adapter', link: '/guide/routers' },
        ],
      },
      {
        text: 'Recipes',
        items: [
          { text: 'CRUD with validation', link: '/recipes/crud' },
          { text: 'Authentication', link: '/recipes/auth' },
          { text: 'OpenAPI documents', link: '/recipes/openapi' },
          { text: 'Mounting applications', link: '/recipes/mounting' },
          { text: 'Testing', link: '/recipes/testing' },
          { text: 'Deploying on Node', link: '/recipes/deploy-node' },
          { text: 'Deploying on a worker runtime', link: '/recipes/deploy-workers' },
        ],
      },
      {
        text: 'Moving here',
        items: [
          { text: 'From Express, Fastify or Hono', link: '/migrate/from-express-fastify-hono' },
          { text: 'From Mezzio', link: '/migrate/from-mezzio' },
        ],
      },
    ],
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: repository }],
  },
});
