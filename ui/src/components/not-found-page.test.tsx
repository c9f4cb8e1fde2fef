import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('not-found screen', () => {
  it('renders for unknown paths with the spec texts', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('404 Page Not Found');
  });
});
