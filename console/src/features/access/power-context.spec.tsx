import { render, screen } from '@testing-library/react';
import { PowerProvider, WithPower } from './power-context';

describe('power list (spec §6)', () => {
  it('hides buttons whose action code is not in the page power list', () => {
    render(
      <PowerProvider power={['carList:add']}>
        <WithPower code="carList:add">
          <button type="button">add</button>
        </WithPower>
        <WithPower code="carList:delete">
          <button type="button">delete</button>
        </WithPower>
      </PowerProvider>,
    );
    expect(screen.getByRole('button', { name: 'add' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'delete' })).toBeNull();
  });
});
