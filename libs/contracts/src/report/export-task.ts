import { jsonCodec } from '../codec';
import { checkFields } from '../validation';

/** Offline download task status (spec §4): 0 incomplete, 1 complete, 2 failed, 3 cancelled, 4 paused. */
export const ExportTaskStatus = { INCOMPLETE: 0, COMPLETE: 1, FAILED: 2, CANCELLED: 3, PAUSED: 4 } as const;

/** Offline download status (spec §4): 0 executing, 1 not downloaded, 2 downloaded, 3 file generation failed, 4 no data. */
export const ExportDownloadStatus = { EXECUTING: 0, NOT_DOWNLOADED: 1, DOWNLOADED: 2, GENERATION_FAILED: 3, NO_DATA: 4 } as const;

/**
 * An offline download task moved (topic report.export-task.v1, key the owner's user id): the API
 * gateway pushes it to the owner's sockets only, as `exportTask`.
 */
export interface ExportTaskEvent {
  taskId: number;
  ownerId: string;
  taskStatus: number;
  downloadStatus: number;
  /** 0-100. */
  progress: number;
  rows: number;
  at: number;
}

export const exportTaskCodec = jsonCodec<ExportTaskEvent>((value) =>
  checkFields(value, { taskId: 'number', ownerId: 'string', taskStatus: 'number', downloadStatus: 'number', progress: 'number', rows: 'number', at: 'number' }),
);
