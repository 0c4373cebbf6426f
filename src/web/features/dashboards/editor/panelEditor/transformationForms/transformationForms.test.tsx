import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render';
import { userEvent } from '../../../../../test/user';
import { CalculateFieldForm } from './CalculateFieldForm';
import { LabelsToFieldsForm } from './LabelsToFieldsForm';
import { ReduceForm } from './ReduceForm';
import type { Options } from './optionValues';

const formProps = (id: string, options: Options) => ({ id, options, fields: ['cpu', 'mem'], set: vi.fn() });
/** The input a label names (Mantine also labels the option list with it). */
const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
const pick = async (label: string, option: string) => {
  await userEvent.click(input(label));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};

describe('transformation forms', () => {
  it('Add field from calculation writes the mode, the operands (each its own undo step) and the operator in Grafana’s shape', async () => {
    const props = formProps('calculateField', { mode: 'binary', binary: { left: 'cpu', operator: '+' } });
    renderWithProviders(<CalculateFieldForm {...props} />);
    expect(input('Left operand (field or number)')).toHaveValue('cpu');
    await userEvent.type(input('Right operand (field or number)'), '2');
    expect(props.set).toHaveBeenLastCalledWith({ binary: { left: 'cpu', operator: '+', right: '2' } }, 'right');
    await pick('Operator', '*');
    expect(props.set).toHaveBeenLastCalledWith({ binary: { left: 'cpu', operator: '*' } });
    await pick('Mode', 'Row index');
    expect(props.set).toHaveBeenLastCalledWith({ mode: 'index' });
  });

  it('Add field from calculation reduces the picked fields of each row with the picked calculation', async () => {
    const props = formProps('calculateField', {});
    renderWithProviders(<CalculateFieldForm {...props} />);
    expect(input('Calculation')).toHaveValue('Total');
    await pick('Fields (all numbers when none)', 'mem');
    expect(props.set).toHaveBeenLastCalledWith({ reduce: { include: ['mem'] } });
    await pick('Calculation', 'Mean');
    expect(props.set).toHaveBeenLastCalledWith({ reduce: { reducer: 'mean' } });
  });

  it('Reduce and Labels to fields write their pickers’ values', async () => {
    const reduce = formProps('reduce', { reducers: ['max'] });
    renderWithProviders(<ReduceForm {...reduce} />);
    await pick('Calculations', 'Min');
    expect(reduce.set).toHaveBeenLastCalledWith({ reducers: ['max', 'min'] });

    const labels = formProps('labelsToFields', {});
    renderWithProviders(<LabelsToFieldsForm {...labels} />);
    await pick('Mode', 'Rows');
    expect(labels.set).toHaveBeenLastCalledWith({ mode: 'rows' });
  });
});
