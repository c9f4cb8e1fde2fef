import { useLayoutEffect, useRef, useState } from 'react';
import { IconButton, SeekBar, TransportButtons, UnplayableNote } from './controls';
import { currentItem, type PlayerControls, type PlayerState } from './playlist-state';
import { MiniQueue } from './queue';

/** The root's custom property holding the room the card takes at the viewport's bottom (player.css pads the page's end by it). */
const ROOM_PROPERTY = '--player-mini-room';

/** While the card shows, the page keeps room for it at its end (its height and its offset from the bottom). */
function useReservedRoom() {
  const cardRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!card) return undefined;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(ROOM_PROPERTY, `${Math.ceil(card.getBoundingClientRect().height + (parseFloat(getComputedStyle(card).bottom) || 0))}px`);
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(card);
    window.addEventListener('resize', reserve);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty(ROOM_PROPERTY);
    };
  }, []);
  return cardRef;
}

/** The minimized card at the bottom right; the video plays off-screen. */
export function MiniPlayer({ state, controls, onMaximize }: { state: PlayerState; controls: PlayerControls; onMaximize: () => void }) {
  const [showQueue, setShowQueue] = useState(false);
  const cardRef = useReservedRoom();
  const item = currentItem(state);
  if (!item) return null;
  return (
    <section className="player-mini" aria-label="Player" ref={cardRef}>
      <div className="player-mini-head">
        <div className="player-mini-text">
          <p className="player-mini-title" title={item.title}>
            {item.title}
          </p>
          <p className="player-mini-count">
            {state.current + 1} of {state.order.length}
          </p>
        </div>
        <IconButton label="Maximize player" glyph="maximize" onClick={onMaximize} data-player-maximize="" />
        <IconButton label="Close player" glyph="close" onClick={() => controls.dispatch({ type: 'close' })} />
      </div>
      <UnplayableNote state={state} className="player-mini-error" />
      <SeekBar state={state} controls={controls} id="player-mini-seek" />
      <div className="player-mini-controls">
        <TransportButtons state={state} controls={controls} />
        <IconButton
          label={showQueue ? 'Hide queue' : 'Show queue'}
          glyph="queue"
          aria-expanded={showQueue}
          aria-controls="player-mini-queue"
          onClick={() => setShowQueue((value) => !value)}
        />
      </div>
      {showQueue && (
        <div id="player-mini-queue" className="player-mini-queue-panel">
          <MiniQueue state={state} controls={controls} />
        </div>
      )}
    </section>
  );
}
