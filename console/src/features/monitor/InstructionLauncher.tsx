import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';

/** Spec §2/§5: instructions need a selected vehicle; the dialogs arrive with the instruction feature. */
export function InstructionLauncher({ vehicleId, plate }: { vehicleId: string | null; plate: string }) {
  const { t } = useTranslation();
  return (
    <Button
      small
      icon="send-message"
      className="of-instruction-launcher"
      text={t('monitor.instruction')}
      onClick={() => (vehicleId ? notify('info', t('monitor.instructionLater', { plate }), 3000) : notify('warning', t('monitor.selectVehicle')))}
    />
  );
}
