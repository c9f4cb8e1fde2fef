/** sessionStorage key of the queue and its position (survives a reload within the browser session). */
export const PLAYER_SESSION_KEY = 'sa-player';
