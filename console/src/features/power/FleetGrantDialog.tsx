import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGrantFleetsQuery, useSaveFleetGrantMutation, type UserGrant } from './powerApi';
import { VehicleGrantPicker } from './VehicleGrantPicker';

/** Grants a user fleets and single vehicles of their company (none ticked: the whole company); saving ends the user's sessions. */
export function FleetGrantDialog({ user, onClose }: { user: UserGrant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: fleets } = useGrantFleetsQuery(user?.id ?? 0, { skip: !user, refetchOnMountOrArgChange: true });
  const [saveGrant, { isLoading }] = useSaveFleetGrantMutation();
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  useEffect(() => setTicked(new Set((fleets ?? []).filter((fleet) => fleet.granted).map((fleet) => fleet.id))), [fleets]);
  const [vehicles, setVehicles] = useState<Map<number, string>>(new Map());
  useEffect(() => setVehicles(new Map((user?.vehicleIds ?? []).map((id, index) => [id, user?.vehiclePlates[index] ?? '']))), [user]);

  const toggle = (id: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (): Promise<void> => {
    if (!user) return;
    const result = await saveGrant({ userId: user.id, fleetIds: [...ticked], vehicleIds: [...vehicles.keys()] });
    if (!('error' in result)) {
      notify('success', t('common.saved'));
      onClose();
    }
  };

  return (
    <Dialog isOpen={user !== null} title={t('vgPower.grantTitle', { name: user?.name ?? '' })} onClose={onClose} style={{ width: 600 }}>
      <DialogBody>
        <Callout intent="primary" icon="info-sign">
          {t('vgPower.grantHint')}
        </Callout>
        {fleets && fleets.length === 0 && <p>{t('vgPower.noFleets')}</p>}
        <div className="of-fleet-grants">
          {(fleets ?? []).map((fleet) => (
            <Checkbox key={fleet.id} style={{ marginLeft: (fleet.depth - 1) * 20 }} label={fleet.name} checked={ticked.has(fleet.id)} onChange={(event) => toggle(fleet.id, event.currentTarget.checked)} />
          ))}
        </div>
        <p>{ticked.size === 0 ? (vehicles.size === 0 ? t('vgPower.wholeCompany') : '') : t('vgPower.fleetCount', { count: ticked.size })}</p>
        {user && <VehicleGrantPicker userId={user.id} ticked={vehicles} onChange={setVehicles} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('common.save')} loading={isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
