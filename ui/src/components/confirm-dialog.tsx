import { useId, useRef, type ReactNode } from 'react';
import { useModalKeys } from './modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (removing, deleting). */
  danger?: boolean;
  busy?: boolean;
  /** Shown under the text when the action failed (role=alert). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A confirmation dialog (favorite add/remove, removing a track, deleting
 * a folder): rendered only while open, so server markup never carries it. Focus goes to
 * Cancel, stays inside, and returns where it was; Escape cancels.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', danger = false, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useModalKeys(dialogRef, onCancel, () => cancelRef.current);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && !busy && onCancel()}>
      <div ref={dialogRef} className="modal" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <h2 id={`${id}-title`} className="modal-title">
          {title}
        </h2>
        <div id={`${id}-text`} className="modal-text">
          {children}
        </div>
        {error && (
          <p className="modal-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </button>
          <button type="button" ref={cancelRef} className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
