import { paramsBuilder, type ParamsBuilder } from './params-builder';

/**
 * Reads the params of a route whose every placeholder fills a whole segment (`/repos/{owner}/{repo}`)
 * from find-my-way's params for the route's shape, for a path holding no `%`: placeholder `i` is the
 * tree's parameter `i`, a raw path segment that needs no decoding. The checks are the contract's
 * (`ParamReader`): not empty, at most `maxLength` characters, the token. A path with a `%` goes
 * through `ParamReader`, which also decodes.
 */
export class WholeSegmentParams {
  // Compiled at the first read (`useTokens` runs then): a route never asked for compiles nothing.
  private build: ParamsBuilder | null = null;
  private tokens: Readonly<Record<string, RegExp>> | undefined;
  private checks: readonly (RegExp | undefined)[] | null = null;

  constructor(
    private readonly names: readonly string[],
    private readonly maxLength: number,
  ) {}

  /**
   * The params in a new `createMatchParams` object, or `undefined` when a value fails. `tokens` is
   * read at every call, so tokens set on the route after the table compiled still apply.
   */
  // This is the hot path of most lookups with placeholders: change with care.
  read(
    values: Readonly<Record<string, string | undefined>>,
    tokens: Readonly<Record<string, RegExp>>,
  ): Record<string, string> | undefined {
    if (tokens !== this.tokens) this.useTokens(tokens);
    return (this.build as ParamsBuilder)(values, this.maxLength, this.checks);
  }

  private useTokens(tokens: Readonly<Record<string, RegExp>>): void {
    this.tokens = tokens;
    this.build ??= paramsBuilder(this.names);
    const checks = this.names.map((name) => tokens[name]);
    this.checks = checks.some((check) => check !== undefined) ? checks : null;
  }
}
