/** Case-insensitive substring patterns for ILIKE (admin searches): `%`, `_` and `\` match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` with the wildcards of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
