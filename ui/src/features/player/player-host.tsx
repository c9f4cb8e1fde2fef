import { lazy, Suspense, useEffect, useState } from 'react';
import { PLAY_EVENT, type PlayRequest } from '../../lib/events';
import { readSession } from '../../lib/storage';
import { PLAYER_SESSION_KEY } from './session-key';

// The player's code (and through it the video service's iframe API) is fetched on the
// first play request, or after a reload when this browser session has a saved queue:
// a visit that never plays downloads none of it. It never renders on the server.
const Player = lazy(() => import('./player'));

/** Listens for play requests (lib/events.ts) and mounts the player on the first one. */
export function PlayerHost() {
  const [active, setActive] = useState<{ request: PlayRequest | null } | null>(null);
  useEffect(() => {
    if (active) return undefined;
    const saved = readSession<{ items?: unknown[] }>(PLAYER_SESSION_KEY);
    if (saved && Array.isArray(saved.items) && saved.items.length > 0) {
      setActive({ request: null });
      return undefined;
    }
    const onPlay = (event: Event) => setActive({ request: (event as CustomEvent<PlayRequest>).detail ?? null });
    window.addEventListener(PLAY_EVENT, onPlay);
    return () => window.removeEventListener(PLAY_EVENT, onPlay);
  }, [active]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <Player initialRequest={active.request} />
    </Suspense>
  );
}
