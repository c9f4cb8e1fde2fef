import { useEffect, useState } from 'react';
import { playSound } from './sound';
import './toast.css';

/** One notice in the corner: a title, an optional line, and the destructive style for errors. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

type Listener = (toasts: Toast[]) => void;

const TOAST_MS = 5000;
let nextId = 1;
let current: Toast[] = [];
const listeners = new Set<Listener>();

function publish(next: Toast[]): void {
  current = next;
  for (const listener of listeners) listener(current);
}

/** Shows a toast from anywhere (event handlers, effects); a no-op on the server. */
export function toast(input: Omit<Toast, 'id'>): void {
  if (typeof window === 'undefined') return;
  const item: Toast = { id: nextId++, ...input };
  // The success and error sound effects (silent when sounds are off or before a gesture).
  playSound(item.variant === 'destructive' ? 'error' : 'success');
  publish([...current, item].slice(-3));
  window.setTimeout(() => dismissToast(item.id), TOAST_MS);
}

/** The spec's error toast: titled "Error", destructive, with the server's message. */
export function errorToast(message: string): void {
  toast({ title: 'Error', description: message, variant: 'destructive' });
}

export function dismissToast(id: number): void {
  publish(current.filter((t) => t.id !== id));
}

/** The live region the toasts appear in (empty in the server HTML). */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    listeners.add(setToasts);
    if (current.length > 0) setToasts(current);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={t.variant === 'destructive' ? 'toast toast--destructive' : 'toast'} data-testid="toast">
          <div className="toast-body">
            <p className="toast-title">{t.title}</p>
            {t.description ? <p className="toast-text">{t.description}</p> : null}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
