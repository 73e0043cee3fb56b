import { screen, waitFor } from '@testing-library/react';
import type { RequestArgs } from '../../app/base-query';
import { renderWithProviders } from '../../test/render';
import { RescueDetail } from './RescueDetail';
import type { RescueCaseDetail } from './rescueApi';

// Blueprint's first render is slow on a loaded machine.
jest.setTimeout(30_000);

const at = Date.UTC(2026, 10, 27, 2, 0, 0);
const detail: RescueCaseDetail = {
  id: 5, alarmId: 'a-5', type: 'collision', level: 2, terminalPhone: '013700000001', vehicleId: '3', plateCode: '京R90001', startedAt: at,
  latitude: 23.1064, longitude: 113.3245, speedKmh: 48, place: '广东省广州市天河区', status: 2, openedAt: at, updatedAt: at + 120_000,
  steps: [
    { id: 1, status: 0, fromStatus: -1, operatorId: 'system', at, remark: '' },
    { id: 2, status: 1, fromStatus: 0, operatorId: '12', at: at + 60_000, remark: '' },
    // A user the caller may not see (another company's, or one since removed).
    { id: 3, status: 2, fromStatus: 1, operatorId: '9876', at: at + 120_000, remark: '已派车' },
  ],
  evidence: null,
  nearby: [],
};
const mockSeen: RequestArgs[] = [];
jest.mock('../../app/base-query', () => ({
  consoleBaseQuery: async (args: RequestArgs) => {
    mockSeen.push(args);
    if (args.url === 'gps/rescue/5') return { data: detail };
    if (args.url === 'basic/user-names') return { data: (args.params as { ids: string }).ids === '12' ? [{ id: '12', name: '王调度', account: 'wangdd' }] : [] };
    return { data: [] };
  },
}));

describe('collision rescue timeline', () => {
  beforeEach(() => mockSeen.splice(0));

  it.each([
    ['zh_CN', ['系统自动创建', '操作人：王调度', '操作人：未知用户']],
    ['en_US', ['Opened automatically', 'Operator: 王调度', 'Operator: unknown user']],
  ] as const)('names each step’s operator in %s, never showing a user id', async (language, expected) => {
    renderWithProviders(<RescueDetail caseId={5} onClose={() => undefined} />, { language });
    await screen.findByText('王调度');
    const operators = () => Array.from(document.querySelectorAll('.of-rescue-timeline .of-rescue-step-operator')).map((node) => node.textContent);
    await waitFor(() => expect(operators()).toEqual(expected));
    expect(document.querySelector('.of-rescue-timeline')?.textContent).not.toMatch(/\b(12|9876)\b/);
    expect(mockSeen.filter((args) => args.url === 'basic/user-names').map((args) => (args.params as { ids: string }).ids).sort()).toEqual(['12', '9876']);
  });
});
