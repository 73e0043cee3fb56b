import { HubEvent, type LivePosition } from '@openfleet/contracts/live';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useFollowVehicles, useLiveEvent } from '../../app/use-live-socket';
import { positionsArrived } from './liveSlice';

/**
 * Follows `vehicleIds` on the tab's live socket while mounted: the hub is asked for their positions
 * (re-asked after every reconnection), and every `positions` batch goes into the store through the
 * throttle middleware (never straight to components).
 */
export function useLiveSocket(vehicleIds: readonly string[]): void {
  const dispatch = useAppDispatch();
  const onPositions = useCallback((batch: LivePosition[]) => {
    if (Array.isArray(batch)) dispatch(positionsArrived(batch));
  }, [dispatch]);
  useLiveEvent(HubEvent.positions, onPositions);
  useFollowVehicles(vehicleIds);
}
