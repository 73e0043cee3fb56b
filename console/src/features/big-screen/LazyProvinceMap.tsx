import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { ProvinceHeatMapProps } from '../../map';

// The map (OpenLayers and the outline's JSON) is a chunk of its own: the figures show before it
// loads, and a map that fails to load leaves the rest of the wall working.
const ProvinceHeatMap = lazy(() => import('../../map').then((module) => ({ default: module.ProvinceHeatMap })));

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <div className="of-bs-map" data-map-failed="true" /> : this.props.children;
  }
}

export function LazyProvinceMap(props: ProvinceHeatMapProps) {
  return (
    <MapBoundary>
      <Suspense fallback={<div className={props.className} />}>
        <ProvinceHeatMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
