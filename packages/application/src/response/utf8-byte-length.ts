/** The length of `text` in UTF-8 bytes (a lone surrogate counts 3, as its replacement character). */
export function utf8ByteLength(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) length += 1;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      length += 2; // the pair is 2 code units and 4 bytes
      index++;
    } else length += 2;
  }
  return length;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
