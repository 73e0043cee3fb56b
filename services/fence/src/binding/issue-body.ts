import { FenceAttribute, type FenceInput, type LngLatPair } from '@openfleet/contracts';

/** The fence fields an issued area carries (JT/T 808 tables 49-58 / 2019 tables 58-67); `areaId` is the DWORD the terminal stores it under. */
export type IssuableFence = { areaId: number } & Pick<FenceInput, 'name' | 'geometry' | 'attributes' | 'startTime' | 'endTime' | 'maxSpeedKmh' | 'overspeedDurationS' | 'nightMaxSpeedKmh'>;

export interface AreaCommand {
  commandType: string;
  msgId: string;
  body: Record<string, unknown>;
}

/** 0x8600 / 0x8602 set type: 0 replace every area, 1 append, 2 modify. */
export const AreaSetType = { UPDATE: 0, APPEND: 1, MODIFY: 2 } as const;

/** 'HH:mm:ss' (daily: date digits 00) or 'YYYY-MM-DD HH:mm:ss' as BCD 'YYMMDDhhmmss'. */
export function areaTime(text: string | undefined): string {
  if (!text) return '000000000000';
  return text.length > 8 ? text.slice(2).replace(/[-: ]/g, '') : `000000${text.replace(/:/g, '')}`;
}

/** The hemisphere travels as attribute bits 6 (south) and 7 (west); coordinates are unsigned. */
function withHemisphere(attributes: number, points: readonly LngLatPair[]): number {
  let bits = attributes & ~(FenceAttribute.SOUTH_LATITUDE | FenceAttribute.WEST_LONGITUDE);
  if (points.some(([, lat]) => lat < 0)) bits |= FenceAttribute.SOUTH_LATITUDE;
  if (points.some(([lng]) => lng < 0)) bits |= FenceAttribute.WEST_LONGITUDE;
  return bits;
}

function timeAndSpeed(f: IssuableFence): Record<string, unknown> {
  return {
    ...(f.attributes & FenceAttribute.BY_TIME ? { startTime: areaTime(f.startTime), endTime: areaTime(f.endTime) } : {}),
    ...(f.attributes & FenceAttribute.SPEED_LIMIT ? { maxSpeedKmh: f.maxSpeedKmh ?? 0, overspeedDurationS: f.overspeedDurationS ?? 0, nightMaxSpeedKmh: f.nightMaxSpeedKmh ?? f.maxSpeedKmh ?? 0 } : {}),
  };
}

const abs = (n: number) => Math.abs(n);

/**
 * The area command that puts a fence on a terminal: 0x8600 circle (and points), 0x8602 rectangle,
 * 0x8604 polygon (and muck areas), 0x8606 route. `setType` applies to circles and rectangles
 * (append on a first issue, modify on a reissue). Bodies are the JSON libs/jt808 encodes.
 */
export function setAreaCommand(f: IssuableFence, setType: number = AreaSetType.APPEND): AreaCommand {
  const g = f.geometry;
  const name = { name: f.name };
  switch (g.type) {
    case 'circle':
    case 'point': {
      const center = g.type === 'circle' ? g.center : g.point;
      const area = { id: f.areaId, attributes: withHemisphere(f.attributes, [center]), latitude: abs(center[1]), longitude: abs(center[0]), radiusM: Math.round(g.radiusM), ...timeAndSpeed(f), ...name };
      return { commandType: 'fenceCircle', msgId: '0x8600', body: { setType, areas: [area] } };
    }
    case 'rectangle': {
      const area = {
        id: f.areaId,
        attributes: withHemisphere(f.attributes, [g.northWest, g.southEast]),
        topLeftLatitude: abs(g.northWest[1]),
        topLeftLongitude: abs(g.northWest[0]),
        bottomRightLatitude: abs(g.southEast[1]),
        bottomRightLongitude: abs(g.southEast[0]),
        ...timeAndSpeed(f),
        ...name,
      };
      return { commandType: 'fenceRectangle', msgId: '0x8602', body: { setType, areas: [area] } };
    }
    case 'polygon':
      return {
        commandType: 'fencePolygon',
        msgId: '0x8604',
        body: { id: f.areaId, attributes: withHemisphere(f.attributes, g.points), ...timeAndSpeed(f), vertices: g.points.map(([lng, lat]) => ({ latitude: abs(lat), longitude: abs(lng) })), ...name },
      };
    case 'route': {
      // Each inflection point carries the segment that starts there; the last repeats the one before it.
      const points = g.points.map(([lng, lat], i) => {
        const segment = g.segments[Math.min(i, g.segments.length - 1)];
        const timed = segment.longThresholdS > 0 || segment.shortThresholdS > 0;
        const limited = segment.maxSpeedKmh > 0;
        return {
          pointId: i + 1,
          sectionId: Math.min(i, g.segments.length - 1) + 1,
          latitude: abs(lat),
          longitude: abs(lng),
          widthM: Math.min(255, Math.round(segment.widthM)),
          attributes: (timed ? 1 : 0) | (limited ? 2 : 0) | (lat < 0 ? 4 : 0) | (lng < 0 ? 8 : 0),
          ...(timed ? { longThresholdS: segment.longThresholdS, shortThresholdS: segment.shortThresholdS } : {}),
          ...(limited ? { maxSpeedKmh: segment.maxSpeedKmh, overspeedDurationS: f.overspeedDurationS ?? 10, nightMaxSpeedKmh: f.nightMaxSpeedKmh ?? segment.maxSpeedKmh } : {}),
        };
      });
      return { commandType: 'fenceRoute', msgId: '0x8606', body: { id: f.areaId, attributes: f.attributes & ~FenceAttribute.SPEED_LIMIT, ...(f.attributes & FenceAttribute.BY_TIME ? { startTime: areaTime(f.startTime), endTime: areaTime(f.endTime) } : {}), points, ...name } };
    }
  }
}

/** The command that removes a fence from a terminal (0x8601 / 0x8603 / 0x8605 / 0x8607). */
export function deleteAreaCommand(f: Pick<IssuableFence, 'areaId' | 'geometry'>): AreaCommand {
  const [commandType, msgId] =
    f.geometry.type === 'circle' || f.geometry.type === 'point'
      ? ['fenceCircleDelete', '0x8601']
      : f.geometry.type === 'rectangle'
        ? ['fenceRectangleDelete', '0x8603']
        : f.geometry.type === 'polygon'
          ? ['fencePolygonDelete', '0x8605']
          : ['fenceRouteDelete', '0x8607'];
  return { commandType, msgId, body: { ids: [f.areaId] } };
}
