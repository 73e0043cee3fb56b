import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { VehicleMarker } from '../../map';

export const selectLiveVehicles = (state: RootState) => state.live.vehicles;
export const selectChecked = (state: RootState) => state.monitor.checked;

/**
 * The checked vehicles: what the multi-vehicle map draws (live vehicles are map markers as they are).
 * When every known vehicle is checked the store's record itself is returned, no copy per tick.
 */
export const selectCheckedMarkers = createSelector([selectLiveVehicles, selectChecked], (vehicles, checked): Readonly<Record<string, VehicleMarker>> => {
  let all = true;
  for (const id in vehicles) {
    if (!checked[id]) {
      all = false;
      break;
    }
  }
  if (all) return vehicles;
  const markers: Record<string, VehicleMarker> = {};
  for (const id in checked) {
    const vehicle = vehicles[id];
    if (vehicle) markers[id] = vehicle;
  }
  return markers;
});

export const selectCheckedIds = createSelector([selectChecked], (checked) => Object.keys(checked));
