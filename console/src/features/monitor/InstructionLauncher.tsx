import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { INSTRUCTION_DIALOGS, type InstructionDialog as DialogDef } from '@openfleet/contracts/instruction';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toaster';
import { useGranted } from '../access/granted';
import { useLabel } from '../instruction/CommandForm';
import { InstructionDialog } from '../instruction/InstructionDialog';

/** Spec §2/§5: instructions need a selected vehicle first; then any of the 25 dialogs opens for it. */
export function InstructionLauncher({ vehicleId, plate }: { vehicleId: string | null; plate: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [open, setOpen] = useState<DialogDef | null>(null);
  // Sending needs the order log's send action: without it the button is not offered (a 403 signs out).
  const canSend = useGranted('controlInstruction:send');
  if (!canSend) return null;
  const button = <Button small icon="send-message" className="of-instruction-launcher" text={t('monitor.instruction')} onClick={vehicleId ? undefined : () => notify('warning', t('monitor.selectVehicle'))} />;
  return (
    <>
      {vehicleId ? (
        <Popover
          placement="bottom-start"
          content={
            <Menu className="of-instruction-menu">
              {INSTRUCTION_DIALOGS.map((dialog) => (
                <MenuItem key={dialog.key} text={label(dialog.label)} data-dialog={dialog.key} onClick={() => setOpen(dialog)} />
              ))}
            </Menu>
          }
        >
          {button}
        </Popover>
      ) : (
        button
      )}
      {open && vehicleId && <InstructionDialog dialog={open} vehicleId={vehicleId} plate={plate} onClose={() => setOpen(null)} />}
    </>
  );
}
