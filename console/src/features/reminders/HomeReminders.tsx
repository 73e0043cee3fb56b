import { Card, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReminderCountsQuery } from './remindersApi';
import './reminders.css';

/** The home screen's card: unread reminders of the scope (the same cache entry as the header badges, so live too). */
export function HomeReminders() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useReminderCountsQuery();
  return (
    <Card className="of-home-card of-home-reminders" interactive onClick={() => void navigate('/vehicleService/reminderList')}>
      <H5>{t('reminders.home.title')}</H5>
      <div className="of-home-reminders-count" data-count={data?.messages ?? 0}>{data ? data.messages : '—'}</div>
      <div>{t('reminders.home.detail', { insurance: data?.insurance ?? 0, inspection: data?.inspection ?? 0, maintenance: data?.maintenance ?? 0 })}</div>
    </Card>
  );
}
