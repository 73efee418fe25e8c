import { describe, expect, it } from '@jest/globals';
import { RouteIndex, parsePathTemplate, type PathTemplate } from '../../src';

interface Entry {
  readonly name: string;
  readonly template: PathTemplate;
}

function index(...paths: string[]): RouteIndex<Entry> {
  return new RouteIndex(
    paths.map((path, i) => ({ name: `${i}:${path}`, template: parsePathTemplate(path) })),
    (entry) => entry.template,
  );
}

function buckets(routes: RouteIndex<Entry>, path: string): string[][] {
  const seen: string[][] = [];
  routes.forEach(path, (bucket, _path, acc) => acc.push(bucket.map((entry) => entry.name)), seen);
  return seen;
}

describe('RouteIndex', () => {
  it('finds a static route by its path', () => {
    expect(buckets(index('/a', '/b', '/a'), '/a')).toEqual([['0:/a', '2:/a']]);
    expect(buckets(index('/a'), '/a/')).toEqual([]);
  });

  it('finds static routes of every length, beside placeholder routes as long, shorter and longer', () => {
    const routes = index('/', '/ab', '/abcd', '/x/{id}', '/x/{id}/yy');
    expect(buckets(routes, '/')).toEqual([['0:/']]);
    expect(buckets(routes, '/ab')).toEqual([['1:/ab']]);
    expect(buckets(routes, '/abc')).toEqual([]);
    expect(buckets(routes, '/abcd')).toEqual([['2:/abcd']]);
    expect(buckets(routes, '/abcd/')).toEqual([]);
    expect(buckets(routes, '/x/1')).toEqual([['3:/x/{id}']]);
    expect(buckets(routes, '/x/12345678/yy')).toEqual([['4:/x/{id}/yy']]);
    expect(buckets(index('/x/{id}'), '/')).toEqual([]);
  });

  it('compares a few literal segments in place and hashes many, with the same answers', () => {
    const few = ['/a/{x}', '/bb/{x}', '/c/c/{x}'];
    const many = [...few, ...Array.from({ length: 12 }, (_, i) => `/s${i}/{x}`)];
    for (const routes of [index(...few), index(...many)]) {
      expect(buckets(routes, '/a/1')).toEqual([['0:/a/{x}']]);
      expect(buckets(routes, '/bb/1')).toEqual([['1:/bb/{x}']]);
      expect(buckets(routes, '/b/1')).toEqual([]);
      expect(buckets(routes, '/bbb/1')).toEqual([]);
      expect(buckets(routes, '/c/c/1')).toEqual([['2:/c/c/{x}']]);
    }
    expect(buckets(index(...many), '/s11/z')).toEqual([['14:/s11/{x}']]);
  });

  it('reaches only placeholder routes with as many segments whose shape fits', () => {
    const routes = index('/post/{id}', '/post/{id}/edit', '/post/v{n}', '/file/{name}.json');
    expect(buckets(routes, '/post/12')).toEqual([['0:/post/{id}']]);
    expect(buckets(routes, '/post/v2')).toEqual([['2:/post/v{n}'], ['0:/post/{id}']]);
    expect(buckets(routes, '/file/a.json')).toEqual([['3:/file/{name}.json']]);
    expect(buckets(routes, '/file/.json')).toEqual([]);
    expect(buckets(routes, '/post/12/edit/x')).toEqual([]);
  });

  it('checks the literal prefix, suffix and length of a shape before giving its bucket', () => {
    const routes = index('/p/{id}.json', '/p/v{n}', '/p/{x}');
    expect(buckets(routes, '/p/report')).toEqual([['2:/p/{x}']]);
    expect(buckets(routes, '/p/xjson')).toEqual([['2:/p/{x}']]);
    expect(buckets(routes, '/p/a.json')).toEqual([['0:/p/{id}.json'], ['2:/p/{x}']]);
    expect(buckets(routes, '/p/v')).toEqual([['2:/p/{x}']]);
    const first = (bucket: readonly Entry[]): string | undefined => bucket[0]?.name;
    expect(routes.find('/p/report', first)).toBe('2:/p/{x}');
    expect(routes.find('/p/a.json', first)).toBe('0:/p/{id}.json');
  });

  it('gives no bucket for a path that ends before the routes do, or with a trailing slash', () => {
    const routes = index('/a/{x}', '/{y}');
    const first = (bucket: readonly Entry[]): string | undefined => bucket[0]?.name ?? 'empty bucket';
    for (const path of ['/a', '/a/', '/b/', '/a/1/']) {
      expect([path, buckets(routes, path)]).toEqual([path, path === '/a' ? [['1:/{y}']] : []]);
      expect([path, routes.find(path, first)]).toEqual([path, path === '/a' ? '1:/{y}' : undefined]);
    }
  });

  it('gives buckets most specific first: static, then literal segments before placeholders', () => {
    const routes = index('/{a}/x', '/b/{c}', '/b/x', '/{a}/{b}', '/b/{d}');
    expect(buckets(routes, '/b/x')).toEqual([
      ['2:/b/x'],
      ['1:/b/{c}', '4:/b/{d}'],
      ['0:/{a}/x'],
      ['3:/{a}/{b}'],
    ]);
  });

  it('orders placeholder shapes of one segment by literal text: {}.json, then v{}, then {}', () => {
    const routes = index('/p/{slug}', '/p/v{n}', '/p/{id}.json', '/p/{x}');
    expect(buckets(routes, '/p/v1.json')).toEqual([
      ['2:/p/{id}.json'],
      ['1:/p/v{n}'],
      ['0:/p/{slug}', '3:/p/{x}'],
    ]);
  });

  it('find returns the first result the probe gives, trying later buckets after undefined', () => {
    const routes = index('/b/{c}', '/{a}/x');
    const names: string[] = [];
    const found = routes.find('/b/x', (bucket) => {
      names.push(bucket[0]?.name as string);
      return bucket[0]?.name.startsWith('1:') ? bucket[0].name : undefined;
    });
    expect(found).toBe('1:/{a}/x');
    expect(names).toEqual(['0:/b/{c}', '1:/{a}/x']);
    expect(routes.find('/nothing', () => 'x')).toBeUndefined();
    const withStatic = index('/b/x', '/b/{c}');
    expect(withStatic.find('/b/x', (bucket) => (bucket[0]?.name === '0:/b/x' ? undefined : 'tree'))).toBe(
      'tree',
    );
  });

  it('keeps segment keys such as __proto__ and constructor ordinary', () => {
    const routes = index('/__proto__/{x}', '/constructor');
    expect(buckets(routes, '/__proto__/1')).toEqual([['0:/__proto__/{x}']]);
    expect(buckets(routes, '/constructor')).toEqual([['1:/constructor']]);
    expect(buckets(routes, '/toString/1')).toEqual([]);
  });

  it('hands a bucket the raw segments of its placeholders when each fills a whole segment', () => {
    const routes = index('/post/{id}/c/{n}', '/{a}/v{b}', '/w/v{b}/{c}', '/', '/static/x');
    const seen = (path: string): [string, string[] | undefined][] => {
      const found: [string, string[] | undefined][] = [];
      routes.find(path, (bucket, _path, segments) => {
        const name = bucket[0]?.name as string;
        found.push([name, segments && segments.slice(0, name.split('{').length - 1)]);
        return undefined;
      });
      return found;
    };
    expect(seen('/post/%41b/c/7')).toEqual([['0:/post/{id}/c/{n}', ['%41b', '7']]]);
    expect(seen('/x/v1')).toEqual([['1:/{a}/v{b}', undefined]]);
    expect(seen('/w/v1/z')).toEqual([['2:/w/v{b}/{c}', undefined]]);
    expect(seen('/')).toEqual([['3:/', undefined]]);
    expect(seen('/static/x')).toEqual([['4:/static/x', undefined]]);
    // A longer path before a shorter one leaves nothing of its own behind.
    expect(seen('/post/1/c/2')).toEqual([['0:/post/{id}/c/{n}', ['1', '2']]]);
  });
});
