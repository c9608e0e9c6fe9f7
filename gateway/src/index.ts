// The gateway's public entry: what harnesses (security, e2e, bench, faults) may use. Nothing outside
// the gateway imports a file inside its src/ directly.
export { createApp } from './app.ts';
export { gatewayConfigShape } from './config.ts';
export type { GatewayConfig } from './config.ts';
