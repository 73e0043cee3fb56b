import type { OrgNode } from '../master-data/resources';
import { canAddFleetUnder, canDrop, moveRequest, subtreeFleetLevels } from './org-rules';

function fleet(id: number, depth: number, parentKey: string, children: OrgNode[] = []): OrgNode {
  return { key: `f${id}`, id, name: `F${id}`, type: 'fleet', parentKey, companyId: 2, depth, children };
}
const f4 = fleet(4, 4, 'f3');
const f3 = fleet(3, 3, 'f2', [f4]);
const f2 = fleet(2, 2, 'f1', [f3]);
const f1 = fleet(1, 1, 'c2', [f2]);
const sub: OrgNode = { key: 'c3', id: 3, name: 'Sub', type: 'company', parentKey: 'c2', children: [] };
const acme: OrgNode = { key: 'c2', id: 2, name: 'Acme', type: 'company', parentKey: 'c1', children: [sub, f1] };
const other: OrgNode = { key: 'c4', id: 4, name: 'Other', type: 'company', parentKey: 'c1', children: [] };
const root: OrgNode = { key: 'c1', id: 1, name: 'Root', type: 'company', parentKey: null, children: [acme, other] };

describe('organisation tree rules', () => {
  it('allows fleets under companies and under fleets up to depth 4', () => {
    expect(canAddFleetUnder(acme)).toBe(true);
    expect(canAddFleetUnder(f3)).toBe(true);
    expect(canAddFleetUnder(f4)).toBe(false);
    expect(canAddFleetUnder(null)).toBe(false);
    expect(subtreeFleetLevels(f1)).toBe(4);
  });

  it('never drags the root, nor anything under a fleet', () => {
    expect(canDrop(root, acme)).toBe(false);
    expect(canDrop(sub, f1)).toBe(false);
    expect(canDrop(f2, f1)).toBe(false);
  });

  it('keeps a company out of its own subtree and ignores drops on the current parent', () => {
    expect(canDrop(acme, sub)).toBe(false);
    expect(canDrop(sub, acme)).toBe(false);
    expect(canDrop(sub, other)).toBe(true);
    expect(canDrop(f1, other)).toBe(true);
  });

  it('builds the move request', () => {
    expect(moveRequest(f1, other)).toEqual({ nodeType: 'fleet', id: 1, targetType: 'company', targetId: 4 });
  });
});
