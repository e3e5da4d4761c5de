/** 'jean_baptiste' -> 'Jean B.'; a one-word name keeps only its initial ('Gatorking' -> 'G.'). */
export function anonymise(name: string): string {
  const parts = name
    .split(/[\s._-]+/)
    .map((part) => part.replace(/[^\p{L}]/gu, ''))
    .filter(Boolean);
  if (parts.length === 0) return 'A player';
  const first = parts[0];
  if (parts.length === 1) return `${first[0].toUpperCase()}.`;
  return `${first[0].toUpperCase()}${first.slice(1, 12).toLowerCase()} ${parts[parts.length - 1][0].toUpperCase()}.`;
}
