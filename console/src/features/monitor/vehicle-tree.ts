/** `findVehicleTreeInfoList` node (docs/admin.md): company -> fleet -> vehicle. */
export interface VehicleTreeNode {
  key: string;
  id: number | string;
  name: string;
  type: 'company' | 'fleet' | 'vehicle' | string;
  children?: VehicleTreeNode[];
  plateCode?: string;
  vehicleType?: number | null;
  vin?: string | null;
  terminalNo?: string | null;
  simNo?: string | null;
  total?: number;
}

/** One tree row in depth-first order. */
export interface TreeRow {
  readonly key: string;
  readonly name: string;
  readonly type: string;
  readonly depth: number;
  /** Index of the parent row, -1 for a root. */
  readonly parent: number;
  /** Index just past the last descendant row (a subtree is rows[index + 1 .. end)). */
  readonly end: number;
  /** The vehicle of a leaf; null for companies and fleets. */
  readonly vehicleId: string | null;
  /** Every vehicle under the row (itself for a leaf). */
  readonly vehicleIds: readonly string[];
  /** Lower-case plate / VIN / terminal / SIM for the search box. */
  readonly search: string;
}

/** Extra search words per vehicle the tree does not carry (the terminal phone from the live state). */
export type SearchExtras = (vehicleId: string) => readonly (string | null | undefined)[];

/** Flattens the tree once per load, so expanding, searching and counting are array scans. */
export function flattenVehicleTree(roots: readonly VehicleTreeNode[], extras: SearchExtras = () => []): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (node: VehicleTreeNode, depth: number, parent: number): string[] => {
    const index = rows.length;
    const isVehicle = node.type === 'vehicle';
    const vehicleId = isVehicle ? String(node.id) : null;
    rows.push(null as unknown as TreeRow); // reserve the slot so children follow their parent
    const ids: string[] = vehicleId ? [vehicleId] : [];
    for (const child of node.children ?? []) ids.push(...visit(child, depth + 1, index));
    const words = isVehicle ? [node.plateCode ?? node.name, node.vin, node.terminalNo, node.simNo, ...extras(vehicleId!)] : [];
    rows[index] = {
      key: node.key,
      name: node.name,
      type: node.type,
      depth,
      parent,
      end: rows.length,
      vehicleId,
      vehicleIds: ids,
      search: words.filter(Boolean).join(' ').toLowerCase(),
    };
    return ids;
  };
  for (const root of roots) visit(root, 0, -1);
  return rows;
}

/**
 * Row indices to show: without a query, the rows whose ancestors are all expanded; with one, the
 * vehicles matching plate/VIN/terminal/SIM and their ancestors (shown expanded).
 */
export function visibleRows(rows: readonly TreeRow[], expanded: ReadonlySet<string>, query: string): number[] {
  const needle = query.trim().toLowerCase();
  const result: number[] = [];
  if (!needle) {
    for (let index = 0; index < rows.length; ) {
      const row = rows[index]!;
      result.push(index);
      index = row.vehicleId !== null || expanded.has(row.key) ? index + 1 : row.end;
    }
    return result;
  }
  const keep = new Uint8Array(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (row.vehicleId === null || !row.search.includes(needle)) continue;
    for (let at = index; at >= 0 && !keep[at]; at = rows[at]!.parent) keep[at] = 1;
  }
  for (let index = 0; index < rows.length; index++) if (keep[index]) result.push(index);
  return result;
}

/** Online and total vehicles under a row. */
export function rowCounts(row: TreeRow, isOnline: (vehicleId: string) => boolean): { online: number; total: number } {
  let online = 0;
  for (const id of row.vehicleIds) if (isOnline(id)) online++;
  return { online, total: row.vehicleIds.length };
}

/** Rows to render in a fixed-row-height list: the viewport plus `overscan` rows either side. */
export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan = 8): { start: number; end: number } {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + Math.ceil(Math.max(0, viewportHeight) / rowHeight) + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * The vehicles a tick on row `index` checks: every vehicle under it, or while the tree is searched
 * only those matching the search (the ones the operator sees), never the hidden rest of a company.
 */
export function tickedVehicleIds(rows: readonly TreeRow[], index: number, query: string): readonly string[] {
  const row = rows[index];
  if (!row) return [];
  const needle = query.trim().toLowerCase();
  if (!needle) return row.vehicleIds;
  const ids: string[] = [];
  for (let at = index; at < row.end; at++) {
    const candidate = rows[at]!;
    if (candidate.vehicleId !== null && candidate.search.includes(needle)) ids.push(candidate.vehicleId);
  }
  return ids;
}

/** Spec §5: checking a whole company or fleet above the configured vehicle limit is refused. */
export function checkAllAllowed(row: TreeRow, limit: number, ids: readonly string[] = row.vehicleIds): boolean {
  return row.vehicleId !== null || ids.length <= limit;
}

/**
 * Terminals the tracking service reports without a vehicle (open registration; super administrators
 * only) get their own group, so they can be checked and followed like vehicles.
 */
export function withUnboundTerminals(roots: readonly VehicleTreeNode[], latest: readonly { vehicleId: string; terminalPhone: string; plateCode: string }[], groupName: string): VehicleTreeNode[] {
  const known = new Set<string>();
  const collect = (node: VehicleTreeNode) => {
    if (node.type === 'vehicle') known.add(String(node.id));
    node.children?.forEach(collect);
  };
  roots.forEach(collect);
  const unbound = latest.filter((row) => row.vehicleId && !known.has(row.vehicleId));
  if (!unbound.length) return [...roots];
  const children = unbound.map((row): VehicleTreeNode => ({ key: `t${row.vehicleId}`, id: row.vehicleId, name: row.plateCode || row.terminalPhone, type: 'vehicle', plateCode: row.plateCode, terminalNo: row.terminalPhone }));
  return [...roots, { key: 'unbound', id: 'unbound', name: groupName, type: 'company', children }];
}
