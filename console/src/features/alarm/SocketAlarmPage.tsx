import { AnchorButton, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import AlarmMonitorScreen from './AlarmMonitorScreen';
import { useAlarmCountQuery } from './alarmApi';
import './alarm.css';

/**
 * /socketAlarm: a page of its own for a duty screen, outside the console's frame. The route needs no
 * sign-in (spec §2); the data does: with this browser's session it shows the live alarm stream
 * with sound and the unhandled count, without one it asks to sign in and shows nothing.
 */
export default function SocketAlarmPage() {
  const { t } = useTranslation();
  const signedIn = useAppSelector((state) => Boolean(state.session.token));
  const count = useAlarmCountQuery(24, { skip: !signedIn, pollingInterval: 30_000 });
  if (!signedIn)
    return <NonIdealState className="of-socket-alarm" icon="notifications" title={t('page.socketAlarm.title')} description={t('alarm.socket.signIn')} action={<AnchorButton href="/login" intent="primary" text={t('alarm.socket.login')} />} />;
  return (
    <div className="of-socket-alarm">
      <h2>
        {t('page.socketAlarm.title')} <Tag intent="danger" round className="of-socket-alarm-count">{count.data?.count ?? 0}</Tag>
      </h2>
      <AlarmMonitorScreen power={[]} sounding />
    </div>
  );
}
