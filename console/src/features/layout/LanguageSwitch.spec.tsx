import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from '../../app/App';
import { renderWithProviders } from '../../test/render';

describe('language switch', () => {
  it('switches the sign-in screen between en_US and zh_CN and keeps the choice in the store', async () => {
    const { store } = renderWithProviders(<App loadMenuTree={() => Promise.resolve({ flag: false })} />, {
      path: '/login',
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh_CN' } });
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    await waitFor(() => expect(store.getState().settings.language).toBe('zh_CN'));
  });
});
