import { useTranslation } from 'react-i18next';
import { useLabel } from './CommandForm';
import { genericRows, orderParamRows, type ParamRow, type ParamValue, type RowLabel } from './order-params';

function useRowLabel(): (label: RowLabel) => string {
  const { t } = useTranslation();
  const label = useLabel();
  return (row) => ('label' in row ? label(row.label) : t(row.i18nKey, { defaultValue: row.fallback }));
}

/** One value in words: '-' for none, 是/否, option words, nested rows for records and lists. */
export function ParamValueView({ value }: { value: ParamValue }) {
  const { t } = useTranslation();
  const label = useLabel();
  switch (value.kind) {
    case 'none':
      return <>-</>;
    case 'bool':
      return <>{t(value.on ? 'common.yes' : 'common.no')}</>;
    case 'bytes':
      return <>{t('instruction.params.bytes', { bytes: value.count })}</>;
    case 'label':
      return <>{label(value.label) + (value.suffix ?? '')}</>;
    case 'word':
      return <>{t(value.i18nKey, { defaultValue: value.fallback })}</>;
    case 'rows':
      return <ParamRows rows={value.rows} />;
    case 'items':
      return value.items.length ? (
        <ol className="of-param-items">
          {value.items.map((rows, index) => (
            <li key={index}>
              <ParamRows rows={rows} />
            </li>
          ))}
        </ol>
      ) : (
        <>-</>
      );
    default:
      return <>{value.text}</>;
  }
}

/** Labelled rows (dt: the field's name, dd: its value in words), nested for records and lists. */
export function ParamRows({ rows }: { rows: readonly ParamRow[] }) {
  const rowLabel = useRowLabel();
  return (
    <dl className="of-param-list">
      {rows.map((row, index) => (
        <div key={`${row.key}-${index}`} className="of-param-row" data-key={row.key}>
          <dt>{rowLabel(row.label)}</dt>
          <dd>
            <ParamValueView value={row.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What an order was sent with, in the command form's words (nothing when it had no parameters). */
export function OrderParams({ commandType, params }: { commandType: string; params: Record<string, unknown> | null | undefined }) {
  const { t } = useTranslation();
  const rows = orderParamRows(commandType, params);
  return (
    <div className="of-order-params-sent">
      <h4>{t('instruction.params.title')}</h4>
      {rows.length ? <ParamRows rows={rows} /> : <p className="of-param-none">{t('instruction.params.none')}</p>}
    </div>
  );
}

/** A terminal's answer (or any record) no form describes, labelled key by key. */
export function RecordRows({ record }: { record: Record<string, unknown> }) {
  return <ParamRows rows={genericRows(record)} />;
}
