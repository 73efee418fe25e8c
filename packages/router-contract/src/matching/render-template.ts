import type { PathTemplate, TemplatePart } from '../path-template';
import { templateSegments } from './template-segments';

/** One capture of a rendered template: a placeholder, or a whole segment holding two or more. */
export interface TemplateCapture {
  /** The placeholder's name; for a whole segment, a digit string (never a placeholder name). */
  readonly name: string;
  /** For a whole segment, its parts, to split with `splitSegment`; `null` for a placeholder. */
  readonly segment: readonly TemplatePart[] | null;
}

/**
 * How a library writes literal text and a capture of one or more characters other than `/`.
 * `renderTemplate` writes each `/` itself and calls these once per part of a segment, in order.
 */
export interface TemplateSyntax {
  /**
   * Literal text of one segment, never holding `/`, as written in the template (percent escapes
   * included). Escape what the library reads as syntax. It may follow a capture directly
   * (`{id}x` calls `capture('id')` then `literal('x')`): when the library would read the text as part
   * of the capture's name (`:idx`), escape or delimit it (path-to-regexp `:"id"x`, rou3 `:id\x`).
   */
  readonly literal: (text: string) => string;
  /**
   * A capture: `name` is the placeholder's name, or a digit string (`'0'`) for a whole segment with
   * two or more placeholders. Libraries that want identifiers starting with a letter need a prefix
   * (`:p${name}`); `ParamReader` reads captures by position, so names only have to be unique.
   */
  readonly capture: (name: string) => string;
}

/** A template in a library's syntax, and its captures in the order the library reports them. */
export interface RenderedTemplate {
  readonly source: string;
  readonly captures: readonly TemplateCapture[];
}

/**
 * Writes a template in a library's syntax. A segment with two or more placeholders becomes one capture
 * of the whole segment (split afterwards by `splitSegment`, see `ParamReader`), because libraries
 * split such segments their own way (a regular expression takes the leftmost-longest split without
 * looking at tokens); pass `wholeSegments: false` to write every placeholder, for example to build
 * URIs with the library.
 *
 * @example
 * renderTemplate(parsePathTemplate('/range/{from}-{to}/v{n}'), { literal: (t) => t, capture: (n) => `:p${n}` });
 * // { source: '/range/:p0/v:pn', captures: [{ name: '0', segment: [...] }, { name: 'n', segment: null }] }
 */
export function renderTemplate(
  template: PathTemplate,
  syntax: TemplateSyntax,
  wholeSegments = true,
): RenderedTemplate {
  const captures: TemplateCapture[] = [];
  let source = '';
  for (const segment of templateSegments(template)) {
    source += '/';
    if (wholeSegments && segment.params > 1) {
      const name = String(captures.length);
      captures.push({ name, segment: segment.parts });
      source += syntax.capture(name);
      continue;
    }
    for (const part of segment.parts) {
      if (part.kind === 'static') {
        source += syntax.literal(part.text);
      } else {
        captures.push({ name: part.name, segment: null });
        source += syntax.capture(part.name);
      }
    }
  }
  return { source, captures };
}

const REGEXP_SYNTAX: TemplateSyntax = {
  literal: (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  capture: () => '([^/]+)',
};

/**
 * The template as a regular expression over the whole raw path, one group per capture of
 * `renderTemplate`, for adapters whose library does not match the path itself.
 *
 * @example
 * const { regexp, captures } = templateRegExp(parsePathTemplate('/post/{id}'));
 * new ParamReader(captures).read(regexp.exec('/post/12') ?? [], 1, {}); // { id: '12' }
 */
export function templateRegExp(template: PathTemplate): {
  readonly regexp: RegExp;
  readonly captures: readonly TemplateCapture[];
} {
  const { source, captures } = renderTemplate(template, REGEXP_SYNTAX);
  return { regexp: new RegExp(`^${source}$`), captures };
}
