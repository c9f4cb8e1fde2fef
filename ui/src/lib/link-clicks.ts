import type { MouseEvent } from 'react';

/**
 * Handlers that send every way of following a link to `open` (the
 * External Link Warning comes first): a plain click, a Ctrl/Cmd/Shift/Alt click
 * (which would open a new tab or window, or download) and a middle click, which
 * browsers report as `auxclick`, never as `click`. Each is prevented, so nothing
 * leaves the site before the visitor confirms. A right click is left alone (it opens
 * the context menu, not the link). The anchor keeps its real `href` for crawlers and
 * for visitors without JavaScript.
 */
export function linkClickHandlers(open: () => void, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  return {
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (event.defaultPrevented) return;
      // Keyboard activation reports button 0 too; any other button is an aux click.
      if (event.button !== 0) return;
      event.preventDefault();
      open();
    },
    onAuxClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 1) return;
      event.preventDefault();
      open();
    },
  };
}
