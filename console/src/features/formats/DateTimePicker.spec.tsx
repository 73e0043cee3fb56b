import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Locale } from '@openfleet/errors';
import { renderWithProviders } from '../../test/render';
import { DateTimePicker } from './DateTimePicker';
import type { PickerMode } from './china-datetime';

function Harness({ initial, mode, seen }: { initial: string; mode?: PickerMode; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimePicker id="picker" aria-label="start" mode={mode} value={value} onChange={(next) => { seen.push(next); setValue(next); }} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('start') as HTMLInputElement;

describe.each<Locale>(['zh_CN', 'en_US'])('the date-time picker in %s', (language) => {
  it('shows China time as YYYY-MM-DD HH:mm:ss, never the browser locale', () => {
    renderWithProviders(<Harness initial="2026-11-27 00:00:00" seen={[]} />, { language });
    expect(input().value).toBe('2026-11-27 00:00:00');
    expect(input().placeholder).toBe('YYYY-MM-DD HH:mm:ss');
    expect(input().type).toBe('text');
  });

  it('takes typed text: valid shapes reach the form as API text, others are marked and kept out', () => {
    const seen: string[] = [];
    renderWithProviders(<Harness initial="2026-11-27 00:00:00" seen={seen} />, { language });
    fireEvent.change(input(), { target: { value: '2026/12/1 8:05' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-01 08:05:00');
    fireEvent.blur(input());
    expect(input().value).toBe('2026-12-01 08:05:00');
    fireEvent.change(input(), { target: { value: '12/01/2026, 8:05 AM' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-01 08:05:00');
    fireEvent.blur(input());
    expect(input().value).toBe('12/01/2026, 8:05 AM');
    expect(input().getAttribute('data-invalid')).toBe('true');
    expect(seen).toEqual(['2026-12-01 08:05:00']);
  });

  it('the calendar picks a day (weeks from Monday) and keeps the time of day', async () => {
    renderWithProviders(<Harness initial="2026-11-27 08:30:15" seen={[]} />, { language });
    fireEvent.click(screen.getByRole('button', { name: language === 'zh_CN' ? '选择时间' : 'Pick a time' }));
    const weekdays = Array.from(document.querySelectorAll('.of-datetime-weekday')).map((node) => node.textContent);
    expect(weekdays[0]).toBe(language === 'zh_CN' ? '一' : 'Mo');
    expect((await screen.findByText('2026-11')).className).toContain('of-datetime-month-name');
    fireEvent.click(document.querySelector('[data-date="2026-11-03"]') as Element);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-03 08:30:15');
    fireEvent.change(screen.getByLabelText(language === 'zh_CN' ? '时' : 'Hour'), { target: { value: '23' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-11-03 23:30:15');
  });

  it('a day picker shows and takes YYYY-MM-DD', () => {
    renderWithProviders(<Harness initial="2026-11-27" mode="date" seen={[]} />, { language });
    expect(input().placeholder).toBe('YYYY-MM-DD');
    fireEvent.change(input(), { target: { value: '2026.2.3' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-02-03');
  });
});
