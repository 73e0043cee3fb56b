import { Button, Card, Checkbox, FormGroup, HTMLSelect, HTMLTable, InputGroup, NumericInput } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { hasPower } from '../access/menu-tree';
import type { ScreenProps } from '../access/screen-props';
import { useLookup } from '../table-screen/resource-api';
import type { VehicleType } from '../vehicle/vehicle-form';
import { useAlarmRulesQuery, useAlarmTypeConfigQuery, useSaveAlarmRulesMutation, useSaveAlarmTypeConfigMutation, type AlarmRules, type AlarmTypeSetting } from './alarmApi';
import './alarm.css';

const NUMBERS: readonly { key: Exclude<keyof AlarmRules, 'nightStart' | 'nightEnd'>; max: number }[] = [
  { key: 'overspeedKmh', max: 255 },
  { key: 'overspeedS', max: 3600 },
  { key: 'fatigueDriveS', max: 86_400 },
  { key: 'fatigueRestS', max: 86_400 },
  { key: 'stoppedS', max: 30 * 86_400 },
  { key: 'offlineS', max: 30 * 86_400 },
];

/** The company's platform rules, for all vehicle types or one (0 turns a rule off); saved rules apply at once. */
function RulesCard({ canSave }: { canSave: boolean }) {
  const { t, i18n } = useTranslation();
  const [vehicleType, setVehicleType] = useState(0);
  const types = useLookup<VehicleType[]>('basic/vehicle/types', 'Vehicle');
  const { data } = useAlarmRulesQuery(vehicleType);
  const [save, { isLoading }] = useSaveAlarmRulesMutation();
  const [rules, setRules] = useState<AlarmRules | null>(null);
  useEffect(() => {
    if (data) setRules({ overspeedKmh: data.overspeedKmh, overspeedS: data.overspeedS, fatigueDriveS: data.fatigueDriveS, fatigueRestS: data.fatigueRestS, nightStart: data.nightStart, nightEnd: data.nightEnd, offlineS: data.offlineS, stoppedS: data.stoppedS });
  }, [data]);
  if (!rules) return null;
  return (
    <Card className="of-alarm-config">
      <h3>{t('alarm.rules.title')}</h3>
      <FormGroup inline label={t('alarm.rules.vehicleType')} labelFor="of-rule-vehicle-type">
        <HTMLSelect id="of-rule-vehicle-type" value={vehicleType} onChange={(e) => setVehicleType(Number(e.currentTarget.value))}>
          <option value={0}>{t('alarm.rules.allTypes')}</option>
          {(types ?? []).map((type) => (
            <option key={type.code} value={type.code}>
              {i18n.language === 'en_US' ? type.en_US : type.zh_CN}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
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
          const result = await save({ ...rules, vehicleType });
          if ('data' in result) notify('success', t('alarm.rules.saved'), 1500);
        }}
      />
    </Card>
  );
}

/** Level, live push, sound and handling per alarm type; only the rows changed are saved. */
function TypesCard({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation();
  const { data } = useAlarmTypeConfigQuery();
  const [save, { isLoading }] = useSaveAlarmTypeConfigMutation();
  const [edited, setEdited] = useState<Record<string, AlarmTypeSetting>>({});
  if (!data) return null;
  const change = (row: AlarmTypeSetting, patch: Partial<AlarmTypeSetting>) => setEdited((current) => ({ ...current, [row.type]: { ...row, ...current[row.type], ...patch } }));
  return (
    <Card className="of-alarm-config of-alarm-types">
      <h3>{t('alarm.types.title')}</h3>
      <HTMLTable compact striped className="of-alarm-types-table">
        <thead>
          <tr>
            <th>{t('alarm.type')}</th>
            <th>{t('alarm.level')}</th>
            <th>{t('alarm.types.push')}</th>
            <th>{t('alarm.types.sound')}</th>
            <th>{t('alarm.types.needsHandling')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((original) => {
            const row = edited[original.type] ?? original;
            return (
              <tr key={row.type} data-type={row.type} className={edited[row.type] ? 'of-alarm-type-edited' : undefined}>
                <td>{t(`alarm.kind.${row.type}`, { defaultValue: row.type })}</td>
                <td>
                  <HTMLSelect value={row.level} disabled={!canSave} onChange={(e) => change(original, { level: Number(e.currentTarget.value) })} aria-label={t('alarm.level')}>
                    {[0, 1, 2, 3].map((level) => (
                      <option key={level} value={level}>
                        {t(`alarm.levelName.${level}`)}
                      </option>
                    ))}
                  </HTMLSelect>
                </td>
                <td><Checkbox checked={row.push} disabled={!canSave} onChange={(e) => change(original, { push: e.currentTarget.checked })} aria-label={t('alarm.types.push')} /></td>
                <td><Checkbox checked={row.sound} disabled={!canSave} onChange={(e) => change(original, { sound: e.currentTarget.checked })} aria-label={t('alarm.types.sound')} /></td>
                <td><Checkbox checked={row.needsHandling} disabled={!canSave} onChange={(e) => change(original, { needsHandling: e.currentTarget.checked })} aria-label={t('alarm.types.needsHandling')} /></td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <Button
        intent="primary"
        icon="floppy-disk"
        text={t('alarm.rules.save')}
        disabled={!canSave || !Object.keys(edited).length}
        loading={isLoading}
        onClick={async () => {
          const result = await save({ items: Object.values(edited).map(({ type, level, push, sound, needsHandling }) => ({ type, level, push, sound, needsHandling })) });
          if ('data' in result) {
            setEdited({});
            notify('success', t('alarm.rules.saved'), 1500);
          }
        }}
      />
    </Card>
  );
}

/** alarmConfigNew: the company's platform rules (per vehicle type) and how each alarm type is treated. */
export default function AlarmConfigScreen({ power }: ScreenProps) {
  const canSave = hasPower(power, 'alarmConfigNew:modify');
  return (
    <div className="of-alarm-config-screen">
      <RulesCard canSave={canSave} />
      <TypesCard canSave={canSave} />
    </div>
  );
}
