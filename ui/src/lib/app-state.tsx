import { createContext, useContext, type ReactNode } from 'react';
import type { RenderState } from '../generated/contract';

/** Request-level values that must be identical on server and client. */
export interface AppEnv {
  year: number;
  /** Today's date (YYYY-MM-DD, UTC) on the server's clock. */
  today: string;
  origin: string;
  /** Marketplace links carry the site's affiliate tag (so an affiliate notice is true). */
  affiliate: boolean;
}

const AppEnvContext = createContext<AppEnv>({ year: 1970, today: '1970-01-01', origin: '', affiliate: false });

export function AppEnvProvider({ state, children }: { state: Pick<RenderState, 'year' | 'today' | 'origin' | 'affiliate'>; children: ReactNode }) {
  return (
    <AppEnvContext.Provider value={{ year: state.year, today: state.today, origin: state.origin, affiliate: state.affiliate }}>{children}</AppEnvContext.Provider>
  );
}

export function useAppEnv(): AppEnv {
  return useContext(AppEnvContext);
}
