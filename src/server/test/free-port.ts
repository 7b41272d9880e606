import { createServer } from 'node:net';

/**
 * A TCP port nobody listens on right now (the kernel picks it), for a server whose address must be known before it
 * starts: an APP_URL, an OAuth redirect URI, a private PostgreSQL cluster, a Hardhat node.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
