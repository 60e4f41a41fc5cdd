// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  enqueueForm,
  OFFLINE_QUEUE_MAX_ATTEMPTS,
  OFFLINE_QUEUE_TTL_MS,
  readQueue,
  type OfflineQueueEntry,
} from './offline-queue';
import { useOfflineQueue, type UseOfflineQueueOptions } from './use-offline-queue';

interface Form {
  name: string;
}

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

type QueueApi = ReturnType<typeof useOfflineQueue<Form, string>>;
const handle: { api?: QueueApi } = {};

function Probe(props: UseOfflineQueueOptions<Form, string>) {
  const queue = useOfflineQueue(props);
  useEffect(() => {
    handle.api = queue;
  });
  return <p data-testid="count">{queue.entries.length}</p>;
}

function enqueue(name: string) {
  handle.api!.enqueue({ name });
}

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

async function flushPromises() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

describe('useOfflineQueue', () => {
  it('queues while offline and sends when the online event fires', async () => {
    online = false;
    const send = vi.fn((form: Form) => Promise.resolve(`sent ${form.name}`));
    const onSent = vi.fn();
    render(<Probe send={send} onSent={onSent} />);

    act(() => {
      enqueue('Ada');
      enqueue('Grace');
    });
    expect(screen.getByTestId('count').textContent).toBe('2');
    expect(send).not.toHaveBeenCalled();

    act(() => goOnline());
    await flushPromises();

    expect(send.mock.calls.map(([form]) => form.name)).toEqual(['Ada', 'Grace']);
    expect(onSent).toHaveBeenCalledWith(
      expect.objectContaining({ formData: { name: 'Ada' } }),
      'sent Ada',
    );
    expect(screen.getByTestId('count').textContent).toBe('0');
    expect(readQueue()).toEqual([]);
  });

  it('sends what an earlier visit queued when the page opens online', async () => {
    enqueueForm<Form>({ name: 'Ada' });
    const send = vi.fn(() => Promise.resolve('ok'));
    render(<Probe send={send} />);
    await flushPromises();
    expect(send).toHaveBeenCalledTimes(1);
    expect(readQueue()).toEqual([]);
  });

  it('counts failures and drops an entry after the last attempt', async () => {
    online = false;
    const send = vi.fn(() => Promise.reject(new Error('500: {"message":"Server error"}')));
    const onDropped = vi.fn();
    render(<Probe send={send} onDropped={onDropped} />);
    act(() => {
      enqueue('Ada');
    });

    for (let attempt = 1; attempt < OFFLINE_QUEUE_MAX_ATTEMPTS; attempt += 1) {
      act(() => goOnline());
      await flushPromises();
      expect(readQueue<Form>()[0]?.attempts).toBe(attempt);
    }
    expect(onDropped).not.toHaveBeenCalled();

    act(() => goOnline());
    await flushPromises();
    expect(readQueue()).toEqual([]);
    expect(onDropped).toHaveBeenCalledWith(
      expect.objectContaining({ formData: { name: 'Ada' }, attempts: OFFLINE_QUEUE_MAX_ATTEMPTS }),
      expect.any(Error),
    );
    expect(send).toHaveBeenCalledTimes(OFFLINE_QUEUE_MAX_ATTEMPTS);
  });

  it('stops at a network failure and keeps the rest for the next online event', async () => {
    online = false;
    const send = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<Probe send={send} />);
    act(() => {
      enqueue('Ada');
      enqueue('Grace');
    });
    act(() => goOnline());
    await flushPromises();
    expect(send).toHaveBeenCalledTimes(1);
    expect(readQueue<Form>().map((entry) => entry.attempts)).toEqual([1, 0]);
  });

  it('expires entries older than 24 hours without sending them', async () => {
    online = false;
    enqueueForm<Form>({ name: 'Old' }, Date.now() - OFFLINE_QUEUE_TTL_MS - 60_000);
    const send = vi.fn(() => Promise.resolve('ok'));
    const onExpired = vi.fn();
    render(<Probe send={send} onExpired={onExpired} />);

    act(() => goOnline());
    await flushPromises();
    expect(send).not.toHaveBeenCalled();
    expect(onExpired).toHaveBeenCalledWith([
      expect.objectContaining({ formData: { name: 'Old' } }) as OfflineQueueEntry<Form>,
    ]);
    expect(readQueue()).toEqual([]);
  });

  it('runs one flush at a time', async () => {
    online = false;
    let release: (value: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    render(<Probe send={send} />);
    act(() => {
      enqueue('Ada');
    });
    act(() => {
      goOnline();
      goOnline();
    });
    await flushPromises();
    expect(send).toHaveBeenCalledTimes(1);
    release('ok');
    await flushPromises();
    expect(readQueue()).toEqual([]);
  });
});
