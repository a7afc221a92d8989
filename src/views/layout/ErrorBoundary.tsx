import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkTimeoutError } from '../../lib/timeout';
import { MessagePage } from '../kit/MessagePage';
import { i18n } from '../../i18n';

interface State {
  error: Error | null;
}

/** Any uncaught error below shows 'Something went wrong' instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught error in the interface', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    // Navigating elsewhere clears the error.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const detail = error instanceof ChunkTimeoutError ? i18n.t(error.messageKey) : undefined;
    return <MessagePage title={i18n.t('errors.somethingWentWrong')} message={detail} plainLink />;
  }
}
