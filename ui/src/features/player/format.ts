import { trackCount } from '../../lib/visitor-library';

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * "Load Folder" lists folders as "name (n tracks)", saying how many of them have no video
 * (those never play): "name (3 tracks, 1 without a video)", "name (1 track without a video)".
 */
export function folderLabel(name: string, held: number, playable: number): string {
  if (playable === held) return `${name} (${trackCount(held)})`;
  if (playable === 0) return `${name} (${trackCount(held)} without a video)`;
  return `${name} (${trackCount(held)}, ${held - playable} without a video)`;
}
