import type { Session } from '../auth/sessions';
import type { Logger } from '../logger';
import type { ParsedBody } from './body';
import type { HttpEvent } from './types';

/** The validated parts of a request, as the handler receives them. */
export interface RequestInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** What the middlewares learn about one request and hand to the next step. */
export interface RequestState {
  log: Logger;
  startedAt: number;
  session: Session | null;
  /** What the route read alongside the session's account (`alongsideAccount`), if anything. */
  alongsideAccount: unknown;
  body: ParsedBody;
  input: RequestInput | null;
}

// Keyed by the event: middy gives middlewares the request but the handler only the event.
const states = new WeakMap<HttpEvent, RequestState>();

export function beginRequest(event: HttpEvent, log: Logger): RequestState {
  const state: RequestState = {
    log,
    startedAt: Date.now(),
    session: null,
    alongsideAccount: undefined,
    body: { kind: 'none' },
    input: null,
  };
  states.set(event, state);
  return state;
}

/** The state of a request the context middleware has begun (a missing one is a framework bug). */
export function requestState(event: HttpEvent): RequestState {
  const state = states.get(event);
  if (!state) throw new Error('request state missing');
  return state;
}

/** The state, if the request got that far (error paths can start before it exists). */
export function findRequestState(event: HttpEvent): RequestState | undefined {
  return states.get(event);
}
