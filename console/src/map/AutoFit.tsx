import { useEffect, useRef } from 'react';
import { wgsToView } from './coordinate-boundary';
import { useMap } from './MapContext';
import { FIT_MAX_ZOOM, FIT_PADDING, fitTarget, shouldFit } from './view-fit';

export interface AutoFitProps {
  /** WGS-84 positions by vehicle id (vehicles without a fix are left out by the caller or skipped here). */
  readonly positions: Readonly<Record<string, readonly [number, number] | null>>;
}

/**
 * Brings the map to the checked vehicles: whenever a vehicle with a position joins them the view
 * fits all of them (one vehicle: street zoom). Renders nothing.
 */
export function AutoFit({ positions }: AutoFitProps) {
  const { map, mapType } = useMap();
  const fitted = useRef<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const ids = Object.keys(positions).filter((id) => {
      const at = positions[id];
      return !!at && Number.isFinite(at[0]) && Number.isFinite(at[1]) && (at[0] !== 0 || at[1] !== 0);
    });
    const fit = shouldFit(fitted.current, ids);
    fitted.current = new Set(ids);
    if (!fit) return;
    const target = fitTarget(ids.map((id) => wgsToView(positions[id]![0], positions[id]![1], mapType)));
    const view = map.getView();
    if (target.kind === 'center') view.animate({ center: target.center, zoom: target.zoom, duration: 300 });
    else if (target.kind === 'extent') view.fit(target.extent, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 300 });
  }, [map, mapType, positions]);

  return null;
}
