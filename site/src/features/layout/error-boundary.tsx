import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';

interface Props {
  children: ReactNode;
  /** The boundary clears its error when this changes (the path: navigating away recovers). */
  resetKey?: string;
  /** Whether to show the stack; only outside production builds by default. */
  showStack?: boolean;
}

interface State {
  error: unknown;
}

/** Catches a rendering failure and shows "Unexpected Application Error!" instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected Application Error!', error, info.componentStack);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return <ErrorScreen error={this.state.error} showStack={this.props.showStack ?? import.meta.env.DEV} />;
  }
}

/** A failure's one-line summary: "404 Not Found" for a response-like error, else its message. */
export function errorSummary(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { status?: unknown; statusText?: unknown; message?: unknown };
    if (typeof e.status === 'number') return [e.status, typeof e.statusText === 'string' ? e.statusText : ''].join(' ').trim();
    if (typeof e.message === 'string') return e.message;
  }
  return String(error);
}

export function ErrorScreen({ error, showStack }: { error: unknown; showStack: boolean }) {
  const { t } = useTranslation();
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <div role="alert" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-3xl font-bold text-slate-900">{t('common.unexpectedError')}</h1>
      <p className="mt-3 text-slate-700">{t('common.unexpectedErrorText')}</p>
      <h2 className="mt-6 font-mono text-lg font-semibold text-red-800" dir="ltr">{errorSummary(error)}</h2>
      {showStack && stack ? (
        <pre dir="ltr" className="mt-4 overflow-x-auto rounded-lg bg-slate-100 p-4 text-start text-xs leading-relaxed text-slate-800">{stack}</pre>
      ) : null}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('common.reload')}
      </button>
    </div>
  );
}
