import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { useTalkSession } from './useTalkSession';

interface TalkControlsProps {
  readonly talk: ReturnType<typeof useTalkSession>;
}

/** While a session runs: its state, push-to-talk (hold), the open-microphone switch and the end button. */
export function TalkControls({ talk }: TalkControlsProps) {
  const { t } = useTranslation();
  if (!talk.state) return null;
  const ptt = talk.mode === 'ptt';
  return (
    <ButtonGroup variant="minimal" className="of-talk-controls" data-testid="talk-controls" data-talk-state={talk.state} data-talk-id={talk.session?.talkId ?? ''}>
      <Tag minimal round intent={talk.state === 'linked' ? 'success' : 'none'}>{t(`media.talk.state.${talk.state}`)}</Tag>
      {ptt && (
        <Button
          size="small"
          icon="microphone"
          intent="primary"
          data-testid="talk-hold"
          title={t('media.talk.hold')}
          aria-label={t('media.talk.hold')}
          onPointerDown={() => talk.hold(true)}
          onPointerUp={() => talk.hold(false)}
          onPointerLeave={() => talk.hold(false)}
        />
      )}
      <Button size="small" icon={ptt ? 'hand' : 'volume-up'} active={!ptt} data-testid="talk-mode" title={t(ptt ? 'media.talk.openMic' : 'media.talk.pushToTalk')} aria-label={t(ptt ? 'media.talk.openMic' : 'media.talk.pushToTalk')} onClick={() => talk.setMode(ptt ? 'open' : 'ptt')} />
      <Button size="small" icon="stop" intent="danger" data-testid="talk-end" title={t('media.talk.end')} aria-label={t('media.talk.end')} onClick={talk.end} />
    </ButtonGroup>
  );
}
