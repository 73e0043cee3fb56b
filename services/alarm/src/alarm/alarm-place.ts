import { placeName } from '@openfleet/geo';

/**
 * The alarm as answered, with the place name of its position (province, city, district from the
 * bundled boundaries). Computed per answer in microseconds, so nothing is stored or cached.
 */
export function withPlace<T extends { latitude: number; longitude: number }>(alarm: T): T & { place: string } {
  return { ...alarm, place: placeName(alarm.longitude, alarm.latitude) };
}
