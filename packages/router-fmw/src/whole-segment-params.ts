import { decodePathParam } from '@framework/router-contract';
import { treeParam } from './tree-param';

/**
 * The engine's shared copy of a name: a name sliced out of a template is not one, and storing a
 * property under it would then cost a string-table lookup at every match.
 */
function internalized(name: string): string {
  return Object.keys({ [name]: 0 })[0] as string;
}

/**
 * Reads the params of a route whose every placeholder fills a whole segment (`/repos/{owner}/{repo}`)
 * from find-my-way's params for the route's shape: placeholder `i` is the tree's parameter `i`, a raw
 * path segment. The checks are the contract's (`ParamReader`): not empty, at most
 * `maxLength` characters as received, a well-formed escape, the token on the decoded value.
 */
export class WholeSegmentParams {
  private readonly names: readonly string[];
  private tokens: Readonly<Record<string, RegExp>> | undefined;
  private checks: readonly (RegExp | undefined)[] = [];

  constructor(
    names: readonly string[],
    private readonly maxLength: number,
  ) {
    this.names = names.map(internalized);
  }

  /**
   * The params in a new null-prototype object, or `undefined` when a value fails. `encoded`: whether
   * the path holds a `%` (else no value needs decoding). `tokens` is read at every call, so tokens set
   * on the route after the table compiled still apply.
   */
  // This is the hot path of most lookups with placeholders: change with care.
  read(
    values: Readonly<Record<string, string | undefined>>,
    tokens: Readonly<Record<string, RegExp>>,
    encoded: boolean,
  ): Record<string, string> | undefined {
    if (tokens !== this.tokens) this.useTokens(tokens);
    const { names, checks, maxLength } = this;
    const params: Record<string, string> = Object.create(null);
    for (let i = 0; i < names.length; i++) {
      const raw = treeParam(values, i);
      if (raw === undefined || raw.length === 0 || raw.length > maxLength) return undefined;
      const value = encoded ? decodePathParam(raw) : raw;
      if (value === undefined) return undefined;
      const check = checks[i];
      if (check !== undefined && !check.test(value)) return undefined;
      params[names[i] as string] = value;
    }
    return params;
  }

  private useTokens(tokens: Readonly<Record<string, RegExp>>): void {
    this.tokens = tokens;
    this.checks = this.names.map((name) => tokens[name]);
  }
}
