import type { Server } from 'node:net';
import { AlarmConfig } from '../alarm-config';
import { AttachmentServer } from './attachment-server';

describe('AttachmentServer listener', () => {
  it('logs accept errors after the start (rate-limited) and keeps listening', async () => {
    // Only the listener is under test: no link arrives, so storage is never touched.
    const config = Object.assign(new AlarmConfig(), { ALARM_ATTACHMENT_PORT: 0, ALARM_ATTACHMENT_LISTEN_HOST: '127.0.0.1' });
    const attachments = new AttachmentServer({} as never, {} as never, {} as never, config);
    await attachments.onModuleInit();
    const logger = (attachments as unknown as { logger: { warn: (message: string) => void; error: (message: string) => void } }).logger;
    const warnings: string[] = [];
    logger.warn = (message: string) => void warnings.push(message);
    logger.error = (message: string) => void warnings.push(message);
    try {
      // The link server's TCP listener.
      const server = (attachments.linkServer as unknown as { tcp: Server }).tcp;
      // A second one too: only the first would have found the start's one-shot listener.
      server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
      server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
      expect(warnings).toEqual(['jsatl12 listener: accept EMFILE']);
      expect(server.listening).toBe(true);
    } finally {
      await attachments.onModuleDestroy();
    }
  });
});
