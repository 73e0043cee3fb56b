import type { Server } from 'node:net';
import type { AlarmConfig } from '../alarm-config';
import { AttachmentServer } from './attachment-server';

describe('AttachmentServer listener', () => {
  it('logs accept errors after the start (rate-limited) and keeps listening', async () => {
    // Only the listener is under test: no link arrives, so storage is never touched.
    const config = { ALARM_ATTACHMENT_PORT: 0, ALARM_ATTACHMENT_LISTEN_HOST: '127.0.0.1' } as AlarmConfig;
    const attachments = new AttachmentServer({} as never, {} as never, {} as never, config);
    await attachments.onModuleInit();
    const logger = (attachments as unknown as { logger: { warn: (message: string) => void } }).logger;
    const warnings: string[] = [];
    logger.warn = (message: string) => void warnings.push(message);
    try {
      const server = (attachments as unknown as { server: Server }).server;
      // A second one too: only the first would have found the start's one-shot listener.
      server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
      server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
      expect(warnings).toEqual(['attachment listener: accept EMFILE']);
      expect(server.listening).toBe(true);
    } finally {
      await attachments.onModuleDestroy();
    }
  });
});
