import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** The location's key: a navigation elsewhere clears a shown error. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** Where the error happened; `undefined` while there is none. */
  errorKey: string | undefined;
}

/**
 * Any error while loading or rendering a page (for example a chunk gone after a deploy) shows
 * the error page inside the site's landmarks, until the user navigates elsewhere.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, errorKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, errorKey: undefined };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === undefined) return null;
    if (state.errorKey === undefined) return { errorKey: props.locationKey };
    return state.errorKey === props.locationKey ? null : { error: undefined, errorKey: undefined };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteErrorPage error={this.state.error} />
    );
  }
}
