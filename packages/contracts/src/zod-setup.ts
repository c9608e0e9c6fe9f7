import { z } from 'zod';

// In a browser, zod runs without its JIT. The pages' Content-Security-Policy refuses
// `new Function`, so the JIT could never run there anyway, but zod's probe for it (at the first object
// schema) is reported as a policy violation, which Lighthouse counts against best practices. It must run
// before any schema is made: index.ts imports this module first. Services keep the JIT (faster parsing).
if ('document' in globalThis) z.config({ jitless: true });
