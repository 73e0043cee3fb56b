import type { RecordAttachment, RecordKind } from '@openfleet/contracts/vehicle-service';
import { api } from '../../app/api';
import type { Resource } from '../table-screen/resource-api';

/** A kind's REST resource (`/vehicleService/<kind>`, paged `{records,total}`), for the shared table endpoints. */
export const recordResource = (kind: RecordKind): Resource => ({ path: `vehicleService/${kind}`, tag: 'VehicleRecord', paged: true });

const attachmentsPath = (kind: RecordKind, recordId: number) => `vehicleService/${kind}/${recordId}/attachments`;

/** The URL that serves one attachment's bytes (behind the session token). */
export const attachmentUrl = (kind: RecordKind, recordId: number, attachmentId: number) => `/${attachmentsPath(kind, recordId)}/${attachmentId}`;

const attachmentTag = (kind: RecordKind, recordId: number) => ({ type: 'VehicleRecord' as const, id: `${kind}-${recordId}-files` });

/** The attachments of one record: list, upload (multipart `file`), delete. */
export const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordAttachments: build.query<RecordAttachment[], { kind: RecordKind; recordId: number }>({
      query: ({ kind, recordId }) => ({ url: attachmentsPath(kind, recordId), method: 'GET' }),
      providesTags: (_result, _error, { kind, recordId }) => [attachmentTag(kind, recordId)],
    }),
    uploadRecordAttachment: build.mutation<RecordAttachment, { kind: RecordKind; recordId: number; file: File }>({
      query: ({ kind, recordId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: attachmentsPath(kind, recordId), method: 'POST', body };
      },
      // The list's attachment count changes too.
      invalidatesTags: (_result, _error, { kind, recordId }) => [attachmentTag(kind, recordId), { type: 'VehicleRecord', id: 'LIST' }],
    }),
    deleteRecordAttachment: build.mutation<unknown, { kind: RecordKind; recordId: number; attachmentId: number }>({
      query: ({ kind, recordId, attachmentId }) => ({ url: `${attachmentsPath(kind, recordId)}/${attachmentId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { kind, recordId }) => [attachmentTag(kind, recordId), { type: 'VehicleRecord', id: 'LIST' }],
    }),
  }),
});

export const { useRecordAttachmentsQuery, useUploadRecordAttachmentMutation, useDeleteRecordAttachmentMutation } = recordsApi;
