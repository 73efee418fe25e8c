/** Routes: path, middleware (a service name), allowed methods. */
export const config = {
  routes: [
    { path: '/', middleware: 'App\\Handler\\HomePageHandler', allowed_methods: ['GET'] },
    { path: '/ping', middleware: 'App\\Handler\\PingHandler', allowed_methods: ['GET'] },
  ],
};
