import { screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { OperatorName, operatorFallback } from './OperatorName';

jest.setTimeout(30_000);

// The caller may see user 7 only: 8 belongs to another company (the API leaves it out).
const mockSeen: RequestArgs[] = [];
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push(args);
    const ids = String((args.params as { ids?: string } | undefined)?.ids ?? '');
    return { data: ids === '7' ? [{ id: '7', name: '张调度', account: 'zhang' }] : [] };
  },
}));

function Names() {
  return (
    <ul>
      {['7', '8', 'system', 'platform809', 'openapi:app-1', '', 'legacy-token'].map((id) => (
        <li key={id} data-testid={`op-${id}`}>
          <OperatorName id={id} />
        </li>
      ))}
      <li data-testid="op-custom">
        <OperatorName id="9" unnamed="已离职用户" />
      </li>
    </ul>
  );
}

const shown = (id: string) => screen.getByTestId(`op-${id}`).textContent;

describe('OperatorName', () => {
  it('zh_CN: a visible user by name, an automatic operator in words, and never an id', async () => {
    renderWithProviders(<Names />, { language: 'zh_CN' });
    await waitFor(() => expect(shown('7')).toBe('张调度'));
    await waitFor(() => expect(shown('8')).toBe('未知用户'));
    expect(screen.getByTestId('op-7').querySelector('span')?.getAttribute('title')).toBe('zhang');
    expect(shown('system')).toBe('系统');
    expect(shown('platform809')).toBe('上级平台');
    expect(shown('openapi:app-1')).toBe('开放接口');
    expect(shown('')).toBe('');
    expect(shown('legacy-token')).toBe('未知用户');
    await waitFor(() => expect(shown('custom')).toBe('已离职用户'));
    // Only user ids are looked up.
    expect(mockSeen.map((args) => (args.params as { ids: string }).ids).sort()).toEqual(['7', '8', '9']);
    for (const li of screen.getAllByRole('listitem')) expect(li.textContent).not.toMatch(/\d/);
  });

  it('en_US words', async () => {
    renderWithProviders(<Names />, { language: 'en_US' });
    await waitFor(() => expect(shown('8')).toBe('Unknown user'));
    expect(shown('system')).toBe('System');
    expect(shown('openapi:app-1')).toBe('Open API');
  });

  it('falls back without the network', () => {
    const words = { unnamed: 'U', system: 'S', platform809: 'P', openApi: 'O' };
    expect(operatorFallback('123', words)).toBe('U');
    expect(operatorFallback(null, words)).toBe('');
    expect(operatorFallback('system', words)).toBe('S');
    expect(operatorFallback('openapi:x', words)).toBe('O');
  });
});
