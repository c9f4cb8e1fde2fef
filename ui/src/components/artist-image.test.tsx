import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageFallback } from '../lib/image-fallback';
import { ArtistImage } from './artist-image';

const WIKI = '//upload.wikimedia.org/wikipedia/commons/1/19/Nirvana_around_1992.jpg';

describe('ArtistImage', () => {
  it('tries one other address after the photo fails, then shows generated artwork and the failure note, never a broken <img>', () => {
    const shown: Array<string | null> = [];
    const { container } = render(<ArtistImage src={WIKI} title="Nirvana" genres={['Grunge']} reportFailure onSourceChange={(url) => shown.push(url)} />);
    const tried: string[] = [];
    for (let img = container.querySelector('img'); img && !img.classList.contains('generated-artwork') && tried.length < 10; img = container.querySelector('img')) {
      tried.push(img.getAttribute('src')!);
      fireEvent.error(img);
    }
    // The photo and one fallback: two requests for a photo that cannot be loaded.
    expect(tried).toEqual([`https:${WIKI}`, imageFallback(WIKI)]);

    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Nirvana artwork' }).getAttribute('src')).toMatch(/^\/art\/\d{1,3}\/N\.svg$/);
    expect(screen.getByText('Image could not be loaded')).toBeTruthy();
    expect(screen.getByText(/^Source: /).textContent).toContain('upload.wikimedia.org');
    expect(shown.at(-1)).toBeNull();
  });

  it('shows the artwork straight away when there is no image, without a failure note', () => {
    const { container } = render(<ArtistImage src={null} title="The Beatles" reportFailure />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'The Beatles artwork' }).getAttribute('loading')).toBe('lazy');
    expect(screen.queryByText('Image could not be loaded')).toBeNull();
  });

  it('stops at the artwork after the original when no alternative host can be derived', () => {
    const { container } = render(<ArtistImage src="https://images.example.com/x.jpg" title="Queen" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Queen artwork' }).classList.contains('generated-artwork')).toBe(true);
  });

  it("loads the page's own picture, photo or artwork, at once and first; a card's lazily", () => {
    for (const src of [null, WIKI]) {
      const { container, unmount } = render(<ArtistImage src={src} title="Nirvana" loading="priority" />);
      const img = container.querySelector('img')!;
      expect([img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.getAttribute('width')], String(src)).toEqual(['eager', 'high', '400']);
      unmount();
      const card = render(<ArtistImage src={src} title="Nirvana" decorative />);
      expect(card.container.querySelector('img')!.getAttribute('loading'), String(src)).toBe('lazy');
      card.unmount();
    }
  });
});
