import { Button, Tag, type IconName } from '@blueprintjs/core';
import type { ReminderCounts } from '@openfleet/contracts/vehicle-service';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { useReminderCountsQuery } from './remindersApi';

const BADGES: { count: keyof ReminderCounts; label: string; icon: IconName; kind?: string }[] = [
  { count: 'messages', label: 'layout.reminders.messages', icon: 'notifications' },
  { count: 'insurance', label: 'layout.reminders.insurance', icon: 'shield', kind: 'insurance' },
  { count: 'inspection', label: 'layout.reminders.annualInspection', icon: 'endorsed', kind: 'inspection' },
];

/**
 * The header's reminder badges (messages, insurance, annual inspection): unread counts of the
 * user's scope, raised at once by the live `reminders` event (remindersApi) and polled now and
 * then for what others marked read. A click opens the reminders list, filtered by the kind.
 */
export function ReminderBadges() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAppSelector((state) => Boolean(state.session.token));
  const { data } = useReminderCountsQuery(undefined, { pollingInterval: 300_000, skip: !signedIn });
  if (!signedIn) return null;
  return (
    <span className="of-reminders">
      {BADGES.map((badge) => {
        const count = data?.[badge.count] ?? 0;
        return (
          <Button
            key={badge.count}
            variant="minimal"
            icon={badge.icon}
            className={`of-reminder-badge of-reminder-badge-${badge.count}`}
            aria-label={t(badge.label)}
            title={t(badge.label)}
            onClick={() => void navigate(`/vehicleService/reminderList${badge.kind ? `?kind=${badge.kind}` : ''}`)}
          >
            {count > 0 && (
              <Tag round intent="warning" className="of-badge" data-count={count}>
                {count > 99 ? '99+' : count}
              </Tag>
            )}
          </Button>
        );
      })}
    </span>
  );
}
