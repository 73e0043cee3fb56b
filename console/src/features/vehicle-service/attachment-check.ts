import { RECORD_ATTACHMENT_LIMITS } from '@openfleet/contracts/vehicle-service';

const ACCEPTED = ['image/jpeg', 'image/png', 'application/pdf'];

/** Why a picked file cannot be attached (i18n key), or null: the server refuses the same. */
export function attachmentProblem(file: { readonly type: string; readonly size: number }): string | null {
  if (!ACCEPTED.includes(file.type)) return 'vehicleService.badFileType';
  if (file.size > RECORD_ATTACHMENT_LIMITS.maxBytes) return 'vehicleService.fileTooLarge';
  return null;
}

export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf';
export const ATTACHMENT_MAX_MB = RECORD_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(2)} MB`;
}
