import { Button, Card, FormGroup, H5, HTMLSelect, InputGroup, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { ColdChainSettings, ColdChainSettingsInput } from '@openfleet/contracts/industry';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { WithPower } from '../access/power-context';
import { vehicleOptions } from '../instruction/vehicle-options';
import { useVehicleTreeQuery } from '../monitor/monitorApi';
import { useColdChainProfilesQuery, useColdChainSettingsQuery, useSaveColdChainSettingsMutation } from './coldChainApi';
import { ProfilesCard, type ProfileCodes } from './ProfilesCard';
import { numberOrNull } from './cold-chain-format';

/** The form as typed: numbers as text, '' for "not checked". */
interface SettingsDraft {
  profileId: string;
  temperatureMin: string;
  temperatureMax: string;
  humidityMin: string;
  humidityMax: string;
  minDurationS: string;
  doorMovingS: string;
  doorOpenMaxS: string;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function draftOf(settings: ColdChainSettings | null | undefined): SettingsDraft {
  return {
    profileId: settings?.profileId ?? 'jt808-standard',
    temperatureMin: text(settings?.temperature.min ?? -25),
    temperatureMax: text(settings?.temperature.max ?? -15),
    humidityMin: text(settings?.humidity.min),
    humidityMax: text(settings?.humidity.max),
    minDurationS: text(settings?.minDurationS ?? 300),
    doorMovingS: text(settings ? settings.doorMovingS : 0),
    doorOpenMaxS: text(settings ? settings.doorOpenMaxS : 600),
  };
}

/** The API body of a draft; trip ranges are kept as stored (set through the API). */
export function settingsBody(vehicleId: string, draft: SettingsDraft, stored: ColdChainSettings | null | undefined): ColdChainSettingsInput {
  return {
    vehicleId,
    profileId: draft.profileId,
    temperature: { min: numberOrNull(draft.temperatureMin), max: numberOrNull(draft.temperatureMax) },
    humidity: { min: numberOrNull(draft.humidityMin), max: numberOrNull(draft.humidityMax) },
    minDurationS: numberOrNull(draft.minDurationS) ?? 0,
    doorMovingS: numberOrNull(draft.doorMovingS),
    doorOpenMaxS: numberOrNull(draft.doorOpenMaxS),
    tripRanges: stored?.tripRanges ?? [],
  };
}

/** The settings tab kept its grant when the profiles moved to protocolM (which uses its own codes). */
const MONITOR_CODES: ProfileCodes = { add: 'coldChainMonitor:modify', modify: 'coldChainMonitor:modify', delete: 'coldChainMonitor:modify' };

const NUMBER_FIELDS: (keyof SettingsDraft)[] = ['temperatureMin', 'temperatureMax', 'humidityMin', 'humidityMax', 'minDurationS', 'doorMovingS', 'doorOpenMaxS'];

/** The monitor's settings tab: a vehicle's probe profile, ranges and door rules, and the profiles known. */
export function ColdChainSettingsPanel() {
  const { t } = useTranslation();
  const { data: tree } = useVehicleTreeQuery();
  const vehicles = useMemo(() => vehicleOptions(tree ?? []), [tree]);
  const [vehicleId, setVehicleId] = useState('');
  const { data: profiles = [] } = useColdChainProfilesQuery();
  // currentData: the settings of the vehicle picked now, never the previous vehicle's while these load
  // (a form filled from those, or typed into before they land, would save the wrong values).
  const { currentData: stored, isFetching, refetch } = useColdChainSettingsQuery(vehicleId, { skip: !vehicleId });
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(null));
  const [save, { isLoading }] = useSaveColdChainSettingsMutation();
  useEffect(() => setDraft(draftOf(stored)), [stored]);
  const set = (key: keyof SettingsDraft, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = async () => {
    const result = await save(settingsBody(vehicleId, draft, stored));
    if ('data' in result) {
      notify('success', t('coldChain.saved'));
      void refetch();
    }
  };
  return (
    <div className="of-cold-settings">
      <Card>
        <H5>{t('coldChain.settings.title')}</H5>
        <FormGroup label={t('coldChain.plate')}>
          <HTMLSelect className="of-cold-vehicle" value={vehicleId} onChange={(e) => setVehicleId(e.currentTarget.value)}>
            <option value="">{t('coldChain.pickVehicle')}</option>
            {vehicles.map((v) => <option key={v.id} value={v.id}>{v.plate}</option>)}
          </HTMLSelect>
        </FormGroup>
        {vehicleId && !stored && isFetching && <Spinner className="of-cold-settings-loading" size={SpinnerSize.SMALL} />}
        {vehicleId && (stored || !isFetching) && (
          <>
            <FormGroup label={t('coldChain.profile')}>
              <HTMLSelect className="of-cold-profile" value={draft.profileId} onChange={(e) => set('profileId', e.currentTarget.value)}>
                {profiles.map((p) => <option key={p.profileId} value={p.profileId}>{p.name}</option>)}
              </HTMLSelect>
            </FormGroup>
            <div className="of-cold-settings-grid">
              {NUMBER_FIELDS.map((key) => (
                <FormGroup key={key} label={t(`coldChain.settings.${key}`)}>
                  <InputGroup className={`of-cold-${key}`} value={draft[key]} inputMode="decimal" onValueChange={(value) => set(key, value)} />
                </FormGroup>
              ))}
            </div>
            <p className="of-cold-hint">{t('coldChain.settings.hint', { trips: stored?.tripRanges.length ?? 0 })}</p>
            <WithPower code="coldChainMonitor:modify">
              <Button className="of-cold-save" intent="primary" icon="floppy-disk" loading={isLoading} text={t('coldChain.save')} onClick={() => void submit()} />
            </WithPower>
          </>
        )}
      </Card>
      <ProfilesCard codes={MONITOR_CODES} />
    </div>
  );
}
