import { describe, expect, test } from '@jest/globals';
import { FindMyWayRouter } from '@framework/router-fmw';
import { AppFactory, Application, doublePass, type Middleware, TextResponse, variantA } from '../src';
import { formatRouteTable, mountedApplications, routeTable } from '../src/route-table';

const auth: Middleware = function auth(request, handler) {
  return handler.handle(request);
};
function showNote() {
  return new TextResponse('note');
}
class StatsHandler {
  handle() {
    return new TextResponse('stats');
  }
}

function notesApi() {
  const app = AppFactory.create(undefined, new FindMyWayRouter());
  app.get('/notes/{id}', [auth, showNote], 'note');
  app.route('/notes', 'App\\Handler\\Notes', ['GET', 'POST']);
  app.route('/any', () => new TextResponse('any'));
  const admin = new Application(new FindMyWayRouter(), { variant: variantA });
  admin.get('/stats', [
    doublePass(function log(_req, _res, next) {
      return next();
    }),
    new StatsHandler(),
  ]);
  const deep = new Application(new FindMyWayRouter());
  deep.route('/ping', [], []);
  admin.pipe('/deep/', deep);
  app.pipe('/admin', admin);
  deep.pipe('/up', app); // a cycle: listed once on its branch
  return app;
}

describe('route table', () => {
  test('rows list method, path with mount prefix, name and middleware names, mounts included', () => {
    expect(routeTable(notesApi())).toEqual([
      { method: 'GET', path: '/notes/{id}', name: 'note', middleware: ['auth', 'showNote'], mount: '' },
      {
        method: 'GET, POST',
        path: '/notes',
        name: '/notes^GET:POST',
        middleware: ['App\\Handler\\Notes'],
        mount: '',
      },
      { method: 'ANY', path: '/any', name: '/any', middleware: ['(anonymous)'], mount: '' },
      {
        method: 'GET',
        path: '/admin/stats',
        name: '/stats^GET',
        middleware: ['doublePass(log)', 'StatsHandler'],
        mount: '/admin',
      },
      { method: 'NONE', path: '/admin/deep/ping', name: '/ping^', middleware: [], mount: '/admin/deep' },
    ]);
  });

  test('formatted as aligned text under a heading line', () => {
    expect(formatRouteTable(notesApi())).toBe(
      [
        'METHOD     PATH              NAME             MIDDLEWARE',
        'GET        /notes/{id}       note             auth, showNote',
        'GET, POST  /notes            /notes^GET:POST  App\\Handler\\Notes',
        'ANY        /any              /any             (anonymous)',
        'GET        /admin/stats      /stats^GET       doublePass(log), StatsHandler',
        'NONE       /admin/deep/ping  /ping^',
      ].join('\n'),
    );
  });

  test('formats rows given, such as a filtered table, and says when there are none', () => {
    const rows = routeTable(notesApi()).filter((row) => row.mount === '/admin');
    expect(formatRouteTable(rows)).toBe(
      [
        'METHOD  PATH          NAME        MIDDLEWARE',
        'GET     /admin/stats  /stats^GET  doublePass(log), StatsHandler',
      ].join('\n'),
    );
    expect(formatRouteTable(new Application(new FindMyWayRouter()))).toBe('(no routes)');
  });

  test('mountedApplications walks the mounts with their prefixes and the applications around them', () => {
    const app = notesApi();
    const walked = mountedApplications(app);
    expect(walked.map(({ mount, outer }) => [mount, outer.map((around) => around.mount)])).toEqual([
      ['', []],
      ['/admin', ['']],
      ['/admin/deep', ['', '/admin']],
    ]);
    expect(walked[1]?.application).toBe(app.getMounts()[0]?.application);
    const admin = walked[1]!.application;
    expect(mountedApplications(app, (application) => application === admin).map((w) => w.mount)).toEqual([
      '',
    ]);
  });
});

describe('getPiped()', () => {
  test('lists what was piped, as given, with its path', () => {
    const app = new Application(new FindMyWayRouter());
    const admin = new Application(new FindMyWayRouter());
    app.pipe(auth);
    app.pipe('/admin', admin);
    const log: Middleware = (request, handler) => handler.handle(request);
    app.pipe('/api', [auth, log]);
    expect(app.getPiped()).toEqual([
      { path: '/', middleware: auth },
      { path: '/admin', middleware: admin },
      { path: '/api', middleware: [auth, log] },
    ]);
  });
});
