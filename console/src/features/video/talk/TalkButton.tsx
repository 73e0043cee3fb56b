import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TalkControls } from './TalkControls';
import { useOpenTalkMutation } from './talkApi';
import { useTalkSession } from './useTalkSession';

interface TalkButtonProps {
  readonly vehicleId: string;
  readonly channel: number;
}

/** A tile's two-way talk (0x9101 data type 2) with its vehicle channel; the terminal's voice plays back in the tile. */
export function TalkButton({ vehicleId, channel }: TalkButtonProps) {
  const { t } = useTranslation();
  const [openTalk] = useOpenTalkMutation();
  const talk = useTalkSession();
  if (talk.state) return <TalkControls talk={talk} />;
  return <Button size="small" icon="headset" data-testid="talk-start" aria-label={t('media.talk.start')} title={t('media.talk.start')} onClick={() => void talk.start(() => openTalk({ vehicleId, channel }))} />;
}
