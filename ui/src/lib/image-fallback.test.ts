import { describe, expect, it } from 'vitest';
import { atWidth, extractDriveFileId, extractWikimediaFileName, imageFallback, imageSources } from './image-fallback';
import { hostOf, isWikimediaUrl, normalizeImageUrl } from './url';

const DRIVE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('image fallback', () => {
  it('prefixes protocol-relative URLs with https:', () => {
    expect(normalizeImageUrl('//upload.wikimedia.org/x.jpg')).toBe('https://upload.wikimedia.org/x.jpg');
    expect(normalizeImageUrl('  ')).toBeNull();
    expect(normalizeImageUrl(null)).toBeNull();
  });

  it('extracts Google Drive file ids from /d/{id} and id={id}', () => {
    expect(extractDriveFileId(`https://drive.google.com/file/d/${DRIVE_ID}/view?usp=sharing`)).toBe(DRIVE_ID);
    expect(extractDriveFileId(`https://drive.google.com/open?id=${DRIVE_ID}`)).toBe(DRIVE_ID);
    expect(extractDriveFileId(`https://drive.google.com/uc?export=view&id=${DRIVE_ID}`)).toBe(DRIVE_ID);
    expect(extractDriveFileId('https://example.com/d/notdrive1234567')).toBeNull();
  });

  it('tries a Drive file once more from its thumbnail service, never the original again', () => {
    const original = `https://drive.google.com/uc?export=view&id=${DRIVE_ID}`;
    const thumbnail = `https://drive.google.com/thumbnail?id=${DRIVE_ID}&sz=w1000`;
    expect(imageSources(original)).toEqual([original, thumbnail]);
    expect(imageFallback(thumbnail)).toBe(`https://lh3.googleusercontent.com/d/${DRIVE_ID}=w1000`);
  });

  it('tries a Wikimedia file once more from the file resolver', () => {
    const url = '//commons.wikimedia.org/wiki/Special:FilePath/Kurt%20Cobain%201992.jpg?width=300';
    expect(extractWikimediaFileName(normalizeImageUrl(url)!)).toBe('Kurt%20Cobain%201992.jpg');
    expect(imageSources(url)).toEqual([`https:${url}`, 'https://commons.wikimedia.org/wiki/Special:FilePath/Kurt%20Cobain%201992.jpg?width=800']);
    const thumb = 'https://upload.wikimedia.org/wikipedia/commons/thumb/1/19/Nirvana_1992.jpg/330px-Nirvana_1992.jpg';
    expect(imageSources(thumb)).toHaveLength(2);
  });

  it('reads the file name of upload.wikimedia.org thumbnails', () => {
    expect(extractWikimediaFileName('https://upload.wikimedia.org/wikipedia/commons/thumb/1/19/Nirvana_1992.jpg/330px-Nirvana_1992.jpg')).toBe('Nirvana_1992.jpg');
    expect(extractWikimediaFileName('https://upload.wikimedia.org/wikipedia/commons/1/19/Nirvana_1992.jpg')).toBe('Nirvana_1992.jpg');
  });

  it('has no fallback for unknown hosts, and lists the original first', () => {
    expect(imageFallback('https://example.com/a.jpg')).toBeNull();
    expect(imageSources('https://example.com/a.jpg')).toEqual(['https://example.com/a.jpg']);
    expect(imageSources(null)).toEqual([]);
  });

  it('recognises wiki hosts for the "Source: Wikimedia" badge', () => {
    expect(isWikimediaUrl('https://upload.wikimedia.org/x.jpg')).toBe(true);
    expect(isWikimediaUrl('https://en.wikipedia.org/wiki/Special:FilePath/x.jpg')).toBe(true);
    expect(isWikimediaUrl('https://notwikipedia.org.evil.com/x.jpg')).toBe(false);
    expect(isWikimediaUrl('https://wikimedia.org.example.com/x.jpg')).toBe(false);
    expect(hostOf('https://user@Example.COM:8080/p')).toBe('example.com');
  });
});

describe('Wikimedia renditions', () => {
  it('asks a thumbnail address for the width wanted, and leaves any other address as it is', () => {
    const thumb = 'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Freddie_Mercury.jpg/960px-Freddie_Mercury.jpg';
    expect(atWidth(thumb, 250)).toBe('https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Freddie_Mercury.jpg/250px-Freddie_Mercury.jpg');
    const original = 'https://upload.wikimedia.org/wikipedia/commons/a/ab/Freddie_Mercury.jpg';
    expect(atWidth(original, 250)).toBe(original);
    expect(atWidth('https://example.com/960px-x.jpg', 250)).toBe('https://example.com/960px-x.jpg');
    expect(atWidth(null, 250)).toBeNull();
  });
});
