import { HTMLSelect } from '@blueprintjs/core';
import { LOCALES, type Locale } from '@openfleet/errors';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChanged } from './settingsSlice';

/** zh_CN / en_US switch; the language is kept in local storage by the store. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.settings.language);
  return (
    <HTMLSelect
      aria-label={t('layout.language')}
      value={language}
      onChange={(event) => dispatch(languageChanged(event.currentTarget.value as Locale))}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`lang.${locale}`) }))}
      iconName="caret-down"
    />
  );
}
