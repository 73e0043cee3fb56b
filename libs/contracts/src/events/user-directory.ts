import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/**
 * A user as exports name an operator (topic admin.user-directory.v1, key user id, compacted): logs
 * keep the operator's user id, services other than admin write the name from this record. A deleted
 * user's last record stays with `deleted: true`: the name remains the historical operator's.
 */
export interface UserDirectoryEntry {
  userId: string;
  name: string;
  account: string;
  companyId: string;
  /** Company ids from the root down to the user's company: scope checks match any of them. */
  companyPath: string[];
  deleted: boolean;
  updatedAt: number;
}

export const userDirectoryCodec = jsonCodec<UserDirectoryEntry>((value) =>
  checkFields(value, {
    userId: 'string',
    name: 'string',
    account: 'string',
    companyId: 'string',
    companyPath: 'object',
    deleted: 'boolean',
    updatedAt: 'number',
  }),
);
