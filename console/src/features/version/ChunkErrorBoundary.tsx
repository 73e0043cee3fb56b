import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { withTranslation, type WithTranslation } from 'react-i18next';
import { handleChunkError, isChunkLoadError } from './chunk-error';

interface BoundaryProps extends WithTranslation {
  readonly children: ReactNode;
  /** Where to reload to after a chunk error. */
  readonly targetPath: string;
}

interface BoundaryState {
  readonly error: Error | null;
}

/** Catches lazy-screen failures; chunk-load errors reload per the 60 s mark (spec §8). */
class ChunkErrorBoundaryInner extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    if (!isChunkLoadError(error)) return;
    handleChunkError(this.props.targetPath, {
      session: window.sessionStorage,
      now: () => Date.now(),
      assign: (path) => window.location.assign(path),
      reload: () => window.location.reload(),
    });
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (previous.targetPath !== this.props.targetPath && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    const { t } = this.props;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <NonIdealState
        className="of-page-state"
        icon="error"
        title={t(chunk ? 'page.chunkError.title' : 'page.error.title')}
        description={chunk ? t('page.chunkError.body') : error.message}
        action={
          <Button
            icon="refresh"
            text={t('page.chunkError.reload')}
            onClick={() => window.location.reload()}
          />
        }
      />
    );
  }
}

export const ChunkErrorBoundary = withTranslation()(ChunkErrorBoundaryInner);
