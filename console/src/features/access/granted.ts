import { useAppSelector } from '../../app/hooks';

/**
 * True when any page of the user's menu grants the action code. Screens ask before calling
 * another screen's endpoints (a 403 would sign the user out, spec §8).
 */
export function useGranted(code: string): boolean {
  return useAppSelector((state) => state.access.pages.some((page) => page.screen === code || page.power.includes(code)));
}
