import { createContext, useContext, type ReactNode } from 'react';
import { hasPower } from './menu-tree';

const PowerContext = createContext<readonly string[]>([]);

export function PowerProvider({ power, children }: { power: readonly string[]; children: ReactNode }) {
  return <PowerContext.Provider value={power}>{children}</PowerContext.Provider>;
}

/** The page's action codes (spec §6 power list). */
export function usePower(): readonly string[] {
  return useContext(PowerContext);
}

/** Renders its children only when the page's power list holds the action code. */
export function WithPower({ code, children }: { code: string; children: ReactNode }) {
  return hasPower(usePower(), code) ? <>{children}</> : null;
}
