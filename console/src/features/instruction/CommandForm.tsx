import { Button, Checkbox, FileInput, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import type { CommandField, Label } from '@openfleet/contracts/instruction';
import { useTranslation } from 'react-i18next';
import { bytesToHex, parseInput } from './command-form';
import { DateTimePicker } from '../formats/DateTimePicker';

interface CommandFormProps {
  readonly fields: readonly CommandField[];
  readonly values: Record<string, unknown>;
  readonly problems: ReadonlyMap<string, string>;
  readonly onChange: (key: string, value: unknown) => void;
}

/** zh_CN or en_US text of a catalogue label. */
export function useLabel(): (label: Label) => string {
  const { i18n } = useTranslation();
  return (label) => (i18n.language === 'en_US' ? label[1] : label[0]);
}

function FieldControl({ field, value, invalid, onChange }: { field: CommandField; value: unknown; invalid: boolean; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const id = `cmd-${field.key}`;
  const intent = invalid ? 'danger' : 'none';
  switch (field.kind) {
    case 'bool':
      return <Checkbox id={id} checked={value === true} label={label(field.label)} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'select':
      return (
        <HTMLSelect id={id} fill value={value === undefined ? '' : String(value)} onChange={(e) => onChange(parseInput(field, e.currentTarget.value))}>
          {!field.required && <option value="">-</option>}
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {label(option.label)}
            </option>
          ))}
        </HTMLSelect>
      );
    case 'hex':
      return (
        <FileInput buttonText={t('common.browse')}
          fill
          text={typeof value === 'string' && value ? t('instruction.form.fileBytes', { bytes: value.length / 2 }) : t('instruction.form.chooseFile')}
          inputProps={{ id }}
          onInputChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void file.arrayBuffer().then((buffer) => onChange(bytesToHex(new Uint8Array(buffer))));
          }}
        />
      );
    case 'list': {
      const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      const set = (next: Record<string, unknown>[]) => onChange(next);
      return (
        <div className="of-cmd-list" id={id}>
          {rows.map((row, index) => (
            <div className="of-cmd-list-row" key={index}>
              {(field.itemFields ?? []).map((sub) => (
                <FieldControl key={sub.key} field={sub} value={row[sub.key]} invalid={false} onChange={(v) => set(rows.map((r, i) => (i === index ? { ...r, [sub.key]: v } : r)))} />
              ))}
              <Button small variant="minimal" icon="cross" aria-label={t('instruction.form.removeRow')} onClick={() => set(rows.filter((_, i) => i !== index))} />
            </div>
          ))}
          {rows.length < (field.maxItems ?? 255) && (
            <Button small icon="add" text={t('instruction.form.addRow')} onClick={() => set([...rows, Object.fromEntries((field.itemFields ?? []).map((sub) => [sub.key, sub.defaultValue]))])} />
          )}
        </div>
      );
    }
    case 'text':
      if ((field.maxBytes ?? 0) > 255)
        return <TextArea id={id} fill rows={3} value={typeof value === 'string' ? value : ''} intent={intent} onChange={(e) => onChange(e.currentTarget.value)} />;
      return <InputGroup id={id} value={typeof value === 'string' ? value : ''} intent={intent} placeholder={label(field.label)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'time':
      // China time "YYYY-MM-DD HH:mm:ss", as the catalogue's time fields take it, shown the same in every language.
      return <DateTimePicker id={id} value={typeof value === 'string' ? value : ''} intent={intent} onChange={onChange} />;
    default:
      return (
        <InputGroup
          id={id}
          value={value === undefined || value === null ? '' : String(value)}
          intent={intent}
          placeholder={label(field.label)}
          onChange={(e) => onChange(parseInput(field, e.currentTarget.value))}
        />
      );
  }
}

/** The typed form of a command: one control per catalogue field, each marked with what the server would refuse. */
export function CommandForm({ fields, values, problems, onChange }: CommandFormProps) {
  const { t } = useTranslation();
  const label = useLabel();
  if (!fields.length) return <p className="of-cmd-empty">{t('instruction.form.noFields')}</p>;
  return (
    <div className="of-cmd-form">
      {fields.map((field) => {
        const problem = problems.get(field.key);
        const range = field.kind === 'int' && field.min !== undefined ? ` (${field.min}-${field.max})` : '';
        return (
          <FormGroup
            key={field.key}
            label={field.kind === 'bool' ? undefined : `${label(field.label)}${range}`}
            labelFor={`cmd-${field.key}`}
            intent={problem ? 'danger' : 'none'}
            helperText={problem ? t(`instruction.problem.${problem}`, { max: field.maxBytes ?? field.max }) : undefined}
          >
            <FieldControl field={field} value={values[field.key]} invalid={!!problem} onChange={(value) => onChange(field.key, value)} />
          </FormGroup>
        );
      })}
    </div>
  );
}
