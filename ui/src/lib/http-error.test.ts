import { describe, expect, it } from 'vitest';
import { HttpError, httpErrorFromBody, httpErrorFromText, isNotFound } from './http-error';

describe('HttpError', () => {
  it('formats the message as "{status}: {response text}"', () => {
    const error = httpErrorFromText(400, 'Bad Request', '{"status":400,"error":"Bad Request","message":"Search query is required"}');
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('400: {"status":400,"error":"Bad Request","message":"Search query is required"}');
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ status: 400, error: 'Bad Request', message: 'Search query is required' });
    expect(error.serverMessage).toBe('Search query is required');
  });

  it('falls back to the status text when the body is empty', () => {
    const error = httpErrorFromText(503, 'Service Unavailable', '');
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.serverMessage).toBeNull();
  });

  it('keeps a non-JSON body as text', () => {
    const error = httpErrorFromText(500, 'Internal Server Error', 'boom');
    expect(error.message).toBe('500: boom');
    expect(error.body).toBe('boom');
  });

  it('builds the same error from an already parsed body (prefetched state)', () => {
    const body = { status: 404, error: 'Not Found', message: 'This artist could not be found. It may have been removed or the ID is incorrect.' };
    const fromBody = httpErrorFromBody(404, body);
    const fromText = httpErrorFromText(404, 'Not Found', JSON.stringify(body));
    expect(fromBody.message).toBe(fromText.message);
    expect(fromBody.body).toEqual(fromText.body);
    expect(isNotFound(fromBody)).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
