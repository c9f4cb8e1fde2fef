import { hostOf, normalizeImageUrl } from './url';

/** A Google Drive style file id from `/d/{id}` or `id={id}`. */
export function extractDriveFileId(url: string): string | null {
  const host = hostOf(url);
  if (!host || !(host.endsWith('google.com') || host.endsWith('googleusercontent.com'))) return null;
  const path = /\/d\/([A-Za-z0-9_-]{10,})/.exec(url);
  if (path) return path[1]!;
  const param = /[?&]id=([A-Za-z0-9_-]{10,})/.exec(url);
  return param ? param[1]! : null;
}

/**
 * The file name of a Wikimedia image: from `Special:FilePath/{name}`,
 * `Special:FilePath?file={name}` / `title=Special:FilePath&file={name}`, or an
 * `upload.wikimedia.org/.../{name}` (thumbnail) path. Returned still encoded.
 */
export function extractWikimediaFileName(url: string): string | null {
  const host = hostOf(url);
  if (!host || !(host.endsWith('wikimedia.org') || host.endsWith('wikipedia.org'))) return null;
  const filePath = /Special:FilePath\/([^?#]+)/i.exec(url);
  if (filePath) return stripFilePrefix(filePath[1]!);
  if (/Special:FilePath/i.test(url)) {
    const file = /[?&]file=([^&#]+)/i.exec(url);
    if (file) return stripFilePrefix(file[1]!);
  }
  if (host === 'upload.wikimedia.org') {
    // .../commons/thumb/a/ab/Name.jpg/330px-Name.jpg or .../commons/a/ab/Name.jpg
    const thumb = /\/thumb\/[0-9a-f]\/[0-9a-f]{2}\/([^/?#]+)\//i.exec(url);
    if (thumb) return thumb[1]!;
    const full = /\/[0-9a-f]\/[0-9a-f]{2}\/([^/?#]+)$/i.exec(url.split(/[?#]/)[0]!);
    if (full) return full[1]!;
  }
  return null;
}

function stripFilePrefix(name: string): string {
  return name.replace(/^(?:File|Image)(?::|%3A)/i, '');
}

/**
 * The one other address to try after `url` failed to load: the same file from its
 * host's file service (Wikimedia's file resolver, Drive's thumbnails), never the
 * original itself; null when no file id can be read. One retry only: a photo that fails
 * at two addresses is gone, and each further address was another request for nothing.
 */
export function imageFallback(url: string | null | undefined): string | null {
  const original = normalizeImageUrl(url);
  if (!original) return null;
  const driveId = extractDriveFileId(original);
  const fileName = driveId ? null : extractWikimediaFileName(original);
  const candidates = driveId
    ? [`https://drive.google.com/thumbnail?id=${driveId}&sz=w1000`, `https://lh3.googleusercontent.com/d/${driveId}=w1000`]
    : fileName
      ? [`https://commons.wikimedia.org/wiki/Special:FilePath/${fileName}?width=800`, `https://commons.wikimedia.org/wiki/Special:FilePath/${fileName}`]
      : [];
  return candidates.find((candidate) => candidate !== original) ?? null;
}

/** The widths of the renditions the site asks of Wikimedia's image server. */
export const RENDITION = { card: 330, page: 960, smallest: 250 } as const;

/**
 * A Wikimedia rendition of `url` at `width` pixels (its thumbnail addresses name their
 * width: `…/thumb/a/ab/Name.jpg/960px-Name.jpg`); any other address as it is.
 */
export function atWidth(url: string | null | undefined, width: number): string | null {
  return url ? url.replace(/^(https:\/\/upload\.wikimedia\.org\/.+\/thumb\/.+\/)\d+px-([^/]+)$/, `$1${width}px-$2`) : null;
}

/** The sources to try: the normalized original, then its fallback. */
export function imageSources(url: string | null | undefined): string[] {
  const original = normalizeImageUrl(url);
  if (!original) return [];
  const fallback = imageFallback(original);
  return fallback ? [original, fallback] : [original];
}
