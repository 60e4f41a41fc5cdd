import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeApiError } from './errors';
import { readBody, sendJson } from './http';

export const REFUND_OUTAGE_PATH = '/local/refund-outage';

/**
 * TEST ONLY, local only: a switch that makes the stand-in refuse every refund as a Stripe outage
 * would (500 `api_error`; stripe-node retries it and gives up), so a test can make an expiry's
 * refund fail on every run and then let the replay succeed. `PUT /local/refund-outage` with
 * `{"on": true|false}` sets it, `GET` reads it; both answer `{on, refused}`, `refused` counting
 * the refund requests refused so far.
 */
export class RefundOutage {
  private on = false;
  private refused = 0;

  /** Throws the outage's error while the switch is on. */
  check(): void {
    if (!this.on) return;
    this.refused += 1;
    throw new StripeApiError(500, 'api_error', 'Refunds are unavailable (local refund outage).');
  }

  /** Serves the switch; false when `path` is not its own. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path !== REFUND_OUTAGE_PATH) return false;
    if (req.method === 'PUT') {
      let on: unknown;
      try {
        on = (JSON.parse(await readBody(req)) as { on?: unknown }).on;
      } catch {
        on = undefined;
      }
      if (typeof on !== 'boolean') {
        sendJson(res, 400, { message: 'Send {"on": true} or {"on": false}.' });
        return true;
      }
      this.on = on;
    } else if (req.method !== 'GET') {
      sendJson(res, 405, { message: 'GET or PUT' });
      return true;
    }
    sendJson(res, 200, { on: this.on, refused: this.refused });
    return true;
  }
}
