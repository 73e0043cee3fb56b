import type { CertificateView, CertificationTestInput, CertificationTestView } from '@openfleet/contracts/industry';
import { api } from '../../app/api';

export interface CertificationPage<Row> {
  readonly records: readonly Row[];
  readonly total: number;
}

const LIST = { type: 'Certification', id: 'LIST' } as const;

/** The industry service's access certification (`/industry/certification`); its tag is added here, not in the shared list. */
export const certificationApi = api.enhanceEndpoints({ addTagTypes: ['Certification'] }).injectEndpoints({
  endpoints: (build) => ({
    certificationTests: build.query<CertificationPage<CertificationTestView>, Record<string, string | number>>({
      query: (params) => ({ url: 'industry/certification/tests', method: 'GET', params }),
      providesTags: [LIST],
    }),
    certificationTest: build.query<CertificationTestView, number>({
      query: (id) => ({ url: `industry/certification/tests/${id}`, method: 'GET' }),
      providesTags: (_result, _error, id) => [{ type: 'Certification', id }],
    }),
    openCertificationTest: build.mutation<CertificationTestView, CertificationTestInput>({
      query: (body) => ({ url: 'industry/certification/tests', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    certificates: build.query<CertificationPage<CertificateView>, Record<string, string | number>>({
      query: (params) => ({ url: 'industry/certification/certificates', method: 'GET', params }),
      providesTags: [LIST],
    }),
  }),
});

export const { useCertificationTestsQuery, useCertificationTestQuery, useOpenCertificationTestMutation, useCertificatesQuery } = certificationApi;
