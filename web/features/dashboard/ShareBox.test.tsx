import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareBox } from './ShareBox.tsx';

/** user-event brings a clipboard of its own: ours goes in after its setup. */
function withClipboard(writeText: (text: string) => Promise<void>) {
  const user = userEvent.setup();
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return { user, writeText: spy };
}

describe('ShareBox', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("shows the profile URL, and 'Copy Link' copies it and says so", async () => {
    const { user, writeText } = withClipboard(async () => {});
    render(<ShareBox username="alex" />);
    const profileUrl = `${window.location.origin}/alex`;
    const field = screen.getByRole('textbox', { name: 'Your profile URL' }) as HTMLInputElement;
    expect(field.value).toBe(profileUrl);
    const view = screen.getByRole('link', { name: 'View Profile' });
    expect(view.getAttribute('href')).toBe('/alex');
    expect(view.getAttribute('target')).toBe('_blank');

    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(writeText.mock.calls).toEqual([[profileUrl]]);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const { user } = withClipboard(async () => {
      throw new Error('denied');
    });
    render(<ShareBox username="alex" />);
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to copy the link. Please select it and copy it manually.',
    );
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });
});
