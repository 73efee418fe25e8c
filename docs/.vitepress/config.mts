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
      { text: 'Reference', link: '/reference/application/routes' },
      { text: 'GitHub', link: repository },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Five-minute tutorial', link: '/guide/tutorial' },
          { text: 'Choosing a router adapter', link: '/guide/routers' },
          { text: 'Writing a router adapter', link: '/guide/writing-an-adapter' },
        ],
      },
      {
        text: 'Recipes',
        items: [
          { text: 'CRUD with validation', link: '/recipes/crud' },
          { text: 'Authentication', link: '/recipes/auth' },
          { text: 'OpenAPI documents', link: '/recipes/openapi' },
          { text: 'A typed client', link: '/recipes/typed-client' },
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
          { text: 'From earlier releases', link: '/migrate/node-server-and-middleware' },
        ],
      },
      {
        text: 'Application reference',
        collapsed: true,
        items: [
          { text: 'Routes', link: '/reference/application/routes' },
          { text: 'Requests and responses', link: '/reference/application/requests-and-responses' },
          { text: 'The middleware pipeline', link: '/reference/application/pipeline' },
          { text: 'Startup checks', link: '/reference/application/startup-checks' },
          { text: 'Answers the framework writes', link: '/reference/application/answers' },
          { text: 'Fetch runtimes, serving, bundling', link: '/reference/application/runtimes' },
          { text: 'Containers', link: '/reference/application/container' },
          { text: 'Variant A middleware', link: '/reference/application/variant-a' },
          { text: 'Configuration-driven applications', link: '/reference/application/configuration' },
        ],
      },
      {
        text: 'Middleware reference',
        collapsed: true,
        items: [
          { text: 'Overview', link: '/reference/middleware/' },
          { text: 'CORS and security headers', link: '/reference/middleware/cors-and-security-headers' },
          {
            text: 'Compression, static files, conditional GET',
            link: '/reference/middleware/compress-static-conditional',
          },
          { text: 'Cookies, sessions and CSRF', link: '/reference/middleware/cookies-sessions-csrf' },
          { text: 'Validation', link: '/reference/middleware/validate' },
          { text: 'Authentication', link: '/reference/middleware/auth' },
          { text: 'Logging, request ids, tracing', link: '/reference/middleware/logging-and-tracing' },
          { text: 'Rate limiting', link: '/reference/middleware/rate-limit' },
          { text: 'Server-sent events', link: '/reference/middleware/sse' },
        ],
      },
      {
        text: 'Other packages',
        collapsed: true,
        items: [
          { text: 'Serving on Node', link: '/reference/node-server' },
          { text: 'Router contract', link: '/reference/router-contract' },
          { text: 'router-fmw', link: '/reference/routers/fmw' },
          { text: 'router-ptr', link: '/reference/routers/ptr' },
          { text: 'router-explicit-methods', link: '/reference/routers/explicit-methods' },
          { text: 'Loading configuration files', link: '/reference/config-loader' },
          { text: 'The typedi container', link: '/reference/container-typedi' },
          { text: 'Redis stores and deployment', link: '/reference/store-redis' },
          { text: 'create-framework-app', link: '/reference/create-app' },
          { text: 'Error codes', link: '/reference/errors' },
        ],
      },
      {
        text: 'Maintainers',
        collapsed: true,
        items: [
          { text: 'Working on the repository', link: '/maintainers/repository' },
          { text: 'How the router contract suite is checked', link: '/maintainers/router-contract-suite' },
          { text: 'Differential fuzzing of the adapters', link: '/maintainers/differential-fuzzing' },
          { text: 'Middleware: libraries used, and why', link: '/maintainers/middleware-libraries' },
          { text: 'Working on store-redis', link: '/maintainers/store-redis' },
        ],
      },
    ],
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: repository }],
  },
});
