import type { EmbedChannelsView, EmbedOpenRequest, MediaStreamView } from '@openfleet/contracts/video';
import { api } from '../../../app/api';

/** The two public calls of an embedded player page: the token is the credential, no session. */
export const embedApi = api.injectEndpoints({
  endpoints: (build) => ({
    embedChannels: build.query<EmbedChannelsView, { vehicleId: string; token: string }>({
      query: (params) => ({ url: 'video/embed/channels', params, silent: true }),
    }),
    openEmbedLive: build.mutation<MediaStreamView, EmbedOpenRequest>({
      query: (body) => ({ url: 'video/embed/live/open', method: 'POST', body, silent: true }),
    }),
  }),
});

export const { useEmbedChannelsQuery, useOpenEmbedLiveMutation } = embedApi;
