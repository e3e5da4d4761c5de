/** JSON requests against a running test server, as a browser holding `cookie` would send them. */
export function client(baseUrl: string, cookie?: string) {
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // tests read whatever shape the route answers and assert on it
    const json = text ? (JSON.parse(text) as any) : undefined;
    return { status: response.status, body: json };
  };
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, body: unknown) => request('POST', path, body),
    patch: (path: string, body: unknown) => request('PATCH', path, body),
  };
}
