/** Display text of a link: at most `max` characters, else the first max-3 plus "...". */
export function truncateLink(text: string, max = 50): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 3)}...`;
}
