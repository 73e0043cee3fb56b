// What the e2e specs do to the platform besides the browser: call its API as an operator would
// (the JSON envelope, a bearer token) and bring a terminal the spec provisioned onto the 808 gateway.
import { TestTerminal } from '@openfleet/gateway-808/testing';

/**
 * A caller of the platform's API: POST with a body, GET without; answers `data`, throws on a refused
 * envelope. `baseUrl` and `token` are read at each call (specs set them in `beforeAll`).
 */
export function apiCaller(baseUrl: () => string, token: () => string) {
  return async function api<T>(path: string, body?: object): Promise<T> {
    const bearer = token();
    const response = await fetch(`${baseUrl()}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { flag: boolean; data: T };
    if (!envelope.flag) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
}

/**
 * A JT/T 808-2013 terminal provisioned through the API a moment ago, logged in: the gateway admits it
 * once the registry has it, so registration is retried for up to 10 s.
 */
export async function connectTerminal(gatewayPort: number, phone: string, code: string): Promise<TestTerminal> {
  const wire = phone.length < 12 ? phone.padStart(12, '0') : phone;
  for (let attempt = 0; attempt < 40; attempt++) {
    const candidate = await TestTerminal.open(gatewayPort, wire, '2013');
    try {
      await candidate.login(code);
      return candidate;
    } catch {
      candidate.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`terminal ${phone} could not log in`);
}
