import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imageFallbackCandidates } from '../lib/image-fallback';
import { ArtistImage } from './artist-image';

const WIKI = '//upload.wikimedia.org/wikipedia/commons/1/19/Nirvana_around_1992.jpg';

describe('ArtistImage', () => {
  it('walks the fallback chain, then shows generated artwork and the failure note, never a broken <img>', () => {
    const shown: Array<string | null> = [];
    const { container } = render(<ArtistImage src={WIKI} title="Nirvana" genres={['Grunge']} reportFailure onSourceChange={(url) => shown.push(url)} />);
    const alternatives = imageFallbackCandidates(WIKI);
    expect(alternatives).toHaveLength(5);

    const tried: string[] = [];
    for (let i = 0; i <= alternatives.length; i += 1) {
      const img = container.querySelector('img');
      expect(img).not.toBeNull();
      tried.push(img!.getAttribute('src')!);
      fireEvent.error(img!);
    }
    expect(tried).toEqual([`https:${WIKI}`, ...alternatives]);

    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Nirvana artwork' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('Image could not be loaded')).toBeTruthy();
    expect(screen.getByText(/^Source: /).textContent).toContain('upload.wikimedia.org');
    expect(shown.at(-1)).toBeNull();
  });

  it('shows the artwork straight away when there is no image, without a failure note', () => {
    const { container } = render(<ArtistImage src={null} title="The Beatles" reportFailure />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'The Beatles artwork' })).toBeTruthy();
    expect(screen.queryByText('Image could not be loaded')).toBeNull();
  });

  it('stops at the artwork after the original when no alternative host can be derived', () => {
    const { container } = render(<ArtistImage src="https://images.example.com/x.jpg" title="Queen" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Queen artwork' })).toBeTruthy();
  });
});
