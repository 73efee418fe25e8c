import type { DeclaredRoute, EmptyResponse, JsonResponse, ProblemDetails } from '@framework/application';
import type { ValidateMiddleware } from '@framework/middleware';
import type { DescribeRouteMiddleware } from '@framework/openapi';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ClientParams, ClientPath } from './client-path';

/** What a route registered by `get()`, `post()` … declares, read from its `DeclaredRoute` type. */
interface Declaration {
  readonly method: string;
  readonly path: string;
  readonly middleware: unknown;
  readonly answer: unknown;
}

/** The declaration a declared route carries, or `never` for anything else. */
export type DeclarationOf<Route> =
  Route extends DeclaredRoute<string, string, unknown, unknown>
    ? Extract<NonNullable<Route['~declaration']>, Declaration>
    : never;

/** The schemas of each `validate()` in a route's list (`never` for a lone handler). */
type SchemasOf<List> = List extends readonly unknown[]
  ? { [Index in keyof List]: List[Index] extends ValidateMiddleware<infer Schemas> ? Schemas : never }[number]
  : never;

/** The input type of one target's schema across the `validate()` entries, `never` when none checks it. */
type InputOf<Schemas, Target extends string> = Schemas extends { readonly [K in Target]?: infer Schema }
  ? Schema extends StandardSchemaV1
    ? StandardSchemaV1.InferInput<Schema>
    : never
  : never;

/** The status a response type names: its literal, or `number` when the code gives a variable. */
type StatusOf<Status> = [LiteralsOf<Status>] extends [never] ? number : LiteralsOf<Status>;
type LiteralsOf<Status> = Status extends unknown ? (number extends Status ? never : Status) : never;

/** One answer as the client gives it back: status, body, headers and the `Response` read. */
export interface ClientAnswer<Status extends number, Body> {
  readonly status: Status;
  readonly ok: boolean;
  readonly body: Body;
  readonly headers: Headers;
  readonly response: Response;
}

/** The answers a handler's response type says it gives, one per status. */
type HandlerAnswers<Answer> =
  Answer extends JsonResponse<infer Body, infer Status>
    ? ClientAnswer<StatusOf<Status>, Body>
    : Answer extends EmptyResponse<infer Status>
      ? '~empty' extends keyof Answer
        ? ClientAnswer<StatusOf<Status>, null>
        : ClientAnswer<number, unknown>
      : ClientAnswer<number, unknown>;

/** The problem+json answers the framework gives on any route: bad request, not found, method not allowed, error. */
type FrameworkAnswers<HasBody> =
  | ClientAnswer<400 | 404 | 405 | 500, ProblemDetails>
  | ([HasBody] extends [never] ? never : ClientAnswer<413 | 415, ProblemDetails>);

/** One route as the client calls it: method, path, what it sends and what it gets back. */
export interface ClientRoute {
  readonly method: string;
  readonly path: string;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly answer: ClientAnswer<number, unknown>;
}

/** A route's full template under a mount prefix (`/admin` + `/` is `/admin`). */
type Joined<Prefix extends string, Path extends string> = Prefix extends ''
  ? Path
  : Path extends '/'
    ? Prefix
    : `${Prefix}${Path}`;

/**
 * What a route answers: a lone handler's answer, else, for a list, what its last entry returns when its
 * type is known (a handler object, or a function whose request parameter is written out); a function
 * typed from the list itself is read after the list is fixed, so its answer stays unknown.
 */
type AnswerOf<D extends Declaration> = D['middleware'] extends readonly [...unknown[], infer Last]
  ? Last extends (...args: never[]) => infer Answer
    ? Awaited<Answer>
    : Last extends { readonly handle: (...args: never[]) => infer Answer }
      ? Awaited<Answer>
      : D['answer']
  : D['answer'];

/** The responses `describeRoute({ responses })` entries in a route's list declare (`never` when none). */
type DeclaredOf<List> = List extends readonly unknown[]
  ? {
      [Index in keyof List]: List[Index] extends DescribeRouteMiddleware<infer Responses> ? Responses : never;
    }[number]
  : never;

/** The body a declared response's schema gives (its output side), `null` for one without a schema. */
type DeclaredBody<Entry> = Entry extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<Entry>
  : Entry extends { readonly schema: infer Schema extends StandardSchemaV1 }
    ? StandardSchemaV1.InferOutput<Schema>
    : null;

/** One answer per status a route's `describeRoute()` declares. */
type DeclaredAnswers<Responses> = Responses extends unknown
  ? {
      [Status in keyof Responses & number]: ClientAnswer<Status, DeclaredBody<Responses[Status]>>;
    }[keyof Responses & number]
  : never;

/** What a route's own code answers: the responses it declares, else what its handler returns. */
type RouteAnswers<D extends Declaration> = [DeclaredOf<D['middleware']>] extends [never]
  ? HandlerAnswers<AnswerOf<D>>
  : DeclaredAnswers<DeclaredOf<D['middleware']>>;

/** The client's view of a declaration under a mount prefix. */
export type ClientRouteOf<D extends Declaration, Prefix extends string> = {
  readonly method: D['method'];
  readonly path: ClientPath<Joined<Prefix, D['path']>>;
  readonly params: ClientParams<Joined<Prefix, D['path']>>;
  readonly query: InputOf<SchemasOf<D['middleware']>, 'query'>;
  readonly body: InputOf<SchemasOf<D['middleware']>, 'body'>;
  readonly answer: RouteAnswers<D> | FrameworkAnswers<InputOf<SchemasOf<D['middleware']>, 'body'>>;
};
