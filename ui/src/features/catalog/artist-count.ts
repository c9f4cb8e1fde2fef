/** "1 artist" / "89 artists": a genre's size, on its page and where search offers it. */
export function artistCount(count: number): string {
  return `${count} ${count === 1 ? 'artist' : 'artists'}`;
}
