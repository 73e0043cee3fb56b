import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { flattenVehicleTree, type VehicleTreeNode } from './vehicle-tree';
import { VehicleTree } from './VehicleTree';

const fleet = (id: number, size: number): VehicleTreeNode => ({
  key: `f${id}`, id, name: `Fleet ${id}`, type: 'fleet',
  children: Array.from({ length: size }, (_, v) => ({ key: `v${id * 1000 + v}`, id: id * 1000 + v, name: `京A${id}${String(v).padStart(4, '0')}`, type: 'vehicle', plateCode: `京A${id}${String(v).padStart(4, '0')}` })),
});

function setup(limit: number, size = 5000) {
  const rows = flattenVehicleTree([{ key: 'c1', id: 1, name: 'Acme', type: 'company', children: [fleet(1, size), fleet(2, size)] }]);
  const onCheck = jest.fn();
  const onLimit = jest.fn();
  renderWithProviders(<VehicleTree rows={rows} vehicles={{}} checked={{}} onCheck={onCheck} selected={null} onSelect={() => undefined} checkLimit={limit} onLimit={onLimit} />);
  return { onCheck, onLimit };
}

describe('VehicleTree', () => {
  it('refuses check-all of a company above the limit and reports the count', () => {
    const { onCheck, onLimit } = setup(2000);
    const company = document.querySelector('[data-key="c1"] input[type=checkbox]')!;
    fireEvent.click(company);
    expect(onLimit).toHaveBeenCalledWith(10_000);
    expect(onCheck).not.toHaveBeenCalled();
  });

  it('checks every vehicle of a node within the limit', () => {
    const { onCheck, onLimit } = setup(20_000, 3);
    fireEvent.click(document.querySelector('[data-key="f1"] input[type=checkbox]')!);
    expect(onCheck).toHaveBeenCalledWith(['1000', '1001', '1002'], true);
    expect(onLimit).not.toHaveBeenCalled();
  });

  it('keeps only the visible rows in the DOM with ten thousand vehicles, and search narrows them', () => {
    setup(2000);
    fireEvent.click(screen.getByText('Fleet 1'));
    const rendered = document.querySelectorAll('.of-tree-row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    fireEvent.change(screen.getByPlaceholderText('Plate / VIN / terminal / SIM'), { target: { value: 'A20042' } });
    expect([...document.querySelectorAll('.of-tree-row')].map((row) => row.getAttribute('data-key'))).toEqual(['c1', 'f2', 'v2042']);
  });
});
