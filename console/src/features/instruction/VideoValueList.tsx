import { avAttributeRows, isVideoParameter, videoParameterRows, type LabelledRow } from '@openfleet/contracts/instruction';
import { useLabel } from './CommandForm';
import { genericValue } from './order-params';
import { ParamValueView } from './ParamRows';

/** Labelled rows of a JT/T 1078 value: a 0x0075-0x007C parameter, or the 0x1003 attributes. */
export function VideoValueList({ rows }: { rows: readonly LabelledRow[] }) {
  const label = useLabel();
  return (
    <dl className="of-video-values">
      {rows.map((row) => (
        <div key={row.key} className="of-video-value" data-key={row.key}>
          <dt>{label(row.label)}</dt>
          <dd>{label(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A reported parameter value: the JT/T 1078 ones decoded and labelled, the others as text. */
export function ParameterValue({ id, value }: { id: number; value: unknown }) {
  if (value === null || value === undefined) return <>-</>;
  if (isVideoParameter(id)) return <VideoValueList rows={videoParameterRows(id, value)} />;
  return <ParamValueView value={genericValue(value)} />;
}

/** The 0x1003 audio/video attributes, labelled. */
export function AvAttributes({ attributes }: { attributes: Record<string, unknown> }) {
  return <VideoValueList rows={avAttributeRows(attributes)} />;
}
