import { Button, ButtonGroup } from '@blueprintjs/core';
import { VIDEO_SPLITS } from '@openfleet/contracts/video';
import { useTranslation } from 'react-i18next';
import { PtzPad } from './PtzPad';
import { splitLayout, type Tiles, type VideoSplit } from './tile-grid';
import { VideoTile } from './VideoTile';

interface LiveWallProps {
  readonly tiles: Tiles;
  readonly split: VideoSplit;
  readonly onSplit: (split: VideoSplit) => void;
  readonly selected: number;
  readonly onSelect: (index: number) => void;
  readonly onClose: (index: number) => void;
}

/** The split buttons, the tile grid and the PTZ pad of the selected tile (videoPlay and videoPlayMulti). */
export function LiveWall({ tiles, split, onSplit, selected, onSelect, onClose }: LiveWallProps) {
  const { t } = useTranslation();
  const { columns, firstSpan } = splitLayout(split);
  return (
    <div className="of-live-wall">
      <div className="of-live-main">
        <ButtonGroup className="of-video-splits">
          {VIDEO_SPLITS.map((value) => (
            <Button key={value} data-split={value} active={value === split} aria-label={t('media.split', { count: value })} title={t('media.split', { count: value })} text={value} onClick={() => onSplit(value)} />
          ))}
        </ButtonGroup>
        <div className="of-video-grid" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }} data-split={split}>
          {tiles.map((source, index) => (
            <VideoTile
              key={index}
              index={index}
              source={source}
              selected={index === selected}
              onSelect={() => onSelect(index)}
              onClose={() => onClose(index)}
              style={index === 0 && firstSpan > 1 ? { gridColumn: `span ${firstSpan}`, gridRow: `span ${firstSpan}` } : undefined}
            />
          ))}
        </div>
      </div>
      <PtzPad target={tiles[selected] ?? null} />
    </div>
  );
}
