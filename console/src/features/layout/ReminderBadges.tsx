import { Button, Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { reminderCleared, type ReminderKind } from './remindersSlice';

const badges: readonly { kind: ReminderKind; icon: IconName }[] = [
  { kind: 'messages', icon: 'notifications' },
  { kind: 'insurance', icon: 'shield' },
  { kind: 'annualInspection', icon: 'calendar' },
];

/** Message, insurance and annual-inspection reminder counts fed by the socket hub. */
export function ReminderBadges() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const counts = useAppSelector((state) => state.reminders);
  return (
    <div className="of-reminders">
      {badges.map(({ kind, icon }) => (
        <Button
          key={kind}
          variant="minimal"
          icon={icon}
          aria-label={t(`layout.reminders.${kind}`)}
          title={t(`layout.reminders.${kind}`)}
          onClick={() => dispatch(reminderCleared(kind))}
        >
          {counts[kind] > 0 && (
            <Tag round intent="danger" className="of-badge">
              {counts[kind] > 99 ? '99+' : counts[kind]}
            </Tag>
          )}
        </Button>
      ))}
    </div>
  );
}
