import { Checkbox, Icon, InputGroup } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../map/vehicle-marker';
import type { LiveVehicle } from './liveSlice';
import { checkAllAllowed, rowCounts, tickedVehicleIds, visibleRange, visibleRows, type TreeRow } from './vehicle-tree';

export const TREE_ROW_HEIGHT = 28;

export interface VehicleTreeProps {
  readonly rows: readonly TreeRow[];
  readonly vehicles: Readonly<Record<string, LiveVehicle>>;
  /** Checked vehicle ids; absent hides the checkboxes (single-vehicle mode). */
  readonly checked?: Readonly<Record<string, true>>;
  readonly onCheck?: (ids: readonly string[], checked: boolean) => void;
  readonly selected: string | null;
  readonly onSelect: (vehicleId: string) => void;
  /** Spec §5: a check-all above this many vehicles is refused with a warning. */
  readonly checkLimit: number;
  readonly onLimit: (count: number) => void;
}

/** Company -> fleet -> vehicle with online/total counts, status icons and search; only visible rows are in the DOM. */
export function VehicleTree({ rows, vehicles, checked, onCheck, selected, onSelect, checkLimit, onLimit }: VehicleTreeProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(rows.filter((row) => row.depth === 0).map((row) => row.key)));
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const viewport = useRef<HTMLDivElement>(null);
  // Companies open when the tree (re)loads; the tree arrives after the first render.
  useEffect(() => {
    setExpanded((now) => new Set([...now, ...rows.filter((row) => row.depth === 0).map((row) => row.key)]));
  }, [rows]);

  const shown = useMemo(() => visibleRows(rows, expanded, query), [rows, expanded, query]);
  const { start, end } = visibleRange(scrollTop, height, TREE_ROW_HEIGHT, shown.length);
  const isOnline = (id: string) => vehicles[id]?.vehicleStatus === 1;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
    setHeight(event.currentTarget.clientHeight || height);
  };
  const toggle = (key: string) => setExpanded((now) => {
    const next = new Set(now);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });
  // While searching, a company or fleet tick applies to its matching vehicles only.
  const check = (row: TreeRow, ids: readonly string[], on: boolean) => {
    if (on && !checkAllAllowed(row, checkLimit, ids)) {
      onLimit(ids.length);
      return;
    }
    onCheck?.(ids, on);
  };

  return (
    <div className="of-vehicle-tree">
      <InputGroup
        className="of-vehicle-tree-search"
        leftIcon="search"
        placeholder={t('monitor.tree.search')}
        value={query}
        onValueChange={(value) => {
          setQuery(value);
          setScrollTop(0);
          if (viewport.current) viewport.current.scrollTop = 0;
        }}
      />
      <div className="of-vehicle-tree-viewport" ref={viewport} onScroll={onScroll}>
        {!shown.length && <div className="of-empty">{t('monitor.tree.empty')}</div>}
        <div style={{ height: shown.length * TREE_ROW_HEIGHT, position: 'relative' }}>
          {shown.slice(start, end).map((rowIndex, offset) => {
            const row = rows[rowIndex]!;
            const isVehicle = row.vehicleId !== null;
            const counts = isVehicle ? null : rowCounts(row, isOnline);
            const ticked = query ? tickedVehicleIds(rows, rowIndex, query) : row.vehicleIds;
            const checkedCount = checked ? ticked.reduce((sum, id) => sum + (checked[id] ? 1 : 0), 0) : 0;
            const status = isVehicle ? vehicles[row.vehicleId!]?.displayStatus ?? 'unknown' : null;
            return (
              <div
                key={row.key}
                className={`of-tree-row ${isVehicle && row.vehicleId === selected ? 'of-tree-row-selected' : ''}`}
                data-key={row.key}
                style={{ top: (start + offset) * TREE_ROW_HEIGHT, height: TREE_ROW_HEIGHT, paddingLeft: 6 + row.depth * 16 }}
                onClick={(event) => {
                  // A click on the checkbox (or its label) checks; it must not also fold the group.
                  if ((event.target as HTMLElement).closest('.of-tree-check')) return;
                  if (isVehicle) onSelect(row.vehicleId!);
                  else toggle(row.key);
                }}
              >
                {!isVehicle && <Icon icon={query || expanded.has(row.key) ? 'caret-down' : 'caret-right'} size={14} />}
                {checked && (
                  <Checkbox
                    className="of-tree-check"
                    checked={checkedCount > 0 && checkedCount === ticked.length}
                    indeterminate={checkedCount > 0 && checkedCount < ticked.length}
                    onClick={(event) => event.stopPropagation()}
                    onChange={(event) => check(row, ticked, event.currentTarget.checked)}
                  />
                )}
                {status && <span className="of-status-dot" title={t(`monitor.status.${status}`)} style={{ background: STATUS_COLOURS[status] }} />}
                <span className="of-tree-name">{row.name}</span>
                {counts && <span className="of-tree-counts">{t('monitor.tree.counts', counts)}</span>}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
