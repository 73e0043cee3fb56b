import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useTranscodedFrom } from './codec-support';

/** Says on a tile that the server transcodes its picture (H.265 to H.264) for this browser. */
export function TranscodedTag({ streamKey }: { readonly streamKey: string | undefined }) {
  const { t } = useTranslation();
  const from = useTranscodedFrom(streamKey);
  if (!from) return null;
  return (
    <Tag minimal round intent="warning" data-testid="video-transcoded" title={t('media.tile.transcodedTitle', { codec: from })}>
      {t('media.tile.transcoded')}
    </Tag>
  );
}
