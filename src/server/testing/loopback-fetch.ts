import http from 'node:http';

/**
 * `fetch` from a chosen loopback source address (any of 127.0.0.0/8 on Linux), so a test can be
 * many clients at different addresses, as the server's per-address limits see them. The URL's
 * host name is kept in the Host header; the connection goes to 127.0.0.1.
 * @param localAddress - the source address, e.g. `127.0.0.42`
 */
export function fetchFrom(
  localAddress: string,
  url: URL,
  init: { method?: string; headers?: Headers; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { host: url.host };
    init.headers?.forEach((value, name) => {
      headers[name] = value;
    });
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers,
        localAddress,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) {
              responseHeaders.append(name, item);
            }
          }
          const status = incoming.statusCode ?? 500;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers: responseHeaders }));
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

let lastAddress = 0;

/** A loopback address no other caller in this process got: 127.0.1.1, 127.0.1.2, … */
export function nextLoopbackAddress(): string {
  lastAddress += 1;
  return `127.0.${1 + Math.floor(lastAddress / 250)}.${1 + (lastAddress % 250)}`;
}
