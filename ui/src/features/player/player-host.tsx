import { lazy, Suspense, useEffect, useState } from 'react';
import { PLAY_EVENT, VIDEO_OVERLAY_EVENT, type PlayRequest, type VideoOverlayRequest } from '../../lib/events';
import { SIGNED_OUT_EVENT } from '../../lib/signed-out';
import { readSession, removeSession } from '../../lib/storage';
import { PLAYER_SESSION_KEY } from './session-key';

// The player's code (and through it the video service's iframe API) is fetched on the
// first play request, or after a reload when this browser session has a saved queue:
// a visit that never plays downloads none of it. It never renders on the server.
const Player = lazy(() => import('./player'));

/** Listens for play and full-screen video requests (lib/events.ts) and mounts the player on the first one. */
export function PlayerHost() {
  const [active, setActive] = useState<{ request: PlayRequest | null; overlay: VideoOverlayRequest | null } | null>(null);
  // A queue saved before a sign-out goes with it, even before the player's code is in.
  useEffect(() => {
    const onSignedOut = () => removeSession(PLAYER_SESSION_KEY);
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);
  useEffect(() => {
    if (active) return undefined;
    const saved = readSession<{ items?: unknown[] }>(PLAYER_SESSION_KEY);
    if (saved && Array.isArray(saved.items) && saved.items.length > 0) {
      setActive({ request: null, overlay: null });
      return undefined;
    }
    const onPlay = (event: Event) => setActive({ request: (event as CustomEvent<PlayRequest>).detail ?? null, overlay: null });
    const onOverlay = (event: Event) => setActive({ request: null, overlay: (event as CustomEvent<VideoOverlayRequest>).detail ?? null });
    window.addEventListener(PLAY_EVENT, onPlay);
    window.addEventListener(VIDEO_OVERLAY_EVENT, onOverlay);
    return () => {
      window.removeEventListener(PLAY_EVENT, onPlay);
      window.removeEventListener(VIDEO_OVERLAY_EVENT, onOverlay);
    };
  }, [active]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <Player initialRequest={active.request} initialOverlay={active.overlay} />
    </Suspense>
  );
}
