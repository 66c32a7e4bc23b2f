import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test-support/api-stub.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

describe('NotFoundPage', () => {
  it("has the spec's words and actions", () => {
    renderAt('/nowhere', <NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it("'Go back' leads home when the page was opened directly, with nothing to go back to", () => {
    renderAt('/nowhere', <NotFoundPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
