/**
 * The error every failed API call throws: its message is the status code, a colon,
 * then the response text (or the status text); a write may word it for the person
 * instead (see `worded`).
 */
export class HttpError extends Error {
  readonly status: number;
  /** Parsed JSON body when the response was JSON, else the raw text. */
  readonly body: unknown;

  constructor(status: number, text: string, body: unknown, message = formatHttpErrorMessage(status, text)) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }

  /** The server's `message` field of the JSON error body, when there is one. */
  get serverMessage(): string | null {
    const body = this.body;
    if (body && typeof body === 'object' && 'message' in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
    return null;
  }
}

export function formatHttpErrorMessage(status: number, text: string): string {
  return `${status}: ${text}`;
}

/** Builds the error from a response's status, status text and body text. */
export function httpErrorFromText(status: number, statusText: string, text: string): HttpError {
  let body: unknown = text;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return new HttpError(status, text !== '' ? text : statusText, body);
}

/** Builds the error for a body that is already parsed (prefetched state). */
export function httpErrorFromBody(status: number, body: unknown): HttpError {
  const text = body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new HttpError(status, text !== '' ? text : defaultStatusText(status), body);
}

/**
 * A failed write told in the words a person reads (`message`, or the server's own
 * message when `serverWords` and it sent one). Keeps the status (0: no answer at all).
 */
export function worded(error: unknown, message: string, serverWords = false): HttpError {
  if (!isHttpError(error)) return new HttpError(0, message, undefined, message);
  const text = (serverWords ? error.serverMessage : null) ?? message;
  return new HttpError(error.status, text, error.body, text);
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export function isNotFound(error: unknown): boolean {
  return isHttpError(error) && error.status === 404;
}

function defaultStatusText(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 500:
      return 'Internal Server Error';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Error';
  }
}
