import type { RequestArgs } from '../../../app/base-query';

/** A request the fake answered: method, url, query params and body. */
export interface SeenRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

type Answer = { data: unknown } | { errorCode: number };

/**
 * The console's HTTP layer for screen tests: answers by "METHOD url" with the envelope's data (or
 * an error envelope), and keeps every request. Install with
 * `jest.mock('../../app/base-query', () => ({ consoleBaseQuery: (args: RequestArgs) => mockVideoHttp.answer(args) }))`.
 */
export class FakeVideoHttp {
  readonly seen: SeenRequest[] = [];
  private readonly answers = new Map<string, Answer>();

  on(method: string, url: string, answer: Answer): this {
    this.answers.set(`${method} ${url}`, answer);
    return this;
  }

  reset(): void {
    this.seen.length = 0;
    this.answers.clear();
  }

  requests(method: string, url: string): SeenRequest[] {
    return this.seen.filter((request) => request.method === method && request.url === url);
  }

  async answer(args: RequestArgs | string) {
    const request = typeof args === 'string' ? { url: args } : args;
    const method = (request.method ?? 'GET').toUpperCase();
    this.seen.push({ method, url: request.url, params: (request.params ?? {}) as Record<string, unknown>, body: request.body });
    const answer = this.answers.get(`${method} ${request.url}`);
    if (!answer) return { error: { envelope: { flag: false, errorCode: 404, msg: 'no fake answer', data: null }, transport: false } };
    if ('errorCode' in answer) return { error: { envelope: { flag: false, errorCode: answer.errorCode, msg: '', data: null }, transport: false } };
    return { data: answer.data };
  }
}
