import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render';
import { userEvent } from '../../../../../test/user';
import { TransformationForm } from '../TransformationForm';
import { ExtractFieldsForm } from './ExtractFieldsForm';
import { GroupByForm } from './GroupByForm';
import { JoinByLabelsForm } from './JoinByLabelsForm';
import { PartitionByValuesForm } from './PartitionByValuesForm';
import type { Options } from './optionValues';

const formProps = (id: string, options: Options) => ({
  id,
  options,
  fields: ['Time', 'line', 'region'],
  labels: ['job', 'what'],
  set: vi.fn(),
});
/** The input a label names (Mantine also labels the option list with it). */
const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
const pick = async (label: string, option: string) => {
  const field = input(label);
  await userEvent.click(field);
  const list = document.getElementById(field.getAttribute('aria-controls') ?? '')!;
  await userEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
};

describe('forms of the reshaping transformations', () => {
  it('Group by writes each field’s operation and calculations in Grafana’s shape (Ignore is its cleared `null`)', async () => {
    const props = formProps('groupBy', { fields: { region: { operation: 'groupby', aggregations: [] } } });
    renderWithProviders(<GroupByForm {...props} />);
    expect(input('region')).toHaveValue('Group by');
    expect(input('line')).toHaveValue('Ignore');
    await pick('line', 'Calculate');
    expect(props.set).toHaveBeenLastCalledWith({
      fields: { region: { operation: 'groupby', aggregations: [] }, line: { aggregations: [], operation: 'aggregate' } },
    });
    await pick('region', 'Ignore');
    expect(props.set).toHaveBeenLastCalledWith({ fields: { region: { operation: null, aggregations: [] } } });
  });

  it('Partition by values picks the fields, the naming and whether the fields stay', async () => {
    const props = formProps('partitionByValues', { keepFields: false });
    renderWithProviders(<PartitionByValuesForm {...props} />);
    await pick('Fields', 'region');
    expect(props.set).toHaveBeenLastCalledWith({ fields: ['region'] });
    await userEvent.click(screen.getByRole('radio', { name: 'As frame name' }));
    expect(props.set).toHaveBeenLastCalledWith({ naming: { asLabels: false } });
    await userEvent.click(screen.getByRole('switch', { name: 'Keep fields' }));
    expect(props.set).toHaveBeenLastCalledWith({ keepFields: true });
  });

  it('Join by labels picks the value label and the labels to join on from the data’s labels', async () => {
    const props = formProps('joinByLabels', { value: 'what' });
    renderWithProviders(<JoinByLabelsForm {...props} />);
    await pick('Join (all other labels when none)', 'job');
    expect(props.set).toHaveBeenLastCalledWith({ join: ['job'] });
    await pick('Value', 'job');
    expect(props.set).toHaveBeenLastCalledWith({ value: 'job' });
  });

  it('Extract fields picks the source and format; Keep time shows once all fields are replaced', async () => {
    const props = formProps('extractFields', { delimiter: ',' });
    const { unmount } = renderWithProviders(<ExtractFieldsForm {...props} />);
    await pick('Source', 'line');
    expect(props.set).toHaveBeenLastCalledWith({ source: 'line' });
    await pick('Format', 'JSON');
    expect(props.set).toHaveBeenLastCalledWith({ format: 'json' });
    expect(screen.queryByRole('switch', { name: 'Keep time' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Replace all fields' }));
    expect(props.set).toHaveBeenLastCalledWith({ replace: true });
    unmount();
    renderWithProviders(<ExtractFieldsForm {...props} options={{ replace: true }} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Keep time' }));
    expect(props.set).toHaveBeenLastCalledWith({ keepTime: true });
  });

  it('Series to rows says it has no options', () => {
    renderWithProviders(<TransformationForm id="seriesToRows" options={{}} fields={[]} onChange={vi.fn()} />);
    expect(screen.getByText(/it has no options/)).toBeInTheDocument();
  });
});
