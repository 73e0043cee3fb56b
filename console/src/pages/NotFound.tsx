import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /404, and the placeholder for menu entries naming an unknown screen. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="of-page-state"
      icon="search"
      title={t('page.notFound.title')}
      description={t('page.notFound.body')}
      action={<Button icon="arrow-left" text={t('page.notFound.back')} onClick={() => void navigate(-1)} />}
    />
  );
}
