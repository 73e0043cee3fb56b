import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../access/screen-props';
import { labelMap, useCompanyOptions, type CompanyRow } from '../master-data/lookups';
import { resources } from '../master-data/resources';
import { listHook, useResourceMutations } from '../table-screen/resource-api';
import { TableScreen, type ColumnSpec } from '../table-screen/TableScreen';
import { companyFields, companyToForm, emptyCompanyForm, formToCompany, type CompanyForm } from './company-form';
import { CompanyLogoButton } from './CompanyLogoButton';
import { OrgTree } from './OrgTree';
import { OpenApiKeysButton } from '../open-api/OpenApiKeysButton';

const useCompanyList = listHook<CompanyRow>(resources.company);

/** /index/newCompany: the company/fleet tree beside the company table. */
export default function CompanyScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptions();
  const companyName = labelMap(companies);
  const fields = useMemo(() => companyFields(companies), [companies]);
  const { save, remove } = useResourceMutations(resources.company);
  const types = (row: CompanyRow): string =>
    String(row['businessTypes'] ?? '')
      .split(',')
      .filter(Boolean)
      .map((code) => t(`company.businessType.${code}`))
      .join(', ');

  const columns: readonly ColumnSpec<CompanyRow>[] = [
    { key: 'name', titleKey: 'company.name', sortable: true, width: 180, render: (row) => row.name },
    { key: 'shortName', titleKey: 'company.shortName', width: 120, render: (row) => String(row['shortName'] ?? '') },
    { key: 'parentId', titleKey: 'company.parent', width: 160, render: (row) => companyName.get(String(row.parentId)) ?? '' },
    { key: 'businessTypes', titleKey: 'company.businessTypes', width: 220, render: types },
    { key: 'legalPerson', titleKey: 'company.legalPerson', width: 110, render: (row) => String(row['legalPerson'] ?? '') },
    { key: 'phone', titleKey: 'company.phone', width: 130, render: (row) => String(row['phone'] ?? '') },
    { key: 'fax', titleKey: 'company.fax', width: 130, render: (row) => String(row['fax'] ?? '') },
    { key: 'postalCode', titleKey: 'company.postalCode', width: 90, render: (row) => String(row['postalCode'] ?? '') },
    { key: 'createdAt', titleKey: 'common.createdAt', sortable: true, width: 170, render: (row) => new Date(Number(row['createdAt'])).toLocaleString() },
  ];

  return (
    <TableScreen<CompanyRow, CompanyForm>
      screen="newCompany"
      searchPlaceholderKey="company.searchPlaceholder"
      columns={columns}
      useList={useCompanyList}
      fields={fields}
      emptyForm={emptyCompanyForm}
      toForm={companyToForm}
      dialogWidth={750}
      addTitleKey="company.add"
      editTitleKey="company.edit"
      save={(form, editing) => save(formToCompany(form, editing !== null), editing?.id)}
      remove={(rows) => remove(rows.map((row) => row.id))}
      aside={<OrgTree />}
      toolbar={(selected) => (
        <>
          <CompanyLogoButton selected={selected} />
          <OpenApiKeysButton selected={selected} />
        </>
      )}
    />
  );
}
