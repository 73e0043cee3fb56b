import { Checkbox, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldOption, FieldSpec, FormValues } from './table-model';
import { DateTimePicker } from '../formats/DateTimePicker';

interface FieldInputProps<Form extends FormValues> {
  readonly field: FieldSpec<Form>;
  readonly value: string;
  readonly invalid: boolean;
  readonly disabled: boolean;
  readonly onChange: (value: string) => void;
}

/** Toggles one value of a comma separated list. */
export function toggleListValue(list: string, value: string, on: boolean): string {
  const values = list.split(',').filter(Boolean).filter((item) => item !== value);
  if (on) values.push(value);
  return values.sort().join(',');
}

/** One form control for a field spec (text, password, date, select, checks, textarea). */
export function FieldInput<Form extends FormValues>(props: FieldInputProps<Form>) {
  const { field, value, invalid, disabled, onChange } = props;
  const { t } = useTranslation();
  const id = `field-${field.name}`;
  const labelOf = (option: FieldOption): string => option.label ?? t(option.labelKey ?? '');
  const intent = invalid ? 'danger' : 'none';

  switch (field.kind) {
    case 'select':
      return (
        <HTMLSelect id={id} fill value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">-</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {labelOf(option)}
            </option>
          ))}
        </HTMLSelect>
      );
    case 'checks': {
      const chosen = new Set(value.split(',').filter(Boolean));
      return (
        <div id={id} className="of-checks" role="group" aria-label={t(field.labelKey)}>
          {(field.options ?? []).map((option) => (
            <Checkbox
              key={option.value}
              inline
              label={labelOf(option)}
              checked={chosen.has(option.value)}
              disabled={disabled}
              onChange={(e) => onChange(toggleListValue(value, option.value, e.currentTarget.checked))}
            />
          ))}
        </div>
      );
    }
    case 'datetime':
      // The form keeps China time as the API writes it ("YYYY-MM-DD HH:mm:ss"), and so does the picker.
      return <DateTimePicker id={id} value={value} intent={intent} disabled={disabled} onChange={onChange} />;
    case 'date':
      return <DateTimePicker id={id} mode="date" value={value} intent={intent} disabled={disabled} onChange={onChange} />;
    case 'textarea':
      return <TextArea id={id} fill value={value} intent={intent} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return (
        <InputGroup
          id={id}
          type={field.kind === 'password' ? 'password' : 'text'}
          value={value}
          intent={intent}
          disabled={disabled}
          maxLength={field.maxLength}
          onValueChange={onChange}
        />
      );
  }
}
