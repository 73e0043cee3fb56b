import type { AuthUser } from '@openfleet/auth';
import { idsOfPath, pathOf } from './columns';
import { rowInScope } from './scope-filter';
import { linkTree, type TreeNode } from './tree';

const node = (key: string, parentKey: string | null): TreeNode => ({ key, id: 0, name: key, type: 'company', parentKey, children: [] });
const user: AuthUser = { id: '9', companyId: '3', userType: 1, roleIds: [], superAdmin: false, scope: { companies: ['3'], fleets: ['7'] } };

describe('tree helpers', () => {
  it('links children to parents and lifts orphans to roots', () => {
    const roots = linkTree([node('c1', null), node('c3', 'c1'), node('f7', 'c3'), node('f9', 'f8')]);
    expect(roots.map((root) => root.key)).toEqual(['c1', 'f9']);
    expect(roots[0].children[0].children[0].key).toBe('f7');
  });

  it('round-trips id paths', () => {
    expect(pathOf([1, 3, 5])).toBe('/1/3/5/');
    expect(idsOfPath('/1/3/5/')).toEqual(['1', '3', '5']);
    expect(idsOfPath('')).toEqual([]);
  });

  it('matches whole ids in paths, never prefixes', () => {
    expect(rowInScope({ companyPath: '/1/3/' }, user)).toBe(true);
    expect(rowInScope({ companyPath: '/1/33/' }, user)).toBe(false);
    expect(rowInScope({ companyPath: '/1/4/', fleetPath: '/7/' }, user)).toBe(true);
    expect(rowInScope({ companyPath: '/1/4/', fleetPath: '/77/' }, user)).toBe(false);
    expect(rowInScope({ companyPath: '/1/4/' }, { ...user, superAdmin: true })).toBe(true);
  });
});
