import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceChoice } from './code-form-schema.ts';
import { ServiceSelect } from './ServiceSelect.tsx';

const services = ['YouTube', 'Grubhub', 'Uber Eats', 'Public', 'Uber', 'Airbnb'].map((name) => ({
  id: name.toLowerCase().replace(' ', ''),
  name,
  domain: `${name.toLowerCase().replace(' ', '')}.com`,
  linkHosts: [],
}));

function Harness({ onRequestService }: { onRequestService: () => void }) {
  const [value, setValue] = useState<ServiceChoice>({ id: '', query: '' });
  return (
    <>
      <ServiceSelect
        services={services}
        loading={false}
        value={value}
        onChange={setValue}
        onRequestService={onRequestService}
      />
      <output data-testid="chosen">{value.id}</output>
    </>
  );
}

function setup() {
  const onRequestService = vi.fn();
  render(<Harness onRequestService={onRequestService} />);
  return { onRequestService, user: userEvent.setup(), box: screen.getByRole('combobox') };
}

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('ServiceSelect', () => {
  it("is labelled so that 'Service name is required' reads right", () => {
    setup();
    expect(screen.getByRole('combobox', { name: 'Service name' })).toBeTruthy();
  });

  it('lists names starting with the query first (issue 13, item 4)', async () => {
    const { user, box } = setup();
    await user.type(box, 'ub');
    expect(optionNames()).toEqual(['Uber', 'Uber Eats', 'Grubhub', 'Public', 'YouTube']);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('uber');
  });

  it('offers "Request \'Acme Pay\'" in the list when nothing matches, by mouse', async () => {
    const { user, box, onRequestService } = setup();
    await user.type(box, '  Acme Pay ');
    expect(screen.getByText('No matching service')).toBeTruthy();
    const request = screen.getByRole('option', { name: "Request 'Acme Pay'" });
    await user.click(request);
    expect(onRequestService).toHaveBeenCalledOnce();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('reaches the request option by keyboard', async () => {
    const { user, box, onRequestService } = setup();
    await user.type(box, 'Acme Pay');
    await user.keyboard('{ArrowDown}');
    const request = screen.getByRole('option', { name: "Request 'Acme Pay'" });
    expect(box.getAttribute('aria-activedescendant')).toBe(request.id);
    await user.keyboard('{Enter}');
    expect(onRequestService).toHaveBeenCalledOnce();
  });

  it('takes Enter on the request option even before an arrow key', async () => {
    const { user, box, onRequestService } = setup();
    await user.type(box, 'Acme Pay{Enter}');
    expect(onRequestService).toHaveBeenCalledOnce();
  });
});
