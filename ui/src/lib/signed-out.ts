import type { QueryClient } from '@tanstack/react-query';
import { api, SIGNED_IN_READS, STATE_ELEMENT_ID } from '../generated/contract';
import { forgetKeptPages } from './offline';

/**
 * Forgetting a user who signed out or deleted their account, declared once for the
 * accounts feature (Log Out) and the privacy feature (account deletion). A shared computer
 * must show the next person nothing of the last one: the page's copy of the user and
 * their library, locally stored favorites and folders, the state the server wrote into
 * the page, the pages kept for offline reading, and (through SIGNED_OUT_EVENT) the
 * player, its queue and its saved state.
 */

/** Local storage keys of the favorites and folders, cleared at sign-out. */
export const LOCAL_LIBRARY_KEYS = ['favorites', 'folders'] as const;

/** Fired once the page has forgotten the user; the player stops and clears itself. */
export const SIGNED_OUT_EVENT = 'signed-out';

/** A query key that holds the signed-in user's own rows (favorites, folders, videos, export). */
export function isPrivateQueryKey(key: unknown): boolean {
  return typeof key === 'string' && SIGNED_IN_READS.some((start) => key.startsWith(start));
}

export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData([api.user()], null);
  queryClient.removeQueries({ predicate: (query) => isPrivateQueryKey(query.queryKey[0]) });
  if (typeof window === 'undefined') return;
  try {
    for (const key of LOCAL_LIBRARY_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing stored to clear.
  }
  void forgetKeptPages();
  // The server-rendered state (read once, at start) still holds the user's email and library.
  document.getElementById(STATE_ELEMENT_ID)?.remove();
  window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
}
