import type { ErrorTable } from './error-table';

export const dataChangeErrors = {
  ADD_FAILED: [5001, '添加失败', 'Failed to add'],
  DELETE_FAILED: [5002, '删除失败', 'Failed to delete'],
  MODIFY_FAILED: [5003, '修改失败', 'Failed to modify'],
  SAVE_FAILED: [5004, '保存失败', 'Failed to save'],
  IMPORT_FAILED: [5005, '导入失败', 'Import failed'],
  EXPORT_FAILED: [5006, '导出失败', 'Export failed'],
} as const satisfies ErrorTable;
