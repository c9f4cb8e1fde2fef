/**
 * Display text of a link in the External Link Warning, as the spec words it:
 * "Displayed link text is truncated at 50 characters (47 plus an ellipsis)": at most
 * `max` characters are shown as they are; a longer link shows its first max-3 and "...".
 */
export function truncateLink(text: string, max = 50): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 3)}...`;
}
