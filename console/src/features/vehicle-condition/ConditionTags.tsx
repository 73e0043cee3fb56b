import { Icon, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ConditionState, StateTone } from './condition-states';

const INTENT: Record<StateTone, Intent> = { on: 'success', off: 'none', warning: 'warning', unknown: 'none' };

/** One state as a small tag with its icon: the label, and the value in words (a title for the screen reader and the hover). */
export function StateTag({ state, withLabel = true }: { state: ConditionState; withLabel?: boolean }) {
  const { t } = useTranslation();
  const value = t(state.valueKey);
  const label = t(state.labelKey);
  return (
    <Tag
      minimal
      intent={INTENT[state.tone]}
      icon={<Icon icon={state.icon} size={12} />}
      title={`${label}: ${value}`}
      className={`of-condition-tag of-condition-${state.tone}`}
      data-state={state.key}
      data-value={state.valueKey.replace('condition.value.', '')}
    >
      {withLabel ? `${label} ${value}` : value}
    </Tag>
  );
}

/** Only the states that are on (or a warning): what a table cell has room for; "—" when none. */
export function ActiveTags({ states }: { states: readonly ConditionState[] }) {
  const active = states.filter((state) => state.tone === 'on' || state.tone === 'warning');
  if (!active.length) return <span className="of-condition-none">{states.every((state) => state.tone === 'unknown') ? '—' : ''}</span>;
  return (
    <span className="of-condition-tags">
      {active.map((state) => (
        <StateTag key={state.key} state={state} />
      ))}
    </span>
  );
}
