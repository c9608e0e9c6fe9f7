import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { TEST_IDENTITY_SECRET } from '@levelup/service-kit/testing';
import { createApp } from '../../gateway/src/index.ts';
import { gatewayConfigShape } from '../../gateway/src/index.ts';

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

/** The gateway in-process on a port the system picks, with these settings over the tests' defaults. */
export async function startGateway(env: Record<string, string>): Promise<RunningGateway> {
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    FIRST_SCREEN_TIMEOUT_MS: '0',
    ...env,
  });
  const server = http.createServer(createApp(config).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
