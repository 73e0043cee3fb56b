import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { latestLoaded } from './liveSlice';
import { useLatestPositionsQuery, useVehicleTreeQuery } from './monitorApi';
import { flattenVehicleTree, withUnboundTerminals, type TreeRow } from './vehicle-tree';

/**
 * The vehicle tree of the caller and the latest state of every vehicle in scope (loaded once; the
 * live socket keeps it current). The tree is flattened once per load, with terminal phones from
 * the tracking service as extra search words.
 */
export function useMonitorData(): { rows: TreeRow[]; loading: boolean } {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tree = useVehicleTreeQuery();
  const latest = useLatestPositionsQuery({});
  useEffect(() => {
    if (latest.data) dispatch(latestLoaded(latest.data));
  }, [dispatch, latest.data]);
  const rows = useMemo(() => {
    const phones = new Map((latest.data ?? []).map((row) => [row.vehicleId, row.terminalPhone]));
    const roots = withUnboundTerminals(tree.data ?? [], latest.data ?? [], t('monitor.tree.unbound'));
    return flattenVehicleTree(roots, (id) => [phones.get(id)]);
  }, [tree.data, latest.data, t]);
  return { rows, loading: tree.isLoading };
}
