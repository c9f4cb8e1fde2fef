import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExternalLink, ExternalLinkProvider, useExternalLink } from './external-link';

afterEach(() => vi.unstubAllGlobals());

const URL = 'https://www.example.org/a/page/with/a/rather/long/address/that/goes/on';

/** Every way of following a link, and whether it should reach the warning. */
const CLICKS: Array<[string, (el: Element) => boolean]> = [
  ['a plain click', (el) => fireEvent.click(el, { button: 0 })],
  ['a Ctrl click', (el) => fireEvent.click(el, { button: 0, ctrlKey: true })],
  ['a Cmd click', (el) => fireEvent.click(el, { button: 0, metaKey: true })],
  ['a Shift click', (el) => fireEvent.click(el, { button: 0, shiftKey: true })],
  ['an Alt click', (el) => fireEvent.click(el, { button: 0, altKey: true })],
  ['a middle click', (el) => fireEvent(el, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }))],
];

function dialog() {
  return screen.queryByRole('alertdialog', { name: 'External Link Warning' });
}

describe('the External Link Warning', () => {
  it.each(CLICKS)('comes first on %s of an external link, and nothing opens', (_name, click) => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    render(
      <ExternalLinkProvider>
        <ExternalLink href={URL}>Read more</ExternalLink>
      </ExternalLinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Read more' });
    // fireEvent returns false when the default action was prevented.
    expect(click(link)).toBe(false);
    expect(dialog()).toBeTruthy();
    expect(dialog()!.textContent).toContain('You are about to navigate to an external website:');
    // Truncated at 50 characters (47 plus an ellipsis).
    expect(screen.getByText(`${URL.slice(0, 47)}...`)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Continue' }));
    expect(open).toHaveBeenCalledWith(URL, '_blank', 'noopener,noreferrer');
    expect(dialog()).toBeNull();
  });

  it('leaves a right click alone (the context menu)', () => {
    render(
      <ExternalLinkProvider>
        <ExternalLink href={URL}>Read more</ExternalLink>
      </ExternalLinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Read more' });
    expect(fireEvent(link, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 }))).toBe(true);
    expect(dialog()).toBeNull();
  });

  it('refuses every address but http(s): no link, no warning, nothing opened', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    function ConfirmButton({ url }: { url: string }) {
      const { confirm } = useExternalLink();
      return <button onClick={() => confirm(url)}>Open {url.slice(0, 4)}</button>;
    }
    const hostile = ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example/x'];
    render(
      <ExternalLinkProvider>
        {hostile.map((url) => (
          <div key={url}>
            <ExternalLink href={url}>Credit {url.slice(0, 4)}</ExternalLink>
            <ConfirmButton url={url} />
          </div>
        ))}
      </ExternalLinkProvider>,
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
    for (const url of hostile) {
      expect(screen.getByText(`Credit ${url.slice(0, 4)}`).closest('a')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: `Open ${url.slice(0, 4)}` }));
      expect(dialog()).toBeNull();
    }
    expect(open).not.toHaveBeenCalled();
  });
});
