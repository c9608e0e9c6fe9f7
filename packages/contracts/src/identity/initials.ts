/** Avatar initials: the upper-case first letter of each word of the display name. */
export function initials(displayName: string | null | undefined): string {
  if (!displayName) return '';
  return displayName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('');
}
