import { useRef, useState, type KeyboardEvent } from 'react';
import { playHoverSound } from '../../lib/sound';
import { GenreBadges, Glyph, IconButton, withClick } from './controls';
import { queue, type PlayerControls, type PlayerState } from './playlist-state';

/** A double tap: two taps within 300 ms. */
export const DOUBLE_TAP_MS = 300;

/** The minimized card's queue panel: each row a play button and a clickable number. */
export function MiniQueue({ state, controls }: { state: PlayerState; controls: PlayerControls }) {
  const rows = queue(state);
  return (
    <ol className="player-mini-queue" aria-label="Queue">
      {rows.map((item, position) => {
        const current = position === state.current;
        return (
          <li
            key={`${item.id}:${state.order[position]}`}
            className={current ? 'is-current' : undefined}
            aria-current={current ? 'true' : undefined}
            onPointerEnter={(event) => playHoverSound(event.pointerType)}
          >
            <button
              type="button"
              className="player-queue-number"
              aria-label={`Jump to track ${position + 1}: ${item.title}`}
              onClick={withClick(() => controls.dispatch({ type: 'jump', position }))}
            >
              {position + 1}
            </button>
            <span className="player-queue-title" title={item.title}>
              {item.title}
            </span>
            <IconButton label={`Play ${item.title}`} glyph="play" size={16} onClick={() => controls.dispatch({ type: 'jump', position })} />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The maximized view's "Playlist Queue": drag a row to reorder (or, from the keyboard,
 * focus its handle and press the up or down arrow), up and down buttons, remove, and a
 * double click or double tap within 300 ms plays the row.
 */
export function FullQueue({ state, controls }: { state: PlayerState; controls: PlayerControls }) {
  const rows = queue(state);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const lastTap = useRef<{ position: number; at: number } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number, refocus: boolean) => {
    if (to < 0 || to >= rows.length || from === to) return;
    controls.dispatch({ type: 'reorder', from, to });
    setAnnouncement(`${rows[from]?.title ?? 'Track'} moved to position ${to + 1} of ${rows.length}`);
    if (refocus) {
      // Keep the keyboard on the moved row's handle.
      window.requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>('[data-queue-handle]')[to]?.focus());
    }
  };

  const tap = (position: number) => {
    const now = Date.now();
    const last = lastTap.current;
    if (last && last.position === position && now - last.at <= DOUBLE_TAP_MS) {
      lastTap.current = null;
      controls.dispatch({ type: 'jump', position });
    } else {
      lastTap.current = { position, at: now };
    }
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(position, position - 1, true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(position, position + 1, true);
    }
  };

  return (
    <>
      <ol className="player-queue" ref={listRef}>
        {rows.map((item, position) => {
          const current = position === state.current;
          const classes = ['player-queue-row', current ? 'is-current' : '', dragFrom === position ? 'is-dragging' : '', dropAt === position && dragFrom !== position ? 'is-drop-target' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <li
              key={`${item.id}:${state.order[position]}`}
              className={classes}
              aria-current={current ? 'true' : undefined}
              draggable
              data-queue-row={position}
              onPointerEnter={(event) => playHoverSound(event.pointerType)}
              onDragStart={(event) => {
                setDragFrom(position);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(position));
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (dropAt !== position) setDropAt(position);
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = dragFrom ?? Number(event.dataTransfer.getData('text/plain'));
                if (Number.isInteger(from)) move(from, position, false);
                setDragFrom(null);
                setDropAt(null);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setDropAt(null);
              }}
            >
              <button
                type="button"
                className="player-queue-handle"
                data-queue-handle
                aria-label={`Reorder ${item.title}: press the up or down arrow to move`}
                aria-keyshortcuts="ArrowUp ArrowDown"
                onKeyDown={(event) => onHandleKey(event, position)}
              >
                <Glyph name="grip" size={16} />
              </button>
              <button type="button" className="player-queue-number" aria-label={`Play track ${position + 1}: ${item.title}`} onClick={withClick(() => controls.dispatch({ type: 'jump', position }))}>
                {position + 1}
              </button>
              {/* A double click or double tap plays the row. */}
              <div className="player-queue-text" onClick={() => tap(position)}>
                <span className="player-queue-title" title={item.title}>
              {item.title}
            </span>
                <GenreBadges genres={item.genres} max={2} />
              </div>
              <span className="player-queue-actions">
                {position > 0 && <IconButton label={`Move ${item.title} up`} glyph="up" size={18} onClick={() => move(position, position - 1, false)} />}
                {position < rows.length - 1 && (
                  <IconButton label={`Move ${item.title} down`} glyph="down" size={18} onClick={() => move(position, position + 1, false)} />
                )}
                <IconButton label={`Remove ${item.title}`} glyph="remove" size={18} onClick={() => controls.dispatch({ type: 'remove', position })} />
              </span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
