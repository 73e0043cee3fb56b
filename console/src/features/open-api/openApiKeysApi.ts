import { api } from '../../app/api';

/** The open API's calls an app key may be granted (docs/open-api.md). */
export const OPEN_API_NAMES = ['positions', 'track', 'alarms'] as const;

export interface OpenApiKeyRow {
  id: number;
  appId: string;
  companyId: string;
  companyName: string;
  name: string;
  apis: string[];
  vehicleIds: string[];
  ipAllowList: string[];
  ratePerSecond: number;
  ratePerDay: number;
  expiresAt: number | null;
  enabled: boolean;
  createdAt: number;
}

export interface OpenApiKeyInput {
  companyId?: string;
  name?: string;
  apis?: string[];
  vehicleIds?: string[];
  ipAllowList?: string[];
  ratePerSecond?: number;
  ratePerDay?: number;
  expiresAt?: number | null;
  enabled?: boolean;
}

/** A secret, answered once (add, reset). */
export interface IssuedSecret {
  id: number;
  appId: string;
  secret: string;
}

export const openApiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    openApiKeys: build.query<{ records: OpenApiKeyRow[]; total: number }, string>({
      query: (companyId) => ({ url: 'openApi/keys', params: { companyId, size: 100 } }),
    }),
    addOpenApiKey: build.mutation<IssuedSecret, OpenApiKeyInput>({ query: (body) => ({ url: 'openApi/keys', method: 'POST', body }) }),
    modifyOpenApiKey: build.mutation<OpenApiKeyRow, { id: number; body: OpenApiKeyInput }>({ query: ({ id, body }) => ({ url: `openApi/keys/${id}`, method: 'PUT', body }) }),
    resetOpenApiSecret: build.mutation<IssuedSecret, number>({ query: (id) => ({ url: `openApi/keys/${id}/secret`, method: 'POST' }) }),
    removeOpenApiKey: build.mutation<null, number>({ query: (id) => ({ url: `openApi/keys/${id}`, method: 'DELETE' }) }),
  }),
});

/** Comma-, space- or newline-separated entries of a text field. */
export function entriesOf(text: string): string[] {
  return text.split(/[\s,，]+/).map((entry) => entry.trim()).filter(Boolean);
}
