// Benchmark page for the monitoring screens: the real map module, store (throttle middleware),
// vehicle tree and history screen, fed with synthetic data. Scenario by location.hash.
import { useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import '@blueprintjs/core/lib/css/blueprint.css';
import { makeStore } from '../src/app/store';
import { useAppSelector } from '../src/app/hooks';
import { createI18n } from '../src/i18n';
import { MapView, VehicleLayer, useMap } from '../src/map';
import { latestLoaded, liveReducer, positionsApplied, positionsArrived } from '../src/features/monitor/liveSlice';
import { vehiclesChecked } from '../src/features/monitor/monitorSlice';
import { selectCheckedMarkers } from '../src/features/monitor/monitor-selectors';
import { flattenVehicleTree } from '../src/features/monitor/vehicle-tree';
import { VehicleTree } from '../src/features/monitor/VehicleTree';
import HistoryTrackScreen from '../src/features/history/HistoryTrackScreen';
import HomeScreen from '../src/features/home/HomeScreen';
import { syntheticLatest, syntheticTick, syntheticTree } from './synthetic';

const COUNT = Number(new URLSearchParams(location.search).get('vehicles') ?? 10_000);
const bench: Record<string, unknown> = {};
(window as unknown as { bench: typeof bench }).bench = bench;

const store = makeStore({ session: { token: 'bench', refreshToken: null, timing: null, user: null } });
const i18n = createI18n('zh_CN');

function MapHandleProbe() {
  const { map } = useMap();
  useEffect(() => {
    bench.map = map;
    bench.mapReady = true;
  }, [map]);
  return null;
}

function LiveMap() {
  const markers = useAppSelector(selectCheckedMarkers);
  return (
    <div style={{ height: '100vh' }}>
      <MapView mapType={3}>
        <VehicleLayer vehicles={markers} />
        <MapHandleProbe />
      </MapView>
    </div>
  );
}

function mapScenario() {
  const latest = syntheticLatest(COUNT);
  store.dispatch(latestLoaded(latest));
  store.dispatch(vehiclesChecked({ ids: latest.map((row) => row.vehicleId), checked: true }));
  let second = 0;
  let timer = 0;
  // 1 Hz: the hub sends each second's positions; we split them into 10 socket messages to prove
  // the throttle still makes one store update per tick.
  bench.startFeed = () => {
    timer = window.setInterval(() => {
      second++;
      const batch = syntheticTick(latest, second);
      for (let part = 0; part < 10; part++) store.dispatch(positionsArrived(batch.slice((part * batch.length) / 10, ((part + 1) * batch.length) / 10)));
    }, 1000);
  };
  bench.stopFeed = () => window.clearInterval(timer);
  bench.ticks = () => store.getState().live.ticks;
  // Pieces of one tick, for profiling: the reducer alone and the marker selector on its result.
  bench.tickParts = () => {
    const batch = syntheticTick(latest, 99);
    const t0 = performance.now();
    const live = liveReducer(store.getState().live, positionsApplied(batch));
    const t1 = performance.now();
    selectCheckedMarkers({ ...store.getState(), live });
    return { reducerMs: t1 - t0, selectorMs: performance.now() - t1 };
  };
  return <LiveMap />;
}

function TreeScenario() {
  const [rows] = useState(() => {
    const started = performance.now();
    const flat = flattenVehicleTree(syntheticTree(COUNT));
    bench.flattenMs = performance.now() - started;
    return flat;
  });
  const vehicles = useAppSelector((state) => state.live.vehicles);
  useLayoutEffect(() => {
    bench.treeCommitted = performance.now();
  }, []);
  return (
    <div style={{ height: '100vh', width: 320 }}>
      <VehicleTree rows={rows} vehicles={vehicles} checked={{}} onCheck={() => undefined} selected={null} onSelect={() => undefined} checkLimit={2000} onLimit={() => undefined} />
    </div>
  );
}

function HistoryScenario() {
  return (
    <div style={{ height: '100vh' }}>
      <HistoryTrackScreen power={[]} />
    </div>
  );
}

const scenario = location.hash.slice(1) || 'map';
if (scenario === 'tree') store.dispatch(latestLoaded(syntheticLatest(COUNT)));
bench.renderStarted = performance.now();
createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <I18nextProvider i18n={i18n}>{scenario === 'tree' ? <TreeScenario /> : scenario === 'history' ? <HistoryScenario /> : scenario === 'home' ? <HomeScreen power={[]} /> : mapScenario()}</I18nextProvider>
  </Provider>,
);

// Per-tick main-thread cost: the throttle's 'live-tick' measure (reducer, selectors, React render, diff).
const tickCosts: number[] = [];
bench.tickCosts = tickCosts;

// The map applies moved vehicles in chunks (one task each): their durations, for the per-tick total.
const chunkCosts: number[] = [];
bench.chunkCosts = chunkCosts;
new PerformanceObserver((list) => list.getEntries().forEach((entry) => entry.name === 'vehicle-layer-chunk' ? chunkCosts.push(entry.duration) : entry.name === 'live-tick' && tickCosts.push(entry.duration))).observe({ type: 'measure' });
