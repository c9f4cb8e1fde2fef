import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_FOLDER_NAME_CHARS, type FavoriteFolder } from '../../generated/contract';
import { useModalKeys } from '../../components/modal';
import type { LibraryActions } from '../../lib/visitor-library';
import { useAction } from '../../lib/use-action';
import type { AddCandidate } from './library';

/** A dialog of the favorites screen: rendered only while open; focus stays inside; Escape closes. */
function LibraryModal({ title, children, onClose, initialFocus }: { title: string; children: ReactNode; onClose: () => void; initialFocus?: string }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useModalKeys(dialogRef, onClose, () => {
    const first = initialFocus ? dialogRef.current?.querySelector<HTMLElement>(initialFocus) : null;
    return first ?? dialogRef.current?.querySelector<HTMLElement>('input, button');
  });
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="modal library-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** New Folder: the name is trimmed, Create is disabled while it is empty, Enter submits. */
export function NewFolderDialog({ actions, onCreated, onClose }: { actions: LibraryActions; onCreated: (id: number) => void; onClose: () => void }) {
  return <FolderNameDialog title="New Folder" initialName="" submit={['Create', 'Creating...']} save={actions.createFolder.mutateAsync} onSaved={(folder) => onCreated(folder.id)} onClose={onClose} />;
}

/** Rename: the same rules as a new folder's name, starting from the current one. */
export function RenameFolderDialog({ folder, actions, onClose }: { folder: FavoriteFolder; actions: LibraryActions; onClose: () => void }) {
  return <FolderNameDialog title={`Rename ${folder.name}`} initialName={folder.name} submit={['Rename', 'Renaming...']} save={(name) => actions.renameFolder.mutateAsync({ id: folder.id, name })} onSaved={onClose} onClose={onClose} />;
}

/** A folder's name, asked for: trimmed, the button disabled while it is empty (or, renaming, unchanged), Enter submits. */
function FolderNameDialog<T>({
  title,
  initialName,
  submit: [label, busyLabel],
  save,
  onSaved,
  onClose,
}: {
  title: string;
  initialName: string;
  submit: [string, string];
  save: (name: string) => Promise<T>;
  onSaved: (saved: T) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const { run, busy, error } = useAction(save, onSaved);
  const trimmed = name.trim();
  const ready = trimmed !== '' && trimmed !== initialName;
  const inputId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    run(trimmed);
  };
  return (
    <LibraryModal title={title} onClose={onClose}>
      <form onSubmit={onSubmit} className="library-form">
        <label htmlFor={inputId} className="library-label">
          Folder name
        </label>
        <input
          id={inputId}
          className="library-input"
          type="text"
          value={name}
          maxLength={MAX_FOLDER_NAME_CHARS}
          autoComplete="off"
          placeholder="e.g. Road Trip"
          onChange={(event) => setName(event.target.value)}
        />
        {error && (
          <p className="modal-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={!ready || busy}>
            {busy ? busyLabel : label}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </LibraryModal>
  );
}

/** Add: main favorites not yet in the folder, each with its own "Adding..." state. */
export function AddToFolderDialog({ folder, candidates, actions, onClose }: { folder: FavoriteFolder; candidates: AddCandidate[]; actions: LibraryActions; onClose: () => void }) {
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const add = async (candidate: AddCandidate) => {
    setAdding((current) => new Set(current).add(candidate.key));
    setError(null);
    try {
      if ('artist' in candidate) {
        await actions.addFavorite.mutateAsync({ artistId: candidate.artist.id, folderId: folder.id });
      } else {
        const { folderId: _topLevel, ...video } = candidate.video;
        await actions.addVideoFavorite.mutateAsync({ ...video, folderId: folder.id });
      }
    } catch (failure) {
      const fallback = 'artist' in candidate ? 'Failed to save favorite' : 'Failed to add video favorite to folder';
      console.error(fallback, failure);
      setError(failure instanceof Error ? failure.message : fallback);
    } finally {
      setAdding((current) => {
        const next = new Set(current);
        next.delete(candidate.key);
        return next;
      });
    }
  };
  return (
    <LibraryModal title={`Add to ${folder.name}`} onClose={onClose} initialFocus=".library-done">
      {candidates.length === 0 ? (
        <p className="modal-text">All your favorites are already in this folder!</p>
      ) : (
        <ul className="library-pick-list">
          {candidates.map((candidate) => (
            <li key={candidate.key}>
              <span className="library-pick-title">{candidate.title}</span>
              <button type="button" className="btn btn-ghost btn-sm" disabled={adding.has(candidate.key)} onClick={() => void add(candidate)} aria-label={adding.has(candidate.key) ? undefined : `Add ${candidate.title}`}>
                {adding.has(candidate.key) ? 'Adding...' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="modal-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary library-done" onClick={onClose}>
          Done
        </button>
      </div>
    </LibraryModal>
  );
}

/** Move: out of where the artist is, into another place, in one request. */
export function MoveDialog({
  artist,
  fromFolderId,
  folders,
  actions,
  onClose,
}: {
  artist: { id: number; title: string };
  fromFolderId: number | null;
  folders: FavoriteFolder[];
  actions: LibraryActions;
  onClose: () => void;
}) {
  const {
    run: move,
    busy,
    error,
  } = useAction((toFolderId: number | null) => actions.moveFavorite.mutateAsync({ artistId: artist.id, fromFolderId: fromFolderId ?? undefined, toFolderId: toFolderId ?? undefined }), onClose);
  const targets: { id: number | null; name: string }[] = [
    ...(fromFolderId === null ? [] : [{ id: null, name: 'My Favorites' }]),
    ...folders.filter((folder) => folder.id !== fromFolderId).map((folder) => ({ id: folder.id, name: folder.name })),
  ];
  return (
    <LibraryModal title={`Move ${artist.title}`} onClose={onClose}>
      {targets.length === 0 ? (
        <p className="modal-text">Create a folder first to move favorites into it.</p>
      ) : (
        <ul className="library-pick-list">
          {targets.map((target) => (
            <li key={target.id ?? 'top'}>
              <span className="library-pick-title">{target.name}</span>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => move(target.id)} aria-label={`Move here: ${target.name}`}>
                Move here
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="modal-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </LibraryModal>
  );
}
