/** The value of a hex digit's character code (`0`-`9`, `a`-`f`, `A`-`F`), or -1. */
export function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}
