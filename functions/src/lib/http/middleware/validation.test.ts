import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HttpError } from '#core/errors';
import { beginRequest, requestState } from '../request-state';
import { createLogger } from '#lib/logger';
import type { HttpEvent } from '../types';
import { parseRequestPart, validation } from './validation';

const nameSchema = z.object({ name: z.string({ error: 'Name is required' }).min(1) });

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseRequestPart', () => {
  it('returns the parsed value', () => {
    expect(parseRequestPart(nameSchema, { name: 'Ada', extra: 1 })).toEqual({ name: 'Ada' });
  });

  it('refuses with 400, the first message and every issue path', () => {
    const error = refusal(() =>
      parseRequestPart(z.object({ a: nameSchema, b: z.number() }), { a: {} }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Name is required');
    expect(error.details).toEqual({
      issues: [
        { path: 'a.name', message: 'Name is required' },
        { path: 'b', message: expect.any(String) as string },
      ],
    });
  });
});

describe('validation middleware', () => {
  const run = (event: Partial<HttpEvent>, body: unknown) => {
    const request = { event: event as HttpEvent } as never;
    const state = beginRequest(event as HttpEvent, createLogger());
    state.body = { kind: 'json', value: body };
    const step = validation({
      body: nameSchema,
      params: z.object({ id: z.string().min(2, { error: 'Bad id' }) }),
    });
    (step.before as (request: never) => void)(request);
    return requestState(event as HttpEvent).input;
  };

  it('hands the parsed body, params and raw query to the handler', () => {
    const event = { pathParameters: { id: 'ab' }, queryStringParameters: { q: '1' } };
    expect(run(event, { name: 'Ada' })).toEqual({
      body: { name: 'Ada' },
      params: { id: 'ab' },
      query: { q: '1' },
    });
  });

  it('checks the body before the path, as it always has', () => {
    const event = { pathParameters: { id: 'a' } };
    expect(refusal(() => run(event, {})).message).toBe('Name is required');
    expect(refusal(() => run(event, { name: 'Ada' })).message).toBe('Bad id');
  });
});
