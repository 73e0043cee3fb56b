import { Button, Card, H5, HTMLTable } from '@blueprintjs/core';
import type { ColdChainField, ColdChainProfile } from '@openfleet/contracts/industry';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { WithPower } from '../access/power-context';
import { useColdChainProfilesQuery, useDeleteColdChainProfileMutation } from './coldChainApi';
import { ProfileDialog, type ProfileDialogOpen } from './ProfileDialog';

/** The action codes that show each change: the monitor's settings tab and the protocolM page grant them differently. */
export interface ProfileCodes {
  readonly add: string;
  readonly modify: string;
  readonly delete: string;
}

/** "温度1 0x51+0 s16×0.1" / "门磁1 status bit 15": where a field's bytes are. */
export function fieldText(field: ColdChainField, t: TFunction): string {
  const where = field.source === 'status' ? `status bit ${field.bit}` : `0x${(field.extraId ?? 0).toString(16).toUpperCase().padStart(2, '0')}+${field.offset} ${field.type}×${field.scale}`;
  return `${t(`coldChain.quantity.${field.quantity}`)}${field.probe} ${where}`;
}

/** Profiles listed per terminal model (then name); the API sends them built-in first. */
export function byTerminalModel(profiles: readonly ColdChainProfile[]): ColdChainProfile[] {
  return [...profiles].sort((a, b) => a.terminalModel.localeCompare(b.terminalModel) || a.name.localeCompare(b.name));
}

/** Probe profiles with their fields: every one can be viewed, built-in ones copied, a company's own edited or deleted. */
export function ProfilesCard({ codes }: { codes: ProfileCodes }) {
  const { t } = useTranslation();
  const { data: profiles = [], refetch } = useColdChainProfilesQuery();
  const rows = useMemo(() => byTerminalModel(profiles), [profiles]);
  const [dialog, setDialog] = useState<ProfileDialogOpen | null>(null);
  const [removeProfile] = useDeleteColdChainProfileMutation();
  return (
    <Card className="of-cold-profiles-card">
      <H5>{t('coldChain.profiles')}</H5>
      <WithPower code={codes.add}>
        <Button className="of-cold-add-profile" icon="add" text={t('coldChain.profileForm.add')} onClick={() => setDialog({ profile: null })} />
      </WithPower>
      <HTMLTable compact striped className="of-cold-profiles">
        <thead>
          <tr>
            <th>{t('coldChain.terminalModel')}</th>
            <th>{t('coldChain.profile')}</th>
            <th>{t('coldChain.fields')}</th>
            <th>{t('coldChain.source')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.profileId} data-profile={p.profileId} data-built-in={p.builtIn}>
              <td>{p.terminalModel}</td>
              <td>{p.name}{p.builtIn && <span className="of-cold-built-in"> · {t('coldChain.profileForm.builtIn')}</span>}</td>
              <td>{p.fields.map((f) => fieldText(f, t)).join('; ')}</td>
              <td>{p.source}</td>
              <td className="of-cold-profile-actions">
                <Button small variant="minimal" icon="eye-open" aria-label={t('coldChain.profileForm.view')} onClick={() => setDialog({ profile: p, readOnly: true })} />
                <WithPower code={codes.add}>
                  <Button small variant="minimal" icon="duplicate" aria-label={t('coldChain.profileForm.copy')} onClick={() => setDialog({ profile: p, copy: true })} />
                </WithPower>
                {!p.builtIn && (
                  <>
                    <WithPower code={codes.modify}>
                      <Button small variant="minimal" icon="edit" aria-label={t('coldChain.profileForm.edit')} onClick={() => setDialog({ profile: p })} />
                    </WithPower>
                    <WithPower code={codes.delete}>
                      <Button small variant="minimal" icon="trash" aria-label={t('coldChain.profileForm.delete')} onClick={() => void removeProfile(p.profileId).then(() => refetch())} />
                    </WithPower>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <ProfileDialog
        open={dialog}
        onClose={(saved) => {
          setDialog(null);
          if (saved) void refetch();
        }}
      />
    </Card>
  );
}
