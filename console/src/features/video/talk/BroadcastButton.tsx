import { Button } from '@blueprintjs/core';
import { TALK_BROADCAST_MAX_VEHICLES } from '@openfleet/contracts/video';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/toaster';
import { TalkControls } from './TalkControls';
import { useOpenBroadcastMutation } from './talkApi';
import { useTalkSession } from './useTalkSession';

interface BroadcastButtonProps {
  /** The vehicles on the wall: a broadcast speaks to each (0x9101 data type 4, channel 1). */
  readonly vehicleIds: readonly string[];
}

/** videoPlay's broadcast to the vehicles shown; vehicles that could not be reached are named in a toast. */
export function BroadcastButton({ vehicleIds }: BroadcastButtonProps) {
  const { t } = useTranslation();
  const [openBroadcast] = useOpenBroadcastMutation();
  const talk = useTalkSession();
  const start = () =>
    talk.start(async () => {
      const result = await openBroadcast({ vehicleIds: [...new Set(vehicleIds)].slice(0, TALK_BROADCAST_MAX_VEHICLES) });
      const missed = result.data?.legs.filter((leg) => leg.errorCode !== undefined) ?? [];
      if (missed.length) notify('warning', t('media.talk.broadcastMissed', { count: missed.length }));
      return result;
    });
  if (talk.state) return <TalkControls talk={talk} />;
  return <Button size="small" icon="feed" data-testid="broadcast-start" text={t('media.talk.broadcast')} disabled={!vehicleIds.length} onClick={() => void start()} />;
}
