// The smallest client: one command over OP_MSG to a running server (for the bin's tools, which
// must not need the driver).
import net from 'node:net';
import type { Document } from 'bson';
import { MessageFramer, parseMessage, serializeOpMsg } from './protocol.ts';

export function sendCommand(
  port: number,
  command: Document,
  host = '127.0.0.1',
): Promise<Document> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host });
    const framer = new MessageFramer();
    socket.once('error', reject);
    socket.on('connect', () => socket.write(serializeOpMsg(command, 0)));
    socket.on('data', (chunk: Buffer) => {
      try {
        const [message] = framer.push(chunk);
        if (!message) return;
        socket.end();
        const reply = parseMessage(message);
        resolve(reply.command);
      } catch (error) {
        socket.destroy();
        reject(error as Error);
      }
    });
    socket.on('close', () => reject(new Error(`the server on port ${port} closed the connection`)));
  });
}
