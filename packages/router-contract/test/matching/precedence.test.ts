import { describe, expect, it } from '@jest/globals';
import { comparePrecedence, parsePathTemplate } from '../../src';

function sorted(...paths: string[]): string[] {
  return paths
    .map((path, order) => ({ path, order }))
    .sort(
      (a, b) => comparePrecedence(parsePathTemplate(a.path), parsePathTemplate(b.path)) || a.order - b.order,
    )
    .map(({ path }) => path);
}

describe('comparePrecedence', () => {
  it('puts a literal segment before a segment with placeholders, at the first segment that differs', () => {
    expect(sorted('/{lang}/about', '/en/{page}')).toEqual(['/en/{page}', '/{lang}/about']);
    expect(sorted('/p/{id}', '/p/new')).toEqual(['/p/new', '/p/{id}']);
  });

  it('puts a literal segment first whatever its text: shorter, or after the other in code units', () => {
    expect(sorted('/xyz{a}', '/x')).toEqual(['/x', '/xyz{a}']);
    expect(sorted('/a{x}', '/b')).toEqual(['/b', '/a{x}']);
    expect(sorted('/{x}', '/~')).toEqual(['/~', '/{x}']);
  });

  it('puts more literal text first between segments with placeholders', () => {
    expect(sorted('/p/{slug}', '/p/v{n}', '/p/{id}.json', '/p/{a}-{b}')).toEqual([
      '/p/{id}.json',
      '/p/v{n}',
      '/p/{a}-{b}',
      '/p/{slug}',
    ]);
  });

  it('with as much literal text, puts fewer placeholders first, then literal text read from the left', () => {
    expect(sorted('/{a}.{b}', '/{a}.')).toEqual(['/{a}.', '/{a}.{b}']);
    expect(sorted('/{x}a', '/a{x}')).toEqual(['/a{x}', '/{x}a']);
    expect(sorted('/a{x}b', '/ab{x}')).toEqual(['/ab{x}', '/a{x}b']);
    expect(sorted('/{x}ac{y}', '/{x}ab{y}')).toEqual(['/{x}ab{y}', '/{x}ac{y}']);
  });

  it('lets an earlier segment decide before a later one', () => {
    expect(sorted('/p/{y}/edit', '/p/v{n}/{x}')).toEqual(['/p/v{n}/{x}', '/p/{y}/edit']);
  });

  it('gives 0 for templates of the same shape, whatever the names', () => {
    expect(comparePrecedence(parsePathTemplate('/p/{id}.json'), parsePathTemplate('/p/{x}.json'))).toBe(0);
    expect(sorted('/p/{b}', '/p/{a}')).toEqual(['/p/{b}', '/p/{a}']);
  });

  it('is antisymmetric on a mixed list', () => {
    const paths = ['/a', '/{a}', '/v{a}', '/{a}.json', '/{a}-{b}', '/a{b}c', '/{a}/b', '/b/{a}', '/*'];
    for (const x of paths)
      for (const y of paths) {
        const forward = comparePrecedence(parsePathTemplate(x), parsePathTemplate(y));
        const backward = comparePrecedence(parsePathTemplate(y), parsePathTemplate(x));
        expect(Math.sign(forward) + Math.sign(backward)).toBe(0);
        expect(forward === 0).toBe(x === y);
      }
  });
});
