/** The content type `TextResponse` gives its text. */
export const TEXT_PLAIN_UTF8 = 'text/plain; charset=utf-8';

/** `text/plain` with the UTF-8 charset, whitespace and case aside (`text/plain;charset=UTF-8`). */
function isPlainUtf8(type: string): boolean {
  return type.replace(/\s+/g, '').toLowerCase() === 'text/plain;charset=utf-8';
}

let known: boolean | undefined;
let asked = false;

/**
 * Whether this runtime types a `new Response(text)` as `TextResponse` types its text: `text/plain`
 * in UTF-8 (Bun's `text/plain;charset=utf-8`, the WHATWG `text/plain;charset=UTF-8`). Learnt once,
 * at the first call, from the type the runtime gives such a body (`blob().type`, read without a
 * socket, from a one-character text: Bun types an empty one as nothing); false until the answer is in,
 * and for good when the runtime's default means anything else.
 */
// The fetch path: a runtime's server that writes this default itself needs no `Headers` per answer.
export function runtimeTypesTextAsHelper(): boolean {
  if (known !== undefined) return known;
  if (!asked) {
    asked = true;
    new Response('-').blob().then(
      (blob) => (known = isPlainUtf8(blob.type)),
      () => (known = false),
    );
  }
  return false;
}
