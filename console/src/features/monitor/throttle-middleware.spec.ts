import { configureStore } from '@reduxjs/toolkit';
import { createLiveThrottle } from './throttle-middleware';
import { liveReducer, positionsArrived, positionsApplied } from './liveSlice';
import type { LivePosition } from './live-types';

const position = (vehicleId: string, gpsTimeS: number, speedKmh = 10): LivePosition => ({
  vehicleId,
  terminalPhone: `t${vehicleId}`,
  plateCode: `P${vehicleId}`,
  gpsTimeS,
  receivedAtMs: gpsTimeS * 1000,
  latitude: 39.9,
  longitude: 116.4,
  altitudeM: 40,
  speedKmh,
  direction: 90,
  alarmFlags: 0,
  statusFlags: 0b11,
  mileageKm: null,
});

function setup() {
  const timers: (() => void)[] = [];
  const applied: number[] = [];
  const store = configureStore({
    reducer: { live: liveReducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(createLiveThrottle(500, { setTimeout: (callback) => timers.push(callback) })),
  });
  store.subscribe(() => applied.push(store.getState().live.ticks));
  return { store, timers, applied };
}

describe('live throttle middleware', () => {
  it('turns many socket messages into one store update per tick, newest position per vehicle', () => {
    const { store, timers } = setup();
    let updates = 0;
    store.subscribe(() => updates++);
    for (let i = 0; i < 100; i++) store.dispatch(positionsArrived([position(String(i % 10), 1000 + i, i)]));
    expect(updates).toBe(0);
    expect(timers).toHaveLength(1);
    timers.shift()!();
    expect(updates).toBe(1);
    const { vehicles, ticks } = store.getState().live;
    expect(ticks).toBe(1);
    expect(Object.keys(vehicles)).toHaveLength(10);
    expect(vehicles['3']!.gpsSpeed).toBe(93);
  });

  it('keeps a newer position when an older one (blind-area upload) arrives later in the tick', () => {
    const { store, timers } = setup();
    store.dispatch(positionsArrived([position('1', 2000, 50)]));
    store.dispatch(positionsArrived([position('1', 1500, 5)]));
    timers.shift()!();
    expect(store.getState().live.vehicles['1']!.gpsSpeed).toBe(50);
  });

  it('schedules nothing for an empty batch and passes other actions straight through', () => {
    const { store, timers } = setup();
    store.dispatch(positionsArrived([]));
    expect(timers).toHaveLength(0);
    store.dispatch(positionsApplied([position('9', 1)]));
    expect(store.getState().live.ticks).toBe(1);
  });

  it('starts a new tick after a flush', () => {
    const { store, timers } = setup();
    store.dispatch(positionsArrived([position('1', 1)]));
    timers.shift()!();
    store.dispatch(positionsArrived([position('1', 2)]));
    expect(timers).toHaveLength(1);
    timers.shift()!();
    expect(store.getState().live.ticks).toBe(2);
  });

  it('derives the display status from the pushed fields (online, stopped, alarm)', () => {
    const { store, timers } = setup();
    store.dispatch(positionsArrived([position('1', 1, 0), position('2', 1, 30), { ...position('3', 1, 30), alarmFlags: 0b101 }]));
    timers.shift()!();
    const { vehicles } = store.getState().live;
    expect(vehicles['1']!.displayStatus).toBe('stopped');
    expect(vehicles['2']!.displayStatus).toBe('online');
    expect(vehicles['3']!.displayStatus).toBe('onlineAlarm');
    expect(vehicles['3']!.alarmCount).toBe(2);
    expect(vehicles['1']!.gpsTime).toBe('1970-01-01 08:00:01');
  });
});
