// `npm start`: the whole platform in one process, nothing external needed.
import 'reflect-metadata';
import { AdminSeeder } from '@openfleet/admin';
import { AttachmentServer } from '@openfleet/alarm';
import { Gb32960Server, Hj1239Server } from '@openfleet/energy';
import { LinkManager } from '@openfleet/forwarder-809';
import { Gateway808Server } from '@openfleet/gateway-808';
import { exitOnStartFailure } from '@openfleet/service-kit';
import { MediaIngestServer, UploadFtpServer } from '@openfleet/video';
import { startStandalone } from './start-standalone';

async function main(): Promise<void> {
  const { app, urls, config } = await startStandalone();
  const terminals = app.get(Gateway808Server).address();
  const lines = [
    'OpenFleet is running in standalone mode (in-process bus, SQLite).',
    `  console      ${urls.console}`,
    `  API          ${urls.api}`,
    `  OpenAPI      ${urls.openApi}`,
    `  health       ${urls.health}`,
    `  metrics      ${urls.metrics}`,
    `  HTTP port    ${config.HTTP_PORT} (HTTP_PORT)`,
    `  JT/T 808     tcp://${terminals.address}:${terminals.port} (GATEWAY_808_PORT; terminals and \`npm run simulate\`)`,
    `  attachments  tcp://${terminals.address}:${app.get(AttachmentServer).port()} (ALARM_ATTACHMENT_PORT; active-safety evidence uploads)`,
    `  GB/T 32960   tcp://${terminals.address}:${app.get(Gb32960Server).port()} (ENERGY_32960_PORT; electric vehicles)`,
    `  HJ 1239      tcp://${terminals.address}:${app.get(Hj1239Server).port()} (ENERGY_HJ1239_PORT; diesel emission monitoring)`,
    `  JT/T 1078    tcp://${terminals.address}:${app.get(MediaIngestServer).tcpPort()}${app.get(MediaIngestServer).udpPort() ? ` and udp ${app.get(MediaIngestServer).udpPort()}` : ''} (VIDEO_MEDIA_TCP_PORT, VIDEO_MEDIA_UDP_PORT; video from terminals)`,
    `  upload FTP   ftp://${terminals.address}:${app.get(UploadFtpServer).port()} (VIDEO_FTP_PORT; recordings terminals upload)`,
    `  JT/T 809     slave link on port ${app.get(LinkManager).slavePort} (FORWARDER_809_SLAVE_PORT; superior platforms connect back here)`,
    `  data         ${config.DATA_DIR} (DATA_DIR)`,
    'Press Ctrl-C to stop.',
  ];
  // Printed once, on the start that created the first super administrator with a generated password.
  const credentials = app.get(AdminSeeder).initialCredentials;
  if (credentials) lines.push(`First super administrator: ${credentials.account} / ${credentials.password} (shown once, change it)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch(exitOnStartFailure('standalone'));
