/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "Load Folder" lists folders as "name (n tracks)". */
export function folderLabel(name: string, count: number): string {
  return `${name} (${count} tracks)`;
}
