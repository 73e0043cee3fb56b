import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { VehicleMarker } from '../../map';
import type { LiveVehicle } from './liveSlice';

const markerOf = new WeakMap<LiveVehicle, VehicleMarker>();

/** The marker of a live vehicle, the same object while the vehicle is unchanged (the map diffs by reference). */
function marker(vehicle: LiveVehicle): VehicleMarker | null {
  if (vehicle.lng === null || vehicle.lat === null) return null;
  let found = markerOf.get(vehicle);
  if (!found) {
    found = { id: vehicle.vehicleId, plate: vehicle.plateCode, lng: vehicle.lng, lat: vehicle.lat, direction: vehicle.direction, status: vehicle.displayStatus };
    markerOf.set(vehicle, found);
  }
  return found;
}

export const selectLiveVehicles = (state: RootState) => state.live.vehicles;
export const selectChecked = (state: RootState) => state.monitor.checked;

/** Markers of the checked vehicles with a position: what the multi-vehicle map draws. */
export const selectCheckedMarkers = createSelector([selectLiveVehicles, selectChecked], (vehicles, checked) => {
  const markers: Record<string, VehicleMarker> = {};
  for (const id of Object.keys(checked)) {
    const vehicle = vehicles[id];
    const drawn = vehicle && marker(vehicle);
    if (drawn) markers[id] = drawn;
  }
  return markers;
});

export const selectCheckedIds = createSelector([selectChecked], (checked) => Object.keys(checked));
