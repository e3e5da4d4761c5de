/** The one way the UI talks to the server: cookies sent, JSON in and out, failures as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** the server's own `message`, when it sent one */
    readonly serverMessage: string | undefined,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** answer null instead of failing when the server says 401 (signed out) */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === 'returnNull') return null as T;
  const text = await response.text();
  if (!response.ok) {
    let parsed: unknown = text;
    let serverMessage: string | undefined;
    try {
      parsed = JSON.parse(text);
      const message = (parsed as { message?: unknown })?.message;
      if (typeof message === 'string') serverMessage = message;
    } catch {
      if (text) serverMessage = text;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage, parsed);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};

/** The message to show a person for any failure. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The server's refusals of a 400 by field (`issues`: the first message per field), so a form can show each one at
 * its field rather than the summary `message`, which names the fields.
 */
export function fieldIssues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const issues = (error.body as { issues?: unknown } | null)?.issues;
  const found: Record<string, string> = {};
  if (!Array.isArray(issues)) return found;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue?.path === 'string' && typeof issue.message === 'string') found[issue.path] ??= issue.message;
  }
  return found;
}
