import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodePathParam } from '../../src';
import { DecodedSlices } from '../../src/matching/decoded-slices';

// Valid, cut and malformed escapes, and plain text, so slices start and end everywhere.
const PIECES = ['a', '.', '%', '%41', '%C3%A9', '%C3', '%A9', '%E0%A4%A', '%zz', '%F0%9F%98%80', 'é', '%2F'];
const segment = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join(''));

describe('DecodedSlices', () => {
  it('gives what decodePathParam gives for every slice of a segment', () => {
    fc.assert(
      fc.property(segment, (raw) => {
        const slices = new DecodedSlices(raw);
        for (let start = 0; start <= raw.length; start++) {
          for (let end = start; end <= raw.length; end++) {
            expect([start, end, slices.slice(start, end)]).toEqual([
              start,
              end,
              decodePathParam(raw.slice(start, end)),
            ]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['%41', 'A'],
    ['%C3%A9', 'é'],
    ['%E2%82%AC', '€'],
    ['%F0%9F%98%80', '😀'],
  ])("decodes a UTF-8 sequence of its lead byte's length: %s", (escape, text) => {
    const slices = new DecodedSlices(`x${escape}y`);
    expect(slices.slice(0, escape.length + 2)).toBe(`x${text}y`);
    expect(slices.slice(1, escape.length + 1)).toBe(text);
    expect(slices.slice(1, escape.length)).toBeUndefined();
  });

  it('refuses a slice that cuts an escape sequence', () => {
    const slices = new DecodedSlices('%C3%A9x');
    expect(slices.slice(0, 6)).toBe('é');
    expect(slices.slice(0, 3)).toBeUndefined();
    expect(slices.slice(1, 7)).toBeUndefined();
    expect(slices.slice(6, 7)).toBe('x');
  });
});
