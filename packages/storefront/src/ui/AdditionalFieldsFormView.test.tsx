// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES } from '@vitrine/forms';
import { AdditionalFieldsFormView } from './AdditionalFieldsFormView';
import type { AdditionalFieldsDefinition } from './additional-fields';

afterEach(cleanup);

const form: AdditionalFieldsDefinition = {
  name: 'Engraving',
  fields: [
    { id: 'text', type: 'text', title: 'Engraving text', required: true },
    { id: 'to', type: 'name', title: 'Gift for' },
    { id: 'when', type: 'date', title: 'Deliver on' },
    { id: 'call', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'wrap', type: 'likert', title: 'Wrapping', options: ['Looks nice'] },
    { id: 'font', type: 'select', title: 'Font', options: ['Serif', 'Script'] },
  ],
};

describe('the additional-fields form', () => {
  it('renders every kind with the site form’s field components, and announces its own errors', () => {
    const onSubmit = vi.fn();
    render(<AdditionalFieldsFormView form={form} submitLabel="Add to Cart" onSubmit={onSubmit} />);
    expect(within(screen.getByRole('group', { name: 'Gift for' })).getAllByRole('textbox')).toHaveLength(2);
    expect(within(screen.getByRole('group', { name: 'Deliver on' })).getAllByRole('textbox')).toHaveLength(3);
    expect(within(screen.getByRole('group', { name: 'Phone' })).getAllByRole('textbox')).toHaveLength(4);
    expect(within(screen.getByRole('group', { name: 'Looks nice' })).getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // No summary line in a modal: the field's message is an alert of its own, above its title.
    expect(screen.getByRole('alert').textContent).toBe(FORM_MESSAGES.required);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Engraving text' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Engraving text' }), { target: { value: 'For Ada' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Looks nice' })).getByRole('radio', { name: 'Agree' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(JSON.parse(onSubmit.mock.calls[0]![0])).toEqual({
      text: 'For Ada',
      to: ['', ''],
      when: ['', '', ''],
      call: ['', '', '', ''],
      wrap: { 'Looks nice': '1' },
      font: '',
    });
  });

  it("starts from a cart entry's saved answers, shows the server's errors on their fields, and 'Saving…' while busy", () => {
    const saved = JSON.stringify({ text: 'For Ada', to: ['Ada', 'Lovelace'], font: 'Script', wrap: { 'Looks nice': '-2' } });
    const { rerender } = render(
      <AdditionalFieldsFormView form={form} savedAdditionalFields={saved} submitLabel="Save" serverErrors={{ to: 'Too long.', gone: 'Unknown field.' }} onSubmit={() => {}} />,
    );
    expect((screen.getByRole('textbox', { name: 'Last Name' }) as HTMLInputElement).value).toBe('Lovelace');
    expect((screen.getByRole('combobox', { name: 'Font' }) as HTMLSelectElement).value).toBe('Script');
    expect((screen.getByRole('radio', { name: 'Strongly Disagree' }) as HTMLInputElement).checked).toBe(true);
    const first = screen.getByRole('textbox', { name: 'First Name' });
    expect(document.getElementById(first.getAttribute('aria-describedby')!)?.textContent).toBe('Too long.');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([FORM_MESSAGES.invalidForm, 'Too long.']);
    rerender(<AdditionalFieldsFormView form={form} savedAdditionalFields={saved} submitLabel="Save" busy busyLabel={FORM_MESSAGES.saving} onSubmit={() => {}} />);
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
