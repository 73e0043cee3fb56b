import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, pageCount, withPage, withPageSize, type PageQuery } from './table-model';

/** Total, page size and previous/next page for a table screen. */
export function Pager({ query, total, onChange }: { query: PageQuery; total: number; onChange: (next: PageQuery) => void }) {
  const { t } = useTranslation();
  const pages = pageCount(total, query.pageSize);
  return (
    <div className="of-pager">
      <span>{t('common.total', { total })}</span>
      <HTMLSelect
        aria-label={t('common.pageSize', { size: query.pageSize })}
        value={query.pageSize}
        onChange={(event) => onChange(withPageSize(query, Number(event.currentTarget.value)))}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('common.pageSize', { size }) }))}
      />
      <Button
        icon="chevron-left"
        aria-label={t('common.prev')}
        disabled={query.pageNo <= 1}
        onClick={() => onChange(withPage(query, query.pageNo - 1, total))}
      />
      <span>{t('common.page', { page: query.pageNo, pages })}</span>
      <Button
        icon="chevron-right"
        aria-label={t('common.next')}
        disabled={query.pageNo >= pages}
        onClick={() => onChange(withPage(query, query.pageNo + 1, total))}
      />
    </div>
  );
}
