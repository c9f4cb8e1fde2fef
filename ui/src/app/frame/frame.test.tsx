import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('header search', () => {
  it('is a real GET form to /search with input q', () => {
    renderApp('/');
    const input = screen.getByPlaceholderText('Search artists, bands, or genres...') as HTMLInputElement;
    const form = input.closest('form')!;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(input.name).toBe('q');
  });

  it('trims, ignores empty text and navigates to /search/{query}', () => {
    const { history } = renderApp('/');
    const input = screen.getByPlaceholderText('Search artists, bands, or genres...');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(history.location.pathname).toBe('/');
    fireEvent.change(input, { target: { value: '  AC/DC  ' } });
    fireEvent.submit(input.closest('form')!);
    expect(history.location.pathname).toBe('/search/AC%2FDC');
  });
});

describe('frame', () => {
  it('has the affiliate notice only while marketplace links carry the site\'s tag', () => {
    const notice = 'As an Amazon Associate, Sound Atlas earns from qualifying purchases.';
    const { unmount } = renderApp('/', [], { affiliate: true });
    expect(within(screen.getByRole('contentinfo')).getByText(notice)).toBeTruthy();
    unmount();
    renderApp('/');
    expect(within(screen.getByRole('contentinfo')).queryByText(notice)).toBeNull();
  });

  it('has the footer texts with the state year', () => {
    renderApp('/');
    expect(screen.getByText('© 2026 Sound Atlas. All rights reserved.')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    for (const heading of ['Navigation', 'About', 'Legal']) expect(within(footer).getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByTitle('Refresh page to reset video loading')).toBeTruthy();
  });

  it('asks for the login dialog from the favorites heart and the menu', async () => {
    renderApp('/');
    const listener = vi.fn();
    window.addEventListener('show-login', listener);
    fireEvent.click(screen.getByRole('button', { name: 'Favorites: 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('FAQ - Video Loading')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Log In' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.removeEventListener('show-login', listener);
  });

  it('confirms external links with the External Link Warning', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Sound Atlas on YouTube' }), { button: 0 });
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('External Link Warning')).toBeTruthy();
    expect(within(dialog).getByText('You are about to navigate to an external website:')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Sound Atlas on YouTube' }), { button: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Continue' }));
    expect(open).toHaveBeenCalledWith('https://www.youtube.com/@SoundAtlas', '_blank', 'noopener,noreferrer');
  });
});
