// The only entry to OpenLayers: screens import from here, never from 'ol'.
export { MapView, type MapViewProps } from './MapView';
export { useMap } from './MapContext';
export { VehicleLayer, CLUSTER_MAX_ZOOM, LABEL_MIN_ZOOM } from './VehicleLayer';
export { TrackLayer, type TrackPosition } from './TrackLayer';
export { MeasureTool, formatDistance } from './MeasureTool';
export { MapToolbar, type MapLayerChoice } from './MapToolbar';
export { fitToPositions, downloadMapPng, printMap } from './map-export';
export { STATUS_COLOURS, type VehicleMarker } from './vehicle-marker';
export { defaultMapTypeFor } from './map-tiles';
export { FenceLayer, type FenceShape } from './FenceLayer';
export { FenceDrawTool, type DrawKind } from './FenceDrawTool';
export { ProvinceHeatMap, type ProvinceCount, type ProvinceHeatMapProps } from './ProvinceHeatMap';
export { AutoFit, type AutoFitProps } from './AutoFit';
export { fitTarget, followTarget, shouldFit, STREET_ZOOM, FIT_MAX_ZOOM, type ViewTarget } from './view-fit';
export { MultiTrackLayer, type ColouredPath, type ColouredHead, type MultiTrackLayerProps } from './MultiTrackLayer';
