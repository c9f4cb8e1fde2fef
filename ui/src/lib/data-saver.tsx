import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DATA_SAVER_COOKIE, DATA_SAVER_COOKIE_ON } from '../generated/contract';

/**
 * The data saver: on when the browser asks for less data (`Save-Data: on`) or the
 * visitor turned on the "Data saver" switch of the privacy settings. Then no video
 * thumbnail, embed or neighbouring video loads until asked, and images come in their
 * smallest size. The switch is a cookie (its name and value from the contract), so the
 * server renders the first HTML without them too (it reads both the header and the
 * cookie; such a page is never stored by a shared cache).
 */
/** Fired on window when the switch changes, so the open page follows at once. */
const DATA_SAVER_EVENT = 'data-saver-changed';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const DataSaverContext = createContext(false);

/** `initial`: what the server rendered with (the page state's `dataSaver`). */
export function DataSaverProvider({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [on, setOn] = useState(initial);
  useEffect(() => {
    const follow = () => setOn(readDataSaverSwitch() || initial);
    window.addEventListener(DATA_SAVER_EVENT, follow);
    return () => window.removeEventListener(DATA_SAVER_EVENT, follow);
  }, [initial]);
  return <DataSaverContext.Provider value={on}>{children}</DataSaverContext.Provider>;
}

/** Whether the data saver is on for this page. */
export function useDataSaver(): boolean {
  return useContext(DataSaverContext);
}

/** Whether the visitor's switch is on (effects and handlers only). */
export function readDataSaverSwitch(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim() === `${DATA_SAVER_COOKIE}=${DATA_SAVER_COOKIE_ON}`);
}

export function saveDataSaverSwitch(on: boolean): void {
  document.cookie = on
    ? `${DATA_SAVER_COOKIE}=${DATA_SAVER_COOKIE_ON}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`
    : `${DATA_SAVER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  window.dispatchEvent(new Event(DATA_SAVER_EVENT));
}
