/**
 * Placeholder for the accounts issue: nobody is signed in yet, and the
 * favorites count is 0. The frame and artist page read these hooks so the
 * accounts/favorites features can slot in without touching them.
 */
export function useSignedIn(): boolean {
  return false;
}

export function useFavoritesCount(): number {
  return 0;
}
