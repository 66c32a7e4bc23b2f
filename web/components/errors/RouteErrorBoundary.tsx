import { Component, type ReactNode } from 'react';

/** Stacks are for developers: shown in the Vite dev server and when the server is not in production. */
function showStack(): boolean {
  return import.meta.env.DEV || document.documentElement.dataset.env !== 'production';
}

interface State {
  error: unknown;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (error && typeof error === 'object' && 'status' in error) {
    const { status, statusText } = error as { status: number; statusText?: string };
    return { message: `${status}${statusText ? ` ${statusText}` : ''}` };
  }
  return { message: String(error) };
}

/**
 * Wraps each route: a screen that fails to render shows 'Unexpected Application Error!' with
 * the message or status, and the stack outside production. Resets when the route changes.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  State & { resetKey: string }
> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: State & { resetKey: string },
  ): Partial<State & { resetKey: string }> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const { message, stack } = describe(this.state.error);
    return (
      <section role="alert" className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-2xl font-bold text-red-700 dark:text-red-400">
          Unexpected Application Error!
        </h1>
        <p className="mt-3 text-lg text-gray-800 dark:text-gray-100">{message}</p>
        {showStack() && stack && (
          <pre className="mt-6 overflow-x-auto rounded-lg bg-gray-100 p-4 text-xs text-gray-800 dark:bg-gray-900 dark:text-gray-200">
            {stack}
          </pre>
        )}
      </section>
    );
  }
}
