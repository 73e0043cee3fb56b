import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** /wxredirect, /videoJsH5 and /socketAlarm until their features exist. */
export function Placeholder({
  titleKey,
  bodyKey = 'page.placeholder.body',
}: {
  titleKey: string;
  bodyKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <NonIdealState className="of-page-state" icon="build" title={t(titleKey)} description={t(bodyKey)} />
  );
}
