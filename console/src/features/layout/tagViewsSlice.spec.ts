import {
  allDeleted,
  initialTagViewsState,
  nextPathAfterClose,
  othersDeleted,
  tagViewsReducer,
  viewAdded,
  viewDeleted,
  type TagView,
  type TagViewsState,
} from './tagViewsSlice';

const home: TagView = { path: '/monitor/home', title: 'Home', name: 'home', affix: true };
const sims: TagView = { path: '/index/simCare', title: 'SIM', name: 'simCare' };
const cars: TagView = { path: '/index/carList', title: 'Vehicles', name: 'carList' };
const report: TagView = { path: '/monitor/overSpeed', title: 'Overspeed', name: 'overSpeed', noCache: true };

function withViews(...views: TagView[]): TagViewsState {
  return views.reduce((state, view) => tagViewsReducer(state, viewAdded(view)), initialTagViewsState);
}

describe('tag views (spec §4 visited-view tabs)', () => {
  it('adds a tab only when its path is absent', () => {
    const state = tagViewsReducer(withViews(home, sims), viewAdded({ ...sims, title: 'again' }));
    expect(state.visited).toEqual([home, sims]);
  });

  it('deletes one tab', () => {
    expect(tagViewsReducer(withViews(home, sims, cars), viewDeleted(sims.path)).visited).toEqual([
      home,
      cars,
    ]);
  });

  it('deletes others but keeps affixed tabs', () => {
    expect(tagViewsReducer(withViews(home, sims, cars), othersDeleted(cars.path)).visited).toEqual([
      home,
      cars,
    ]);
  });

  it('deletes all but keeps affixed tabs', () => {
    const state = tagViewsReducer(withViews(home, sims, cars, report), allDeleted());
    expect(state.visited).toEqual([home]);
    expect(state.cached).toEqual(['home']);
  });

  it('keeps noCache pages out of the cached views', () => {
    const state = withViews(home, sims, report);
    expect(state.cached).toEqual(['home', 'simCare']);
    expect(tagViewsReducer(state, viewDeleted(sims.path)).cached).toEqual(['home']);
  });

  it('moves to the last remaining tab when the current one closes', () => {
    const visited = [home, sims, cars];
    expect(nextPathAfterClose(visited, cars.path, cars.path)).toBe(sims.path);
    expect(nextPathAfterClose(visited, sims.path, cars.path)).toBeNull();
    expect(nextPathAfterClose([sims], sims.path, sims.path)).toBe('/login');
  });
});
