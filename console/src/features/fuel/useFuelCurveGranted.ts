import { useGranted } from '../access/granted';

/**
 * True when the caller may ask for a fuel curve: the API grants it to the fuel pages and to the
 * multiCar and history screens (a refused call would sign the user out, spec §8).
 */
export function useFuelCurveGranted(): boolean {
  const report = useGranted('fuelReport:search');
  const events = useGranted('fuelEvents:search');
  const multiCar = useGranted('multiCar');
  const history = useGranted('historyTrack');
  return report || events || multiCar || history;
}
