/** False when the path holds a malformed percent-escape (bad hex digits or invalid UTF-8). */
export function isWellFormedPath(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
