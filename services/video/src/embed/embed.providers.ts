import type { Provider } from '@nestjs/common';
import { PlatformConfig, PROCESS_ENV, loadConfig, resolveDeploymentSecret } from '@openfleet/service-kit';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { EMBED_TOKENS, EmbedTokens } from './embed-tokens';
import { EmbedService } from './embed.service';

/** The embed token key comes from the media-URL secret (VIDEO_URL_SECRET, or the standalone file), under its own label. */
export const EMBED_PROVIDERS: Provider[] = [
  {
    provide: EMBED_TOKENS,
    inject: [VIDEO_CONFIG, PROCESS_ENV],
    useFactory: (config: VideoConfig, env: NodeJS.ProcessEnv) =>
      new EmbedTokens(resolveDeploymentSecret(loadConfig(PlatformConfig, env), { variable: 'VIDEO_URL_SECRET', value: config.VIDEO_URL_SECRET, file: 'video-url-secret', minLength: 32 })),
  },
  EmbedService,
];
