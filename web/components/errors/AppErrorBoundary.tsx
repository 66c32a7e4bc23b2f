import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';

interface State {
  error: Error | null;
}

/** Last-resort boundary around the whole app: 'Something went wrong' with Refresh Page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main
        role="alert"
        className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center"
      >
        <h1 className="text-2xl font-bold text-gray-900 dark:text-white">Something went wrong</h1>
        <p className="max-w-md text-gray-600 dark:text-gray-300">
          An unexpected error stopped the page. Refreshing usually fixes it.
        </p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </main>
    );
  }
}
