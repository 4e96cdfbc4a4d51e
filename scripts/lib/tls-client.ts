// Requests to nginx's TLS port on loopback from a chosen local address (127.0.0.2, 127.0.0.3…,
// so nginx sees a different client per address), trusting the run's self-signed certificate
// only. One keep-alive agent per local address, as a browser keeps its connection.
import https from 'node:https';
import fs from 'node:fs';

export interface TlsReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface TlsRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
  /** ms before the request is given up (an error). */
  timeoutMs?: number;
}

export class TlsClient {
  private readonly agents = new Map<string, https.Agent>();
  private readonly ca: Buffer;

  constructor(
    readonly port: number,
    certFile: string,
  ) {
    this.ca = fs.readFileSync(certFile);
  }

  private agentFor(localAddress: string): https.Agent {
    let agent = this.agents.get(localAddress);
    if (agent === undefined) {
      agent = new https.Agent({ keepAlive: true, ca: this.ca, maxSockets: 8 });
      this.agents.set(localAddress, agent);
    }
    return agent;
  }

  request(req: TlsRequest): Promise<TlsReply> {
    const localAddress = req.localAddress ?? '127.0.0.1';
    return new Promise((resolve, reject) => {
      const outgoing = https.request(
        {
          host: '127.0.0.1',
          port: this.port,
          localAddress,
          agent: this.agentFor(localAddress),
          method: req.method,
          path: req.path,
          headers: req.headers,
          timeout: req.timeoutMs ?? 20_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('request timed out')));
      outgoing.on('error', reject);
      outgoing.end(req.body);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }
}
