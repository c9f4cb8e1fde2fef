import { useState } from 'react';
import { IconButton, SeekBar, TransportButtons } from './controls';
import { currentItem, type PlayerControls, type PlayerState } from './playlist-state';
import { MiniQueue } from './queue';

/** The minimized card at the bottom right; the video plays off-screen. */
export function MiniPlayer({ state, controls, onMaximize }: { state: PlayerState; controls: PlayerControls; onMaximize: () => void }) {
  const [showQueue, setShowQueue] = useState(false);
  const item = currentItem(state);
  if (!item) return null;
  return (
    <section className="player-mini" aria-label="Player">
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
