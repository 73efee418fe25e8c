import type { AddOpenings, AfterConstraint } from '@framework/router-contract';

/**
 * A route template as the client names it: inline constraints left out (`/notes/{id:\d+}` is
 * `/notes/{id}`, the path the OpenAPI document lists).
 */
export type ClientPath<Template extends string> =
  Template extends `${infer Head}{${infer Inner}}${infer Rest}`
    ? Inner extends `${infer Name}:${infer Constraint}`
      ? `${Head}{${Name}}${ClientPath<AfterConstraint<Rest, AddOpenings<Constraint, []>>>}`
      : `${Head}{${Inner}}${ClientPath<Rest>}`
    : Template;

/** Whether a constraint only admits digits (`\d+`, `[0-9]{4}`): its param then also takes a number. */
type DigitsOnly<Constraint extends string> = Constraint extends `${'\\d' | '[0-9]'}${infer Quantifier}`
  ? Quantifier extends '' | '+' | '*' | `{${string}}`
    ? true
    : false
  : false;

/** The value a placeholder takes: a string, or also a number when its constraint admits digits only. */
type ParamValue<Constraint extends string> =
  DigitsOnly<Constraint> extends true ? number | `${number}` : string;

/**
 * The params a client call passes for a route template, one per placeholder, typed from its inline
 * constraint: `{id:\d+}` takes a number (or a string of digits), any other placeholder a string.
 */
export type ClientParams<Template extends string> = Template extends `${string}{${infer Inner}}${infer Rest}`
  ? Inner extends `${infer Name}:${infer Constraint}`
    ? { readonly [K in Name]: ParamValue<Constraint> } & ClientParams<
        AfterConstraint<Rest, AddOpenings<Constraint, []>>
      >
    : { readonly [K in Inner]: string } & ClientParams<Rest>
  : unknown;
