import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, type ButtonSize, type ButtonVariant } from './Button.tsx';

describe('Button', () => {
  it.each<ButtonVariant>(['primary', 'secondary', 'success', 'error'])(
    'renders the %s variant',
    (variant) => {
      render(<Button variant={variant}>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button.dataset.variant).toBe(variant);
    },
  );

  it('gives each variant its own colours', () => {
    const classes = (['primary', 'secondary', 'success', 'error'] as const).map((variant) => {
      const { unmount } = render(<Button variant={variant}>{variant}</Button>);
      const className = screen.getByRole('button').className;
      unmount();
      return className;
    });
    expect(new Set(classes).size).toBe(4);
  });

  it.each<ButtonVariant>(['primary', 'success', 'error'])(
    'keeps white text on the %s colour in dark mode too (issue 13, item 9)',
    (variant) => {
      render(<Button variant={variant}>Go</Button>);
      const className = screen.getByRole('button').className;
      expect(className).toContain('text-white');
      expect(className).not.toMatch(/dark:text-gray-9|dark:bg-\w+-[45]00/);
    },
  );

  it.each<[ButtonSize, string]>([
    ['sm', 'min-h-9'],
    ['md', 'min-h-11'],
    ['lg', 'min-h-12'],
  ])('renders the %s size', (size, heightClass) => {
    render(<Button size={size}>Go</Button>);
    expect(screen.getByRole('button').className).toContain(heightClass);
  });

  it('defaults to primary, md and type=button', () => {
    render(<Button>Go</Button>);
    const button = screen.getByRole('button');
    expect(button.dataset.variant).toBe('primary');
    expect(button.dataset.size).toBe('md');
    expect(button.getAttribute('type')).toBe('button');
  });

  it('shows a spinner and is disabled while loading', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('spinner')).toBeTruthy();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('has no spinner and is clickable when not loading', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    expect(screen.queryByTestId('spinner')).toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
