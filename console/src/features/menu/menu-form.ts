import { codeOptions, optional, optionalNumber, text } from '../master-data/rules';
import type { FieldSpec } from '../table-screen/table-model';

/** A node of `GET /basic/resource/tree` (admin's menu service). */
export interface MenuResource {
  readonly id: number;
  readonly label: string;
  readonly href: string;
  readonly icon: string;
  readonly actionCode: string;
  /** 1 directory, 2 page, 3 button. */
  readonly type: number;
  readonly sort?: number;
  readonly parentId?: number | null;
  /** 0 seeded, 1 seeded and edited, 2 added by an operator. */
  readonly origin?: number;
  readonly children: readonly MenuResource[];
}

export interface MenuForm extends Record<string, string> {
  type: string;
  label: string;
  href: string;
  icon: string;
  sort: string;
  actionCode: string;
}

/** Which node types a parent of each type may hold (the server's rule). */
export const CHILD_TYPES: Readonly<Record<number, readonly number[]>> = { 1: [1, 2], 2: [3], 3: [] };

const HREF = /^(\/[A-Za-z][A-Za-z0-9_-]*){1,3}$/;
const ACTION = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The add form under `parent`: a page under a directory, a button under a page. */
export function emptyMenuForm(parent: MenuResource): MenuForm {
  const type = CHILD_TYPES[parent.type]?.includes(2) ? '2' : '3';
  return { type, label: '', href: type === '3' ? '' : `${parent.href}/`, icon: '', sort: '0', actionCode: type === '3' ? `${parent.actionCode}:` : '' };
}

export function menuToForm(node: MenuResource): MenuForm {
  return { type: text(node.type), label: node.label, href: node.href, icon: node.icon, sort: text(node.sort ?? 0), actionCode: node.actionCode };
}

/**
 * Spec §3 menu/resource fields: name, path, icon, sort, parent, type. Paths on directories and pages,
 * `<page>:<action>` codes on buttons; a seeded node keeps its type, path and code (the API checks them).
 */
export function menuFields(parent: MenuResource | null, seeded: boolean): FieldSpec<MenuForm>[] {
  const types = parent ? (CHILD_TYPES[parent.type] ?? []) : [1, 2, 3];
  return [
    { name: 'type', labelKey: 'menuScreen.type', kind: 'select', required: true, lockedOnEdit: seeded, options: codeOptions('menuScreen.type', types) },
    { name: 'label', labelKey: 'menuScreen.label', required: true, maxLength: 64 },
    {
      name: 'href',
      labelKey: 'menuScreen.href',
      maxLength: 128,
      lockedOnEdit: seeded,
      validate: (value, form) => (form.type === '3' ? null : HREF.test(value.trim()) ? null : 'menuScreen.hrefInvalid'),
    },
    { name: 'icon', labelKey: 'menuScreen.icon', maxLength: 64 },
    { name: 'sort', labelKey: 'menuScreen.sort', validate: (value) => (/^\d{1,6}$/.test(value.trim()) && Number(value) <= 100000 ? null : 'menuScreen.sortInvalid') },
    {
      name: 'actionCode',
      labelKey: 'menuScreen.actionCode',
      maxLength: 64,
      lockedOnEdit: seeded,
      validate: (value, form) => buttonCodeProblem(value, form, parent),
    },
  ];
}

/** Buttons: `<page code>:<action>`; pages: empty (the path's last segment) or a screen name; directories: none. */
function buttonCodeProblem(value: string, form: MenuForm, parent: MenuResource | null): string | null {
  const code = value.trim();
  if (form.type === '1') return code === '' ? null : 'menuScreen.codeOnDirectory';
  if (form.type === '2') return code === '' || ACTION.test(code) ? null : 'menuScreen.codeInvalid';
  const prefix = parent ? `${parent.actionCode}:` : '';
  const [page, action, extra] = code.split(':');
  if (!page || !action || extra !== undefined || !ACTION.test(page) || !ACTION.test(action)) return 'menuScreen.buttonCodeInvalid';
  return prefix && !code.startsWith(prefix) ? 'menuScreen.buttonCodeInvalid' : null;
}

/** The POST body (with the parent) or the PUT body (a seeded node sends only what it may change). */
export function formToMenu(form: MenuForm, parentId: number | null, seeded: boolean) {
  const type = Number(form.type);
  const editable = { label: form.label.trim(), icon: form.icon.trim(), sort: optionalNumber(form.sort) ?? 0 };
  if (seeded) return editable;
  return {
    ...editable,
    ...(parentId === null ? {} : { parentId }),
    type,
    href: type === 3 ? undefined : optional(form.href),
    actionCode: type === 1 ? undefined : optional(form.actionCode),
  };
}

/** Finds a node and its parent in the tree. */
export function locate(nodes: readonly MenuResource[], id: number, parent: MenuResource | null = null): { node: MenuResource; parent: MenuResource | null } | null {
  for (const node of nodes) {
    if (node.id === id) return { node, parent };
    const inside = locate(node.children, id, node);
    if (inside) return inside;
  }
  return null;
}
