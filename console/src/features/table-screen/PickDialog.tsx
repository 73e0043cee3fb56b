import { useEffect, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface PickDialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  readonly labelKey: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly saving?: boolean;
  readonly onClose: () => void;
  readonly onPick: (value: string) => void;
}

/** A 440 px dialog choosing one item (the terminal to bind ...). */
export function PickDialog({ isOpen, title, labelKey, options, saving, onClose, onPick }: PickDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (isOpen) setValue('');
  }, [isOpen]);
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose} style={{ width: 440 }}>
      <DialogBody>
        <FormGroup label={t(labelKey)} labelFor="pick-value" helperText={options.length === 0 ? t('common.noData') : undefined}>
          <HTMLSelect id="pick-value" fill value={value} onChange={(event) => setValue(event.currentTarget.value)}>
            <option value="">-</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" disabled={value === ''} loading={saving} text={t('common.confirm')} onClick={() => onPick(value)} />
          </>
        }
      />
    </Dialog>
  );
}
