import { describe, expect, it } from 'vitest';
import { createSignalOrder, type RelayedSignal } from './signal-order';

const ME = 'my-page-1';
const offer = (seq: number, peerId = 'doctor-page-1', to = ME): RelayedSignal => ({
  peerId,
  to,
  seq,
  signal: { description: { type: 'offer', sdp: `offer-${seq}` } },
});

describe('signal order', () => {
  it('drops a signal addressed to another page', () => {
    const order = createSignalOrder();
    expect(order.accept(offer(1, 'doctor-page-1', 'my-old-page'), ME)).toBe(false);
    expect(order.accept(offer(2), ME)).toBe(true);
  });

  it('drops a description older than one applied from the same page (it was overtaken)', () => {
    const order = createSignalOrder();
    expect(order.accept(offer(5), ME)).toBe(true);
    expect(order.accept(offer(3), ME)).toBe(false);
    expect(order.accept(offer(5), ME)).toBe(false);
    expect(order.accept(offer(6), ME)).toBe(true);
  });

  it('counts each sender page on its own, and never drops candidates for their seq', () => {
    const order = createSignalOrder();
    expect(order.accept(offer(9), ME)).toBe(true);
    expect(order.accept(offer(1, 'doctor-page-2'), ME)).toBe(true);
    const candidate = { peerId: 'doctor-page-1', to: ME, seq: 2, signal: { candidate: null } };
    expect(order.accept(candidate, ME)).toBe(true);
  });
});
