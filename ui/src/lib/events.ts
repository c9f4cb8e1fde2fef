/** Window events that connect the frame to features added later. */
export const SHOW_LOGIN_EVENT = 'show-login';

/** Asks the login dialog (accounts feature) to open. */
export function showLogin(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(SHOW_LOGIN_EVENT));
}
