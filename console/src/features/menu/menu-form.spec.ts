import { validateForm } from '../table-screen/table-model';
import { emptyMenuForm, formToMenu, locate, menuFields, menuToForm, type MenuResource } from './menu-form';

const node = (id: number, type: number, href: string, actionCode: string, children: MenuResource[] = [], origin = 0): MenuResource => ({ id, label: `n${id}`, href, icon: '', actionCode, type, origin, sort: 0, children });
const carList = node(101, 2, '/index/carList', 'carList', [node(10104, 3, '', 'carList:search')]);
const index = node(10, 1, '/index', '', [carList]);
const root = node(2, 1, '', '', [index]);

describe('menu form (/index/newMune)', () => {
  it('offers a page under a directory and a button under a page, prefilled with the parent path or code', () => {
    expect(emptyMenuForm(index)).toMatchObject({ type: '2', href: '/index/' });
    expect(emptyMenuForm(carList)).toMatchObject({ type: '3', href: '', actionCode: 'carList:' });
    expect(menuFields(index, false)[0].options?.map((o) => o.value)).toEqual(['1', '2']);
    expect(menuFields(carList, false)[0].options?.map((o) => o.value)).toEqual(['3']);
  });

  it('checks paths on pages and page:action codes on buttons of that page', () => {
    const pageFields = menuFields(index, false);
    expect(validateForm(pageFields, { ...emptyMenuForm(index), label: '客户', href: '/index/customers' })).toEqual({});
    expect(validateForm(pageFields, { ...emptyMenuForm(index), label: '客户', href: '/index/' })).toEqual({ href: 'menuScreen.hrefInvalid' });
    expect(validateForm(pageFields, { ...emptyMenuForm(index), label: '客户', href: '/index/c', actionCode: 'a:b' })).toEqual({ actionCode: 'menuScreen.codeInvalid' });
    const buttonFields = menuFields(carList, false);
    expect(validateForm(buttonFields, { ...emptyMenuForm(carList), label: '审核', actionCode: 'carList:approve' })).toEqual({});
    expect(validateForm(buttonFields, { ...emptyMenuForm(carList), label: '审核', actionCode: 'carList:' })).toEqual({ actionCode: 'menuScreen.buttonCodeInvalid' });
    expect(validateForm(buttonFields, { ...emptyMenuForm(carList), label: '审核', actionCode: 'userManage:approve' })).toEqual({ actionCode: 'menuScreen.buttonCodeInvalid' });
    expect(validateForm(buttonFields, { ...emptyMenuForm(carList), label: '', sort: 'x', actionCode: 'carList:a' })).toEqual({ label: 'validation.required', sort: 'menuScreen.sortInvalid' });
  });

  it('sends a seeded node only its name, icon and order, and an added node everything', () => {
    const form = { ...menuToForm(carList), label: '车辆档案', sort: '3' };
    expect(formToMenu(form, null, true)).toEqual({ label: '车辆档案', icon: '', sort: 3 });
    expect(menuFields(index, true).filter((f) => f.lockedOnEdit).map((f) => f.name)).toEqual(['type', 'href', 'actionCode']);
    expect(formToMenu({ ...emptyMenuForm(carList), label: '审核', actionCode: 'carList:approve' }, 101, false)).toEqual({ label: '审核', icon: '', sort: 0, parentId: 101, type: 3, href: undefined, actionCode: 'carList:approve' });
    expect(formToMenu({ ...emptyMenuForm(index), type: '1', label: '门户', href: '/portal' }, 2, false)).toMatchObject({ type: 1, href: '/portal', actionCode: undefined });
  });

  it('finds a node and its parent', () => {
    expect(locate([root], 10104)).toEqual({ node: carList.children[0], parent: carList });
    expect(locate([root], 2)?.parent).toBeNull();
    expect(locate([root], 5)).toBeNull();
  });
});
