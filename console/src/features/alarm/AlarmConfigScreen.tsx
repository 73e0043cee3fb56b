import { Button, Card, FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { hasPower } from '../access/menu-tree';
import type { ScreenProps } from '../access/screen-registry';
import { useAlarmRulesQuery, useSaveAlarmRulesMutation, type AlarmRules } from './alarmApi';

const NUMBERS: readonly { key: Exclude<keyof AlarmRules, 'nightStart' | 'nightEnd'>; max: number }[] = [
  { key: 'overspeedKmh', max: 255 },
  { key: 'overspeedS', max: 3600 },
  { key: 'fatigueDriveS', max: 86_400 },
  { key: 'fatigueRestS', max: 86_400 },
  { key: 'stoppedS', max: 30 * 86_400 },
  { key: 'offlineS', max: 30 * 86_400 },
];

/** alarmConfigNew: the company's platform alarm rules (0 turns one off); saved rules apply at once. */
export default function AlarmConfigScreen({ power }: ScreenProps) {
  const { t } = useTranslation();
  const { data } = useAlarmRulesQuery();
  const [save, { isLoading }] = useSaveAlarmRulesMutation();
  const [rules, setRules] = useState<AlarmRules | null>(null);
  useEffect(() => {
    if (data) setRules({ overspeedKmh: data.overspeedKmh, overspeedS: data.overspeedS, fatigueDriveS: data.fatigueDriveS, fatigueRestS: data.fatigueRestS, nightStart: data.nightStart, nightEnd: data.nightEnd, offlineS: data.offlineS, stoppedS: data.stoppedS });
  }, [data]);
  if (!rules) return null;
  const canSave = hasPower(power, 'alarmConfigNew:modify');
  return (
    <Card className="of-alarm-config">
      <h3>{t('alarm.rules.title')}</h3>
      {NUMBERS.map(({ key, max }) => (
        <FormGroup key={key} inline label={t(`alarm.rules.${key}`)} labelFor={`of-rule-${key}`}>
          <NumericInput id={`of-rule-${key}`} min={0} max={max} value={rules[key]} disabled={!canSave} onValueChange={(value) => setRules({ ...rules, [key]: Number.isFinite(value) ? value : 0 })} />
        </FormGroup>
      ))}
      <FormGroup inline label={t('alarm.rules.night')}>
        <InputGroup placeholder="HH:mm" value={rules.nightStart} disabled={!canSave} onChange={(e) => setRules({ ...rules, nightStart: e.currentTarget.value })} />
        <InputGroup placeholder="HH:mm" value={rules.nightEnd} disabled={!canSave} onChange={(e) => setRules({ ...rules, nightEnd: e.currentTarget.value })} />
      </FormGroup>
      <Button
        intent="primary"
        icon="floppy-disk"
        text={t('alarm.rules.save')}
        disabled={!canSave}
        loading={isLoading}
        onClick={async () => {
          const result = await save(rules);
          if ('data' in result) notify('success', t('alarm.rules.saved'), 1500);
        }}
      />
    </Card>
  );
}
