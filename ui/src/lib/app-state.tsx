import { createContext, useContext, type ReactNode } from 'react';
import { NEW_SONGS_WINDOW_WEEKS, type RenderState } from '../generated/contract';

/** Request-level values that must be identical on server and client. */
export interface AppEnv {
  year: number;
  /** Today's date (YYYY-MM-DD, UTC) on the server's clock. */
  today: string;
  origin: string;
  /** Marketplace links carry the site's affiliate tag (so an affiliate notice is true). */
  affiliate: boolean;
  /** Brand New Songs' window in weeks (the deployment's setting). */
  newSongsWindowWeeks: number;
}

const AppEnvContext = createContext<AppEnv>({ year: 1970, today: '1970-01-01', origin: '', affiliate: false, newSongsWindowWeeks: NEW_SONGS_WINDOW_WEEKS });

export function AppEnvProvider({ state, children }: { state: Pick<RenderState, 'year' | 'today' | 'origin' | 'affiliate' | 'newSongsWindowWeeks'>; children: ReactNode }) {
  const { year, today, origin, affiliate, newSongsWindowWeeks } = state;
  return <AppEnvContext.Provider value={{ year, today, origin, affiliate, newSongsWindowWeeks }}>{children}</AppEnvContext.Provider>;
}

export function useAppEnv(): AppEnv {
  return useContext(AppEnvContext);
}
