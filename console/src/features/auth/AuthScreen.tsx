import { ButtonGroup, Card, Elevation, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LoginForm } from './LoginForm';
import { PhoneCodeForm } from './PhoneCodeForm';
import { LanguageSwitch } from '../layout/LanguageSwitch';

export type AuthMode = 'login' | 'register' | 'forgetPwd';

const modes: readonly AuthMode[] = ['login', 'register', 'forgetPwd'];

/** /login, /register and /forgetPwd: one screen, three modes (spec §2). */
export function AuthScreen({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  return (
    <div className="of-auth">
      <div className="of-auth-language">
        <LanguageSwitch />
      </div>
      <Card elevation={Elevation.THREE} className="of-auth-card">
        <H3 className="of-auth-title">{t('app.title')}</H3>
        <p className="bp6-text-muted of-auth-subtitle">{t('app.subtitle')}</p>
        <ButtonGroup fill className="of-auth-modes" role="tablist">
          {modes.map((item) => (
            <NavLink
              key={item}
              to={`/${item}`}
              role="tab"
              aria-selected={item === mode}
              className={`bp6-button ${item === mode ? 'bp6-intent-primary bp6-active' : 'bp6-minimal'}`}
            >
              {t(`auth.tab.${item}`)}
            </NavLink>
          ))}
        </ButtonGroup>
        {mode === 'login' ? <LoginForm /> : <PhoneCodeForm key={mode} mode={mode} />}
      </Card>
    </div>
  );
}
