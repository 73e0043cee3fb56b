/** What a credential shows as wherever an operator or a browser sees it. */
export const SECRET_MASK = '******';

// Keys whose value is a credential: FTP user and password of 0x9206, dial user and password of
// 0x8105 and 0x8103, the supervision platform's auth code, the lock wizard's limit password.
const SECRET_KEY = /password|passwd|pwd|secret|authcode|token|dialuser/i;
const SECRET_EXACT = new Set(['user', 'username', 'ftpuser']);
/** Terminal parameters holding a credential (JT/T 808 table 14): dial users and passwords. */
const SECRET_PARAMETER_IDS = new Set([0x0011, 0x0012, 0x0015, 0x0016, 0x0024, 0x0025]);
/** 0x8105 `params` ('command;field;...'): positions of the auth code, dial user and password, by control command. */
const SERVER_CONTROL_SECRETS: Record<number, readonly number[]> = { 1: [2, 3], 2: [1, 3, 4] };

const isSecretKey = (key: string) => SECRET_KEY.test(key) || SECRET_EXACT.has(key.toLowerCase());
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A parameter item ({id, name?, value}: 0x8103, 0x0104, a terminalProM row) whose value is a credential. */
function isSecretParameter(item: Record<string, unknown>): boolean {
  if (!('value' in item)) return false;
  if (typeof item.id === 'number' && SECRET_PARAMETER_IDS.has(item.id)) return true;
  return typeof item.name === 'string' && isSecretKey(item.name);
}

/**
 * A copy of `value` with every credential replaced by SECRET_MASK: secret keys at any depth,
 * parameter items carrying a dial user or password. An empty secret stays empty (nothing to hide).
 */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item)) as T;
  if (!isRecord(value)) return value;
  const secretItem = isSecretParameter(value);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const hidden = (isSecretKey(key) || (secretItem && key === 'value')) && inner !== '' && inner !== null && inner !== undefined;
    out[key] = hidden ? SECRET_MASK : maskSecrets(inner);
  }
  return out as T;
}

/** 0x8105 joins its fields with ';' in one string: the secret positions are masked there. */
function maskServerControl(body: Record<string, unknown>): Record<string, unknown> {
  const positions = SERVER_CONTROL_SECRETS[Number(body.command)];
  if (!positions || typeof body.params !== 'string') return body;
  const fields = body.params.split(';');
  for (const index of positions) if (fields[index]) fields[index] = SECRET_MASK;
  return { ...body, params: fields.join(';') };
}

/** The parts of an order (row or instruction.order.v1 event) that may carry a credential. */
export interface OrderWithSecrets {
  msgId: string;
  params?: unknown;
  body?: unknown;
  replyBody?: unknown;
}

/**
 * An order as an operator sees it (the log, its detail and export, the live hub's order events):
 * what was entered, the body sent and the terminal's reply with their credentials masked. Only the
 * fields the order has are touched; the stored order (and what goes to the terminal) keeps them.
 */
export function maskOrderSecrets<T extends OrderWithSecrets>(order: T): T {
  const out: T = { ...order };
  if ('params' in order) out.params = maskSecrets(order.params);
  if ('body' in order) out.body = order.msgId === '0x8105' && isRecord(order.body) ? maskSecrets(maskServerControl(order.body)) : maskSecrets(order.body);
  if ('replyBody' in order) out.replyBody = maskSecrets(order.replyBody);
  return out;
}
