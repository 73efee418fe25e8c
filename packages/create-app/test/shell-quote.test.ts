import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { shellQuote } from '../src/shell-quote';

describe('shellQuote', () => {
  it('leaves a plain path as it is', () => {
    expect(shellQuote('my-app')).toBe('my-app');
    expect(shellQuote('../apps/my_app.v2')).toBe('../apps/my_app.v2');
  });

  it('quotes a path the shell would split or expand', () => {
    expect(shellQuote('my app')).toBe("'my app'");
    expect(shellQuote('$(reboot)')).toBe("'$(reboot)'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });

  it('gives the shell back the text as one word', () => {
    for (const text of ["it's here", '$HOME; rm -rf x', 'a\nb', '`id`', '"q"', '*']) {
      const echoed = execFileSync('/bin/sh', ['-c', `printf %s ${shellQuote(text)}`]).toString();
      expect(echoed).toBe(text);
    }
  });
});
