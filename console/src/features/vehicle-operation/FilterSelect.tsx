import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A toolbar filter: "all" plus the given values, each labelled by `<prefix>.<value>`. */
export function FilterSelect({ label, prefix, values, value, onChange }: { label: string; prefix: string; values: readonly (string | number)[]; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <HTMLSelect aria-label={t(label)} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <option value="">{`${t(label)}: ${t('operationPage.all')}`}</option>
      {values.map((item) => (
        <option key={item} value={String(item)}>
          {t(`${prefix}.${item}`)}
        </option>
      ))}
    </HTMLSelect>
  );
}
