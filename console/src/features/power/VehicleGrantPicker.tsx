import { Checkbox, InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantVehiclesQuery } from './powerApi';

/** Most vehicles one user may be granted (they all ride in the access token; more answers 30186). */
export const MAX_VEHICLE_GRANTS = 1000;

/**
 * Single vehicles granted besides the fleets: the ticked ones as removable plates, and a plate search
 * over the vehicles of the user's company the operator may grant.
 */
export function VehicleGrantPicker({ userId, ticked, onChange }: { userId: number; ticked: ReadonlyMap<number, string>; onChange: (next: Map<number, string>) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // One search per pause in typing, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data: found, isFetching } = useGrantVehiclesQuery({ userId, keyword }, { refetchOnMountOrArgChange: true });

  const toggle = (id: number, plate: string, on: boolean) => {
    const next = new Map(ticked);
    if (on) next.set(id, plate);
    else next.delete(id);
    onChange(next);
  };

  return (
    <div className="of-vehicle-grants">
      <h4>{t('vgPower.vehicleSection')}</h4>
      <div className="of-vehicle-grants-ticked">
        {[...ticked].map(([id, plate]) => (
          <Tag key={id} minimal intent="primary" onRemove={() => toggle(id, plate, false)} style={{ margin: 2 }}>
            {plate}
          </Tag>
        ))}
      </div>
      <InputGroup leftIcon="search" placeholder={t('vgPower.vehicleSearch')} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
      <div className="of-vehicle-grants-found" style={{ maxHeight: 200, overflowY: 'auto', marginTop: 6 }}>
        {!isFetching && found?.length === 0 && <p>{t('vgPower.noVehicles')}</p>}
        {(found ?? []).map((vehicle) => (
          <Checkbox
            key={vehicle.id}
            label={vehicle.plateCode}
            checked={ticked.has(vehicle.id)}
            disabled={!ticked.has(vehicle.id) && ticked.size >= MAX_VEHICLE_GRANTS}
            onChange={(event) => toggle(vehicle.id, vehicle.plateCode, event.currentTarget.checked)}
          />
        ))}
      </div>
      <p>{t('vgPower.vehicleCount', { count: ticked.size, max: MAX_VEHICLE_GRANTS })}</p>
    </div>
  );
}
