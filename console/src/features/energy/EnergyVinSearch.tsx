import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { Patterns } from '@openfleet/contracts/validation-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { notify } from '../../app/toaster';

/** `GET /energy/vehicle-by-vin` (docs/energy.md): the caller's vehicle with this VIN; 8002 otherwise. */
export interface VinVehicle {
  readonly vehicleId: string;
  readonly plateCode: string;
  readonly plateColor: number;
  readonly vin: string;
}

const vinApi = api.injectEndpoints({
  endpoints: (build) => ({
    energyVehicleByVin: build.query<VinVehicle, string>({
      query: (vin) => ({ url: 'energy/vehicle-by-vin', params: { vin } }),
    }),
  }),
});

/** A VIN as typed: trimmed, upper case, or null when it cannot be one (spec §5: at least 17, no I/O/Q). */
export function normaliseVin(typed: string): string | null {
  const vin = typed.trim().toUpperCase();
  return Patterns.vin.test(vin) && vin.length <= 32 ? vin : null;
}

/** The newEnergy screens' VIN search (issue 28): finds the vehicle and hands its id to the screen. */
export function EnergyVinSearch({ onFound }: { onFound: (vehicle: VinVehicle) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [find, { isFetching }] = vinApi.useLazyEnergyVehicleByVinQuery();
  const search = async () => {
    const vin = normaliseVin(typed);
    if (!vin) return notify('warning', t('validation.vin'));
    const result = await find(vin);
    // An unknown VIN, or another company's, is the server's 8002 toast.
    if (result.data) onFound(result.data);
  };
  return (
    <ControlGroup className="of-energy-vin-search">
      <InputGroup placeholder={t('vehicle.vin')} aria-label={t('vehicle.vin')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && void search()} />
      <Button icon="search" aria-label={t('energy.query')} loading={isFetching} onClick={() => void search()} />
    </ControlGroup>
  );
}
