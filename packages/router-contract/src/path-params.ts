/**
 * The placeholder names of a path template literal, as a union.
 *
 * @example
 * type Names = ParamNames<'/post/{id}/comment/{commentId}'>; // 'id' | 'commentId'
 */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/**
 * The params object a route with this path template yields: one string per placeholder.
 * A path that is not a literal type gives a plain string map.
 *
 * @example
 * const params: PathParams<'/post/{id}'> = { id: '12' };
 */
export type PathParams<Path extends string> = string extends Path
  ? Readonly<Record<string, string>>
  : Readonly<Record<ParamNames<Path>, string>>;
