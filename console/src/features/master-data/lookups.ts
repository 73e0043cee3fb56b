import { useMemo } from 'react';
import { useLookup } from '../table-screen/resource-api';
import type { FieldOption } from '../table-screen/table-model';
import { flattenOrg, ORG_TREE_URL, type OrgNode } from './resources';

export interface CompanyRow {
  readonly id: number;
  readonly name: string;
  readonly parentId: number | null;
  readonly [field: string]: unknown;
}

/** The caller's companies as select options (from the §7 company tree, which needs no action code). */
export function useCompanyOptions(): FieldOption[] {
  const tree = useLookup<OrgNode[]>('basic/sysEnterprise/getEnterpriseTreeList', 'Company');
  return useMemo(
    () => flattenOrg(tree ?? []).map((company) => ({ value: String(company.id), label: company.name })),
    [tree],
  );
}

export function useOrgTree(): readonly OrgNode[] {
  return useLookup<OrgNode[]>(ORG_TREE_URL, 'Company') ?? [];
}

/** Fleets as options, named with their company; only one company's when given. */
export function useFleetOptions(companyId?: string): FieldOption[] {
  const tree = useOrgTree();
  return useMemo(() => {
    const nodes = flattenOrg(tree);
    const companyName = new Map(nodes.filter((n) => n.type === 'company').map((n) => [n.id, n.name]));
    return nodes
      .filter((n) => n.type === 'fleet' && (!companyId || String(n.companyId) === companyId))
      .map((n) => ({ value: String(n.id), label: `${companyName.get(n.companyId ?? 0) ?? ''} / ${n.name}` }));
  }, [tree, companyId]);
}

/** Id -> label of a list of options, for table cells. */
export function labelMap(options: readonly FieldOption[]): Map<string, string> {
  return new Map(options.map((option) => [option.value, option.label ?? '']));
}
