import { Button, HTMLSelect, InputGroup, Popover, type Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaNow, monthGrid, pickerFields, PICKER_FORMAT, readPickerText, shiftMonth, withDate, withTimePart, type PickerMode } from './china-datetime';
import './formats.css';

export interface DateTimePickerProps {
  /** China time as the API writes it ("YYYY-MM-DD HH:mm:ss", or "YYYY-MM-DD" for a day); "" for none. */
  readonly value: string;
  /** Called with valid API text only (or "" when the box is emptied). */
  readonly onChange: (value: string) => void;
  readonly mode?: PickerMode;
  /** On the box's wrapper (screens and tests find the picker by it). */
  readonly className?: string;
  /** On the text input itself (form labels point at it). */
  readonly id?: string;
  readonly 'aria-label'?: string;
  readonly title?: string;
  readonly disabled?: boolean;
  readonly intent?: Intent;
}

const TWO_DIGITS = (count: number) => Array.from({ length: count }, (_, i) => ({ value: i, label: String(i).padStart(2, '0') }));
const HOURS = TWO_DIGITS(24);
const SIXTY = TWO_DIGITS(60);

/**
 * The console's date-time picker: a text box that shows and takes China time as
 * "YYYY-MM-DD HH:mm:ss" in every language, and a calendar with hour, minute and second beside it.
 */
export function DateTimePicker({ value, onChange, mode = 'datetime', className, id, title, disabled, intent, ...rest }: DateTimePickerProps) {
  const { t } = useTranslation();
  // What the operator is typing; null while the box shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value ? (readPickerText(value, mode) ?? value) : '');
  const invalid = draft !== null && draft.trim() !== '' && readPickerText(draft, mode) === null;

  const type = (text: string) => {
    setDraft(text);
    if (text.trim() === '') onChange('');
    else {
      const read = readPickerText(text, mode);
      if (read !== null) onChange(read);
    }
  };
  const settle = () => {
    if (!invalid) setDraft(null);
  };

  return (
    <InputGroup
      id={id}
      className={`of-datetime ${className ?? ''}`}
      aria-label={rest['aria-label']}
      title={title ?? PICKER_FORMAT[mode]}
      placeholder={PICKER_FORMAT[mode]}
      value={shown}
      disabled={disabled}
      intent={invalid ? 'danger' : intent}
      data-mode={mode}
      data-invalid={invalid || undefined}
      onValueChange={type}
      onBlur={settle}
      onKeyDown={(event) => event.key === 'Enter' && settle()}
      rightElement={
        <Popover
          placement="bottom-end"
          disabled={disabled}
          content={<Calendar value={value} mode={mode} onChange={(next) => { setDraft(null); onChange(next); }} />}
        >
          <Button variant="minimal" size="small" icon="calendar" className="of-datetime-open" aria-label={t('format.picker.open')} disabled={disabled} />
        </Popover>
      }
    />
  );
}

/** The popover: a month of days (weeks from Monday), the time of day, now and clear. */
function Calendar({ value, mode, onChange }: { value: string; mode: PickerMode; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const fields = pickerFields(value, mode) ?? pickerFields(chinaNow(mode))!;
  const [shownMonth, setShownMonth] = useState({ year: fields.year, month: fields.month });
  const selected = value ? (readPickerText(value, mode) ?? '').slice(0, 10) : '';
  const today = chinaNow('date');
  const move = (delta: number) => setShownMonth(shiftMonth(shownMonth.year, shownMonth.month, delta));
  return (
    <div className="of-datetime-calendar">
      <div className="of-datetime-month">
        <Button variant="minimal" size="small" icon="chevron-left" aria-label={t('format.picker.previousMonth')} onClick={() => move(-1)} />
        <span className="of-datetime-month-name">{`${shownMonth.year}-${String(shownMonth.month).padStart(2, '0')}`}</span>
        <Button variant="minimal" size="small" icon="chevron-right" aria-label={t('format.picker.nextMonth')} onClick={() => move(1)} />
      </div>
      <div className="of-datetime-days" role="grid">
        {[1, 2, 3, 4, 5, 6, 0].map((weekday) => (
          <span key={`w${weekday}`} className="of-datetime-weekday">{t(`format.weekday.${weekday}`)}</span>
        ))}
        {monthGrid(shownMonth.year, shownMonth.month).map((day) => (
          <button
            type="button"
            key={day.date}
            data-date={day.date}
            className={['of-datetime-day', day.inMonth ? '' : 'of-outside', day.date === selected ? 'of-selected' : '', day.date === today ? 'of-today' : ''].join(' ')}
            onClick={() => onChange(withDate(value, day.date, mode))}
          >
            {day.day}
          </button>
        ))}
      </div>
      {mode === 'datetime' && (
        <div className="of-datetime-time">
          <HTMLSelect minimal aria-label={t('format.picker.hour')} className="of-datetime-hour" value={fields.hour} options={HOURS} onChange={(e) => onChange(withTimePart(value, 'hour', Number(e.currentTarget.value)))} />:
          <HTMLSelect minimal aria-label={t('format.picker.minute')} className="of-datetime-minute" value={fields.minute} options={SIXTY} onChange={(e) => onChange(withTimePart(value, 'minute', Number(e.currentTarget.value)))} />:
          <HTMLSelect minimal aria-label={t('format.picker.second')} className="of-datetime-second" value={fields.second} options={SIXTY} onChange={(e) => onChange(withTimePart(value, 'second', Number(e.currentTarget.value)))} />
        </div>
      )}
      <div className="of-datetime-actions">
        <Button size="small" variant="minimal" className="of-datetime-now" text={t(mode === 'date' ? 'format.picker.today' : 'format.picker.now')} onClick={() => onChange(chinaNow(mode))} />
        <Button size="small" variant="minimal" className="of-datetime-clear" text={t('format.picker.clear')} onClick={() => onChange('')} />
      </div>
    </div>
  );
}
