import { createContext, useContext } from 'react';
import type OlMap from 'ol/Map';

/** The map and the map type its view draws in; overlays convert through coordinate-boundary with it. */
export interface MapHandle {
  readonly map: OlMap;
  readonly mapType: number;
}

export const MapContext = createContext<MapHandle | null>(null);

/** The enclosing map; overlays only render inside <MapView>. */
export function useMap(): MapHandle {
  const handle = useContext(MapContext);
  if (!handle) throw new Error('map overlays must be rendered inside <MapView>');
  return handle;
}
