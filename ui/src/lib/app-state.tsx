import { createContext, useContext, type ReactNode } from 'react';
import type { SsrState } from './ssr-state';

/** Request-level values that must be identical on server and client. */
export interface AppEnv {
  year: number;
  origin: string;
}

const AppEnvContext = createContext<AppEnv>({ year: 1970, origin: '' });

export function AppEnvProvider({ state, children }: { state: Pick<SsrState, 'year' | 'origin'>; children: ReactNode }) {
  return <AppEnvContext.Provider value={{ year: state.year, origin: state.origin }}>{children}</AppEnvContext.Provider>;
}

export function useAppEnv(): AppEnv {
  return useContext(AppEnvContext);
}
