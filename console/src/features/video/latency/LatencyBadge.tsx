import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latencySeconds } from './frame-latency';
import './latency.css';

/** How often the overlay re-reads the tile's figures: often enough to follow, rarely enough to cost nothing. */
const REFRESH_MS = 500;

/**
 * The tile's displayed latency on demand ("延迟 0.31 s"), read from the stream's stats
 * (`window.__videoStats`, kept by the player on every presented frame); nothing until a frame was shown.
 */
export function LatencyBadge({ streamKey }: { readonly streamKey: string }) {
  const { t } = useTranslation();
  const [latencyMs, setLatencyMs] = useState(0);
  useEffect(() => {
    const read = () => setLatencyMs(window.__videoStats?.[streamKey]?.latencyMs ?? 0);
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => clearInterval(timer);
  }, [streamKey]);
  return (
    <div className="of-video-latency" data-testid="video-latency">
      {latencyMs ? t('media.latency.value', { seconds: latencySeconds(latencyMs) }) : t('media.latency.measuring')}
    </div>
  );
}
